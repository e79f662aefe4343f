#!/usr/bin/env bash
# How `incant recognize` hears real speakers on a quieter microphone: the shared wake-word
# recordings (50+ speakers on their own microphones, "smart mirror" and "alexa") made quieter
# by each gain, against the home phrases with the two wake phrases added, through each front
# end. Prints, per gain and front end, how many were understood, not heard at all, and run as
# another shortcut.
#
#   scripts/quiet-microphone.sh [--every N] [--gains 0,-20,-35] [--front-ends deepfilternet,identity]
#                               [--incant PATH]
#
# Needs sox, the shared speech data at ../shared beside the checkout and a built `incant`
# (`swift build -c release --product incant`).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
every=8
gains="0,-20,-35"
front_ends="deepfilternet,identity"
incant="$root/.build/release/incant"
while [ $# -gt 0 ]; do
    case "$1" in
    --every) every="$2"; shift 2 ;;
    --gains) gains="$2"; shift 2 ;;
    --front-ends) front_ends="$2"; shift 2 ;;
    --incant) incant="$2"; shift 2 ;;
    *) echo "scripts/quiet-microphone.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
speech="$root/../shared/speech/wakeword"
[ -d "$speech" ] || { echo "scripts/quiet-microphone.sh: no shared speech at $speech" >&2; exit 2; }
[ -x "$incant" ] || { echo "scripts/quiet-microphone.sh: no incant at $incant (build it first)" >&2; exit 2; }

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
{
    cat "$root/phrases/home/home.yaml"
    printf '\n  - id: wake-smart-mirror\n    title: Smart mirror\n    phrases:\n      - "smart mirror"\n'
    printf '    responses:\n      success: "Mirror."\n'
    printf '\n  - id: wake-alexa\n    title: Alexa\n    phrases:\n      - "alexa"\n'
    printf '    responses:\n      success: "Alexa."\n'
} >"$scratch/shortcuts.yaml"

echo "| recordings | gain | front end | understood | not heard | another shortcut |"
echo "|---|---:|---|---:|---:|---:|"
for phrase in smart-mirror alexa; do
    files=$(find "$speech/$phrase" -type f \( -name '*.wav' -o -name '*.flac' \) | sort | awk -v n="$every" 'NR % n == 0')
    count=$(echo "$files" | wc -l)
    for gain in ${gains//,/ }; do
        mkdir -p "$scratch/$phrase$gain"
        for file in $files; do
            name=$(basename "${file%.*}")
            sox "$file" -r 16000 -c 1 -b 16 "$scratch/$phrase$gain/$name.wav" gain "$gain" 2>/dev/null
        done
        for front_end in ${front_ends//,/ }; do
            out="$scratch/$phrase$gain-$front_end.json"
            "$incant" recognize --json --front-end "$front_end" --shortcuts "$scratch/shortcuts.yaml" \
                "$scratch/$phrase$gain"/*.wav >"$out" 2>/dev/null || true
            right=$(grep -c "\"shortcut\":\"wake-$phrase\"" "$out" || true)
            unheard=$(grep -c 'no speech was heard' "$out" || true)
            other=$(grep '"accepted":true' "$out" | grep -vc "\"shortcut\":\"wake-$phrase\"" || true)
            echo "| $phrase ($count) | $gain dB | $front_end | $right | $unheard | $other |"
        done
    done
done
