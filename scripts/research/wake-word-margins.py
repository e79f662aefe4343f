#!/usr/bin/env python3
"""Each word of a wake phrase held to its own margin: measured on phrases of two words (issue 26).

A phrase of several words is scored whole (its margin against the free phone loop over all its
frames), so one well-fitting word can carry a look-alike ("drip coffee" on "a coffee"). This
replays a floor on the lowest of the words' own margins (`incant spot --evidence`:
`wordMargins`) over the coffee orders, with a two-word drink or slot value as the wake phrase
(see wake-in-orders.py for the set-up), and prints the distribution of the words' margins for
real wake phrases said alone (the `smart mirror` recordings, if given with --alone).

Usage:
  for w in "drip coffee" "iced mocha" "dark roast" "soy milk"; do
    .build/release/incant spot --wake "$w" --wake-threshold 0 --json --evidence \
      ../shared/speech/coffee/clean/*.wav > DIR/spot-${w// /-}.jsonl
  done
  .build/release/incant spot --wake "smart mirror" --wake-threshold 0 --json --evidence \
    ../shared/speech/wakeword/smart-mirror/*.wav > DIR/alone.jsonl
  scripts/research/wake-word-margins.py [--alone DIR/alone.jsonl] DIR/spot-*.jsonl

For each phrase and floor: the misses with no false detection in the orders without the phrase,
and the misses and false detections at the default threshold (0.5), counting only candidates
whose every word's margin is at least the floor.
"""
import json
import sys

from orders_naming import labels as read_labels, phrase_of, split

FLOORS = [None, -35, -30, -25, -20, -15, -10]


def quantiles(values, points=(0.05, 0.1, 0.25, 0.5, 0.75, 0.9)):
    values = sorted(values)
    return " / ".join(f"{values[int(len(values) * q)]:.1f}" for q in points) if values else "-"


def lowest(detection):
    return min(detection["evidence"]["wordMargins"])


def main():
    args = sys.argv[1:]
    alone = None
    if args[:1] == ["--alone"]:
        alone, args = args[1], args[2:]
    labels = read_labels()
    print("lowest word margin, 5 / 10 / 25 / 50 / 75 / 90th percentile")
    for path in args:
        phrase, _ = phrase_of(path)
        said_rows, other_rows, seconds = split([json.loads(line) for line in open(path)], labels, phrase)
        said = [row["detections"] for row in said_rows]
        others = [d for row in other_rows for d in row["detections"]]
        best = [max(found, key=lambda d: d["confidence"]) for found in said if found]
        print(f"{phrase}: said in {len(said)} orders, {seconds / 60:.1f} min without it")
        print(f"  said: {quantiles([lowest(d) for d in best])}")
        strongest = sorted(others, key=lambda d: -d["confidence"])[:5]
        print(f"  the 5 strongest others: {' / '.join(f'{lowest(d):.1f}' for d in strongest)}")
        for floor in FLOORS:
            keep = (lambda d: True) if floor is None else (lambda d, f=floor: lowest(d) >= f)
            false = [d["confidence"] for d in others if keep(d)]
            strongest = max(false, default=0.0)
            heard = [max((d["confidence"] for d in found if keep(d)), default=0.0) for found in said]
            missed = sum(1 for c in heard if c <= strongest) / len(heard)
            missed_default = sum(1 for c in heard if c < 0.5) / len(heard)
            false_default = sum(1 for c in false if c >= 0.5)
            print(
                f"  floor {'none' if floor is None else floor}: missed with no false detection {100 * missed:.1f}%; "
                f"at 0.5 missed {100 * missed_default:.1f}%, {false_default} false"
            )
    if alone:
        rows = [json.loads(line) for line in open(alone)]
        best = [max(r["detections"], key=lambda d: d["confidence"]) for r in rows if r["detections"]]
        print(f"said alone: {len(rows)} recordings, {len(best)} with a candidate")
        for index in range(max((len(d["evidence"]["wordMargins"]) for d in best), default=0)):
            print(f"  word {index + 1}: {quantiles([d['evidence']['wordMargins'][index] for d in best])}")
        print(f"  lowest: {quantiles([lowest(d) for d in best])}")
        for floor in FLOORS[1:]:
            print(f"  floor {floor}: {sum(1 for d in best if lowest(d) < floor)} below")


if __name__ == "__main__":
    main()
