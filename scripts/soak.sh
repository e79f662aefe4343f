#!/usr/bin/env bash
# Soak test: streams hours of audio (synthesized commands, commands in kitchen noise, real
# unrelated speech, chit-chat, noise bursts, silence) through `incant listen --stdin --json`
# faster than real time and reports commands recognized vs expected, false accepts, and the
# resident memory of incant at start (after warm-up), middle and end.
#
#   scripts/soak.sh                       # 8 hours of audio, report in .build-soak/reports/<date>/
#   scripts/soak.sh --hours 0.5 --out /tmp/soak
#   scripts/soak.sh --minutes 10 --incant .build/debug/incant
#
# Options: --hours H | --minutes M (default 8 hours), --out DIR, --incant PATH (default: a
# release build in .build-soak, brought up to date first), --cache DIR (rendered pieces, reused across
# runs; default .build-soak/pieces), --render-only (fill the cache and stop), --seed N,
# --warmup-minutes M, --max-rss-growth-mb MB; `scripts/soak/soak.py --help` lists the rest.
# Writes DIR/report.md, DIR/report.json, DIR/utterances.jsonl and DIR/incant-stderr.log.
# Exit status 0 passed, 1 a check failed (crash, hang, RSS growth over the limit, nothing
# aligned), 2 bad usage or missing tools/files.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
incant=""
out=""
passthrough=()
while (($#)); do
    case "$1" in
        --incant)
            [[ $# -ge 2 ]] || { echo "soak.sh: --incant needs a path" >&2; exit 2; }
            incant="$2"; shift 2 ;;
        --out)
            [[ $# -ge 2 ]] || { echo "soak.sh: --out needs a folder" >&2; exit 2; }
            out="$2"; shift 2 ;;
        -h | --help)
            sed -n '2,17p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
            exit 0 ;;
        *)
            passthrough+=("$1"); shift ;;
    esac
done

if ! command -v python3 >/dev/null; then
    echo "soak.sh: python3 is needed (apt-get install python3)" >&2
    exit 2
fi

if [[ -z "$incant" && " ${passthrough[*]-} " != *" --render-only "* ]]; then
    incant="$root/.build-soak/release/incant"
    # Always brought up to date (quick when nothing changed), so a soak never runs old code.
    echo "soak.sh: building a release incant in .build-soak …" >&2
    (cd "$root" && swift build -c release --product incant --scratch-path .build-soak >&2)
fi
if [[ -z "$out" ]]; then
    out="$root/.build-soak/reports/$(date -u +%Y%m%dT%H%M%SZ)"
fi

if [[ " ${passthrough[*]-} " != *" --cache "* ]]; then
    passthrough+=(--cache "$root/.build-soak/pieces")
fi

exec python3 "$root/scripts/soak/soak.py" --incant "$incant" --out "$out" "${passthrough[@]}"
