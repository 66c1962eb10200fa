#!/usr/bin/env bash
# Runs covgate's libFuzzer targets (Fuzz/) for a while each, seeded with real exports and
# configs (the invariants target edits numbers and paths of a real export and checks every
# report it gives), after replaying the regression inputs. A crash leaves its input in
# Fuzz/Regressions/<target>/ to commit as a regression test, and fails.
# Usage: ci/fuzz.sh [SECONDS per target, default 60]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-60}
bin="$here/Fuzz/.build/release"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
for target in export xccov lcov cobertura config invariants; do
  fuzzer="$bin/$(tr '[:lower:]' '[:upper:]' <<< "${target:0:1}")${target:1}Fuzzer"
  mkdir -p "$work/$target" "$here/Fuzz/Regressions/$target"
  cp "$here/Fuzz/Seeds/$target/"* "$work/$target/"
  # Every saved crash must stay fixed.
  if compgen -G "$here/Fuzz/Regressions/$target/*" > /dev/null; then
    "$fuzzer" "$here/Fuzz/Regressions/$target/"* > "$work/$target.replay.log" 2>&1 || { cat "$work/$target.replay.log"; status=1; }
  fi
  set +e
  (cd "$work" && COVGATE_FUZZ_REGRESSIONS="$here/Fuzz/Regressions/export" "$fuzzer" "$work/$target" -max_total_time="$seconds" -max_len=65536 \
    -artifact_prefix="$here/Fuzz/Regressions/$target/" > "$work/$target.log" 2>&1)
  code=$?
  set -e
  runs=$(grep -o 'Done [0-9]* runs in [0-9]* second' "$work/$target.log" | tail -1 || true)
  if [ $code -ne 0 ]; then
    echo "fuzz $target: CRASH (exit $code), input saved in Fuzz/Regressions/$target/"; tail -30 "$work/$target.log"; status=1
  else
    echo "fuzz $target: ${runs:-no summary}, no crash"
  fi
done
exit $status
