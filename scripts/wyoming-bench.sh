#!/usr/bin/env bash
# Concurrent real-time streams through `incant serve` (release build), driven by the `wyoming`
# package's AsyncTcpClient (scripts/wyoming-client.py bench), and the time from sending
# `audio-stop` to receiving the `transcript`.
#
# Each stream is one connection that sends ROUNDS utterances, each in 20 ms chunks no faster than
# real time, then audio-stop; streams start staggered. The utterances are real coffee orders
# from ../shared/speech/coffee/clean (every STRIDE-th, as recorded, with the room sound around
# them) and espeak-ng phrases of the demo shortcuts at 22,050 Hz (converted by the server),
# followed by 0.7 s of silence as a satellite sends until its voice detector closes. The server
# knows the demo shortcuts and the coffee phrases. For every stream count it runs the server
# as shipped (speech decoded as soon as it settles) and the baseline in the same run: the same
# server with --decode-at-stop (decoded only at audio-stop). Both use one decoder per core.
# Prints one JSON line per run (with the server's resident memory after its streams and its peak),
# then a table.
#
#   scripts/wyoming-bench.sh [STREAMS...]   (default: 1 2 4 8 10 12 16; ROUNDS=2, STRIDE=40;
#   INCANT=path/to/incant for another build than .build/release/incant)
set -euo pipefail
cd "$(dirname "$0")/.."

streams=("$@")
[[ ${#streams[@]} -gt 0 ]] || streams=(1 2 4 8 10 12 16)
rounds="${ROUNDS:-2}"
stride="${STRIDE:-40}"
incant="${INCANT:-.build/release/incant}"
python=vendor/venv/bin/python
coffee=../shared/speech/coffee
[[ -x "$incant" ]] || { echo "wyoming-bench: build first: swift build -c release --product incant" >&2; exit 1; }
[[ -x "$python" ]] || { echo "wyoming-bench: run scripts/setup.sh first (no $python)" >&2; exit 1; }
[[ -d "$coffee/clean" ]] || { echo "wyoming-bench: no recordings in $coffee/clean" >&2; exit 1; }

work=$(mktemp -d)
server=""
cleanup() {
    if [[ -n "$server" ]]; then
        kill "$server" 2>/dev/null || true
        wait "$server" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

mkdir -p "$work/shortcuts"
cp phrases/demo/*.yaml "$work/shortcuts/"
"$incant" shortcuts import-rhino "$coffee/context.yaml" -o "$work/shortcuts/coffee.yaml"

files=()
mapfile -t recordings < <(find "$coffee/clean" -name '*.wav' | sort | awk -v s="$stride" 'NR % s == 1')
files+=("${recordings[@]}")
phrases=("turn on the kitchen lights" "order two pepperoni pizzas" "set a timer for ten minutes"
    "switch the bedroom lights off" "open my downloads folder" "good night")
for index in "${!phrases[@]}"; do
    espeak-ng -w "$work/raw-$index.wav" "${phrases[$index]}"
    sox "$work/raw-$index.wav" "$work/$index.wav" pad 0 0.7
    files+=("$work/$index.wav")
done
echo "wyoming-bench: ${#recordings[@]} recordings, ${#phrases[@]} synthesized phrases, $rounds rounds, $(nproc) cores;" \
    "load: $(uptime | sed 's/.*load average: //')" >&2

results="$work/results.jsonl"
for count in "${streams[@]}"; do
    for mode in streaming at-stop; do
        extra=()
        [[ $mode == at-stop ]] && extra=(--decode-at-stop)
        "$incant" serve --uri tcp://127.0.0.1:0 --shortcuts "$work/shortcuts" --no-history --dry-run "${extra[@]}" \
            2>"$work/serve.err" &
        server=$!
        uri=""
        for _ in $(seq 600); do
            uri=$(grep -o 'tcp://127\.0\.0\.1:[0-9]*' "$work/serve.err" || true)
            [[ -n "$uri" ]] && break
            sleep 0.1
        done
        [[ -n "$uri" ]] || { cat "$work/serve.err" >&2; exit 1; }
        load=$(cut -d' ' -f1 /proc/loadavg)
        result=$("$python" scripts/wyoming-client.py --uri "$uri" --streams "$count" --rounds "$rounds" bench "${files[@]}")
        # The server's resident memory once its streams are done, and its peak.
        rss=$(awk '/^VmRSS:/ {print $2}' "/proc/$server/status")
        peak=$(awk '/^VmHWM:/ {print $2}' "/proc/$server/status")
        line="{\"mode\": \"$mode\", \"load\": $load, \"rssKB\": $rss, \"peakKB\": $peak, \"result\": $result}"
        echo "$line"
        echo "$line" >>"$results"
        kill "$server"
        wait "$server" || true
        server=""
    done
done

"$python" - "$results" <<'EOF'
import json, sys
runs = [json.loads(line) for line in open(sys.argv[1])]
by = {}
for run in runs:
    by.setdefault(run["result"]["streams"], {})[run["mode"]] = run
print()
print("| streams | utterances | load (1 min) | streaming: p50 / p95 | at audio-stop: p50 / p95 | same transcripts | server RSS after / peak (MB; streaming, at-stop) |")
print("|---:|---:|---:|---:|---:|---:|---:|")
for streams in sorted(by):
    s, b = by[streams].get("streaming"), by[streams].get("at-stop")
    def cell(run):
        return f"{run['result']['p50_ms']:,} / {run['result']['p95_ms']:,} ms" if run else "–"
    same = "–"
    if s and b:
        files = set(s["result"]["transcripts"]) | set(b["result"]["transcripts"])
        agree = sum(s["result"]["transcripts"].get(f) == b["result"]["transcripts"].get(f) for f in files)
        same = f"{agree} / {len(files)} files"
    loads = "/".join(f"{run['load']:.1f}" for run in (s, b) if run)
    memory = "; ".join(f"{run['rssKB'] / 1024:.1f} / {run['peakKB'] / 1024:.1f}" for run in (s, b) if run)
    print(f"| {streams} | {(s or b)['result']['utterances']} | {loads} | {cell(s)} | {cell(b)} | {same} | {memory} |")
EOF
