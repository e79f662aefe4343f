#!/usr/bin/env bash
# The coffee orders as `incant recognize` hears them (utterance detection included) clean, with
# mains hum and with a DC offset added, with the high-pass filter (default) and without
# (`--high-pass off`); prints understood and wrong per condition (scripts/research/score-coffee.py).
#
#   scripts/research/hum-and-offset.sh [INCANT] [STRIDE]     # default .build/release/incant, 3
#
# Hum: 50 Hz at -30 dBFS with its 2nd and 3rd harmonics 6 and 12 dB below. Offset: 3% of full
# scale (-30 dBFS). Needs sox and python3; writes into a temporary folder it removes.
set -euo pipefail
cd "$(dirname "$0")/../.."
incant="${1:-.build/release/incant}"
stride="${2:-3}"
speech="${INCANT_SHARED:-../shared}/speech/coffee"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$incant" shortcuts import-rhino "$speech/context.yaml" -o "$work/coffee.yaml" >/dev/null
mkdir "$work/shortcuts" && mv "$work/coffee.yaml" "$work/shortcuts/"
mkdir "$work/clean" "$work/hum" "$work/offset"
n=0
for path in "$speech"/clean/*.wav; do
    n=$((n + 1))
    (( (n - 1) % stride == 0 )) || continue
    name=$(basename "$path")
    seconds=$(soxi -D "$path")
    cp "$path" "$work/clean/$name"
    for tone in "50 0.0316" "100 0.0158" "150 0.0079"; do
        set -- $tone
        sox -n -r 16000 -c 1 -b 16 "$work/tone$1.wav" synth "$seconds" sine "$1" vol "$2"
    done
    sox -m -v 1 "$path" -v 1 "$work/tone50.wav" -v 1 "$work/tone100.wav" -v 1 "$work/tone150.wav" \
        "$work/hum/$name" 2>/dev/null
    sox "$path" "$work/offset/$name" dcshift 0.0316
done
for cutoff in 100 off; do
    for condition in clean hum offset; do
        HOME="$work/home" XDG_CONFIG_HOME="$work/home/.config" XDG_DATA_HOME="$work/home/.local/share" \
            "$incant" recognize --json --high-pass "$cutoff" --shortcuts "$work/shortcuts" "$work/$condition"/*.wav \
            >"$work/$condition-$cutoff.jsonl" 2>/dev/null || true
        echo "$condition, --high-pass $cutoff:"
        python3 scripts/research/score-coffee.py "$work/$condition-$cutoff.jsonl" "$speech/labels.json"
    done
done
