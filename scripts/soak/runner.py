"""Streams a programme into `incant listen --stdin --json`, reads its JSON lines and samples its
memory and CPU time from /proc.
"""

from __future__ import annotations

import json
import os
import subprocess
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from audio import RATE

@dataclass
class Sample:
    wall: float
    written: float  # seconds of audio written to incant
    processed: float  # seconds of audio incant has reported utterances up to
    rss_kb: int
    hwm_kb: int
    anon_kb: int  # RssAnon: heap, stacks (what a leak grows)
    file_kb: int  # RssFile: mapped files (program, libraries, model) as their pages are touched
    cpu: float  # user + system CPU seconds of incant


def read_memory(pid: int) -> tuple[int, int, float] | None:
    """VmRSS, VmHWM, RssAnon, RssFile (kB) and user + system CPU seconds of a live process."""
    try:
        text = Path(f"/proc/{pid}/status").read_text()
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # Fields after the parenthesized command name: state is field 3, utime 14, stime 15.
    fields = stat.rpartition(")")[2].split()
    cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    values = {}
    for line in text.splitlines():
        name, _, rest = line.partition(":")
        if name in ("VmRSS", "VmHWM", "RssAnon", "RssFile"):
            values[name] = int(rest.split()[0])
    if "VmRSS" not in values:
        return None  # a zombie has no memory lines
    return values["VmRSS"], values.get("VmHWM", 0), values.get("RssAnon", 0), values.get("RssFile", 0), cpu


@dataclass
class RunResult:
    lines: list[dict] = field(default_factory=list)
    bad_lines: list[str] = field(default_factory=list)
    samples: list[Sample] = field(default_factory=list)
    exit_status: int | None = None
    wall_seconds: float = 0.0
    write_error: str | None = None
    hung: bool = False
    stderr_tail: str = ""


class Runner:
    """Streams the programme into incant and watches it."""

    def __init__(self, command, environment, segments, library, silence, out: Path, sample_every, stall_timeout):
        self.command = command
        self.environment = environment
        self.segments = segments
        self.library = library
        self.silence = silence
        self.out = out
        self.sample_every = sample_every
        self.stall_timeout = stall_timeout
        self.result = RunResult()
        self.written_samples = 0
        self.processed = 0.0
        self.last_progress = time.monotonic()
        self.lock = threading.Lock()

    def run(self) -> RunResult:
        stderr_path = self.out / "incant-stderr.log"
        started = time.monotonic()
        with open(stderr_path, "wb") as stderr:
            process = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=stderr,
                env=self.environment,
            )
            self.started = started
            reader = threading.Thread(target=self._read, args=(process,), daemon=True)
            writer = threading.Thread(target=self._write, args=(process,), daemon=True)
            reader.start()
            writer.start()
            self._sample(process)
            reader.join()
            writer.join(timeout=10)
            self.result.exit_status = process.wait()
        self.result.wall_seconds = time.monotonic() - started
        text = stderr_path.read_text(encoding="utf-8", errors="replace")
        self.result.stderr_tail = "\n".join(text.splitlines()[-20:])
        return self.result

    def _write(self, process) -> None:
        try:
            for segment in self.segments:
                if segment.kind == "silence":
                    data = memoryview(self.silence)[: 2 * segment.length]
                    while len(data) < 2 * segment.length:  # longer than the pool: repeat it
                        data = bytes(data) + self.silence[: 2 * segment.length - len(data)]
                else:
                    data = self.library.pieces[segment.piece].path.read_bytes()
                # Buffered: writes every byte (a blocking pipe makes incant set the pace).
                process.stdin.write(data)
                with self.lock:
                    self.written_samples += segment.length
        except (BrokenPipeError, ConnectionResetError, ValueError) as error:
            self.result.write_error = f"{type(error).__name__}: {error}"
        finally:
            try:
                process.stdin.close()
            except OSError:
                pass

    def _read(self, process) -> None:
        for raw in process.stdout:
            line = raw.decode("utf-8", "replace").strip()
            if not line:
                continue
            try:
                record = json.loads(line)
                end = float(record["heard"]["end"])
            except (ValueError, KeyError, TypeError):
                self.result.bad_lines.append(line[:500])
                continue
            self.result.lines.append(record)
            with self.lock:
                self.processed = max(self.processed, end)
                self.last_progress = time.monotonic()

    def _sample(self, process) -> None:
        """Samples memory until incant exits; kills it when it stalls."""
        next_kept = 0.0
        while process.poll() is None:
            memory = read_memory(process.pid)
            now = time.monotonic()
            with self.lock:
                written = self.written_samples / RATE
                processed = self.processed
                stalled = now - self.last_progress
            if memory is not None:
                sample = Sample(round(now - self.started, 2), round(written, 2), processed, *memory)
                # Keep one sample per interval, and always the latest (replaced until kept).
                if now - self.started >= next_kept or not self.result.samples:
                    self.result.samples.append(sample)
                    next_kept = now - self.started + self.sample_every
                else:
                    self.result.samples[-1] = sample
            if stalled > self.stall_timeout:
                self.result.hung = True
                process.kill()
                break
            time.sleep(0.25)


# ---------------------------------------------------------------------------------------------
