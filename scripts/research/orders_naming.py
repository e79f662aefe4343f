"""The coffee orders split by whether they name a phrase, for the wake-word research scripts.

An order names a phrase when one of its labelled slot values contains it (the labels are
`../shared/speech/coffee/labels.json`, or `$INCANT_COFFEE_LABELS`). `incant spot --json` writes
one row per order: {"file", "detections", "audioSeconds", ...}.
"""
import json
import os

LABELS = os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared", "speech", "coffee", "labels.json")


def labels():
    """The orders' labels, by recording name."""
    return json.load(open(os.environ.get("INCANT_COFFEE_LABELS", LABELS)))


def phrase_of(path, prefix="spot-", suffix=".jsonl"):
    """The phrase a result file is named after (`spot-drip-coffee.jsonl`: "drip coffee"), and that name."""
    name = os.path.basename(path)[len(prefix) : -len(suffix)]
    return name.replace("-", " "), name


def names(labelled, recording, phrase):
    """Whether the order `recording` (a name or a path) names `phrase`."""
    return any(phrase in str(value) for value in labelled[os.path.basename(recording)]["slots"].values())


def split(rows, labelled, phrase):
    """The rows of orders that name `phrase`, the rows of the others, and the others' seconds of audio."""
    said, others, seconds = [], [], 0.0
    for row in rows:
        if names(labelled, row["file"], phrase):
            said.append(row)
        else:
            others.append(row)
            seconds += row["audioSeconds"]
    return said, others, seconds
