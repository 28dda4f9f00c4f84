#!/bin/sh
# Code improvement "quick": add/sub of an immediate 1..8 to a data register -> addq/subq (same
# flags; a negative immediate only where the flags are dead); adda/suba of an immediate to an
# address register (the stack frame's suba.l #n,%sp / adda.l #n,%sp) -> addq/subq.l (1..8) or
# lea (d16,%aN),%aN. llc-22 on test/improvements.ll, objects disassembled.
. "$(dirname "$0")/common.sh"
improvement_run quick "$HERE/improvements.ll"
echo "== quick: $REWRITES rewrite(s) logged; llc -verify-machineinstrs: $VERIFY"
expect off quick_add_l 'addl #3,%d0$'
expect on  quick_add_l 'addql #3,%d0$'
expect off tst_w 'subal #4,%sp$'
expect on  tst_w 'subql #4,%sp$'
expect off tst_w 'addal #4,%sp$'
expect on  tst_w 'addql #4,%sp$'
expect off quick_frame 'subal #164,%sp$'
expect on  quick_frame 'lea %sp@\(-164\),%sp$'
expect off quick_frame 'addal #164,%sp$'
expect on  quick_frame 'lea %sp@\(164\),%sp$'
expect off zext_twice 'addw #1,%d0$'
expect on  zext_twice 'addqw #1,%d0$'
expect off tst_reg 'addl #1,%d2$'
expect on  tst_reg 'addql #1,%d2$'
expect on  tst_reg '(add|sub)a?[bwl] #[1-8],' 0
improvement_done quick-test 10
