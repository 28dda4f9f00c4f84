#!/bin/sh
# Bug 6 evidence with llc-22: data-register-only instructions allocated to address registers.
# For test/bug6.ll and test/u64_display_fmt.ll (core's <u64 as Display>::fmt), compiled
#   nofix   plugin loaded, M68K_FIXES_DISABLE=dreg,verify: listing shows and.l/ext.l on %aN,
#           the object has them encoded on %d0 (objdump shows a *valid* andl/extl on %d0);
#   verify  M68K_FIXES_DISABLE=dreg: the plugin's final operand check stops llc;
#   fix     default: no ALU op on %aN, and LLVM's own -verify-machineinstrs is clean.
. "$(dirname "$0")/common.sh"
LLC="llc-22 -O2 -mcpu=M68000 -load=$PLUGIN"
BAD='^[[:space:]](and|or|eor|ext|subx|addx|not|neg|negx)\.[bwl][[:space:]].*%a[0-7]$'
status=0
for t in bug6 u64_display_fmt; do
    src="$HERE/$t.ll"
    M68K_FIXES_DISABLE=dreg,verify $LLC "$src" -o "$T/$t.nofix.s"
    M68K_FIXES_DISABLE=dreg,verify $LLC "$src" -filetype=obj -o "$T/$t.nofix.o"
    nofix=$(grep -cE "$BAD" "$T/$t.nofix.s" || true)
    if M68K_FIXES_DISABLE=dreg $LLC "$src" -o /dev/null 2> "$T/$t.verify.err"; then
        verify="not stopped"
    else
        verify=$(grep -o 'operand [0-9]* of [A-Za-z0-9]* is \$[a-z0-9]*' "$T/$t.verify.err" | head -n 1)
    fi
    $LLC "$src" -o "$T/$t.fix.s"
    fix=$(grep -cE "$BAD" "$T/$t.fix.s" || true)
    if $LLC -verify-machineinstrs "$src" -o /dev/null 2> "$T/$t.mv.err"; then mv=clean; else mv=errors; fi
    echo "== $t: without fix $nofix ALU op(s) on An:"
    grep -E "$BAD" "$T/$t.nofix.s" | sed 's/^/     /'
    echo "   encoded as (objdump of the unfixed object, d0 forms):"
    m68k-linux-gnu-objdump -d "$T/$t.nofix.o" | grep -E '(andl #65535,|extl )%d0$' | sed 's/^/    /'
    echo "   fix off, check on: ${verify:-not stopped}"
    echo "   with fix: $fix ALU op(s) on An; llc -verify-machineinstrs: $mv"
    if [ "$nofix" -eq 0 ] || [ "$fix" -ne 0 ] || [ "$mv" != clean ] || [ "$verify" = "not stopped" ]; then
        echo "FAIL: $t"; status=1
    fi
done
[ $status -eq 0 ] && echo "dreg-test: passed" || echo "dreg-test: FAILED"
exit $status
