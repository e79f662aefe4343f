#!/usr/bin/env python3
"""Where the wake word's look-alikes come from in the benchmark's background (issue 26).

Reads a dump of `incant-bench wake --dump F` and prints, per kind of background stretch (coffee
orders, recordings of the other wake phrase, synthetic passages, each noise), the hours of it,
the candidates found in it, and how many reach 0.2 / 0.3 / 0.5; then the strongest candidates
with the stretch each was heard in, and the miss rate at the n-th strongest. The stretch is the
dump's `source` column; a dump made before that column existed is read with the list of
stretches of the same background (`incant-bench wake ... --background-pieces P`, the same
--phrases, --hours, --passages and --speech-share as the dump's run).

Usage:
  .build/release/incant-bench wake --phrases alexa --hours 10 --passages 48 --rss-minutes 0 \\
    --front-end deepfilternet --on-demand --dump D
  scripts/research/wake-look-alikes.py [--pieces P] [--top N] D
"""
import argparse
import bisect
import csv
from collections import Counter, defaultdict

LEVELS = (0.2, 0.3, 0.5)
PAUSE = "the pause after "


def kind(source):
    """The kind of a stretch: its source's first words, without the file or passage."""
    if source.startswith(PAUSE):
        return "pauses (over the noise bed)"
    if source.startswith("coffee order"):
        return "coffee orders"
    if source.startswith("passage"):
        return "synthetic passages"
    if source.endswith(" noise"):
        return source
    if source == "":
        return "(before the first stretch)"
    return source.rsplit(" ", 1)[0] + " recordings"


def read_pieces(path):
    pieces = defaultdict(list)
    with open(path) as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            pieces[row["phrase"]].append((float(row["start"]), float(row["end"]), row["source"]))
    return pieces


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dump")
    parser.add_argument("--pieces", help="the stretches of the same background (--background-pieces)")
    parser.add_argument("--top", type=int, default=15, help="how many of the strongest to list")
    arguments = parser.parse_args()

    pieces = read_pieces(arguments.pieces) if arguments.pieces else {}
    rows = defaultdict(list)
    with open(arguments.dump) as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            rows[row["phrase"]].append(row)

    for phrase, phrase_rows in rows.items():
        keywords = sorted((float(r["confidence"] or 0) for r in phrase_rows if r["kind"] == "keyword"), reverse=True)
        background = [r for r in phrase_rows if r["kind"] == "background"]
        stretches = pieces.get(phrase, [])
        starts = [s[0] for s in stretches]

        def source_of(row):
            if not stretches:
                return row.get("source") or ""
            at = float(row["start"])
            index = bisect.bisect_right(starts, at) - 1
            if index < 0:
                return ""
            start, end, source = stretches[index]
            return PAUSE + source if at >= end else source

        hours = Counter()
        for start, end, source in stretches:
            hours[kind(source)] += (end - start) / 3600
        if stretches:
            hours[kind(PAUSE)] = max(end for _, end, _ in stretches) / 3600 - sum(hours.values())
        found = Counter()
        above = defaultdict(Counter)
        labelled = []
        for row in background:
            source = source_of(row)
            confidence = float(row["confidence"])
            found[kind(source)] += 1
            for level in LEVELS:
                if confidence >= level:
                    above[kind(source)][level] += 1
            labelled.append((confidence, float(row["start"]), source))

        print(f"## {phrase}: {len(keywords)} keywords, {len(background)} background candidates")
        print()
        print("| stretch | hours | candidates | " + " | ".join(f"≥ {level}" for level in LEVELS) + " |")
        print("|---|---:|---:|" + "---:|" * len(LEVELS))
        for name in sorted(set(found) | set(hours), key=lambda n: -found[n]):
            cells = " | ".join(str(above[name][level]) for level in LEVELS)
            stretch_hours = f"{hours[name]:.2f}" if stretches else "-"
            print(f"| {name} | {stretch_hours} | {found[name]} | {cells} |")
        print()
        labelled.sort(reverse=True)
        print(f"The {arguments.top} strongest, and the keywords missed at each one's confidence:")
        for confidence, start, source in labelled[: arguments.top]:
            missed = sum(1 for k in keywords if k <= confidence) / max(1, len(keywords))
            print(f"  {confidence:.3f} at {start:9.2f} s  missed {100 * missed:5.1f}%  {source}")
        print()


if __name__ == "__main__":
    main()
