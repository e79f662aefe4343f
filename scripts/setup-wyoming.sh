#!/usr/bin/env bash
# Installs the PyPI `wyoming` package (the Wyoming protocol's reference implementation) into a
# project-local virtual environment, vendor/venv (gitignored). The `incant serve` tests drive the
# server with its AsyncTcpClient; nothing of it is needed at run time. Safe to run again: a venv
# with this version is left alone.
set -euo pipefail
cd "$(dirname "$0")/.."

requirement=wyoming==1.10.2
venv=vendor/venv
stamp="$venv/incant-installed.txt"

if [[ -x "$venv/bin/python" && -f "$stamp" && "$(cat "$stamp")" == "$requirement" ]]; then
    echo "setup: $requirement present in $venv"
    exit 0
fi

python=$(command -v python3 || true)
if [[ -z "$python" ]]; then
    echo "setup: need python3 to make $venv" >&2
    exit 1
fi

echo "setup: installing $requirement into $venv"
rm -rf "$venv"
"$python" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "$requirement"
printf '%s\n' "$requirement" >"$stamp"
echo "setup: $requirement installed in $venv"
