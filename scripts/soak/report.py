"""The soak report: figures as JSON and as a markdown table.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from library import COMMAND_KINDS
from runner import RunResult, Sample
from scoring import Score

def percent(part: float, whole: float) -> float:
    return round(100.0 * part / whole, 2) if whole else 0.0


def memory_points(samples: list[Sample], warmup: float, total: float):
    """RSS at start (first sample after warm-up), middle (first past half the audio) and end
    (last sample while incant was alive)."""
    if not samples:
        return None, None, None
    after = [s for s in samples if s.processed >= warmup]
    start = after[0] if after else samples[0]
    middle = next((s for s in samples if s.processed >= max(warmup, total / 2)), samples[-1])
    return start, middle, samples[-1]


def build_report(args, segments, run: RunResult, scored: Score, audio_seconds: float, warmup: float):
    start, middle, end = memory_points(run.samples, warmup, audio_seconds)
    commands = {"expected": 0, "correct": 0, "wrong": 0, "rejected": 0, "not_heard": 0}
    for counters in scored.commands.values():
        for name in commands:
            commands[name] += counters[name]
    unrelated_segments = sum(
        count for kind, count in scored.segments_by_kind.items() if kind not in COMMAND_KINDS and kind != "silence"
    )
    false_accepts = sum(scored.false_accepts.values())
    processed = max((float(line["heard"]["end"]) for line in run.lines), default=0.0)
    crashed = run.exit_status is None or run.exit_status != 0 or run.hung or run.write_error is not None
    growth_kb = (end.rss_kb - start.rss_kb) if start and end else None
    failures = []
    if run.hung:
        failures.append(f"incant made no progress for {args.stall_timeout:.0f} s and was killed")
    if run.exit_status != 0:
        failures.append(f"incant exited with status {run.exit_status}")
    if run.write_error:
        written = run.samples[-1].written if run.samples else 0
        failures.append(f"writing to incant failed after {written:.0f} s of audio: {run.write_error}")
    if run.bad_lines:
        failures.append(f"{len(run.bad_lines)} output lines were not JSON utterances, e.g. {run.bad_lines[0][:200]!r}")
    if growth_kb is None:
        failures.append("no memory samples were taken")
    elif growth_kb > args.max_rss_growth_mb * 1024:
        failures.append(
            f"RSS grew by {growth_kb / 1024:.1f} MB after warm-up (limit {args.max_rss_growth_mb} MB)"
        )
    if scored.aligned_to_commands == 0:
        failures.append("no utterance aligned with any command: alignment found nothing")
    if not crashed and processed < audio_seconds - 10:
        failures.append(f"incant reported utterances only up to {processed:.0f} s of {audio_seconds:.0f} s")

    def mem(sample):
        if sample is None:
            return None
        return {
            "audioSeconds": round(sample.processed, 1),
            "wallSeconds": sample.wall,
            "rssMB": round(sample.rss_kb / 1024, 2),
            "hwmMB": round(sample.hwm_kb / 1024, 2),
            "anonMB": round(sample.anon_kb / 1024, 2),
            "fileMB": round(sample.file_kb / 1024, 2),
        }

    # Keep the memory series short: at most about 200 points.
    step = max(1, len(run.samples) // 200)
    series = [
        [s.wall, s.written, s.processed] + [round(kb / 1024, 2) for kb in (s.rss_kb, s.anon_kb, s.file_kb)]
        for s in run.samples[::step] + run.samples[-1:]
    ]
    return {
        "passed": not failures,
        "failures": failures,
        "settings": {
            "seed": args.seed,
            "requestedAudioSeconds": args.seconds,
            "warmupSeconds": warmup,
            "shortcuts": str(args.shortcuts),
            "incant": args.command_line,
            "maxRSSGrowthMB": args.max_rss_growth_mb,
        },
        "audioSeconds": round(audio_seconds, 1),
        "audioHours": round(audio_seconds / 3600, 3),
        "wallSeconds": round(run.wall_seconds, 1),
        "speedUp": round(audio_seconds / run.wall_seconds, 2) if run.wall_seconds else None,
        "cpuSeconds": round(run.samples[-1].cpu, 1) if run.samples else None,
        "cpuSpeedUp": round(audio_seconds / run.samples[-1].cpu, 2) if run.samples and run.samples[-1].cpu else None,
        "decodeSeconds": round(sum(float(line["heard"].get("decodeSeconds", 0)) for line in run.lines), 1),
        "exitStatus": run.exit_status,
        "crashed": crashed,
        "hung": run.hung,
        "segments": scored.segments_by_kind,
        "secondsByKind": {kind: round(value, 1) for kind, value in scored.seconds_by_kind.items()},
        "utterances": scored.utterances,
        "accepted": scored.accepted,
        "conversations": scored.conversations,
        "questions": scored.questions,
        "newCommandsInsteadOfAnswers": scored.new_commands,
        "commands": {
            **commands,
            "recognizedPercent": percent(commands["correct"], commands["expected"]),
            "byKind": scored.commands,
            "byVoice": scored.by_voice,
            "extraAccepts": scored.extra_accepts_on_commands,
        },
        "falseAccepts": {
            "total": false_accepts,
            "unrelatedSegments": unrelated_segments,
            "percentOfUnrelatedSegments": percent(false_accepts, unrelated_segments),
            "perHour": round(false_accepts / (audio_seconds / 3600), 2) if audio_seconds else None,
            "byKind": scored.false_accepts,
        },
        "memory": {
            "start": mem(start),
            "middle": mem(middle),
            "end": mem(end),
            "growthMB": round(growth_kb / 1024, 2) if growth_kb is not None else None,
            "anonGrowthMB": round((end.anon_kb - start.anon_kb) / 1024, 2) if start and end else None,
            "fileGrowthMB": round((end.file_kb - start.file_kb) / 1024, 2) if start and end else None,
            "peakHWMMB": round(max(s.hwm_kb for s in run.samples) / 1024, 2) if run.samples else None,
            "series": {
                "columns": ["wallSeconds", "writtenSeconds", "processedSeconds", "rssMB", "anonMB", "fileMB"],
                "rows": series,
            },
        },
        "wake": wake_summary(args, scored, commands, audio_seconds),
        "examples": scored.examples,
        "stderrTail": run.stderr_tail,
    }


def wake_summary(args, scored: Score, commands: dict, audio_seconds: float) -> dict | None:
    """False wake-ups (per hour of the whole stream) and missed ones, with --wake."""
    if not getattr(args, "wake", None):
        return None
    false_wake_ups = sum(scored.false_wake_ups.values())
    hours = audio_seconds / 3600
    return {
        "phrase": args.wake,
        "falseWakeUps": false_wake_ups,
        "falseWakeUpsPerHour": round(false_wake_ups / hours, 2) if hours else None,
        "falseWakeUpsByKind": scored.false_wake_ups,
        "missedWakeUps": scored.missed_wake_ups,
        "missedPercentOfCommands": percent(scored.missed_wake_ups, commands["expected"]),
    }


def hours_text(seconds: float) -> str:
    return f"{int(seconds // 3600)} h {int(seconds % 3600 // 60):02d} min {seconds % 60:04.1f} s"


def markdown(report: dict) -> str:
    memory = report["memory"]
    commands = report["commands"]
    false = report["falseAccepts"]

    def mem_cell(point):
        if point is None:
            return "–"
        return (
            f"{point['rssMB']:.1f} MB = {point['anonMB']:.1f} anon + {point['fileMB']:.1f} file "
            f"(at {point['audioSeconds'] / 60:.0f} min of audio)"
        )

    lines = [
        f"# Incant soak report: {'PASSED' if report['passed'] else 'FAILED'}",
        "",
        "| figure | value |",
        "|---|---|",
        f"| audio streamed | {report['audioHours']:.2f} h ({hours_text(report['audioSeconds'])}) |",
        f"| wall time | {hours_text(report['wallSeconds'])} |",
        f"| speed | {report['speedUp']}× real time (wall); {report['cpuSpeedUp']}× per CPU second of incant "
        f"({report['cpuSeconds']} s CPU) |",
        f"| utterances heard / accepted | {report['utterances']} / {report['accepted']} |",
        f"| commands expected | {commands['expected']} |",
        f"| recognized (shortcut + parameters) | {commands['correct']} ({commands['recognizedPercent']}%) |",
        f"| wrong shortcut or parameters | {commands['wrong']} |",
        f"| missed: rejected / not heard | {commands['rejected']} / {commands['not_heard']} |",
        f"| false accepts | {false['total']} of {false['unrelatedSegments']} unrelated segments "
        f"({false['percentOfUnrelatedSegments']}%, {false['perHour']} per hour) |",
        f"| RSS start (after warm-up) | {mem_cell(memory['start'])} |",
        f"| RSS middle | {mem_cell(memory['middle'])} |",
        f"| RSS end | {mem_cell(memory['end'])} |",
        f"| RSS growth start → end | {memory['growthMB']} MB (anon {memory['anonGrowthMB']}, "
        f"file {memory['fileGrowthMB']}) |",
        f"| peak RSS (VmHWM) | {memory['peakHWMMB']} MB |",
        f"| exit status / crashed / hung | {report['exitStatus']} / {report['crashed']} / {report['hung']} |",
    ]
    for asked, ended in sorted(report["questions"].items()):
        how = ", ".join(f"{resolution} {count}" for resolution, count in sorted(ended.items()))
        lines.append(f"| asked about as {asked}: how it ended | {how} |")
    lines.append(f"| new commands said instead of an answer | {report['newCommandsInsteadOfAnswers']} |")
    if report.get("wake"):
        wake = report["wake"]
        lines.append(
            f"| wake phrase \"{wake['phrase']}\": false wake-ups / missed | {wake['falseWakeUps']} "
            f"({wake['falseWakeUpsPerHour']} per hour) / {wake['missedWakeUps']} of the commands "
            f"({wake['missedPercentOfCommands']}%) |"
        )
    lines += [
        "",
        "## Commands by kind",
        "",
        "| kind | expected | correct | wrong | rejected | not heard |",
        "|---|---|---|---|---|---|",
    ]
    for kind, c in sorted(commands["byKind"].items()):
        lines.append(
            f"| {kind} | {c['expected']} | {c['correct']} ({percent(c['correct'], c['expected'])}%) | "
            f"{c['wrong']} | {c['rejected']} | {c['not_heard']} |"
        )
    lines += ["", "## Commands by voice (clean and noisy)", "", "| voice | expected | correct |", "|---|---|---|"]
    for voice, c in sorted(commands["byVoice"].items()):
        lines.append(f"| {voice} | {c['expected']} | {c['correct']} ({percent(c['correct'], c['expected'])}%) |")
    lines += ["", "## Segments", "", "| kind | segments | audio | false accepts |", "|---|---|---|---|"]
    for kind, count in sorted(report["segments"].items()):
        fa = "–" if kind in COMMAND_KINDS else str(false["byKind"].get(kind, 0))
        lines.append(f"| {kind} | {count} | {report['secondsByKind'].get(kind, 0) / 60:.1f} min | {fa} |")
    if report["failures"]:
        lines += ["", "## Failures", ""] + [f"- {failure}" for failure in report["failures"]]
    for name, examples in report["examples"].items():
        lines += ["", f"## Examples: {name}", ""]
        for item in examples:
            lines.append(
                f"- {item['at']:.1f} s, {item['kind']} ({item['piece']}): expected {item['expected']!r}, "
                f"heard {item['transcript']!r} → {item['shortcut']} {json.dumps(item['parameters'])}"
            )
    lines += ["", f"Settings: `{json.dumps(report['settings'])}`", ""]
    return "\n".join(lines)


def write_atomically(path: Path, text: str) -> None:
    temporary = path.with_suffix(path.suffix + ".tmp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)


# ---------------------------------------------------------------------------------------------
