#!/usr/bin/env python3
"""Replays the clipped-share limit over a levers dump made with `--clipped-limit off`.

    scripts/research/clipped-limit.py DUMP [LIMIT ...]     (default limits: off 0.2 0.25 0.3 0.4)

For each condition and limit: understood / wrong (positives) or accepted (negatives), in
percent of the condition's clips, an utterance whose `clippedShare` exceeds the limit counting
as rejected; then the distribution of the share per condition (5th, 50th, 95th percentile).
"""
import csv
import sys
from collections import defaultdict


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    limits = [None if a == "off" else float(a) for a in sys.argv[2:]] or [None, 0.2, 0.25, 0.3, 0.4]
    rows = defaultdict(list)
    with open(sys.argv[1], newline="") as dump:
        for row in csv.DictReader(dump, delimiter="\t"):
            rows[row["condition"]].append(row)
    print("| condition | clips | " + " | ".join("off" if l is None else f"{l:g}" for l in limits) + " |")
    print("|---|---:|" + "---:|" * len(limits))
    for condition, clips in rows.items():
        cells = []
        for limit in limits:
            kept = [r for r in clips if r["accepted"] == "1"
                    and (limit is None or float(r["clippedShare"] or 0) <= limit)]
            n = len(clips)
            if clips[0]["positive"] == "1":
                right = sum(r["matchCorrect"] == "1" for r in kept)
                cells.append(f"{100 * right / n:.1f} / {100 * (len(kept) - right) / n:.1f}")
            else:
                cells.append(f"{100 * len(kept) / n:.1f}")
        print(f"| {condition} | {len(clips)} | " + " | ".join(cells) + " |")
    print()
    for condition, clips in rows.items():
        shares = sorted(float(r["clippedShare"] or 0) for r in clips)
        pick = lambda q: shares[min(len(shares) - 1, int(q * len(shares)))]
        print(f"{condition}: clipped share 5th / 50th / 95th percentile / most "
              f"{pick(0.05):.3f} / {pick(0.5):.3f} / {pick(0.95):.3f} / {shares[-1]:.3f}")


if __name__ == "__main__":
    main()
