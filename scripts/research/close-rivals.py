#!/usr/bin/env python3
"""Replays contrast margins on an `incant-bench actions --dump` file, with a wider margin for
rivals whose pronunciation is only a few phones away from the heard words.

    python3 scripts/research/close-rivals.py DUMP [DICTIONARY]

DICTIONARY defaults to pocketsphinx's cmudict-en-us.dict. For each condition of the dump, and
each rule (a margin for every rival, or a margin for rivals at most N phones apart, 0 for the
rest), prints right commands run / asked and wrong commands run / asked, over the clips the
phrase search accepted. A clip is asked about when any rival meaning another action has a
margin below the rule's limit. The phone distance is the edit distance between the first
pronunciations of the heard words and of the rival's.
"""
import re
import sys
from collections import Counter

RIVAL = re.compile(r"\s*(.+?)>(.+?):(-?(?:inf|[0-9.]+(?:e[+-]?\d+)?)):(\d*)(?=\s|$)")


def load_dictionary(path):
    words = {}
    for line in open(path):
        parts = line.split()
        if parts and "(" not in parts[0]:
            words[parts[0]] = parts[1:]
    return words


def pronunciation(words, dictionary):
    phones = []
    for word in words.split():
        if word not in dictionary:
            return None
        phones += dictionary[word]
    return phones


def distance(a, b):
    row = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        previous, row[0] = row[0], i
        for j in range(1, len(b) + 1):
            current = row[j]
            row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] != b[j - 1]))
            previous = current
    return row[len(b)]


def main():
    default = "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict"
    dictionary = load_dictionary(sys.argv[2] if len(sys.argv) > 2 else default)
    clips = []
    for line in open(sys.argv[1]):
        fields = line.rstrip("\n").split("\t")
        if len(fields) < 8:
            continue
        condition, outcome, rivals = fields[1], fields[6], fields[7]
        found = []
        for match in RIVAL.finditer(rivals):
            heard, rival, margin, _ = match.groups()
            a, b = pronunciation(heard, dictionary), pronunciation(rival, dictionary)
            found.append((float(margin), distance(a, b) if a and b else None))
        clips.append((condition, outcome, found))
    rules = [("every rival", None, m) for m in (0, 100, 200, 300)]
    rules += [(f"rivals ≤ {n} phones apart", n, m) for n in (1, 2, 3) for m in (100, 200, 300)]
    conditions = sorted({c for c, _, _ in clips}, key=[c for c, _, _ in clips].index)
    print("| rule | margin | " + " | ".join(f"{c}: right run / asked, wrong run / asked" for c in conditions) + " |")
    print("|---|---:|" + "---:|" * len(conditions))
    for name, phones, margin in rules:
        tally = Counter()
        for condition, outcome, found in clips:
            asked = any(
                m < (margin if phones is None or (d is not None and d <= phones) else 0) for m, d in found)
            tally[(condition, outcome, asked)] += 1
        cells = [
            f"{tally[(c, 'right', False)]} / {tally[(c, 'right', True)]}, "
            f"{tally[(c, 'wrong', False)]} / {tally[(c, 'wrong', True)]}"
            for c in conditions
        ]
        print(f"| {name} | {margin} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
