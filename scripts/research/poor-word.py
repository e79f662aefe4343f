#!/usr/bin/env python3
"""Replays the poor-word floor on `incant-bench levers --dump` files.

usage: scripts/research/poor-word.py DUMP... [--floors MARGIN,FLOOR;...] [--quiet-above dB]
(default: the shipped floor, -60,6, above 25 dB)

For each floor (words in quiet whose worst word lies below MARGIN per frame must beat the
common words by FLOOR per frame), prints per condition how many accepted right transcripts it
would reject and how many bad accepts (wrong transcripts, and any accept of a negative) it
would stop. The floor only ever rejects, so a dump of a run without it (`--poor-word off`)
is enough to replay it.
"""
import csv
import sys
from collections import defaultdict


def number(text):
    try:
        return float(text)
    except (TypeError, ValueError):
        return None


def main(arguments):
    dumps, floors, quiet_above = [], [(-60.0, 6.0)], 25.0
    index = 0
    while index < len(arguments):
        argument = arguments[index]
        if argument == "--floors":
            floors = [tuple(float(x) for x in pair.split(",")) for pair in arguments[index + 1].split(";")]
            index += 2
        elif argument == "--quiet-above":
            quiet_above = float(arguments[index + 1])
            index += 2
        else:
            dumps.append(argument)
            index += 1
    if not dumps:
        sys.exit(__doc__)
    rows = []
    for dump in dumps:
        with open(dump, newline="") as file:
            rows += [row for row in csv.DictReader(file, delimiter="\t") if row["condition"] != "condition"]
    conditions = list(dict.fromkeys(row["condition"] for row in rows))
    for margin, floor in floors:
        lost, stopped, right, bad = defaultdict(int), defaultdict(int), defaultdict(int), defaultdict(int)
        for row in rows:
            if row["accepted"] != "1":
                continue
            good = row["positive"] == "1" and row["matchCorrect"] == "1"
            condition = row["condition"]
            (right if good else bad)[condition] += 1
            worst, above, loop = number(row["worst"]), number(row["above"]), number(row["wordLoopMargin"])
            if worst is None or above is None or loop is None:
                continue
            if above >= quiet_above and worst < margin and loop < floor:
                (lost if good else stopped)[condition] += 1
        print(f"## worst word below {margin:g}, word-loop floor {floor:g} (in quiet: {quiet_above:g} dB)")
        print("| condition | right accepts lost | bad accepts stopped |")
        print("|---|---:|---:|")
        for condition in (c for c in conditions if c in right or c in bad):
            print(f"| {condition} | {lost[condition]} of {right[condition]} | {stopped[condition]} of {bad[condition]} |")
        print(f"| all | {sum(lost.values())} of {sum(right.values())} | {sum(stopped.values())} of {sum(bad.values())} |")
        print()


if __name__ == "__main__":
    main(sys.argv[1:])
