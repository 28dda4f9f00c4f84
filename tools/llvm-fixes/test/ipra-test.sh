#!/bin/sh
# The code-generator settings (improvements ipra, lsr, placement), on test/ipra.ll:
#   off   M68K_FIXES_DISABLE=ipra,lsr,placement; on: default. The IR half runs in opt-22
#         (-passes=m68k-fixes), the machine half in llc-22 (the plugin loaded with -load sets
#         the LLVM options when it loads, as it does in rustc).
#   ipra  on: the calls of the module-local leaf are no longer marked `tail`, the leaf saves no
#         registers (no movem in it; with it off it saves d2-d7/a2 on every call) and the
#         log shows -enable-ipra; off: the markers stay and the log shows no setting.
#   lsr, placement   on: the log shows -disable-lsr / -disable-block-placement; off: not.
#   LLVM's own -verify-machineinstrs is clean with everything on.
# The ROM-level proof is in `make test` (self-test release and dev equal to the host, the
# disassembly gate, the differential checks and the on-target tests, all with them on).
. "$(dirname "$0")/common.sh"
src="$HERE/ipra.ll"
run() { # run NAME DISABLE
    M68K_FIXES_DISABLE=$2 opt-22 -load-pass-plugin="$PLUGIN" -passes=m68k-fixes "$src" -S -o "$T/$1.ll"
    M68K_FIXES_DISABLE=$2 M68K_FIXES_VERBOSE=1 llc-22 -O2 -mcpu=M68000 -load="$PLUGIN" "$T/$1.ll" -o "$T/$1.s" 2> "$T/$1.log"
}
run off ipra,lsr,placement
run on ""
fn() { awk -v f="$2:" '$1 == f {p=1; next} p && /^\.Lfunc_end/ {exit} p' "$T/$1.s"; }
check() { # check WHAT COUNT WANTED (exact count)
    if [ "$2" -eq "$3" ]; then echo "   ok   $1 ($2)"; else echo "   FAIL $1: $2, want $3"; FAILED=1; fi
}
check "off: call sites of ipra_leaf marked tail" "$(grep -c 'tail call fastcc i16 @ipra_leaf' "$T/off.ll" || true)" 2
check "on:  call sites of ipra_leaf marked tail" "$(grep -c 'tail call fastcc i16 @ipra_leaf' "$T/on.ll" || true)" 0
check "off: movem in ipra_leaf" "$(fn off ipra_leaf | grep -c 'movem' || true)" 2
check "on:  movem in ipra_leaf" "$(fn on ipra_leaf | grep -c 'movem' || true)" 0
for o in enable-ipra disable-lsr disable-block-placement; do
    check "off: -$o set" "$(grep -c -- "^m68k-fixes: -$o=true" "$T/off.log" || true)" 0
    check "on:  -$o set" "$(grep -c -- "^m68k-fixes: -$o=true" "$T/on.log" || true)" 1
done
if llc-22 -O2 -mcpu=M68000 -load="$PLUGIN" -verify-machineinstrs "$T/on.ll" -o /dev/null 2> "$T/verify.err"; then VERIFY=clean; else VERIFY=errors; FAILED=1; fi
echo "   llc -verify-machineinstrs: $VERIFY"
if [ "$FAILED" -ne 0 ]; then echo "ipra-test: FAILED"; exit 1; fi
echo "ipra-test: passed"
