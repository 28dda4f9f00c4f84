# Shared set-up of the plugin's test scripts (sourced, not run): paths, a scratch folder
# removed on exit, and an up-to-date plugin.
#   HERE    this folder          ROOT    the workspace root
#   PLUGIN  the plugin .so (override with $PLUGIN)    T    scratch folder
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
PLUGIN=${PLUGIN:-$ROOT/target/llvm-fixes/libm68k_fixes.so}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
make -s -C "$HERE/.." OUT="$PLUGIN"

# Code-improvement tests (tst-test.sh, quick-test.sh, zext-test.sh, cmp-test.sh):
#   improvement_run PASS FILE   compiles FILE with llc-22 to objects with the pass off
#                               (M68K_FIXES_DISABLE=$SETTINGS,PASS) and on ($SETTINGS), disassembles both with
#                               objdump ($T/off.d, $T/on.d: the bytes really emitted), logs the
#                               rewrites ($T/on.log) and sets REWRITES (rewrites PASS logged)
#                               and VERIFY (clean/errors: LLVM's -verify-machineinstrs with it on)
#   fn_dis FILE FUNCTION        the disassembly of one function from $T/off.d or $T/on.d
#   expect WHERE FUNCTION REGEX [N]  fails unless REGEX matches N (default: at least 1) lines
#                               of FUNCTION in $T/WHERE.d
#   improvement_done NAME MIN   the verdict: fails (exit 1) unless every check passed, the
#                               pass logged at least MIN rewrites and the verifier was clean
# The machine-pass tests run with the code-generator settings (ipra, lsr, placement) off in both
# builds: they change the register allocation and block order of the inputs, and each test
# checks its own pass on the code the expected registers were written for (ipra-test.sh checks
# the settings).
SETTINGS=ipra,lsr,placement
LLC_M68K="llc-22 -O2 -mcpu=M68000 -load=$PLUGIN -filetype=obj"
FAILED=0
improvement_run() {
    M68K_FIXES_DISABLE=$SETTINGS,$1 $LLC_M68K "$2" -o "$T/off.o"
    M68K_FIXES_DISABLE=$SETTINGS M68K_FIXES_VERBOSE=1 $LLC_M68K "$2" -o "$T/on.o" 2> "$T/on.log"
    m68k-linux-gnu-objdump -d "$T/off.o" > "$T/off.d"
    m68k-linux-gnu-objdump -d "$T/on.o" > "$T/on.d"
    REWRITES=$(grep -c ": $1: " "$T/on.log" || true)
    if M68K_FIXES_DISABLE=$SETTINGS $LLC_M68K -verify-machineinstrs "$2" -o /dev/null 2> "$T/verify.err"; then VERIFY=clean; else VERIFY=errors; fi
}
fn_dis() { awk -v f="<$2>:" '$2 == f {p=1; next} p && /^$/ {exit} p' "$1"; }
expect() {
    n=$(fn_dis "$T/$1.d" "$2" | grep -cE "$3" || true)
    if [ -n "${4:-}" ]; then ok=$([ "$n" -eq "$4" ] && echo y || echo n); else ok=$([ "$n" -ge 1 ] && echo y || echo n); fi
    if [ "$ok" = y ]; then echo "   ok   $1 $2: '$3' x$n"; else echo "   FAIL $1 $2: '$3' found $n time(s), want ${4:->=1}"; FAILED=1; fi
}
improvement_done() {
    [ "$REWRITES" -ge "$2" ] && [ "$VERIFY" = clean ] || FAILED=1
    if [ "$FAILED" -ne 0 ]; then echo "$1: FAILED"; exit 1; fi
    echo "$1: passed"
}
