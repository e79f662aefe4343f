#!/usr/bin/env bash
# Plain pocketsphinx keyword spotting of one phrase over the coffee orders, at the thresholds
# 1e-5 … 1e-50 in one decoder (one dictionary entry per threshold), for
# scripts/research/wake-in-orders.py to score beside Incant (issue 26):
#
#   scripts/research/kws-in-orders.sh PHRASE OUT_DIR     # writes OUT_DIR/kws-PHRASE.tsv (spaces as -)
#
# Each line: the recording's name, a tab, the entries kwN spotted in it (one per detection).
# Every word of PHRASE must be in the CMU dictionary. Needs pocketsphinx_continuous.
set -euo pipefail
phrase="${1:?usage: kws-in-orders.sh PHRASE OUT_DIR}"
out="${2:?usage: kws-in-orders.sh PHRASE OUT_DIR}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
orders="$root/../shared/speech/coffee/clean"
dictionary=/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict
# The phones of each word, one after another (the keyphrase search models no pause between words).
phones=""
for word in $phrase; do
    found="$(awk -v w="$word" '$1 == w { $1 = ""; print substr($0, 2); exit }' "$dictionary")"
    [ -n "$found" ] || { echo "kws-in-orders.sh: $word is not in $dictionary" >&2; exit 1; }
    phones="$phones${phones:+ }$found"
done
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
for exponent in 5 10 15 20 25 30 35 40 45 50; do
    echo "kw$exponent $phones" >>"$scratch/dict"
    echo "kw$exponent /1e-$exponent/" >>"$scratch/list"
done
mkdir -p "$out"
name="${phrase// /-}"
: >"$out/kws-$name.tsv"
for file in "$orders"/*.wav; do
    spotted="$(pocketsphinx_continuous -infile "$file" -dict "$scratch/dict" -kws "$scratch/list" \
        -logfn /dev/null 2>/dev/null | tr '\n' ' ')"
    printf '%s\t%s\n' "$(basename "$file")" "$spotted" >>"$out/kws-$name.tsv"
done
