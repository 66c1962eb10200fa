#!/usr/bin/env bash
# Writes docs/commands.md: every covgate command's --help, as the built binary prints it.
# CommandHelpDocsEndToEndTests fails when the page and the binary differ: run this after changing a
# command's flags or help text. Usage: ci/write-command-help.sh [COVGATE_BINARY]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
covgate=${1:-$here/.build/debug/covgate}
export COLUMNS=100
# A covgate built with coverage writes a profile on exit: keep it out of the repository.
export LLVM_PROFILE_FILE="${TMPDIR:-/tmp}/covgate-help-%p.profraw"
page="$here/docs/commands.md"
{
  echo "# Commands"
  echo
  echo "Every command's \`--help\`, as covgate prints it (written by \`ci/write-command-help.sh\`; a"
  echo "test keeps it in step with the binary). Back to the [README](../README.md)."
  for command in "" run check init baseline "baseline save" history merge tests-for affected mutate "mutate merge"; do
    echo
    echo "## \`covgate${command:+ $command}\`"
    echo
    echo '```text'
    # shellcheck disable=SC2086
    "$covgate" $command --help
    echo '```'
  done
} > "$page.tmp"
mv "$page.tmp" "$page"
echo "wrote $page" >&2
