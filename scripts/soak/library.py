"""The pieces a soak programme is made of: in-set commands (clean and in kitchen noise) with
their expected shortcut and parameters, coffee orders, chit-chat and noise bursts.
"""

from __future__ import annotations

import array
import concurrent.futures
import random
import threading
from dataclasses import dataclass
from pathlib import Path

from audio import PieceCache, SoakError, mix_noise, read_wav, RATE

# Voices of the in-set commands: (engine, voice, words per minute or None).
COMMAND_VOICES = [
    ("espeak-ng", "en-us", 160),
    ("espeak-ng", "en-gb", 150),
    ("espeak-ng", "en-us+f3", 170),
    ("espeak-ng", "en-us+m3", 140),
    ("flite", "slt", None),
    ("flite", "rms", None),
]
# Voices of the synthesized chit-chat (unrelated speech).
CHATTER_VOICES = [("espeak-ng", "en-us+f3", 170), ("espeak-ng", "en-gb", 150), ("flite", "kal", None)]

# Segment kinds and how often each is drawn.
KIND_WEIGHTS = [
    ("command", 0.35),
    ("noisy-command", 0.15),
    ("coffee", 0.20),
    ("chatter", 0.10),
    ("noise", 0.20),
]
COMMAND_KINDS = {"command", "noisy-command"}
SNRS_DB = [20, 15]


@dataclass(frozen=True)
class Sentence:
    shortcut: str
    parameters: dict[str, str]
    text: str


def read_sentences(path: Path) -> list[Sentence]:
    """Reads `shortcut<TAB>name=value;…|-<TAB>sentence` lines (# comments)."""
    sentences = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) != 3:
            raise SoakError(f"{path}:{number}: expected 3 tab-separated fields, found {len(fields)}: {line!r}")
        shortcut, parameters, text = fields
        values = {}
        if parameters != "-":
            for pair in parameters.split(";"):
                name, equals, value = pair.partition("=")
                if not equals or not name:
                    raise SoakError(f"{path}:{number}: parameter {pair!r} is not name=value")
                values[name] = value
        sentences.append(Sentence(shortcut, values, text))
    if not sentences:
        raise SoakError(f"{path}: no sentences")
    return sentences


def read_lines(path: Path) -> list[str]:
    lines = [line.strip() for line in path.read_text(encoding="utf-8").splitlines()]
    lines = [line for line in lines if line and not line.startswith("#")]
    if not lines:
        raise SoakError(f"{path}: no sentences")
    return lines


@dataclass
class Piece:
    key: str
    kind: str
    label: str
    sentence: Sentence | None = None
    make: object = None  # callable returning a Path to the raw samples
    path: Path | None = None
    length: int = 0


