#!/usr/bin/env python3
"""Replays the clipped-share limit over decisions made without it.

    scripts/research/clipped-limit.py DUMP [LIMIT ...]
    scripts/research/clipped-limit.py --coffee DIR [LIMIT ...]     (default limits: off 0.05 0.1 0.15 0.2 0.3)

DUMP is a levers dump made with `--clipped-limit off`; DIR holds the `recognize --json` output
of scripts/research/overdriven.sh run with `--clipped-limit off` (one CONDITION.jsonl each,
scored against the coffee labels as scripts/research/score-coffee.py scores them). For each
condition and limit: understood / wrong (positives) or accepted (negatives), in percent of the
condition's clips, an utterance whose clipped share exceeds the limit counting as rejected;
then the distribution of the share per condition (5th, 50th, 95th percentile, most).
"""
import csv
import glob
import importlib.util
import json
import os
import sys
from collections import defaultdict


def score_coffee():
    """scripts/research/score-coffee.py, whose name is no module name."""
    path = os.path.join(os.path.dirname(__file__), "score-coffee.py")
    spec = importlib.util.spec_from_file_location("score_coffee", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def coffee_rows(directory):
    """The rows of each CONDITION.jsonl in `directory`, in the dump's terms."""
    scoring = score_coffee()
    labels = json.load(open(scoring.DEFAULT_LABELS))
    rows = defaultdict(list)
    for path in sorted(glob.glob(os.path.join(directory, "*.jsonl"))):
        condition = os.path.basename(path)[: -len(".jsonl")]
        for line in open(path):
            if not line.rstrip().endswith("}"):
                continue
            result = json.loads(line)
            right = scoring.understood(result, labels[os.path.basename(result["file"])])
            share = (result.get("evidence") or {}).get("clippedShare")
            rows[condition].append({
                "positive": "1", "accepted": "1" if result.get("accepted") else "0",
                "matchCorrect": "1" if right else "0", "clippedShare": "" if share is None else str(share),
            })
    return rows


def main():
    arguments = sys.argv[1:]
    if not arguments:
        sys.exit(__doc__)
    coffee = arguments[0] == "--coffee"
    if coffee:
        arguments = arguments[1:]
    source, given = arguments[0], arguments[1:]
    limits = [None if a == "off" else float(a) for a in given] or [None, 0.05, 0.1, 0.15, 0.2, 0.3]
    if coffee:
        rows = coffee_rows(source)
    else:
        rows = defaultdict(list)
        with open(source, newline="") as dump:
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
