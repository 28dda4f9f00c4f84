#!/bin/sh
# What each code improvement is worth, all from one run: the bench ELF's Rust path (feature
# rust-path) built with every improvement on, with all of them off, and with each one off in
# turn (the others on), each timed by the bench runner (typical move and 32-body frame, in
# cycles, and the demo ROM's .text is not rebuilt here). Needs `make bench` first (for the host
# runner and the ELFs it reads). Usage: tools/llvm-fixes/pass-effects.sh [OUT_DIR]
# The release profile is fat LTO, so the machine code of the whole ELF is generated when the
# bench crate is linked: each variant only rebuilds that crate (own target dir).
set -eu
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT"
OUT=${1:-out/pass-effects}
mkdir -p "$OUT"
PLUGIN=$ROOT/target/llvm-fixes/libm68k_fixes.so
HASH=$(sha256sum "$PLUGIN" | cut -c1-16)
PASSES="hoist movem zext cmp quick tst ipra lsr placement"
build() { # build NAME DISABLE
    touch src/bench/src/main.rs
    M68K_FIXES_DISABLE=$2 CARGO_TARGET_DIR=target/pass-effects RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 \
        /usr/bin/cargo build -p megacollide-bench --release --target m68k-unknown-none-elf \
        -Zbuild-std=core -Zbuild-std-features=compiler-builtins-mem --features rust-path --quiet \
        --config "target.m68k-unknown-none-elf.rustflags=[\"-Zllvm-plugins=$PLUGIN\",\"-Cmetadata=llvmfix$HASH\"]"
    cp target/pass-effects/m68k-unknown-none-elf/release/megacollide-bench "$OUT/$1.elf"
}
build all-off improvements
build all-on ""
for p in $PASSES; do build "no-$p" "$p"; done
row() { # row NAME: typical move and frame cycles of $OUT/NAME.elf (the "on" column)
    target/host/bench --elf out/bench.elf --rom-elf out/megacollide.elf --rust-elf "$OUT/$1.elf" \
        --rust-nopass-elf "$OUT/all-off.elf" --rom-nopass-elf out/megacollide-nopass.elf |
        awk -v n="$1" '/^typical move, cycles/ {m=$(NF-1)} /^32-body frame, cycles/ {f=$(NF-1)} END {print n, m, f}'
}
echo "build (Rust path)          typical move   32-body frame   (cycles)"
for v in all-off all-on $(for p in $PASSES; do echo "no-$p"; done); do
    row "$v" | awk '{printf "%-26s %12d %15d\n", $1, $2, $3}'
done
