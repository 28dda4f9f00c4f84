#!/bin/sh
# Code improvement "zext": `and.l #$ffff,%dN` / `and.l #$ff,%dN` zero extensions. After a move.w
# (move.b) into %dN, `moveq #0,%dN` goes before the move and the mask goes; after a move.l
# from another data register, `moveq #0; move.w`; where the upper bits are already known zero
# (here: the moveq of an earlier rewrite, then only word operations), the mask goes, or a
# narrower one is and.w; with nothing to build on, and.l #$ffff is `swap; clr.w; swap`.
# llc-22 on test/improvements.ll, objects disassembled.
. "$(dirname "$0")/common.sh"
improvement_run zext "$HERE/improvements.ll"
echo "== zext: $REWRITES rewrite(s) logged; llc -verify-machineinstrs: $VERIFY"
expect off zext_load 'andl #65535,%d0$'
expect on  zext_load 'andl' 0
expect on  zext_load 'moveq #0,%d0$'
expect off zext_byte_load 'andl #255,%d0$'
expect on  zext_byte_load 'andl' 0
expect on  zext_byte_load 'moveq #0,%d0$'
# zext_twice: three masks in the listing with the pass off, none with it on
expect off zext_twice 'andl #65535,%d[0-7]$' 3
expect on  zext_twice 'andl' 0
expect on  zext_twice 'moveq #0,%d[0-7]$' 3
expect on  zext_twice 'movew %d0,%d1$'
expect off zext_swap 'andl #65535,%d0$'
expect on  zext_swap 'swap %d0$' 2
expect on  zext_swap 'clrw %d0$'
expect on  zext_swap 'andl' 0
expect off zext_andw 'andl #255,%d0$'
expect on  zext_andw 'andw #255,%d0$'
expect on  zext_andw 'andl' 0
improvement_done zext-test 8
