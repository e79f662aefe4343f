#!/usr/bin/env python3
"""Compares wake-word confidence formulas on `incant-bench wake --dump` files, leaving one phrase out.

    python3 scripts/wake-calibrate.py --hours 1.0 alexa.tsv smart-mirror.tsv hey-computer.tsv

Each dump holds, per phrase, the best candidate over every keyword recording ("keyword" rows;
confidence 0 and empty fields when none was found) and every candidate in the background
("background" rows), with the three measurements the detector decides on (the keyphrase
search's score and the frames it spans, the margin per frame against the free phone loop, the
phone agreement), the isolation (dB the phrase stands above the audio just before or after it)
and the phrase's frames and phones.

Each formula is a weighted sum of features (its logistic is the confidence). Its weights are fitted
by logistic regression on the training phrases pooled (one setting for all phrases), then its
intercept is moved so that 0.5 lies `--guard` units of evidence above the highest background
candidate of the training phrases (at most one false alarm per 10 hours needs none in less
than 10 hours). Tested on each phrase: the miss rate at 0.5 and false alarms per hour there, and
the miss rate at the phrase's own threshold that leaves at most one false alarm per 10 hours
(how well the formula separates, whatever the threshold).
"""

import argparse
import csv
import math
import sys

import numpy as np


def load(path):
    """phrase -> {"keyword": [row or None], "background": [row]} with numeric fields."""
    phrases = {}
    with open(path) as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            entry = phrases.setdefault(row["phrase"], {"keyword": [], "background": []})
            if row["margin"] == "":
                entry[row["kind"]].append(None)
                continue
            entry[row["kind"]].append(
                {key: float(value) if value != "" else math.nan for key, value in row.items() if key not in ("phrase", "kind")}
            )
    return phrases


# Features of one candidate; each formula is a list of them.
FEATURES = {
    "spotting": lambda r: r["spotting"] / 1000,
    "spotting/frame": lambda r: r["spotting"] / max(1, r["spottingFrames"]) / 10,
    "spotting/phone": lambda r: r["spotting"] / max(1, r["phones"]) / 100,
    "spotting/checked frame": lambda r: r["spotting"] / max(1, r["frames"]) / 10,
    "margin": lambda r: r["margin"] / 10,
    "agreement": lambda r: r["agreement"],
    "log frames/phone": lambda r: math.log(max(1, r["frames"]) / max(1, r["phones"])),
    "log spotting frames/phone": lambda r: math.log(max(1, r["spottingFrames"]) / max(1, r["phones"])),
    "isolation": lambda r: r.get("isolation", 0) / 10,
    # The isolation counted up to a cap (dB): a pause is a pause however quiet.
    **{f"isolation to {cap}": (lambda r, cap=cap: min(r.get("isolation", 0), cap) / 10) for cap in (6, 10, 15)},
}

FORMULAS = {
    "margin, agreement": ["margin", "agreement"],
    "spotting total, margin, agreement (refitted)": ["spotting", "margin", "agreement"],
    "spotting/phone, margin, agreement": ["spotting/phone", "margin", "agreement"],
    "spotting/frame, margin, agreement": ["spotting/frame", "margin", "agreement"],
    "spotting/checked frame, margin, agreement": ["spotting/checked frame", "margin", "agreement"],
    "spotting/frame, margin, agreement, frames/phone": ["spotting/frame", "margin", "agreement", "log frames/phone"],
    "spotting/phone, margin, agreement, frames/phone": ["spotting/phone", "margin", "agreement", "log frames/phone"],
    "spotting/frame, spotting/phone, margin, agreement": ["spotting/frame", "spotting/phone", "margin", "agreement"],
    **{
        f"spotting total, margin, agreement, {name}": ["spotting", "margin", "agreement", name]
        for name in ("isolation", "isolation to 6", "isolation to 10", "isolation to 15")
    },
}


def current(r):
    """The shipped formula (its evidence; `WakeWordOptions`)."""
    # Dumps made before the isolation column count none.
    isolation = min(r.get("isolation", 0), 6)
    return r["spotting"] / 289.9 + r["margin"] / 21.37 + 1.257 * r["agreement"] + 0.5253 * isolation + 0.442


def before_isolation(r):
    """The formula shipped before the isolation counted."""
    return r["spotting"] / 247.2 + r["margin"] / 17.22 + 2.69 * r["agreement"] + 3.528


def matrix(rows, features):
    return np.array([[FEATURES[name](r) for name in features] for r in rows])


def fit(positives, negatives, features, l2=1.0):
    """Logistic regression with the classes weighted equally; returns (weights, bias)."""
    x = np.vstack([matrix(positives, features), matrix(negatives, features)])
    y = np.concatenate([np.ones(len(positives)), np.zeros(len(negatives))])
    weight = np.concatenate([np.full(len(positives), 0.5 / len(positives)), np.full(len(negatives), 0.5 / len(negatives))])
    x = np.hstack([x, np.ones((len(x), 1))])
    beta = np.zeros(x.shape[1])
    penalty = np.full(x.shape[1], l2 / len(y))
    penalty[-1] = 0
    for _ in range(100):
        p = 1 / (1 + np.exp(-(x @ beta)))
        gradient = x.T @ (weight * (p - y)) + penalty * beta
        hessian = (x.T * (weight * p * (1 - p))) @ x + np.diag(penalty)
        step = np.linalg.solve(hessian, gradient)
        beta -= step
        if np.abs(step).max() < 1e-9:
            break
    return beta[:-1], beta[-1]


