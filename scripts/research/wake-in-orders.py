#!/usr/bin/env python3
"""A wake phrase never tuned on, said by real people inside their sentences (issue 26).

The coffee orders hold drink names said by 50+ speakers on their own microphones, in the middle
of a sentence ("can I get a small cappuccino with milk"). Taken as a wake phrase, a drink name is
a phrase no part of Incant was tuned on: the orders that name it are the keywords, said in the
same breath as other words, and the orders that do not are real speech in which every detection
is a false one (an order names the phrase when one of its labelled slot values contains it).
`incant spot --wake-threshold 0` reports every candidate with its confidence.

Usage:
  for w in cappuccino americano espresso "drip coffee"; do
    .build/release/incant spot --wake "$w" --wake-threshold 0 --json ../shared/speech/coffee/clean/*.wav > spot-${w// /-}.jsonl
  done
  scripts/research/kws-in-orders.sh cappuccino DIR     # plain keyword spotting, optional
  scripts/research/wake-in-orders.py DIR/spot-cappuccino.jsonl ...

Prints, per phrase: the orders that name it and the minutes of orders that do not; the misses
and false detections at the default threshold (0.5); the strongest detection in the orders
without it and the misses at or below it (no false detection at all in those minutes); and the
decode time over audio time; with DIR/kws-PHRASE.tsv beside it, plain keyword spotting's
fewest misses at any of its thresholds (1e-5 … 1e-50) with no false detection in the others.
BENCHMARKS.md has the figures.
"""
import json
import os
import sys

from orders_naming import labels as read_labels, names, phrase_of, split


def main():
    labels = read_labels()
    for path in sys.argv[1:]:
        phrase, name = phrase_of(path)
        rows = [json.loads(line) for line in open(path)]
        said_rows, other_rows, other_seconds = split(rows, labels, phrase)
        said = [max((d["confidence"] for d in row["detections"]), default=0.0) for row in said_rows]
        others = [d["confidence"] for row in other_rows for d in row["detections"]]
        strongest = max(others, default=0.0)
        missed_default = sum(1 for c in said if c < 0.5) / len(said)
        false_default = sum(1 for c in others if c >= 0.5)
        missed_clear = sum(1 for c in said if c <= strongest) / len(said)
        rate = sum(r["decodeSeconds"] for r in rows) / sum(r["audioSeconds"] for r in rows)
        baseline = ""
        kws = os.path.join(os.path.dirname(path), f"kws-{name}.tsv")
        if os.path.exists(kws):
            spotted = {}
            for line in open(kws):
                recording, _, found = line.rstrip("\n").partition("\t")
                spotted[recording] = found.split()
            naming = {n for n in spotted if names(labels, n, phrase)}
            best = None
            for exponent in (5, 10, 15, 20, 25, 30, 35, 40, 45, 50):
                entry = f"kw{exponent}"
                false = sum(spotted[n].count(entry) for n in spotted if n not in naming)
                missed = sum(1 for n in naming if entry not in spotted[n]) / len(naming)
                if false == 0 and (best is None or missed < best[1]):
                    best = (exponent, missed)
            baseline = (
                f"; plain keyword spotting: missed {100 * best[1]:.1f}% at 1e-{best[0]} with no false detection"
                if best
                else "; plain keyword spotting: a false detection at every threshold"
            )
        print(
            f"{phrase}: said in {len(said)} orders, {len(rows) - len(said)} without it ({other_seconds / 60:.1f} min); "
            f"at 0.5 missed {100 * missed_default:.1f}%, {false_default} false; strongest in the others "
            f"{strongest:.3f}, missed at or below it {100 * missed_clear:.1f}%; decode / audio {rate:.3f}"
            + baseline
        )


if __name__ == "__main__":
    main()
