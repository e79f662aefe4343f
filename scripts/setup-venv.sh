#!/usr/bin/env bash
# scripts/setup-venv.sh VENV REQUIREMENT...: makes VENV a virtual environment holding exactly
# these PyPI requirements, for the programs that only the tests and benchmarks run (the Wyoming
# peers, the benchmarks' neural voice). The venv is made from the system's /usr/bin/python3 when
# there is one (a python under a 0700 home would be unusable by other users). Safe to run
# again: a venv holding these exact versions is left alone.
set -euo pipefail
cd "$(dirname "$0")/.."

if (($# < 2)); then
    echo "usage: scripts/setup-venv.sh VENV REQUIREMENT..." >&2
    exit 2
fi
venv=$1
shift

python=/usr/bin/python3
[[ -x "$python" ]] || python=$(command -v python3 || true)
if [[ -z "$python" ]]; then
    echo "setup: need python3 to make $venv" >&2
    exit 1
fi

stamp="$venv/incant-installed.txt"
wanted="$python $*"
if [[ -x "$venv/bin/python" && -f "$stamp" && "$(cat "$stamp")" == "$wanted" ]]; then
    echo "setup: $* present in $venv"
    exit 0
fi
echo "setup: installing $* into $venv"
rm -rf "$venv"
"$python" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "$@"
printf '%s\n' "$wanted" >"$stamp"
echo "setup: $* installed in $venv"
