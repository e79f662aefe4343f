#!/usr/bin/env bash
# Coverage-guided fuzzing of Incant's parsers with libFuzzer (AddressSanitizer on).
#
#   scripts/fuzz.sh [target...] [--runs N] [--no-build]
#
# Targets (all when none is given): FuzzDefinitions FuzzTemplates FuzzMatcher FuzzHandlerReply
# FuzzWAV FuzzWyoming. Each runs N inputs (default 1,000,000) starting from a copy of Fuzz/Corpus/<target>
# (the repository's corpus is never written), with Fuzz/Dictionaries/<dict>.dict, a 10 s
# per-input timeout and a 2 GB memory limit. Crashing, hanging or leaking inputs are kept in
# Fuzz/.build/findings/<target>/; the script exits non-zero when any target found one.
# Environment: FUZZ_ARGS (extra libFuzzer flags, e.g. -max_total_time=600), SWIFT (default
# swift). See Fuzz/README.md.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
fuzz="$root/Fuzz"
scratch="$fuzz/.build"
swift="${SWIFT:-swift}"
all=(FuzzDefinitions FuzzTemplates FuzzMatcher FuzzHandlerReply FuzzWAV FuzzWyoming)

runs=1000000
build=1
targets=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --runs) runs="${2:?--runs needs a number}"; shift 2 ;;
        --runs=*) runs="${1#--runs=}"; shift ;;
        --no-build) build=0; shift ;;
        -h | --help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        Fuzz*) targets+=("$1"); shift ;;
        *) echo "fuzz.sh: unknown argument '$1' (targets: ${all[*]})" >&2; exit 2 ;;
    esac
done
[[ "$runs" =~ ^[0-9]+$ ]] || { echo "fuzz.sh: --runs must be a whole number, not '$runs'" >&2; exit 2; }
[[ ${#targets[@]} -gt 0 ]] || targets=("${all[@]}")
for target in "${targets[@]}"; do
    [[ " ${all[*]} " == *" $target "* ]] || { echo "fuzz.sh: unknown target '$target' (targets: ${all[*]})" >&2; exit 2; }
done

# Dictionary and longest input per target.
settings() {
    case "$1" in
        FuzzDefinitions) echo "yaml 8192" ;;
        FuzzTemplates) echo "template 4096" ;;
        FuzzMatcher) echo "template 512" ;;
        FuzzHandlerReply) echo "json 4096" ;;
        FuzzWAV) echo "wav 1024" ;;
        FuzzWyoming) echo "wyoming 4096" ;;
    esac
}

if [[ $build == 1 ]]; then
    echo "== building the fuzz targets (release, -sanitize=fuzzer,address) in $scratch"
    # A file added to the main package is only picked up once the manifest is re-read.
    touch "$fuzz/Package.swift"
    (cd "$fuzz" && "$swift" build -c release --scratch-path "$scratch" \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -use-ld=lld \
        -Xswiftc -enable-testing -Xcc -fsanitize=fuzzer-no-link,address)
fi
bin="$scratch/release"

work="$(mktemp -d "${TMPDIR:-/tmp}/incant-fuzz.XXXXXX")"
trap 'rm -rf "$work"' EXIT
export SWIFT_BACKTRACE=enable=no
# Leak checking is off: Swift keeps enum case tags in the spare bits of payload pointers
# (TemplateNode's boxes, for one), so LeakSanitizer cannot see those references and reports
# reachable memory as leaked. AddressSanitizer's memory-error checks stay on.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1:symbolize=1}"

failed=0
summary=()
for target in "${targets[@]}"; do
    read -r dict maxlen <<<"$(settings "$target")"
    corpus="$work/$target"
    findings="$scratch/findings/$target"
    mkdir -p "$corpus" "$findings"
    before=$(find "$findings" -maxdepth 1 -type f | wc -l)
    cp "$fuzz/Corpus/$target/"* "$corpus/"
    log="$scratch/findings/$target.log"
    echo "== $target: $runs runs (log: $log)"
    start=$(date +%s)
    status=0
    # shellcheck disable=SC2086
    "$bin/$target" "$corpus" -runs="$runs" -timeout=10 -rss_limit_mb=2048 -max_len="$maxlen" \
        -dict="$fuzz/Dictionaries/$dict.dict" -artifact_prefix="$findings/" -print_final_stats=1 -detect_leaks=0 \
        ${FUZZ_ARGS:-} >"$log" 2>&1 || status=$?
    seconds=$(($(date +%s) - start))
    done_runs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | awk '$2 > m {m = $2} END {print m + 0}')
    last=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
    cov=$(sed -n 's/.* cov: \([0-9]*\) ft: \([0-9]*\).*/cov \1, ft \2/p' <<<"$last")
    speed=$(sed -n 's/.*exec\/s: \([0-9]*\).*/\1/p' <<<"$last")
    crashes=$(($(find "$findings" -maxdepth 1 -type f | wc -l) - before))
    if [[ $status != 0 || $crashes != 0 ]]; then
        failed=1
        grep -E 'ERROR: |SUMMARY: |Fatal error|Test unit written' "$log" | head -5 || true
    fi
    line="$target: ${done_runs} runs in ${seconds}s (${speed:-?} exec/s, ${cov:-no coverage line}), crashes: $crashes/$done_runs"
    echo "$line"
    summary+=("$line")
done
echo "== summary"
printf '%s\n' "${summary[@]}"
exit $failed
