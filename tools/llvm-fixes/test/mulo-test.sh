#!/bin/sh
# Host test of the bug-3 expansion: the plugin's IR for {u,s}mul.with.overflow on i32/i64/i128
# is compiled for the host and compared with LLVM's own lowering on edge cases + 2M random pairs.
. "$(dirname "$0")/common.sh"
host=x86_64-unknown-linux-gnu
opt-22 -load-pass-plugin="$PLUGIN" -passes=m68k-fixes -S "$HERE/mulo.ll" -o "$T/new.ll"
if grep -q 'call.*mul.with.overflow' "$T/new.ll"; then echo "intrinsic left in"; exit 1; fi
sed -e "s/m68k-unknown-none-elf/$host/" -e 's/@\(u32\|s32\|u64\|s64\|u128\|s128\)(/@new_\1(/' "$T/new.ll" > "$T/new2.ll"
sed -e "s/m68k-unknown-none-elf/$host/" -e 's/@\(u32\|s32\|u64\|s64\|u128\|s128\)(/@ref_\1(/' "$HERE/mulo.ll" > "$T/ref.ll"
llc-22 -O2 -filetype=obj "$T/new2.ll" -o "$T/new.o"
llc-22 -O2 -filetype=obj "$T/ref.ll" -o "$T/ref.o"
gcc -O1 -o "$T/mulo" "$HERE/driver.c" "$T/new.o" "$T/ref.o"
"$T/mulo"
