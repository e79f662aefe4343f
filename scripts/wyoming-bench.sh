#!/usr/bin/env bash
# Concurrent real-time streams through `incant serve` (release build), driven by the `wyoming`
# package's AsyncTcpClient (scripts/wyoming-client.py bench). Each stream is one connection that
# sends an espeak-ng phrase at 22,050 Hz (converted by the server) in 20 ms chunks no faster than
# real time, then audio-stop, and times audio-stop → transcript; streams start staggered and
# send ROUNDS phrases each. Runs the server with one decoder (every stream waits for one
# recognizer: the plain baseline) and with the default pool (one per core), for each stream
# count, and prints one JSON line per run.
#
#   scripts/wyoming-bench.sh [STREAMS...]      (default: 1 5 10 15 20; ROUNDS=4 by default)
set -euo pipefail
cd "$(dirname "$0")/.."

streams=("$@")
[[ ${#streams[@]} -gt 0 ]] || streams=(1 5 10 15 20)
rounds="${ROUNDS:-4}"
incant=.build/release/incant
python=vendor/venv/bin/python
[[ -x "$incant" ]] || { echo "wyoming-bench: build first: swift build -c release --product incant" >&2; exit 1; }
[[ -x "$python" ]] || { echo "wyoming-bench: run scripts/setup.sh first (no $python)" >&2; exit 1; }

work=$(mktemp -d)
server=""
cleanup() {
    [[ -n "$server" ]] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

phrases=("turn on the kitchen lights" "order two pepperoni pizzas" "set a timer for ten minutes"
    "switch the bedroom lights off" "open my downloads folder" "good night")
files=()
for index in "${!phrases[@]}"; do
    espeak-ng -w "$work/$index.wav" "${phrases[$index]}"
    files+=("$work/$index.wav")
done

for decoders in 1 "$(nproc)"; do
    "$incant" serve --uri tcp://127.0.0.1:0 --shortcuts phrases/demo --decoders "$decoders" --no-history --dry-run \
        2>"$work/serve.err" &
    server=$!
    uri=""
    for _ in $(seq 600); do
        uri=$(grep -o 'tcp://127\.0\.0\.1:[0-9]*' "$work/serve.err" || true)
        [[ -n "$uri" ]] && break
        sleep 0.1
    done
    [[ -n "$uri" ]] || { cat "$work/serve.err" >&2; exit 1; }
    for count in "${streams[@]}"; do
        result=$("$python" scripts/wyoming-client.py --uri "$uri" --streams "$count" --rounds "$rounds" bench "${files[@]}")
        echo "{\"decoders\": $decoders, \"result\": $result}"
    done
    kill "$server"
    wait "$server" || true
    server=""
done
