#!/usr/bin/env python3
"""Suppresses late reverberation by spectral subtraction (Lebart et al., 2001), for a trial.

    python3 scripts/research/late-reverb.py SRC_DIR DST_DIR [T60 [FLOOR]]   (T60 0.5 s, FLOOR 0.2)

Each WAV file of SRC_DIR (16 kHz mono 16-bit) is written to DST_DIR with the power of its late
reverberation taken away in every frequency bin: the late part is estimated as the smoothed
power of 50 ms before, decayed as a room with the reverberation time T60 decays it. The gain
never falls below FLOOR (amplitude). A research lever: Incant does not ship it (BENCHMARKS.md,
"Late reverberation taken away: measured, not kept").
"""
import os
import sys
import wave

import numpy as np


def read(path):
    with wave.open(path) as handle:
        return np.frombuffer(handle.readframes(handle.getnframes()), dtype=np.int16).astype(np.float64)


def write(path, samples):
    with wave.open(path, "wb") as handle:
        handle.setnchannels(1)
        handle.setsampwidth(2)
        handle.setframerate(16000)
        handle.writeframes(np.clip(samples, -32768, 32767).astype(np.int16).tobytes())


def suppress(x, t60=0.5, delay=0.05, floor=0.2, size=512, hop=128):
    window = np.hanning(size + 1)[:size]
    padded = np.concatenate([np.zeros(size), x, np.zeros(size)])
    count = (len(padded) - size) // hop + 1
    spectra = np.stack([np.fft.rfft(padded[i * hop : i * hop + size] * window) for i in range(count)])
    power = np.abs(spectra) ** 2
    smoothed = power.copy()
    for i in range(1, count):
        smoothed[i] = 0.5 * smoothed[i - 1] + 0.5 * power[i]
    frames = int(round(delay * 16000 / hop))
    decay = 3 * np.log(10) / t60
    late = np.zeros_like(power)
    late[frames:] = np.exp(-2 * decay * delay) * smoothed[:-frames]
    gain = np.sqrt(np.maximum(1 - late / np.maximum(power, 1e-9), floor**2))
    out = np.zeros(len(padded))
    norm = np.zeros(len(padded))
    for i in range(count):
        out[i * hop : i * hop + size] += np.fft.irfft(spectra[i] * gain[i], size) * window
        norm[i * hop : i * hop + size] += window**2
    return (out / np.maximum(norm, 1e-6))[size : size + len(x)]


def main():
    source, target = sys.argv[1], sys.argv[2]
    t60 = float(sys.argv[3]) if len(sys.argv) > 3 else 0.5
    floor = float(sys.argv[4]) if len(sys.argv) > 4 else 0.2
    os.makedirs(target, exist_ok=True)
    for name in sorted(os.listdir(source)):
        if name.endswith(".wav"):
            write(os.path.join(target, name), suppress(read(os.path.join(source, name)), t60=t60, floor=floor))
    return 0


if __name__ == "__main__":
    sys.exit(main())
