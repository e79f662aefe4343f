#!/usr/bin/env bash
# The coffee orders as Home Assistant's pipeline hears them through `incant serve`: each file
# streamed to the Wyoming ASR program, its transcript sent to the intent program
# (scripts/wyoming-client.py understand), scored against the labels (score-coffee.py). Clean,
# in kitchen noise at 12 and 6 dB (mix-noise.py, the benchmark's method) and with a DC offset of
# 3% of full scale; once as `serve` hears by default and once as the stream comes
# (--high-pass off --front-end identity), the same binary in the same run.
#
#   scripts/research/wyoming-hearing.sh [INCANT] [STRIDE]     # default .build/release/incant, 3
#
# Needs sox, python3 and the Wyoming client's venv (scripts/setup-wyoming.sh); writes into a
# temporary folder it removes.
set -euo pipefail
cd "$(dirname "$0")/../.."
incant="${1:-.build/release/incant}"
stride="${2:-3}"
speech="${INCANT_SHARED:-../shared}/speech"
python=vendor/venv/bin/python
work=$(mktemp -d)
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT
export HOME="$work/home" XDG_CONFIG_HOME="$work/home/.config" XDG_DATA_HOME="$work/home/.local/share"
mkdir -p "$HOME" "$work/shortcuts" "$work/clean" "$work/offset"
"$incant" shortcuts import-rhino "$speech/coffee/context.yaml" -o "$work/shortcuts/coffee.yaml" >/dev/null
n=0
for path in "$speech"/coffee/clean/*.wav; do
    n=$((n + 1))
    (( (n - 1) % stride == 0 )) || continue
    cp "$path" "$work/clean/"
    sox "$path" "$work/offset/$(basename "$path")" dcshift 0.0316
done
for snr in 12 6; do
    python3 scripts/research/mix-noise.py "$speech/noise-kitchen.wav" "$snr" "$work/noise${snr}dB" "$work"/clean/*.wav
done
for hearing in default as-it-comes; do
    options=()
    [ "$hearing" = as-it-comes ] && options=(--high-pass off --front-end identity)
    "$incant" serve --uri tcp://127.0.0.1:0 --shortcuts "$work/shortcuts" --decoders 1 --no-history \
        ${options[@]+"${options[@]}"} 2>"$work/serve.log" &
    server=$!
    uri=""
    for _ in $(seq 600); do
        uri=$(grep -o 'tcp://127\.0\.0\.1:[0-9]*' "$work/serve.log" | head -1 || true)
        [ -n "$uri" ] && break
        sleep 0.2
    done
    [ -n "$uri" ] || { cat "$work/serve.log"; exit 1; }
    for condition in clean noise12dB noise6dB offset; do
        "$python" scripts/wyoming-client.py --uri "$uri" understand "$work/$condition"/*.wav >"$work/$condition-$hearing.jsonl"
        echo "$condition, serve $hearing:"
        python3 scripts/research/score-coffee.py "$work/$condition-$hearing.jsonl" "$speech/coffee/labels.json"
    done
    kill "$server"
    wait "$server" 2>/dev/null || true
    server=""
done
