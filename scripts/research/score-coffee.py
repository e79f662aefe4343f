#!/usr/bin/env python3
"""Scores `incant recognize --json` output on coffee orders against their labels.

    python3 scripts/research/score-coffee.py FILE.jsonl [LABELS]   (LABELS: ../shared/speech/coffee/labels.json)

A clip is understood when it was accepted and every labelled slot value matches (spaces
trimmed); accepted otherwise, it is wrong.
"""
import json
import os
import sys


DEFAULT_LABELS = os.path.join(os.path.dirname(__file__), "../../../shared/speech/coffee/labels.json")


def understood(result, label):
    """Whether `result` (one line of `recognize --json`) has every slot value of `label`."""
    heard = {key: str(value).strip() for key, value in (result.get("parameters") or {}).items()}
    return all(heard.get(key) == str(value).strip() for key, value in label["slots"].items())


def main():
    labels = json.load(open(sys.argv[2] if len(sys.argv) > 2 else DEFAULT_LABELS))
    clips = right = wrong = 0
    for line in open(sys.argv[1]):
        if not line.startswith("{"):
            continue
        result = json.loads(line)
        label = labels[os.path.basename(result["file"])]
        clips += 1
        if result.get("accepted"):
            if understood(result, label):
                right += 1
            else:
                wrong += 1
    print(f"{sys.argv[1]}: {clips} clips, understood {100 * right / clips:.1f}%, wrong {100 * wrong / clips:.1f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
