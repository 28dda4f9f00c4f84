#!/bin/sh
# Bug 5 evidence: test/bug5.ll for {udiv,sdiv,urem,srem,mul} x {i32,i64} crashes llc-22 as is
# and compiles after the plugin's IR pass (which emits the __udivsi3/... calls itself).
. "$(dirname "$0")/common.sh"
status=0
for ty in i32 i64; do
    for op in udiv sdiv urem srem mul; do
        sed -e "s/TY/$ty/g" -e "s/OP/$op/g" "$HERE/bug5.ll" > "$T/t.ll"
        if ( llc-22 -O2 -mcpu=M68000 "$T/t.ll" -o /dev/null ) 2>/dev/null; then plain=ok; else plain=crash; fi
        opt-22 -load-pass-plugin="$PLUGIN" -passes=m68k-fixes "$T/t.ll" -o "$T/t.bc"
        if ( llc-22 -O2 -mcpu=M68000 "$T/t.bc" -o "$T/t.s" ) 2>/dev/null; then
            fixed="ok, calls: $(grep -oE 'jsr[[:space:]]+[_a-z0-9]+' "$T/t.s" | awk '{print $2}' | tr '\n' ' ')"
        else
            fixed=crash
        fi
        echo "$op $ty: llc-22 $plain; after m68k-fixes: $fixed"
        [ "$plain" = crash ] && [ "$fixed" != crash ] || status=1
    done
done
[ $status -eq 0 ] && echo "libcalls-test: passed" || echo "libcalls-test: FAILED"
exit $status