def evaluate(keyword_scores, background_scores, hours, threshold):
    """Miss rate and false alarms per hour at `threshold` (evidence), and the miss rate at the
    lowest threshold with at most one false alarm per 10 hours (and that threshold)."""
    found = [s for s in keyword_scores if s is not None]
    missed = len(keyword_scores) - len([s for s in found if s >= threshold])
    alarms = len([s for s in background_scores if s >= threshold])
    allowed = int(hours / 10)
    ranked = sorted(background_scores, reverse=True)
    own = ranked[allowed] if len(ranked) > allowed else -math.inf
    own_missed = len(keyword_scores) - len([s for s in found if s > own])
    n = len(keyword_scores)
    return missed / n, alarms / hours, own_missed / n, own


def tail_miss(keyword_scores, background_scores, hours, count=30):
    """The miss rate at the threshold where the tail of the strongest `count` background
    candidates, extended (log rate against evidence, least squares, as `incant-bench wake`'s
    tail fit), reaches one false alarm per 10 hours; nan when the tail does not fall."""
    strongest = sorted(background_scores, reverse=True)[:count]
    if len(strongest) < 10:
        return math.nan
    xs = np.array(strongest)
    ys = np.log((np.arange(len(xs)) + 1) / hours)
    slope, intercept = np.polyfit(xs, ys, 1)
    if slope >= 0:
        return math.nan
    threshold = (math.log(0.1) - intercept) / slope
    found = [s for s in keyword_scores if s is not None and s >= threshold]
    return 1 - len(found) / len(keyword_scores)


def scores(rows, score):
    return [None if r is None else score(r) for r in rows]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("dumps", nargs="+")
    parser.add_argument("--hours", type=float, required=True, help="hours of background per phrase in the dumps")
    parser.add_argument("--train", default="alexa,smart mirror")
    parser.add_argument("--guard", type=float, default=0.5, help="evidence between the training background's top and 0.5")
    parser.add_argument("--l2", type=float, default=1.0)
    arguments = parser.parse_args()
    data = {}
    for path in arguments.dumps:
        data.update(load(path))
    train = [p for p in arguments.train.split(",") if p in data]
    print(f"phrases: " + ", ".join(f"{p} ({len(d['keyword'])} keywords, {len(d['background'])} background candidates)" for p, d in data.items()))
    print(f"background: {arguments.hours} h per phrase; ≤ 1 FA / 10 h is then no false alarm at all\n")

    def report(name, score_for, threshold_for):
        cells = []
        for phrase, d in data.items():
            score = score_for(phrase)
            keyword_scores, background_scores = scores(d["keyword"], score), [score(r) for r in d["background"]]
            miss, fa, own_miss, _ = evaluate(keyword_scores, background_scores, arguments.hours, threshold_for(phrase))
            tail = tail_miss(keyword_scores, background_scores, arguments.hours)
            cells.append(f"{phrase}: {100 * own_miss:5.1f}% | {100 * miss:5.1f}%, {fa:5.1f}/h | tail {100 * tail:5.1f}%")
        print(f"{name:58s} " + "   ".join(cells))

    print("per phrase: miss at its own ≤ 1 FA / 10 h threshold | miss, FA/h at the shipped threshold | miss where the tail fit puts 1 FA / 10 h")
    report("current (threshold 0.5)", lambda p: current, lambda p: 0.0)
    report("before isolation (threshold 0.5)", lambda p: before_isolation, lambda p: 0.0)
    splits = [(train, "pooled " + "+".join(train))] + [([p], "fit on " + p) for p in train]
    for training, label in splits:
        # The shipped formula with only its threshold moved by the same rule.
        top = max(current(r) for p in training for r in data[p]["background"])
        report(f"current, threshold moved [{label}]", lambda p: current, lambda p, t=top: t + arguments.guard)
    for features_name, features in FORMULAS.items():
        for training, label in splits:
            positives = [r for p in training for r in data[p]["keyword"] if r is not None]
            negatives = [r for p in training for r in data[p]["background"]]
            weights, bias = fit(positives, negatives, features, arguments.l2)
            top = max(float((matrix([r], features) @ weights)[0]) for r in negatives)
            bias = -(top + arguments.guard)
            score = lambda r, w=weights, b=bias: float((matrix([r], features) @ w)[0]) + b
            report(f"{features_name} [{label}]", lambda p, s=score: s, lambda p: 0.0)
            if label.startswith("pooled"):
                print("    weights " + ", ".join(f"{n} {w:.3f}" for n, w in zip(features, weights)) + f", bias {bias:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
