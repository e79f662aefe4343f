#!/usr/bin/env python3
"""The front-end bypass replayed on two `incant-bench levers` dumps of the same clips (issue 24).

One dump is the audio as it came (`--front-end identity`), the other through the denoiser always
(`--front-end deepfilternet --front-end-bypass off`). For each threshold T, a clip whose audio as
it came has a spread (the dump's floorBelowPeak: the 98th minus the 10th percentile of its frame
levels, `FrameLevels.spread`) of at least T is decided as in the first dump, the others as in the
second: what `--front-end-bypass T` does, except that `listen` cuts utterances from the denoised
stream. Prints understood / wrong (%) per condition and threshold. BENCHMARKS.md has the figures.

Usage: scripts/research/front-end-bypass.py AS_IT_CAME.tsv DENOISED.tsv [T,T,...]
"""
import collections
import csv
import sys


def load(path):
    return {(row["condition"], row["clip"]): row for row in csv.DictReader(open(path), delimiter="\t")}


def outcome(row):
    if row["accepted"] in ("", "0", "false"):
        return "rejected"
    return "right" if row["positive"] == "1" and row["matchCorrect"] == "1" else "wrong"


def main():
    plain, denoised = load(sys.argv[1]), load(sys.argv[2])
    thresholds = [float(t) for t in (sys.argv[3] if len(sys.argv) > 3 else "0,30,35,40,45,50,1000").split(",")]
    print("condition\tclips\t" + "\t".join(f"T={t:g}" for t in thresholds))
    for condition in sorted({key[0] for key in plain}):
        keys = [key for key in plain if key[0] == condition and key in denoised]
        cells = []
        for threshold in thresholds:
            counts = collections.Counter()
            for key in keys:
                try:
                    spread = float(plain[key]["floorBelowPeak"])
                except ValueError:
                    spread = float("-inf")  # no evidence in the dump: taken as noisy
                counts[outcome(plain[key] if spread >= threshold else denoised[key])] += 1
            cells.append(f"{100 * counts['right'] / len(keys):.1f} / {100 * counts['wrong'] / len(keys):.1f}")
        print(f"{condition}\t{len(keys)}\t" + "\t".join(cells))


if __name__ == "__main__":
    main()
