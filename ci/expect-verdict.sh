#!/usr/bin/env bash
# Runs a covgate command as a CI step that wants a verdict, not an error (the macOS workflow,
# .github/workflows/macos.yml): exit 0 (the gate passed) and 1 (the gate failed) pass the step;
# any other exit (2: config, input or toolchain error; 3: the build or the tests failed; 64: usage;
# a crash or a signal) fails it. After a verdict, each named report file must be in FOLDER and
# not empty. A line for the job summary goes to $GITHUB_STEP_SUMMARY when it is set.
# Usage: ci/expect-verdict.sh FOLDER FILE... -- COMMAND [ARGUMENT...]
# Written for macOS's bash 3.2 as much as for Linux's.
set -euo pipefail

usage() {
  echo "usage: $0 FOLDER FILE... -- COMMAND [ARGUMENT...]" >&2
  exit 64
}

[ $# -ge 4 ] || usage
folder=$1
shift
files=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do
  files+=("$1")
  shift
done
[ ${#files[@]} -gt 0 ] || usage
[ $# -ge 2 ] || usage
shift # --

summary() {
  if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then echo "$1" >> "$GITHUB_STEP_SUMMARY"; fi
}

command_line="$*"
echo "expect-verdict: $command_line"
status=0
"$@" || status=$?
case $status in
  0) verdict="exit 0: the gate passed" ;;
  1) verdict="exit 1: the gate failed (a verdict, not an error)" ;;
  *)
    echo "::error::exit $status (not a verdict: 2 is a config, input or toolchain error, 3 a failed build or test run, 64 a usage error): $command_line" >&2
    summary "- \`$command_line\`: **exit $status, not a verdict**"
    exit 1
    ;;
esac
echo "expect-verdict: $verdict"

missing=()
for file in "${files[@]}"; do
  if [ -s "$folder/$file" ]; then
    echo "expect-verdict: $folder/$file ($(wc -c < "$folder/$file" | tr -d ' ') bytes)"
  else
    echo "::error::$folder/$file is missing or empty after: $command_line" >&2
    missing+=("$file")
  fi
done
if [ ${#missing[@]} -gt 0 ]; then
  summary "- \`$command_line\`: $verdict; **missing: ${missing[*]}**"
  exit 1
fi
summary "- \`$command_line\`: $verdict; ${files[*]} written"
