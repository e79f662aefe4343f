#!/usr/bin/env bash
# The main job on the shipped phrases, without a microphone: espeak-ng says a few commands
# into WAV files, `incant listen` hears each one, recognizes it against every shipped phrase,
# and runs the bound shortcut through confirm → handle with the example handlers.
set -euo pipefail
cd "$(dirname "$0")/.."

incant=${INCANT:-.build-release/release/incant}   # what `make release` builds
shortcuts=phrases/demo
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# Keep the demo's history and phrases out of the user's own; log what the handlers do.
export XDG_DATA_HOME="$scratch/data" TIMER_DRY_RUN=1 PIZZERIA_LOG="$scratch/orders.log" LIGHTS_LOG="$scratch/lights.log"

say() { printf '\n$ %s\n' "$*"; "$@" || true; }

# A spoken command: espeak-ng, converted to 16 kHz mono with silence around it.
speak() {
    espeak-ng -v en-us -s 150 -w "$scratch/raw.wav" "$2"
    sox "$scratch/raw.wav" -r 16000 -c 1 -b 16 "$scratch/$1.wav" pad 0.5 0.8
}

speak pizza "order three four cheese pizzas"
speak timer "set a timer for twenty five minutes"
speak lights "turn on the kitchen lights"
speak unrelated "what a lovely day it is"

say "$incant" shortcuts list --shortcuts "$shortcuts"
say "$incant" listen --file "$scratch/pizza.wav" --once --shortcuts "$shortcuts"
say "$incant" listen --file "$scratch/timer.wav" --once --shortcuts "$shortcuts"
say "$incant" listen --file "$scratch/lights.wav" --once --shortcuts "$shortcuts" --json
say "$incant" listen --file "$scratch/unrelated.wav" --once --shortcuts "$shortcuts"
PIZZERIA_CLOSED=1 say "$incant" simulate "order a margherita pizza" --shortcuts "$shortcuts"
say "$incant" phrases add order-pizza "order my usual" --set kind=pepperoni --set count=2 --shortcuts "$shortcuts"
say "$incant" simulate "Order my usual, please" --shortcuts "$shortcuts"
say "$incant" history
printf '\nWhat the example handlers did:\n'
cat "$scratch/orders.log" "$scratch/lights.log" 2>/dev/null || true
