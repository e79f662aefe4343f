#!/usr/bin/env bash
# Runs the test suite one test target at a time, each in a process of its own, after one build.
#
# In one process every suite shares Swift's concurrency pool (as many threads as cores): the
# recognition tests' decodes hold those threads for seconds at a time, and on a 2-core machine
# the timers of the command-line tests (waiting for a subprocess, a socket, a broker) then fire
# minutes late. A process per target keeps each target's waits to its own tests. Every target
# runs even when one fails; the exit status is 1 when any did.
#
#   scripts/test-each.sh [swift test arguments]      (SWIFT=path/to/swift for another toolchain)
set -uo pipefail
cd "$(dirname "$0")/.."
swift="${SWIFT:-swift}"

"$swift" build --build-tests || exit 1
failed=()
for folder in Tests/*/; do
    target=$(basename "$folder")
    [[ "$target" == IncantTestSupport ]] && continue
    echo "== $target"
    "$swift" test --skip-build --filter "^$target\\." "$@" || failed+=("$target")
done
if ((${#failed[@]})); then
    echo "test-each: failed: ${failed[*]}" >&2
    exit 1
fi
