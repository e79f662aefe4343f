#!/usr/bin/env python3
"""Mixes noise into 16 kHz mono 16-bit WAV files at an SNR, as the published speech-to-intent
benchmark does: the noise segment is scaled so that the ratio of the largest 2048-sample frame
energy of the speech to that of the noise is the SNR, added, and the peak normalised to 0.5.

    python3 scripts/research/mix-noise.py NOISE.wav SNR_DB OUT_DIR FILE.wav...

Each file's noise segment starts at a place of the noise file that depends on the file's
position in the list (1.7 s further each), so a run is repeatable. Plain Python, no numpy.
"""
import array
import math
import os
import sys
import wave


def read(path):
    with wave.open(path, "rb") as wav:
        if wav.getframerate() != 16000 or wav.getnchannels() != 1 or wav.getsampwidth() != 2:
            sys.exit(f"{path}: expected 16 kHz mono 16-bit PCM")
        samples = array.array("h")
        samples.frombytes(wav.readframes(wav.getnframes()))
        return [float(value) for value in samples]


def peak_frame_energy(samples, frame=2048):
    best = 0.0
    for start in range(0, max(1, len(samples) - frame + 1), frame // 2):
        best = max(best, sum(value * value for value in samples[start : start + frame]))
    return best


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    noise = read(sys.argv[1])
    snr = float(sys.argv[2])
    out = sys.argv[3]
    os.makedirs(out, exist_ok=True)
    for index, path in enumerate(sys.argv[4:]):
        speech = read(path)
        start = (index * 27200) % max(1, len(noise) - len(speech))
        segment = [noise[(start + k) % len(noise)] for k in range(len(speech))]
        noise_energy = peak_frame_energy(segment)
        scale = math.sqrt(peak_frame_energy(speech) / (noise_energy * 10 ** (snr / 10))) if noise_energy else 0
        mixed = [s + scale * n for s, n in zip(speech, segment)]
        peak = max(1.0, max(abs(value) for value in mixed))
        gain = 0.5 * 32767 / peak
        data = array.array("h", (max(-32768, min(32767, round(value * gain))) for value in mixed))
        with wave.open(os.path.join(out, os.path.basename(path)), "wb") as wav:
            wav.setnchannels(1)
            wav.setsampwidth(2)
            wav.setframerate(16000)
            wav.writeframes(data.tobytes())


if __name__ == "__main__":
    main()
