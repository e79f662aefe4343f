#!/usr/bin/env bash
# Installs the Debian packages Incant builds, tests and runs with, then the denoisers' libraries
# (scripts/setup-denoisers.sh), the `wyoming` package into vendor/venv (scripts/setup-wyoming.sh) and
# a neural voice for the benchmarks into vendor/venv-tts (scripts/setup-voices.sh).
# Safe to run again: packages already installed are skipped. Uses sudo when not root.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
    # build
    pkg-config libpocketsphinx-dev libsphinxbase-dev libasound2-dev libsqlite3-dev libmosquitto-dev
    libsndfile1-dev
    # speech model and audio tools
    pocketsphinx-en-us alsa-utils sox espeak-ng
    # checks that the shared wake-word FLAC recordings decode whole (benchmarks)
    flac
    # `incant service`: systemctl, and systemd-analyze for verifying the unit in tests
    systemd
    # acoustic adaptation (`incant adapt`): SphinxTrain's bw and mllr_solve, pocketsphinx_mdef_convert
    sphinxtrain pocketsphinx
    # second and third synthetic voices for tests and benchmarks
    flite festival festvox-kallpc16k
    # text for synthetic background speech (`incant-bench wake`)
    fortunes
    # the MQTT broker and its command-line clients, the real peers of the MQTT tests
    mosquitto mosquitto-clients
    # certificates for the MQTT TLS test
    openssl
    # example handlers
    xdg-utils python3
    # fetching the denoisers' wheels (scripts/setup-denoisers.sh); the venv of the Wyoming peer
    python3-pip python3-venv
)

install_debian_packages() {
    sudo=()
    if [[ $(id -u) -ne 0 ]]; then
        if command -v sudo >/dev/null; then
            sudo=(sudo)
        else
            echo "setup: need root (or sudo) to install: ${missing[*]}" >&2
            exit 1
        fi
    fi

    echo "setup: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    "${sudo[@]}" apt-get update -qq
    "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

missing=()
for package in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done

if ((${#missing[@]} == 0)); then
    echo "setup: all Debian packages present"
else
    install_debian_packages
fi

scripts/setup-denoisers.sh

# The `wyoming` package, the real peer the `incant serve` tests and benchmark drive.
scripts/setup-wyoming.sh

# A neural voice for the benchmarks' synthetic commands (`incant-bench levers --clips neural`).
# Nothing but those benchmarks needs it, so a failure to install it is reported, not fatal.
if ! scripts/setup-voices.sh; then
    echo "setup: the benchmarks' neural voice (scripts/setup-voices.sh) could not be installed;" \
        "everything else is set up, and only incant-bench's neural-voice sources need it" >&2
fi
