#!/bin/sh
# Code improvement "cmp": a subtraction whose difference is dead and whose flags only feed
# branches -> cmp (and the copy before it, if any, goes). llc-22 on test/improvements.ll,
# objects disassembled.
. "$(dirname "$0")/common.sh"
improvement_run cmp "$HERE/improvements.ll"
echo "== cmp: $REWRITES rewrite(s) logged; llc -verify-machineinstrs: $VERIFY"
expect off cmp_regs 'subw %d1,%d0$'
expect on  cmp_regs 'cmpw %d1,%d0$'
expect off cmp_regs 'subl %d0,%d1$'
expect on  cmp_regs 'cmpl %d0,%d1$'
expect on  cmp_regs 'sub[wl] %d' 0
# tst_reg: `move.w %d4,%d0; sub.w %d3,%d0; beq` -> `cmp.w %d3,%d4; beq`
expect off tst_reg 'movew %d4,%d0$'
expect off tst_reg 'subw %d3,%d0$'
expect on  tst_reg 'cmpw %d3,%d4$'
expect on  tst_reg 'movew %d4,%d0$' 0
improvement_done cmp-test 3
