#!/usr/bin/env python3
"""Soak test for `incant listen --stdin`: hours of speech, chatter, noise and silence.

Builds a deterministic programme (fixed seed) of segments — synthesized in-set commands with a
known shortcut and parameters, the same commands mixed with kitchen noise, real unrelated speech
(coffee orders), synthesized chit-chat, kitchen noise bursts — separated by 0.5–5 s of quiet
room tone. Each unique piece is rendered once (cached as raw 16 kHz mono s16le) and the
programme is streamed by concatenation into `incant listen --stdin --json` as fast as incant
reads it. Meanwhile the resident memory of incant is sampled from /proc; its JSON lines are
aligned with the programme by time to count commands recognized, missed, wrong and false
accepts. The report is printed and written to OUT/report.json and OUT/report.md.

Exit status: 0 passed; 1 a check failed (incant crashed or hung, exit status not 0, RSS grew
more than the limit after warm-up, or no utterance aligned with a command); 2 bad usage or
missing input files.

Python 3 standard library only; needs espeak-ng, flite and sox.
"""


from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from audio import RATE, PieceCache, SoakError, room_tone  # noqa: E402
from library import Library, read_lines, read_sentences  # noqa: E402
from programme import lay_out, plan_programme  # noqa: E402
from report import build_report, hours_text, markdown, write_atomically  # noqa: E402
from runner import Runner  # noqa: E402
from scoring import score  # noqa: E402

REPOSITORY = Path(__file__).resolve().parent.parent.parent


