#!/usr/bin/env bash
# Records the xccov report and archive of the mixed Swift and Objective-C fixture
# (Tests/CovgateCLITests/Fixtures/XcodeMixedApp: an app whose App folder holds Swift and
# Objective-C sources, as long-lived iOS apps do) from a real run of the same code: the Swift
# files and the Objective-C files are built here as two SwiftPM targets (Objective-C with the
# GNU compiler's runtime, apt's libobjc-12-dev), the Swift tests run with coverage, and the
# llvm-cov data is written in the shapes of `xcrun xccov view --report --json` and `--archive
# --json` (ci/xccov_from_llvm.py), every App file in one App.app target as Xcode lists it.
# Paths are rewritten to a macOS runner's. Run after changing the fixture or the toolchain;
# CI reads the recorded files only.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
fixture="$here/Tests/CovgateCLITests/Fixtures/XcodeMixedApp"
out="$here/Tests/CovgateCLITests/Fixtures/XcodeMixedRecorded"
bin=$(dirname "$(readlink -f "$(command -v swift)")")
runtime=/usr/lib/gcc/x86_64-linux-gnu/12
[ -f "$runtime/include/objc/runtime.h" ] || { echo "needs the Objective-C runtime: apt-get install libobjc-12-dev" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fares="$work/fares"
mkdir -p "$fares"
cp -r "$fixture/App" "$fixture/AppTests" "$fares/"
cat > "$fares/Package.swift" <<SWIFT
// swift-tools-version:5.10
import PackageDescription
let package = Package(
  name: "Fares",
  targets: [
    .target(name: "App", path: "App", exclude: ["Legacy"]),
    .target(
      name: "AppLegacy", path: "App/Legacy", publicHeadersPath: ".",
      cSettings: [
        .unsafeFlags([
          "-fobjc-runtime=gcc", "-I$runtime/include", "-fprofile-instr-generate",
          "-fcoverage-mapping",
        ])
      ],
      linkerSettings: [.unsafeFlags(["-L$runtime"]), .linkedLibrary("objc")]),
    .testTarget(name: "AppTests", dependencies: ["App", "AppLegacy"], path: "AppTests"),
  ])
SWIFT
swift build --package-path "$fares" --build-tests --enable-code-coverage >&2
tests="$fares/.build/debug/FaresPackageTests.xctest"
LLVM_PROFILE_FILE="$work/run.profraw" "$tests" >&2
"$bin/llvm-profdata" merge -sparse "$work/run.profraw" -o "$work/run.profdata"
"$bin/llvm-cov" export -instr-profile "$work/run.profdata" "$tests" > "$work/run.json"
"$bin/llvm-cov" export -format=lcov -instr-profile "$work/run.profdata" "$tests" > "$work/run.lcov"
python3 "$here/ci/xccov_from_llvm.py" --export "$work/run.json" --lcov "$work/run.lcov" \
  --demangle "$bin/swift-demangle" --report "$work/report.json" --archive "$work/archive.json" \
  --under "$fares"
mkdir -p "$out"
rewrite() { sed -e "s#$fares/#/Users/runner/work/fares/fares/#g" -e "s#Shop-abcdef#Fares-abcdef#g"; }
rewrite < "$work/report.json" > "$out/xccov-report.json"
rewrite < "$work/archive.json" > "$out/xccov-archive.json"
echo "recorded $out" >&2
