#!/bin/sh
# End-to-end evidence for the LLVM 68000 fixes: builds repro/ at release (opt-level 2, fat
# LTO) and dev (opt-level 1, overflow checks) profiles, without and with the plugin,
# disassembles each, prints what the per-bug probes see and runs m68k-gate over the ELF.
# Exit 0 iff every unfixed build shows the bugs and every fixed build is clean.
#   PLUGIN=/abs/path.so   plugin to use (built by `make` if missing; default: make's OUT)
#   WORK=/tmp/dir         where build trees and reports go (default /tmp/m68k-fixes-check)
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
PLUGIN=${PLUGIN:-$ROOT/target/llvm-fixes/libm68k_fixes.so}
WORK=${WORK:-/tmp/m68k-fixes-check}
OBJDUMP=${M68K_OBJDUMP:-m68k-linux-gnu-objdump}
mkdir -p "$WORK"
make -s -C "$HERE" OUT="$PLUGIN"
CARGO_TARGET_DIR="$WORK/host" cargo build -q --release \
    --manifest-path "$ROOT/tools/m68k-gate/Cargo.toml" -p m68k-gate
GATE="$WORK/host/release/m68k-gate"
BASE="-C target-cpu=M68000 -C linker-flavor=ld -C linker=m68k-linux-gnu-ld"
status=0

func() { awk -v f="<$1>:" '$2 == f {p=1; next} p && /^$/ {exit} p' "$2"; }

for profile in release dev; do
    for mode in nofix fix; do
        flags="$BASE"
        [ "$mode" = fix ] && flags="$BASE -Z llvm-plugins=$PLUGIN"
        dir="$WORK/$mode"
        ( cd "$HERE/repro" && RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 CARGO_TARGET_DIR="$dir" \
            RUSTFLAGS="$flags" /usr/bin/cargo build -q $( [ $profile = release ] && echo --release ) )
        out=$([ $profile = release ] && echo release || echo debug)
        elf="$dir/m68k-unknown-none-elf/$out/m68k-fixes-repro"
        dis="$WORK/$mode-$profile.dis"
        "$OBJDUMP" -d "$elf" > "$dis"
        b1=$(func bug1_stack_index "$dis" | grep -c ',%[ad][0-7]:[lw])' || true)
        b3=$(grep -cE '\s(mul[us]l|div[us]l+)\s' "$dis" || true)
        b4=$(grep -cE '\sbral\s' "$dis" || true)
        b4j=$(func bug4_tail_call "$dis" | grep -cE '\sjmp [0-9a-f]+ <tail_callee>' || true)
        sr=$(grep -cE 'movew %sr,%sp@-' "$dis" || true)
        # Bug 6: the zero/sign extension is applied (to d0, as encoded) *after* the value was
        # copied into the address register that the load uses.
        b6=0
        for f in bug6_zext_addr bug6_sext_addr; do
            n=$(func $f "$dis" | awk '/moveal %d[0-7],%a[0-7]/ {m=1} m && /(andl #65535,|extl )%d[0-7]/ {c++} END {print c+0}')
            b6=$((b6 + n))
        done
        echo "== $profile / $mode: bug1 indexed loads in bug1_stack_index: $b1; 68020 mul/div: $b3;" \
             "bra.l: $b4; bug4_tail_call -> jmp abs.l: $b4j; CCR guards (move %sr): $sr;" \
             "bug6 extensions applied after the copy to An: $b6"
        set +e
        "$GATE" --all "$elf" > "$WORK/$mode-$profile.gate"
        rc=$?
        set -e
        tail -n 1 "$WORK/$mode-$profile.gate"
        if [ "$mode" = fix ]; then
            if [ $rc -ne 0 ] || [ "$b1" -eq 0 ] || [ "$b3" -ne 0 ] || [ "$b4" -ne 0 ] || [ "$b6" -ne 0 ]; then
                echo "FAIL: fixed $profile build is not clean (see $WORK/$mode-$profile.gate)"; status=1
            fi
        else
            if ! grep -q '\[flag-clobber\]' "$WORK/$mode-$profile.gate" ||
               ! grep -q '\[isa\]' "$WORK/$mode-$profile.gate" || [ "$b1" -ne 0 ] ||
               { [ $profile = release ] && [ "$b6" -eq 0 ]; }; then
                echo "FAIL: unfixed $profile build does not show the bugs any more"; status=1
            fi
        fi
    done
done
# Bug 6 check: with the pre-RA constraint off, the plugin's final operand check must stop the
# release build (core's <u64 as Display>::fmt and the bug6_* functions would be mis-encoded).
set +e
( cd "$HERE/repro" && M68K_FIXES_DISABLE=dreg RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 \
    CARGO_TARGET_DIR="$WORK/nodreg" RUSTFLAGS="$BASE -Z llvm-plugins=$PLUGIN" \
    /usr/bin/cargo build -q --release ) > "$WORK/nodreg-release.log" 2>&1
rc=$?
set -e
msg=$(grep -m1 -o 'm68k-fixes: [^:]*: operand [0-9]* of [A-Z0-9a-z]* is \$[a-z0-9]*' "$WORK/nodreg-release.log" || true)
echo "== release / fix with M68K_FIXES_DISABLE=dreg: build exit $rc; ${msg:-no bug-6 report}"
if [ $rc -eq 0 ] || [ -z "$msg" ]; then
    echo "FAIL: the bug-6 operand check did not stop the build (see $WORK/nodreg-release.log)"; status=1
fi
[ $status -eq 0 ] && echo "check.sh: all checks passed" || echo "check.sh: FAILED"
exit $status
