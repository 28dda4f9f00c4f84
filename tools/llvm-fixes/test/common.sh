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
