#!/usr/bin/env bash
# Installs what the megacollide build and tests need, and only what is missing:
#   Debian packages (toolchain with its rustfmt and clippy, binutils, LLVM 22, libclang 22,
#   BlastEm, g++, pasmo: the Z80 assembler of the sound driver),
#   the Genesis Plus GX libretro core, extracted from the PyPI wheel `stable-retro`
#   into .deps/ (no Python environment is modified).
# Prints what it installs. Uses sudo when not root.
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(rustc-web cargo-web rust-web-src rustfmt-web rust-web-clippy llvm-22 llvm-22-dev libclang1-22
              binutils-m68k-linux-gnu blastem g++ python3 python3-pip unzip pasmo)
STABLE_RETRO_VERSION=1.0.1
CORE=.deps/genesis_plus_gx_libretro.so

SUDO=
if [ "$(id -u)" != 0 ]; then SUDO=sudo; fi

missing=()
for p in "${APT_PACKAGES[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q '^install ok installed$'; then
        missing+=("$p")
    fi
done
# python3-pip is only needed when no pip is available at all (pyenv/venv pythons bring their own).
if python3 -m pip --version >/dev/null 2>&1; then
    missing=("${missing[@]/python3-pip}")
fi
missing=($(printf '%s\n' "${missing[@]}" | grep -v '^$' || true))
if [ ${#missing[@]} -gt 0 ]; then
    echo "install-deps: installing Debian packages: ${missing[*]}"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if [ ! -f "$CORE" ]; then
    echo "install-deps: extracting the Genesis Plus GX core from stable-retro==$STABLE_RETRO_VERSION (PyPI) into $CORE"
    mkdir -p .deps/wheel
    python3 -m pip download -q --no-deps --only-binary=:all: -d .deps/wheel "stable-retro==$STABLE_RETRO_VERSION"
    wheel=$(ls .deps/wheel/stable_retro-"$STABLE_RETRO_VERSION"-*.whl | head -n 1)
    unzip -q -o -j "$wheel" 'stable_retro/cores/genesis_plus_gx_libretro.so' -d .deps/tmp-core
    mv .deps/tmp-core/genesis_plus_gx_libretro.so "$CORE"
    rm -rf .deps/tmp-core .deps/wheel
fi
