#!/usr/bin/env bash
# The on-target runner's own check (run by `make test`): runs src/testrt/tests/runner_check.rs on
# the 68000, whose tests pass, panic, take an address error, hang and panic deep in a call chain
# on purpose, and checks that the run went on after every failure, reported each one with its
# message and failed as a whole (exit 101). Usage: check.sh LOG -- CARGO-TEST-COMMAND...
set -uo pipefail
log=$1
shift 2
status=0
MEGACOLLIDE_TEST_FRAME_LIMIT=300 "$@" >"$log" 2>&1 || status=$?
fail() {
    echo "runner check: $1 (output in $log)"
    exit 1
}
[ "$status" -eq 101 ] || fail "expected exit status 101 from the failing run, got $status"
for want in \
    'test a_passes ... ok' \
    'test b_panics ... FAILED' \
    'assertion `left == right` failed: deliberate failure, v = 42' \
    'test c_address_error ... FAILED' \
    '68000 exception: address error (vector 3)' \
    'test d_hangs ... FAILED' \
    'abandoned: no result within the host' \
    'test e_deep_stack_then_panic ... FAILED' \
    'bottom reached' \
    'test f_passes_after_failures ... ok' \
    'test result: FAILED. 2 passed; 4 failed; 0 ignored; 0 measured; 0 filtered out'; do
    grep -qF -- "$want" "$log" || fail "missing in the report: $want"
done
echo "runner check: ok (a passing, panicking, faulting, hanging and deep-panicking test on the 68000: each reported, the run went on, exit 101)"
