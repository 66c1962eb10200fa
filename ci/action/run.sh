#!/usr/bin/env bash
# Runs covgate with the action's inputs, which arrive in the environment and are never pasted into
# a script: COVGATE_ARGS is split as a shell splits words and quotes, and nothing in it runs
# (`$(...)` stays text); `--output COVGATE_OUTPUT` goes before a `--` (what follows it is swift
# test's), and only to the commands that write reports (run, the default, and check) unless the
# args name an output already; mutate's and mutate merge's too. covgate's exit code goes to
# GITHUB_OUTPUT as exit-code, and the Markdown report the pull-request comment is made of as
# markdown (covgate-mutation.md for mutate, covgate.md otherwise); the step itself passes, so
# that the reports are kept and the comment written before the verdict step.
# Usage: COVGATE_ARGS=... COVGATE_OUTPUT=... ci/action/run.sh
set -uo pipefail
output_file=${GITHUB_OUTPUT:-/dev/null}
words=$(mktemp)
trap 'rm -f "$words"' EXIT
args=()
if [ -n "${COVGATE_ARGS//[[:space:]]/}" ]; then
  # xargs splits on blanks and honours quotes and backslashes; it runs nothing but printf.
  if ! printf '%s' "$COVGATE_ARGS" | xargs printf '%s\0' > "$words" 2> "$words.err"; then
    echo "covgate: the args input cannot be split into words ($(head -n 1 "$words.err")); close its quotes" >&2
    rm -f "$words.err"
    echo "exit-code=2" >> "$output_file"
    exit 0
  fi
  rm -f "$words.err"
  while IFS= read -r -d '' word; do args+=("$word"); done < "$words"
fi
command=run
if [ ${#args[@]} -gt 0 ] && [[ ${args[0]} != -* ]]; then command=${args[0]}; fi
named=false
# `${args[@]+...}`: bash 3.2 (macOS) takes an empty array for an unset variable.
for word in ${args[@]+"${args[@]}"}; do
  [ "$word" = "--" ] && break
  case "$word" in --output | --output=*) named=true ;; esac
done
final=()
if [[ $command == mutate ]]; then
  echo "markdown=covgate-mutation.md" >> "$output_file"
else
  echo "markdown=covgate.md" >> "$output_file"
fi
if [[ $command == run || $command == check || $command == mutate ]] && ! $named && [ -n "${COVGATE_OUTPUT:-}" ]; then
  placed=false
  for word in ${args[@]+"${args[@]}"}; do
    if [ "$word" = "--" ] && ! $placed; then
      final+=(--output "$COVGATE_OUTPUT")
      placed=true
    fi
    final+=("$word")
  done
  $placed || final+=(--output "$COVGATE_OUTPUT")
else
  final=(${args[@]+"${args[@]}"})
fi
covgate ${final[@]+"${final[@]}"}
code=$?
echo "exit-code=$code" >> "$output_file"
exit 0
