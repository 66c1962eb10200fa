#!/usr/bin/env bash
# Runs covgate on real packages from the local package mirror and checks every figure against
# the toolchain's own llvm-cov (ci/compare_with_llvm_cov.py), and the invariants of its derived
# branches (ci/check_derived_branches.py).
# Usage: ci/real-packages.sh [OWNER/NAME@VERSION ...]   (default: the list below)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
# COVGATE_BINARY=PATH: a covgate already built (CI: the one `make test` built with coverage).
covgate=${COVGATE_BINARY:-$here/.build/release/covgate}
[ -x "$covgate" ] || covgate="$here/.build/debug/covgate"
# A binary built with coverage writes its own profile on exit: keep it out of the packages.
export LLVM_PROFILE_FILE="${TMPDIR:-/tmp}/covgate-self-%p.profraw"
work=${COVGATE_REAL_PACKAGES_DIR:-$here/.build/real-packages}
mirror=${SWIFT_PACKAGE_MIRROR:-/opt/swift-packages}
packages=("$@")
[ ${#packages[@]} -gt 0 ] || packages=(jpsim/Yams@6.2.2 apple/swift-numerics@1.1.1 apple/swift-algorithms@1.2.1)

mkdir -p "$work"
status=0
for spec in "${packages[@]}"; do
  repo=${spec%@*}; version=${spec#*@}; dir="$work/$(basename "$repo")-$version"
  if [ ! -d "$dir" ]; then
    source="$mirror/$repo.git"; [ -d "$source" ] || source="https://github.com/$repo"
    git clone --quiet --branch "$version" "$source" "$dir" 2>/dev/null || git clone --quiet "$source" "$dir"
    git -C "$dir" checkout --quiet "$version"
  fi
  # What a user does after the first run: name the test support that imports no XCTest.
  # A test of theirs whose inputs are random, skipped: swift-numerics' testPolar draws 100 values
  # from the default generator and fails on a few of them, by its own comment ("we'll probably
  # need to relax this"); a red run here is a verdict on their bound, not a measure of covgate.
  tests=()
  case "$repo" in
    apple/swift-numerics)
      echo "test_support: [_TestSupport]  # helpers the tests share; it imports no XCTest" > "$dir/.covgate.yml"
      tests=(-- --skip 'ArithmeticTests/testPolar') ;;
  esac
  echo "== $repo $version"
  set +e
  "$covgate" run --package-path "$dir" --format json --format lcov --output "$dir/.covgate-out" --quiet \
    ${tests[@]+"${tests[@]}"} > "$dir/.covgate-run.log" 2>&1
  code=$?
  set -e
  # 0 and 1 are gate verdicts on someone else's code; anything else means covgate could not measure.
  if [ $code -gt 1 ]; then echo "covgate exited $code:"; tail -20 "$dir/.covgate-run.log"; status=1; continue; fi
  python3 "$here/ci/compare_with_llvm_cov.py" "$dir" "$dir/.covgate-out" || status=1
  python3 "$here/ci/check_derived_branches.py" --max-left-out 5 "$dir/.covgate-out" "$dir" || status=1
done
exit $status
