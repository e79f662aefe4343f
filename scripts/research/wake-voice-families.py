#!/usr/bin/env python3
"""Missed synthesized keywords per family of voices, from `incant-bench wake --dump` files.

    python3 scripts/research/wake-voice-families.py [--threshold T] DUMP...

A synthesized phrase's keywords come in the order of `WakeBenchmark.testVoices`, three readings
per voice: espeak-ng's eight voices at two rates (en-us, en-gb, en-us+f1, en-us+f4, en-us+m1,
en-us+m5, en-gb+f2, en-gb+m4), flite's slt, rms, kal and awb, festival, then Piper's three.
A keyword is missed when its confidence is below the threshold (default 0.5, the shipped one).
"""
import collections
import os
import sys

FAMILIES = ["espeak-ng en-us", "espeak-ng en-gb", "flite / festival", "piper (neural)"]


def family(voice):
    if voice in (2, 3, 12, 13, 14, 15):
        return FAMILIES[1]
    if voice < 16:
        return FAMILIES[0]
    return FAMILIES[2] if voice < 21 else FAMILIES[3]


def main(arguments):
    threshold = 0.5
    if arguments[:1] == ["--threshold"]:
        threshold = float(arguments[1])
        arguments = arguments[2:]
    if not arguments:
        print(__doc__, file=sys.stderr)
        return 2
    total = collections.Counter()
    missed = collections.Counter()
    print("| phrase | " + " | ".join(FAMILIES) + " |")
    print("|---|" + "---:|" * len(FAMILIES))
    for path in arguments:
        keywords = [line.split("\t") for line in open(path) if "\tkeyword\t" in line]
        own_total = collections.Counter()
        own_missed = collections.Counter()
        for index, fields in enumerate(keywords):
            name = family(index // 3)
            own_total[name] += 1
            own_missed[name] += float(fields[2]) < threshold
        total.update(own_total)
        missed.update(own_missed)
        phrase = keywords[0][0] if keywords else os.path.basename(path)
        print(f"| {phrase} | " + " | ".join(f"{own_missed[f]} of {own_total[f]}" for f in FAMILIES) + " |")
    print("| all | " + " | ".join(
        f"{missed[f]} of {total[f]} ({100 * missed[f] / max(1, total[f]):.1f}%)" for f in FAMILIES) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
