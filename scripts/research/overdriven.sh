#!/usr/bin/env bash
# The coffee orders as `incant recognize` hears them (utterance detection, the high-pass, the
# denoiser where the room is loud) from an overdriven microphone: amplified until the loudest
# sample would be 12, 18 or 24 dB past full scale and clipped to 16 bits (sox `gain -n`), alone and
# over the kitchen noise at 15 dB SNR (mixed before the gain, as a room is heard through the same
# microphone); prints understood and wrong per condition (scripts/research/score-coffee.py) and
# keeps each condition's `recognize --json` output in OUT for scripts/research/clipped-limit.py.
#
#   scripts/research/overdriven.sh INCANT STRIDE OUT [recognize options, e.g. --clipped-limit off]
#
# Needs sox and python3; makes the clips in a temporary folder it removes.
set -euo pipefail
cd "$(dirname "$0")/../.."
incant="$1"
stride="$2"
out="$3"
shift 3
mkdir -p "$out"
shared="${INCANT_SHARED:-../shared}/speech"
speech="$shared/coffee"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$incant" shortcuts import-rhino "$speech/context.yaml" -o "$work/coffee.yaml" >/dev/null
mkdir "$work/shortcuts" && mv "$work/coffee.yaml" "$work/shortcuts/"
conditions=(clean clipped12 clipped18 clipped24 noisy noisyClipped12)
for condition in "${conditions[@]}"; do mkdir "$work/$condition"; done
n=0
for path in "$speech"/clean/*.wav; do
    n=$((n + 1))
    (( (n - 1) % stride == 0 )) || continue
    name=$(basename "$path")
    cp "$path" "$work/clean/$name"
    sox -V1 "$path" "$work/clipped12/$name" gain -n 12
    sox -V1 "$path" "$work/clipped18/$name" gain -n 18
    sox -V1 "$path" "$work/clipped24/$name" gain -n 24
    # Kitchen noise 15 dB below the order's mean power, from a place that depends on the clip.
    seconds=$(soxi -D "$path")
    start=$(( (n * 7) % 100 ))
    sox "$shared/noise-kitchen.wav" -r 16000 -c 1 -b 16 "$work/noise.wav" trim "$start" "$seconds"
    speechPower=$(sox "$path" -n stats 2>&1 | awk '/RMS lev dB/ {print $4}')
    noisePower=$(sox "$work/noise.wav" -n stats 2>&1 | awk '/RMS lev dB/ {print $4}')
    gain=$(python3 -c "print($speechPower - 15 - $noisePower)")
    sox -m -v 1 "$path" -v "$(python3 -c "print(10 ** ($gain / 20))")" "$work/noise.wav" "$work/noisy/$name"
    sox -V1 "$work/noisy/$name" "$work/noisyClipped12/$name" gain -n 12
done
for condition in "${conditions[@]}"; do
    HOME="$work/home" XDG_CONFIG_HOME="$work/home/.config" XDG_DATA_HOME="$work/home/.local/share" \
        "$incant" recognize --json "$@" --shortcuts "$work/shortcuts" "$work/$condition"/*.wav \
        >"$out/$condition.jsonl" 2>/dev/null || true
    echo "$condition $*:"
    python3 scripts/research/score-coffee.py "$out/$condition.jsonl" "$speech/labels.json"
done
