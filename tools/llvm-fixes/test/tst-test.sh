#!/bin/sh
# Code improvement "tst": `cmpi.{b,w,l} #0,<ea>` -> `tst.{b,w,l} <ea>` (same flags), for a data
# register and (d16,An). llc-22 on test/improvements.ll with the pass off and on; the objects
# are disassembled, so the check sees the bytes the raw encodings really produce.
. "$(dirname "$0")/common.sh"
improvement_run tst "$HERE/improvements.ll"
echo "== tst: $REWRITES rewrite(s) logged; llc -verify-machineinstrs: $VERIFY"
expect off tst_b 'cmpib #0,%sp@\(7\)'
expect on  tst_b 'tstb %sp@\(7\)'
expect off tst_w 'cmpiw #0,%sp@\(10\)'
expect on  tst_w 'tstw %sp@\(10\)'
expect off tst_l 'cmpil #0,%sp@\(8\)'
expect on  tst_l 'tstl %sp@\(8\)'
expect off tst_dreg 'cmpiw #0,%d[0-7]$'
expect on  tst_dreg 'tstw %d[0-7]$'
expect on  tst_dreg 'cmpi' 0
improvement_done tst-test 4
