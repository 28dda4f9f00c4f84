#!/bin/sh
# The single-register MOVEM rewrite (pass "movem"): spills and reloads of one register that
# LLVM emits as MOVEM become MOVE where the flags are dead after them. For test/u64_display_fmt.ll
# (core's <u64 as Display>::fmt, which spills), compiled with llc-22:
#   off   M68K_FIXES_DISABLE=movem: single-register movem in the listing (the pattern exists);
#   on    default ($SETTINGS off in both, see common.sh): fewer of them, exactly one fewer per logged rewrite, each rewrite a
#         `move.[lw] %dN/%aN, (d,%sp)` or `move.[lw] (d,%sp), %dN/%aN` in the listing, and
#         LLVM's own -verify-machineinstrs is clean.
# The ROM-level proof is in `make test`: the self-test (release and dev) equals the host, the
# disassembly gate finds no flag clobber between a compare and its branch, and the differential
# checks and on-target tests pass, all with the pass on.
. "$(dirname "$0")/common.sh"
LLC="llc-22 -O2 -mcpu=M68000 -load=$PLUGIN"
src="$HERE/u64_display_fmt.ll"
# One register in the list: no '-' range and no '/' in the register operand.
single() { grep -cE '^[[:space:]]movem\.[lw][[:space:]]+(%[ad][0-7]|\([0-9]+,%sp\)), *(%[ad][0-7]|\([0-9]+,%sp\))$' "$1" || true; }
M68K_FIXES_DISABLE=$SETTINGS,movem $LLC "$src" -o "$T/off.s"
M68K_FIXES_DISABLE=$SETTINGS M68K_FIXES_VERBOSE=1 $LLC "$src" -o "$T/on.s" 2> "$T/on.log"
off=$(single "$T/off.s")
on=$(single "$T/on.s")
rewrites=$(grep -c 'single-register MOVEM ->' "$T/on.log" || true)
moves=$(grep -cE '^[[:space:]]move\.[lw][[:space:]]+(%[ad][0-7], *\([0-9]+,%sp\)|\([0-9]+,%sp\), *%[ad][0-7])$' "$T/on.s" || true)
moves_off=$(grep -cE '^[[:space:]]move\.[lw][[:space:]]+(%[ad][0-7], *\([0-9]+,%sp\)|\([0-9]+,%sp\), *%[ad][0-7])$' "$T/off.s" || true)
if M68K_FIXES_DISABLE=$SETTINGS $LLC -verify-machineinstrs "$src" -o /dev/null 2> "$T/mv.err"; then mv=clean; else mv=errors; fi
echo "== movem: single-register movem: $off with the pass off, $on with it on; $rewrites rewrite(s) logged;"
echo "   stack moves $moves_off -> $moves; llc -verify-machineinstrs: $mv"
grep 'single-register MOVEM ->' "$T/on.log" | sed 's/^.*-> /     /' | head -n 4
if [ "$off" -eq 0 ] || [ "$rewrites" -eq 0 ] || [ $((off - on)) -ne "$rewrites" ] ||
   [ $((moves - moves_off)) -ne "$rewrites" ] || [ "$mv" != clean ]; then
    echo "movem-test: FAILED"; exit 1
fi
echo "movem-test: passed"
