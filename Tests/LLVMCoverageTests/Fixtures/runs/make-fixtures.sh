#!/usr/bin/env bash
# Rebuilds the exports in swift/ and clang/: each program runs twice with different arguments;
# run1.json and run2.json are the exports of each run alone, merged.json is llvm-cov's export of
# `llvm-profdata merge` of both runs, the figures a merge of run1 and run2 must reproduce.
# Usage: make-fixtures.sh [toolchain bin folder, default: next to `swift`]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:-$(dirname "$(readlink -f "$(command -v swift)")")}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

export_runs() { # folder, program, args of run 1, args of run 2
  local dir=$1 program=$2
  (cd "$work/$dir" && LLVM_PROFILE_FILE=run1.profraw "./$program" $3 >/dev/null || true)
  (cd "$work/$dir" && LLVM_PROFILE_FILE=run2.profraw "./$program" $4 >/dev/null || true)
  for run in run1 run2; do
    "$bin/llvm-profdata" merge -sparse "$work/$dir/$run.profraw" -o "$work/$dir/$run.profdata"
  done
  "$bin/llvm-profdata" merge -sparse "$work/$dir"/run1.profraw "$work/$dir"/run2.profraw \
    -o "$work/$dir/merged.profdata"
  for run in run1 run2 merged; do
    "$bin/llvm-cov" export -instr-profile="$work/$dir/$run.profdata" "$work/$dir/$program" \
      >"$here/$dir/$run.json"
  done
}

mkdir -p "$work/swift" "$work/clang" "$work/cpp"
cp "$here"/swift/*.swift "$work/swift/"
(cd "$work/swift" && "$bin/swiftc" -profile-generate -profile-coverage-mapping \
  -coverage-prefix-map "$work/swift=/src" main.swift Shapes.swift -o shapes)
export_runs swift shapes first second

cp "$here"/clang/*.[ch] "$work/clang/"
(cd "$work/clang" && "$bin/clang" -fprofile-instr-generate -fcoverage-mapping \
  -fcoverage-prefix-map="$work/clang=/src" main.c util.c -o prog)
export_runs clang prog "" "x"

cp "$here"/cpp/*.cpp "$work/cpp/"
(cd "$work/cpp" && "$bin/clang++" -std=c++23 -fprofile-instr-generate -fcoverage-mapping \
  -fcoverage-prefix-map="$work/cpp=/src" templates.cpp -o templates)
export_runs cpp templates "" "x"
