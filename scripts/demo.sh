#!/usr/bin/env bash
# The main job on the shipped phrases, without a microphone: typed queries through
# `incant simulate`, each matched and run through confirm → handle by the example handlers.
set -euo pipefail
cd "$(dirname "$0")/.."

incant=.build/release/incant
shortcuts=phrases/demo
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export XDG_DATA_HOME="$scratch/data" TIMER_DRY_RUN=1 PIZZERIA_LOG="$scratch/orders.log"

say() { printf '\n$ %s\n' "$*"; "$@" || true; }

say "$incant" shortcuts list --shortcuts "$shortcuts"
say "$incant" simulate "order three four cheese pizzas" --shortcuts "$shortcuts"
PIZZERIA_CLOSED=1 say "$incant" simulate "order a margherita pizza" --shortcuts "$shortcuts"
say "$incant" simulate "set a timer for twenty five minutes" --shortcuts "$shortcuts"
say "$incant" phrases add order-pizza "order my usual" --set kind=pepperoni --set count=2 --shortcuts "$shortcuts"
say "$incant" simulate "Order my usual, please" --shortcuts "$shortcuts" --json
say "$incant" simulate "what is the capital of France" --shortcuts "$shortcuts"
say "$incant" history
