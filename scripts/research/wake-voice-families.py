#!/usr/bin/env python3
"""Missed synthesized keywords per phrase and family of voices, from `incant-bench wake --dump`.

    python3 scripts/research/wake-voice-families.py [--threshold T] DUMP...

Each keyword row's `source` column names the voice that read it ('"jarvis!" read by espeak
en-gb+m4 @170 wpm'); the voices fall into four families: espeak-ng's American and British
voices, flite and festival, and Piper. A keyword is missed when its confidence is below the
threshold (default 0.5, the shipped one). Real recordings (no voice) are left out.
"""
import collections
import csv
import sys

FAMILIES = ["espeak-ng en-us", "espeak-ng en-gb", "flite / festival", "piper (neural)"]


def family(source):
    """The family of the voice named in a keyword's source, or None for a recording."""
    voice = source.rpartition(" read by ")[2] if " read by " in source else ""
    engine = voice.split(" ")[0]
    if engine == "espeak-ng":
        return FAMILIES[1] if voice.split(" ")[1].startswith("en-gb") else FAMILIES[0]
    if engine in ("flite", "festival"):
        return FAMILIES[2]
    return FAMILIES[3] if engine == "piper" else None


def main(arguments):
    threshold = 0.5
    if arguments[:1] == ["--threshold"]:
        threshold = float(arguments[1])
        arguments = arguments[2:]
    if not arguments:
        print(__doc__, file=sys.stderr)
        return 2
    counts = collections.defaultdict(collections.Counter)  # phrase -> (family, missed) -> n
    for path in arguments:
        with open(path, newline="") as file:
            for row in csv.DictReader(file, delimiter="\t"):
                name = family(row.get("source") or "") if row["kind"] == "keyword" else None
                if name:
                    counts[row["phrase"]][name, float(row["confidence"] or 0) < threshold] += 1
    if not counts:
        print("no synthesized keywords with a voice in their source column", file=sys.stderr)
        return 1
    total = collections.Counter()
    print("| phrase | " + " | ".join(FAMILIES) + " |")
    print("|---|" + "---:|" * len(FAMILIES))
    for phrase, own in counts.items():
        total.update(own)
        print(f"| {phrase} | " + " | ".join(f"{own[f, True]} of {own[f, True] + own[f, False]}" for f in FAMILIES) + " |")
    cells = []
    for f in FAMILIES:
        heard = total[f, True] + total[f, False]
        cells.append(f"{total[f, True]} of {heard} ({100 * total[f, True] / max(1, heard):.1f}%)")
    print("| all | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
