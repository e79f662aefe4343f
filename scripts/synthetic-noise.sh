#!/usr/bin/env bash
# Writes noises that are not the benchmark's kitchen noise, for adapting the acoustic model to
# noise in general (`incant-bench levers --adapt N --adapt-noise FILE`, see BENCHMARKS.md):
#
#   scripts/synthetic-noise.sh DIR
#
# DIR/pink.wav (40 s), DIR/brown.wav (30 s), DIR/white.wav (20 s), DIR/babble.wav (six
# espeak-ng voices reading the benchmark's sentences over each other, up to 40 s) and
# DIR/generic.wav (all four one after the other). 16 kHz mono 16-bit; the same files every
# run (sox's synth and dither use a fixed seed with -R, the babble a fixed sentence order).
# Needs sox and espeak-ng.
set -euo pipefail

out="${1:?usage: scripts/synthetic-noise.sh DIR}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mkdir -p "$out"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

sox -R -n -r 16000 -c 1 -b 16 "$out/pink.wav" synth 40 pinknoise vol 0.3
sox -R -n -r 16000 -c 1 -b 16 "$out/brown.wav" synth 30 brownnoise vol 0.3
sox -R -n -r 16000 -c 1 -b 16 "$out/white.wav" synth 20 whitenoise vol 0.2

# The benchmark's sentences, without comments or expected shortcuts.
sentences="$scratch/sentences.txt"
{
    grep -v '^#' "$root/Benchmarks/data/non-commands.txt"
    grep -v '^#' "$root/Benchmarks/data/home-sentences.tsv" | cut -f3
} | grep -v '^[[:space:]]*$' >"$sentences"
count="$(wc -l <"$sentences")"

voices=(en-us en-gb en-us+f3 en-us+m3 en-us+f2 en-gb+m2)
rates=(140 160 180 150 170 140)
streams=()
for index in "${!voices[@]}"; do
    # Each voice starts at a different sentence and reads 40 of them.
    start=$((index * 11 % count + 1))
    text="$(awk -v start="$start" \
        '{ line[NR] = $0 } END { for (i = 0; i < 40; i++) print line[(start - 1 + i) % NR + 1] }' \
        "$sentences" | paste -sd '.' -)"
    espeak-ng -v "${voices[$index]}" -s "${rates[$index]}" -w "$scratch/voice$index.wav" "$text"
    sox -R "$scratch/voice$index.wav" -r 16000 -c 1 -b 16 "$scratch/stream$index.wav" trim "$((index * 2))" 40
    streams+=("$scratch/stream$index.wav")
done
sox -R -m "${streams[@]}" -b 16 "$out/babble.wav" norm -3
sox -R "$out/pink.wav" "$out/brown.wav" "$out/white.wav" "$out/babble.wav" "$out/generic.wav"
echo "wrote $out/{pink,brown,white,babble,generic}.wav"
