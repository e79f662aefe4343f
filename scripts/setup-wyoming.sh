#!/usr/bin/env bash
# Installs the Wyoming protocol's reference programs from PyPI into project-local virtual
# environments (gitignored); nothing of them is needed at run time, only by the tests:
# - vendor/venv: the `wyoming` package, whose AsyncTcpClient drives `incant serve`;
# - vendor/venv-satellite: `wyoming-satellite` (run as `python -m wyoming_satellite`: its script
#   names a missing entry point), the satellite `incant serve` connects
#   to. Its only release on the index pins wyoming==1.4.1, so it gets a venv of its own.
# The venvs are made from the system's /usr/bin/python3 when there is one (a python under a
# 0700 home would be unusable by other users). Safe to run again: a venv holding these exact
# versions is left alone.
set -euo pipefail
cd "$(dirname "$0")/.."

python=/usr/bin/python3
[[ -x "$python" ]] || python=$(command -v python3 || true)
if [[ -z "$python" ]]; then
    echo "setup: need python3 to make the Wyoming venvs" >&2
    exit 1
fi

# install VENV REQUIREMENT...: a venv in VENV holding exactly these requirements.
install() {
    local venv=$1
    shift
    local stamp="$venv/incant-installed.txt"
    local wanted="$python $*"
    if [[ -x "$venv/bin/python" && -f "$stamp" && "$(cat "$stamp")" == "$wanted" ]]; then
        echo "setup: $* present in $venv"
        return
    fi
    echo "setup: installing $* into $venv"
    rm -rf "$venv"
    "$python" -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "$@"
    printf '%s\n' "$wanted" >"$stamp"
    echo "setup: $* installed in $venv"
}

install vendor/venv wyoming==1.10.2
install vendor/venv-satellite wyoming-satellite==1.0.0 wyoming==1.4.1 zeroconf==0.88.0 pyring-buffer==1.0.0
