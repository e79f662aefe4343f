#!/usr/bin/env python3
"""Prints the most frequent words of pocketsphinx's en-us language model, one a line.

    scripts/common-words.py [COUNT] > models/common-words.txt     (COUNT: 500)

The words are the language model's unigrams, most probable first, kept only when they are
plain lower-case words that the model's dictionary holds. The language model is converted to
ARPA text with sphinx_lm_convert (Debian's sphinxbase-utils); only its 1-grams are read (the
tool stops with an assertion while writing the 2-grams of this model, after the 1-grams).
"""
import os
import re
import subprocess
import sys
import tempfile

MODEL = os.environ.get("INCANT_MODEL_ROOT", "/usr/share/pocketsphinx/model/en-us")


def unigrams(arpa_path):
    words, inside = [], False
    with open(arpa_path, encoding="utf-8", errors="replace") as arpa:
        for line in arpa:
            if line.startswith("\\1-grams:"):
                inside = True
            elif line.startswith("\\2-grams:"):
                return words
            elif inside:
                fields = line.split()
                if len(fields) >= 2:
                    words.append((float(fields[0]), fields[1]))
    if not inside:
        sys.exit(f"{arpa_path}: no 1-grams section")
    return words


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    with tempfile.TemporaryDirectory() as folder:
        arpa = os.path.join(folder, "en-us.arpa")
        # The tool may fail after the 1-grams; unigrams() checks they are complete.
        subprocess.run(
            ["sphinx_lm_convert", "-i", os.path.join(MODEL, "en-us.lm.bin"), "-o", arpa, "-ofmt", "arpa"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        if not os.path.exists(arpa):
            sys.exit("sphinx_lm_convert wrote nothing (apt-get install sphinxbase-utils)")
        words = unigrams(arpa)
    known = set()
    with open(os.path.join(MODEL, "cmudict-en-us.dict"), encoding="utf-8") as dictionary:
        for line in dictionary:
            word = line.split(" ", 1)[0]
            if "(" not in word:
                known.add(word)
    chosen = [(p, w) for p, w in words if w in known and re.fullmatch(r"[a-z']+", w)]
    chosen.sort(reverse=True)
    for _, word in chosen[:count]:
        print(word)


if __name__ == "__main__":
    main()
