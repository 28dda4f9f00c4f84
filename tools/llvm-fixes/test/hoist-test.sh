#!/bin/sh
# Code improvement "hoist": copies, spills and reloads that the register allocator put between
# a flag producer and the branch that reads the flags are moved above the producer when they
# are independent of it, so they need no CCR guard (bug 2) and MOVEM spills can become MOVE.
# llc-22 on test/u64_display_fmt.ll (core's <u64 as Display>::fmt): fewer guards with the pass
# on, one fewer guarded run per hoisted run, the moved copy now before the compare.
. "$(dirname "$0")/common.sh"
improvement_run hoist "$HERE/u64_display_fmt.ll"
guards() { grep -cE 'movew %sr,%sp@-$' "$1" || true; }
off=$(guards "$T/off.d"); on=$(guards "$T/on.d")
echo "== hoist: $REWRITES hoist(s) logged; CCR guards $off with the pass off, $on with it on; llc -verify-machineinstrs: $VERIFY"
f=_RNvXsi_NtNtNtCskO0o36a3izb_4core3fmt3num3impyNtB9_7Display3fmt
# with the pass off the copies sit between `tst.b %d2` (was cmpi.b #0) and the branch, guarded
fn_dis "$T/off.d" $f | grep -A2 -E 'tstb %d2$' | grep -qE 'movew %sr,%sp@-$' || { echo "   FAIL off: no guard after tst.b %d2"; FAILED=1; }
fn_dis "$T/on.d" $f | grep -B2 -E 'tstb %d2$' | grep -qE 'movel %d0,%d6$' || { echo "   FAIL on: movel %d0,%d6 not moved before tst.b %d2"; FAILED=1; }
[ "$on" -lt "$off" ] || { echo "   FAIL: $on CCR guards with the pass on, $off without"; FAILED=1; }
improvement_done hoist-test 1