class Library:
    """Every piece the programme may use, described up front and rendered on demand."""

    def __init__(
        self, cache: PieceCache, sentences, chatter, coffee_dir: Path, noise_path: Path, seed: int, wake: str | None = None
    ):
        self.cache = cache
        # With a wake phrase, every command is said after it in the same breath.
        self.wake = wake
        prefix = f"{wake}, " if wake else ""
        self.pieces: dict[str, Piece] = {}
        self.by_kind: dict[str, list[str]] = {kind: [] for kind, _ in KIND_WEIGHTS}
        self.noise_path = noise_path
        self._noise: array.array | None = None
        self._lock = threading.Lock()
        rng = random.Random(seed ^ 0x5EED)
        for sentence in sentences:
            for voice in COMMAND_VOICES:
                label = voice_label(voice)
                self._add(
                    Piece(
                        f"command|{label}|{prefix}{sentence.text}",
                        "command",
                        label,
                        sentence,
                        make=lambda s=sentence, v=voice: self.cache.speech(prefix + s.text, v),
                    )
                )
                snr = rng.choice(SNRS_DB)
                noisy_seed = rng.getrandbits(32)
                self._add(
                    Piece(
                        f"noisy|{label}|{snr}|{noisy_seed}|{prefix}{sentence.text}",
                        "noisy-command",
                        f"{label}, {snr} dB",
                        sentence,
                        make=lambda s=sentence, v=voice, snr=snr, ns=noisy_seed: self._noisy(s, v, snr, ns),
                    )
                )
        for text in chatter:
            for voice in CHATTER_VOICES:
                self._add(
                    Piece(
                        f"chatter|{voice_label(voice)}|{text}",
                        "chatter",
                        f"{voice_label(voice)}: {text}",
                        make=lambda t=text, v=voice: self.cache.speech(t, v),
                    )
                )
        clips = sorted(coffee_dir.glob("*.wav"))
        if not clips:
            raise SoakError(f"{coffee_dir}: no *.wav files")
        for clip in clips:
            self._add(Piece(f"coffee|{clip.name}", "coffee", clip.name, make=lambda c=clip: self._coffee(c)))
        for index in range(40):
            seconds = rng.uniform(0.5, 4.0)
            level = rng.uniform(0.05, 0.5)
            burst_seed = rng.getrandbits(32)
            self._add(
                Piece(
                    f"noise|{index}|{seconds:.3f}|{level:.3f}|{burst_seed}",
                    "noise",
                    f"kitchen noise {seconds:.1f} s, peak {level:.2f}",
                    make=lambda s=seconds, lv=level, bs=burst_seed, i=index: self._burst(i, s, lv, bs),
                )
            )

    def _add(self, piece: Piece) -> None:
        self.pieces[piece.key] = piece
        self.by_kind[piece.kind].append(piece.key)

    def noise(self) -> array.array:
        with self._lock:
            if self._noise is None:
                self._noise = read_wav(self.noise_path)
            return self._noise

    def _noisy(self, sentence: Sentence, voice, snr: int, seed: int) -> Path:
        text = f"{self.wake}, {sentence.text}" if self.wake else sentence.text
        key = f"noisy|{voice_label(voice)}|{snr}|{seed}|{text}"
        target = self.cache.path(key)
        if target.exists():
            return target
        speech = self.cache.load(self.cache.speech(text, voice))
        return self.cache.store(key, mix_noise(speech, self.noise(), snr, random.Random(seed)))

    def _coffee(self, clip: Path) -> Path:
        key = f"coffee|{clip.resolve()}|{clip.stat().st_size}"
        target = self.cache.path(key)
        if target.exists():
            return target
        return self.cache.store(key, read_wav(clip))

    def _burst(self, index: int, seconds: float, level: float, seed: int) -> Path:
        key = f"noise|{index}|{seconds:.3f}|{level:.3f}|{seed}"
        target = self.cache.path(key)
        if target.exists():
            return target
        noise = self.noise()
        length = int(seconds * RATE)
        offset = random.Random(seed).randrange(0, len(noise) - length)
        segment = noise[offset : offset + length]
        peak = max(1, max(abs(value) for value in segment))
        gain = level * 32767 / peak
        # 20 ms fades so that the burst does not click.
        fade = int(0.02 * RATE)
        out = array.array("h")
        for index_in, value in enumerate(segment):
            ramp = min(1.0, (index_in + 1) / fade, (length - index_in) / fade)
            out.append(int(round(value * gain * ramp)))
        return self.cache.store(key, out)

    def render(self, keys: set[str], jobs: int, progress) -> None:
        """Renders the pieces in `keys` (in parallel) and notes their lengths."""
        todo = sorted(keys)
        done = 0
        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
            futures = {pool.submit(self.pieces[key].make): key for key in todo}
            for future in concurrent.futures.as_completed(futures):
                key = futures[future]
                piece = self.pieces[key]
                piece.path = future.result()
                piece.length = piece.path.stat().st_size // 2
                if piece.length == 0:
                    raise SoakError(f"rendering {piece.label!r} produced no audio ({piece.path})")
                done += 1
                if done % 100 == 0 or done == len(todo):
                    progress(done, len(todo))


def voice_label(voice) -> str:
    engine, name, rate = voice
    return f"{engine} {name}" + (f" @{rate}" if rate else "")
