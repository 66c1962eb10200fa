#!/usr/bin/env bash
# The CI step: build covgate, run the package's tests with coverage, gate and write reports.
# Usage: ci/coverage.sh [covgate run options] [-- swift test arguments]
# COVGATE_COMMAND=check runs `covgate check` instead (e.g. with --from-build on tests that ran).
# Exit code is covgate's: 0 passed, 1 gate failed, 2 config/input/toolchain error, 3 tests failed.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
# COVGATE_BINARY=PATH uses a covgate already built (CI: the one `make test` built with coverage).
covgate="${COVGATE_BINARY:-$here/.build/release/covgate}"
if [ -n "${COVGATE_BINARY:-}" ]; then
  [ -x "$covgate" ] || { echo "ci/coverage.sh: no covgate at $covgate; build it first" >&2; exit 2; }
  # A binary built with coverage writes its own profile on exit: keep it out of the package.
  export LLVM_PROFILE_FILE="${TMPDIR:-/tmp}/covgate-self-%p.profraw"
elif [ ! -x "$covgate" ] || [ -n "$(find "$here/Sources" "$here/Package.swift" -newer "$covgate" -print -quit)" ]; then
  swift build --package-path "$here" -c release --product covgate >&2 || exit 2
fi
exec "$covgate" "${COVGATE_COMMAND:-run}" "$@"
