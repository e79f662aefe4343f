#!/usr/bin/env bash
# Installs the Wyoming protocol's reference programs from PyPI into project-local virtual
# environments (gitignored, scripts/setup-venv.sh); nothing of them is needed at run time, only
# by the tests:
# - vendor/venv: the `wyoming` package, whose AsyncTcpClient drives `incant serve`;
# - vendor/venv-satellite: `wyoming-satellite` (run as `python -m wyoming_satellite`: its script
#   names a missing entry point), the satellite `incant serve` connects
#   to. Its only release on the index pins wyoming==1.4.1, so it gets a venv of its own.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup-venv.sh vendor/venv wyoming==1.10.2
scripts/setup-venv.sh vendor/venv-satellite wyoming-satellite==1.0.0 wyoming==1.4.1 zeroconf==0.88.0 pyring-buffer==1.0.0
