#!/usr/bin/env python3
"""Replays the wake word's two views with other weights, from `incant-bench wake --dump`.

    python3 scripts/research/wake-view-weights.py HOURS:DUMP...

Through a denoiser the detector scores each place by the mean of two views' evidence (log odds):
the audio through the front end (`processed`) and as it came (`unprocessed`), a view without a
candidate counting as `absentConfidence` (0.001). This recomputes that evidence with the
denoised view weighted 0.3 … 0.7 (0.5 is what ships; its figures match the dump's own
confidences), with lower floors, and with the views' disagreement (the difference of their
log odds) taken off times -0.5 … 0.5 (below 0 the better view counts more). It prints for
each phrase the miss rate at one false alarm per 10 hours of background: the keywords at or
below the background candidate that leaves at most HOURS / 10 above it (the strongest one
for a run shorter than 10 hours).
A keyword row with no candidate counts as missed.
"""
import csv
import math
import sys


def load(path):
    """phrase -> (keyword rows, background rows)."""
    phrases = {}
    with open(path) as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            keywords, background = phrases.setdefault(row["phrase"], ([], []))
            (keywords if row["kind"] == "keyword" else background).append(row)
    return phrases


def log_odds(confidence, floor):
    clipped = min(max(confidence, floor), 1 - floor)
    return math.log(clipped / (1 - clipped))


def evidence(row, weight, floor, disagreement=0.0):
    """The combined evidence of a row, or -inf for a keyword with no candidate."""
    if row["processed"] == "" or row["unprocessed"] == "":
        return -math.inf
    denoised = log_odds(float(row["processed"]), floor)
    plain = log_odds(float(row["unprocessed"]), floor)
    return weight * denoised + (1 - weight) * plain - disagreement * abs(denoised - plain)


def miss(keywords, background, hours, score):
    allowed = int(hours / 10)
    ranked = sorted((score(row) for row in background), reverse=True)
    threshold = ranked[allowed] if len(ranked) > allowed else -math.inf
    return 100 * sum(score(row) <= threshold for row in keywords) / len(keywords)


def main(arguments):
    if not arguments:
        sys.exit(__doc__)
    runs = []
    for argument in arguments:
        hours, _, path = argument.partition(":")
        for phrase, (keywords, background) in load(path).items():
            runs.append((phrase, float(hours), keywords, background))
    print("| setting | " + " | ".join(f"{phrase} ({hours:g} h)" for phrase, hours, _, _ in runs) + " |")
    print("|---|" + "---:|" * len(runs))

    def line(label, score):
        cells = [f"{miss(keywords, background, hours, score):.1f}%" for _, hours, keywords, background in runs]
        print(f"| {label} | " + " | ".join(cells) + " |")

    line("shipped (the dump's confidence)", lambda row: float(row["confidence"] or 0))
    for weight in (0.3, 0.4, 0.5, 0.6, 0.7):
        line(f"denoised view weighted {weight}", lambda row, w=weight: evidence(row, w, 1e-3))
    for floor in (1e-4, 1e-6, 1e-8):
        line(f"weight 0.5, absent view floor {floor:g}", lambda row, f=floor: evidence(row, 0.5, f))
    for penalty in (-0.5, -0.2, 0.1, 0.2, 0.5):
        line(f"weight 0.5, disagreement times {penalty:g} off", lambda row, k=penalty: evidence(row, 0.5, 1e-3, k))


if __name__ == "__main__":
    main(sys.argv[1:])