def parse_arguments(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    length = parser.add_mutually_exclusive_group()
    length.add_argument("--hours", type=float, help="hours of audio (default 8)")
    length.add_argument("--minutes", type=float, help="minutes of audio")
    parser.add_argument("--incant", help="the incant executable (required unless --render-only)")
    parser.add_argument("--out", required=True, help="folder for report.json, report.md and incant's stderr")
    parser.add_argument("--cache", help="folder of rendered pieces (default: a temporary folder)")
    parser.add_argument("--seed", type=int, default=20261122, help="programme seed")
    parser.add_argument("--shortcuts", default=str(REPOSITORY / "phrases/home/home.yaml"))
    parser.add_argument("--sentences", default=str(REPOSITORY / "Benchmarks/data/home-sentences.tsv"))
    parser.add_argument("--chatter", default=str(REPOSITORY / "Benchmarks/data/non-commands.txt"))
    parser.add_argument("--coffee", default=str(REPOSITORY.parent / "shared/speech/coffee/clean"))
    parser.add_argument("--noise", default=str(REPOSITORY.parent / "shared/speech/noise-kitchen.wav"))
    parser.add_argument(
        "--warmup-minutes",
        type=float,
        help="audio before the start RSS (default: 60, at most a quarter of the run): the decoder's pools"
        " and the heap grow to their working size over the first utterances of every kind",
    )
    parser.add_argument("--max-rss-growth-mb", type=float, default=5.0)
    parser.add_argument("--sample-every", type=float, help="seconds between kept memory samples")
    parser.add_argument("--stall-timeout", type=float, default=300.0, help="seconds without output before killing")
    parser.add_argument("--jobs", type=int, default=2, help="parallel synthesis jobs")
    parser.add_argument("--quiet", action="store_true", help="print only the summary")
    parser.add_argument("--render-only", action="store_true", help="only render the pieces into --cache")
    parser.add_argument(
        "--wake",
        help="a wake phrase: every command is said after it in the same breath (\"computer, lights off\"), "
        "incant listens with --wake, and false and missed wake-ups are counted",
    )
    args = parser.parse_args(argv)
    args.seconds = 3600 * (args.hours if args.hours is not None else 8.0)
    if args.minutes is not None:
        args.seconds = 60 * args.minutes
    if args.incant is None and not args.render_only:
        parser.error("--incant is required")
    if args.seconds < 60:
        parser.error(f"at least one minute of audio is needed, not {args.seconds:g} s")
    return args


def main(argv) -> int:
    args = parse_arguments(argv)
    out = Path(args.out)
    log = (lambda *a: None) if args.quiet else (lambda *a: print("soak:", *a, file=sys.stderr, flush=True))
    for tool in ("espeak-ng", "flite", "sox"):
        if shutil.which(tool) is None:
            raise SoakError(f"{tool} is not installed (scripts/setup.sh installs it)")
    incant = Path(args.incant or "")
    if not args.render_only and not os.access(incant, os.X_OK):
        raise SoakError(f"--incant {incant}: not an executable")
    for name in ("shortcuts", "sentences", "chatter", "coffee", "noise"):
        if not Path(getattr(args, name)).exists():
            raise SoakError(f"--{name} {getattr(args, name)}: no such file or folder")

    if not args.render_only:
        out.mkdir(parents=True, exist_ok=True)
    temporary = tempfile.TemporaryDirectory(prefix="incant-soak-")
    cache = PieceCache(Path(args.cache) if args.cache else Path(temporary.name) / "pieces")
    library = Library(
        cache,
        read_sentences(Path(args.sentences)),
        read_lines(Path(args.chatter)),
        Path(args.coffee),
        Path(args.noise),
        args.seed,
        wake=args.wake,
    )
    plan = plan_programme(library, args.seconds, args.seed)
    needed = {key for _, key, _ in plan}
    log(f"rendering {len(needed)} pieces into {cache.directory} …")
    rendered_at = time.monotonic()
    library.render(needed, args.jobs, lambda done, total: log(f"  {done}/{total} pieces"))
    log(f"rendered in {time.monotonic() - rendered_at:.1f} s")
    if args.render_only:
        temporary.cleanup()
        return 0
    segments = lay_out(library, plan, args.seconds)
    audio_samples = segments[-1].end
    audio_seconds = audio_samples / RATE
    silence = room_tone(random.Random(args.seed ^ 0xA11), 6.0)
    if sys.byteorder != "little":
        silence.byteswap()

    home = Path(temporary.name) / "home"
    for folder in ("config", "data", "phrases"):
        (home / folder).mkdir(parents=True, exist_ok=True)
    environment = dict(os.environ)
    environment.update(
        {"HOME": str(home), "XDG_CONFIG_HOME": str(home / "config"), "XDG_DATA_HOME": str(home / "data")}
    )
    command = [
        str(incant),
        "listen",
        "--stdin",
        "--json",
        "--shortcuts",
        args.shortcuts,
        "--phrases",
        str(home / "phrases"),
    ] + (["--wake", args.wake] if args.wake else [])
    args.command_line = " ".join(command)
    warmup = 60 * args.warmup_minutes if args.warmup_minutes is not None else min(3600.0, audio_seconds / 4)
    sample_every = args.sample_every or (1.0 if audio_seconds < 3600 else 5.0)
    log(
        f"streaming {hours_text(audio_seconds)} of audio ({len(segments)} segments) into {args.command_line} "
        f"(history in {home / 'data'})"
    )
    runner = Runner(command, environment, segments, library, silence.tobytes(), out, sample_every, args.stall_timeout)
    progress_stop = threading.Event()

    def progress():
        while not progress_stop.wait(60):
            samples = runner.result.samples
            if samples:
                s = samples[-1]
                log(
                    f"  {s.wall / 60:.0f} min: written {s.written / 60:.0f} min, processed {s.processed / 60:.0f} min "
                    f"of {audio_seconds / 60:.0f}; RSS {s.rss_kb / 1024:.1f} MB; {len(runner.result.lines)} utterances"
                )

    threading.Thread(target=progress, daemon=True).start()
    run = runner.run()
    progress_stop.set()
    # A run that ended early is scored on the audio incant got through, not on what it never heard.
    finished = run.exit_status == 0 and not run.hung and run.write_error is None
    heard_until = max((float(line["heard"]["end"]) for line in run.lines), default=0.0)
    scored = score(segments, run.lines, audio_samples if finished else int(heard_until * RATE))
    report = build_report(args, segments, run, scored, audio_seconds, warmup)
    write_atomically(out / "report.json", json.dumps(report, indent=2) + "\n")
    text = markdown(report)
    write_atomically(out / "report.md", text)
    with open(out / "utterances.jsonl", "w", encoding="utf-8") as file:
        for line in run.lines:
            file.write(json.dumps(line) + "\n")
    print(text)
    temporary.cleanup()
    return 0 if report["passed"] else 1


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except SoakError as error:
        print(f"soak: error: {error}", file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        sys.exit(130)
