#!/usr/bin/env python3
"""Scores `incant recognize --json` output on coffee orders against their labels.

    python3 scripts/research/score-coffee.py FILE.jsonl [LABELS]   (LABELS: ../shared/speech/coffee/labels.json)

A clip is understood when it was accepted and every labelled slot value matches (spaces
trimmed); accepted otherwise, it is wrong.
"""
import json
import os
import sys


def main():
    default = os.path.join(os.path.dirname(__file__), "../../../shared/speech/coffee/labels.json")
    labels = json.load(open(sys.argv[2] if len(sys.argv) > 2 else default))
    clips = understood = wrong = 0
    for line in open(sys.argv[1]):
        if not line.startswith("{"):
            continue
        result = json.loads(line)
        label = labels[os.path.basename(result["file"])]
        clips += 1
        if result.get("accepted"):
            heard = {key: str(value).strip() for key, value in (result.get("parameters") or {}).items()}
            if all(heard.get(key) == str(value).strip() for key, value in label["slots"].items()):
                understood += 1
            else:
                wrong += 1
    print(f"{sys.argv[1]}: {clips} clips, understood {100 * understood / clips:.1f}%, wrong {100 * wrong / clips:.1f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
