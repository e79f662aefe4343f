"""Audio pieces as 16 kHz mono s16le: reading WAV files, synthesizing speech (cached),
mixing noise at an SNR, room tone.
"""

from __future__ import annotations

import array
import hashlib
import os
import random
import subprocess
import sys
import tempfile
import wave
from pathlib import Path

RATE = 16_000
# Bump when rendering changes, so that stale cached pieces are not reused.
RENDER_VERSION = "1"


class SoakError(Exception):
    """A problem with the inputs or tools; the soak exits 2 with the message."""



def read_wav(path: Path) -> array.array:
    """Samples of a 16 kHz mono 16-bit WAV file."""
    try:
        with wave.open(str(path), "rb") as file:
            if file.getframerate() != RATE or file.getnchannels() != 1 or file.getsampwidth() != 2:
                raise SoakError(
                    f"{path}: expected 16 kHz mono 16-bit, found {file.getframerate()} Hz, "
                    f"{file.getnchannels()} channels, {8 * file.getsampwidth()} bits"
                )
            samples = array.array("h")
            samples.frombytes(file.readframes(file.getnframes()))
    except (wave.Error, EOFError) as error:
        raise SoakError(f"{path}: not a readable WAV file: {error}") from error
    if sys.byteorder != "little":
        samples.byteswap()
    return samples


# ---------------------------------------------------------------------------------------------


def run_tool(arguments: list[str]) -> None:
    result = subprocess.run(arguments, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    if result.returncode != 0:
        message = result.stderr.decode("utf-8", "replace").strip()
        raise SoakError(f"{' '.join(arguments)} failed with status {result.returncode}: {message}")


class PieceCache:
    """Rendered pieces as raw s16le files in a cache folder, keyed by what they are made of."""

    def __init__(self, directory: Path):
        self.directory = directory
        directory.mkdir(parents=True, exist_ok=True)

    def path(self, key: str) -> Path:
        digest = hashlib.sha256(f"{RENDER_VERSION}|{key}".encode()).hexdigest()[:24]
        return self.directory / f"{digest}.raw"

    def speech(self, text: str, voice: tuple) -> Path:
        """`text` said by `voice`, 16 kHz raw (synthesized unless cached)."""
        engine, name, rate = voice
        target = self.path(f"speech|{engine}|{name}|{rate}|{text}")
        if target.exists():
            return target
        with tempfile.TemporaryDirectory(dir=self.directory) as scratch:
            spoken = os.path.join(scratch, "spoken.wav")
            if engine == "espeak-ng":
                run_tool(["espeak-ng", "-v", name, "-s", str(rate), "-w", spoken, text])
            elif engine == "flite":
                run_tool(["flite", "-voice", name, "-t", text, "-o", spoken])
            else:
                raise SoakError(f"unknown speech engine {engine!r}")
            converted = os.path.join(scratch, "converted.raw")
            run_tool(
                ["sox", spoken, "-r", str(RATE), "-c", "1", "-b", "16", "-e", "signed-integer", "-t", "raw", converted]
            )
            os.replace(converted, target)
        return target

    def load(self, path: Path) -> array.array:
        samples = array.array("h")
        samples.frombytes(path.read_bytes())
        if sys.byteorder != "little":
            samples.byteswap()
        return samples

    def store(self, key: str, samples: array.array) -> Path:
        target = self.path(key)
        if not target.exists():
            data = array.array("h", samples)
            if sys.byteorder != "little":
                data.byteswap()
            temporary = target.with_suffix(f".{os.getpid()}.tmp")
            temporary.write_bytes(data.tobytes())
            os.replace(temporary, target)
        return target


def max_frame_energy(samples, frame: int = 2048) -> float:
    """Largest sum of squares over consecutive 2048-sample frames (whole signal if shorter)."""
    if len(samples) < frame:
        return float(sum(s * s for s in samples))
    best = 0.0
    for start in range(0, len(samples) - frame + 1, frame):
        energy = float(sum(s * s for s in samples[start : start + frame]))
        best = max(best, energy)
    return best


def mix_noise(speech: array.array, noise: array.array, snr: float, rng: random.Random) -> array.array:
    """Speech padded with 0.3 s at both ends plus kitchen noise over all of it, at `snr` dB
    (loudest-frame energy ratio, as the Picovoice benchmark), peak normalized to 0.5."""
    pad = int(0.3 * RATE)
    clean = array.array("h", bytes(2 * pad)) + speech + array.array("h", bytes(2 * pad))
    length = len(clean)
    offset = rng.randrange(0, len(noise) - length) if len(noise) > length else 0
    segment = [noise[(offset + index) % len(noise)] for index in range(length)]
    scale = (max_frame_energy(clean) / (max(max_frame_energy(segment), 1e-9) * 10 ** (snr / 10))) ** 0.5
    mixed = [c + scale * n for c, n in zip(clean, segment)]
    peak = max(1e-9, max(abs(value) for value in mixed))
    gain = 0.5 * 32767 / peak
    return array.array("h", (int(round(value * gain)) for value in mixed))


def room_tone(rng: random.Random, seconds: float) -> array.array:
    """Quiet room tone (about -70 dBFS white noise) standing in for silence."""
    return array.array("h", (int(rng.gauss(0, 10)) for _ in range(int(seconds * RATE))))


# ---------------------------------------------------------------------------------------------
