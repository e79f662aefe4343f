"""The programme: which piece plays when, drawn with a fixed seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from audio import RATE
from library import KIND_WEIGHTS, Library, Sentence

@dataclass
class Segment:
    kind: str  # command, noisy-command, coffee, chatter, noise, silence
    piece: str  # key into the piece table (for silence: "silence")
    start: int  # sample offset in the stream
    length: int  # samples
    sentence: Sentence | None = None
    label: str = ""  # voice, SNR, file name … for the report

    @property
    def end(self) -> int:
        return self.start + self.length


def plan_programme(library: Library, seconds: float, seed: int) -> list[tuple[str, str, float]]:
    """The programme as (kind, piece key or "silence", gap seconds after it), without lengths yet.

    Pieces are drawn so that every piece of a kind is used before any is repeated (shuffled
    rounds), which spreads a short run across many sentences and voices.
    """
    rng = random.Random(seed)
    kinds = [kind for kind, _ in KIND_WEIGHTS]
    weights = [weight for _, weight in KIND_WEIGHTS]
    decks: dict[str, list[str]] = {kind: [] for kind in kinds}
    plan = []
    # Typical piece lengths, to stop planning once the target is reached (exact lengths are
    # known after rendering; the programme is trimmed or extended then).
    typical = {"command": 1.8, "noisy-command": 2.4, "coffee": 8.0, "chatter": 2.5, "noise": 2.2}
    estimate = 0.0
    while estimate < seconds * 1.1 + 30:
        kind = rng.choices(kinds, weights)[0]
        if not decks[kind]:
            decks[kind] = list(library.by_kind[kind])
            rng.shuffle(decks[kind])
        key = decks[kind].pop()
        gap = round(rng.uniform(0.5, 5.0), 3)
        plan.append((kind, key, gap))
        estimate += typical[kind] + gap
    return plan


def lay_out(library: Library, plan, seconds: float) -> list[Segment]:
    """Places the planned pieces in the stream; stops at the first piece ending past `seconds`.
    Starts with 1 s of room tone."""
    segments = []
    position = RATE
    segments.append(Segment("silence", "silence", 0, RATE))
    for kind, key, gap in plan:
        piece = library.pieces[key]
        segments.append(Segment(kind, key, position, piece.length, piece.sentence, piece.label))
        position += piece.length
        gap_samples = int(gap * RATE)
        segments.append(Segment("silence", "silence", position, gap_samples))
        position += gap_samples
        if position >= seconds * RATE:
            break
    return segments


# ---------------------------------------------------------------------------------------------
# Running incant
