#!/usr/bin/env bash
# Records the coverage files of the iOS-shaped fixture (Tests/CovgateCLITests/Fixtures/XcodeApp,
# a project without Package.swift) as an Xcode CI job would hand them over, from a real run of
# the same code: the fixture is built here as a SwiftPM package, its unit tests (AppTests) and
# its "UI" tests (AppUITests) run apart, and each run's llvm-cov data is written out
#   - as an llvm-cov export of both runs (what `llvm-cov export` on Xcode's Coverage.profdata gives),
#   - as xccov report and archive JSON per run (ci/xccov_from_llvm.py: the shapes of
#     `xcrun xccov view --report --json` and `--archive --json`),
#   - with `llvm-cov report` on the app's sources, the figures the tests expect.
# Paths are rewritten to a macOS runner's (/Users/runner/work/shop/shop, DerivedData under
# ~/Library). Run after changing the fixture or the toolchain.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
fixture="$here/Tests/CovgateCLITests/Fixtures/XcodeApp"
out="$here/Tests/CovgateCLITests/Fixtures/XcodeRecorded"
bin=$(dirname "$(readlink -f "$(command -v swift)")")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
shop="$work/shop"
mkdir -p "$shop"
cp -r "$fixture/App" "$fixture/AppTests" "$fixture/AppUITests" "$shop/"
# A Swift package Xcode checked out and a source Xcode generated: both live in DerivedData.
derived="$shop/DerivedData/Shop-abcdef"
money="$derived/SourcePackages/checkouts/Money/Sources/Money"
generated="$derived/Build/Intermediates.noindex/Shop.build/Debug-iphonesimulator/App.build/DerivedSources"
mkdir -p "$money" "$generated"
cat > "$money/Money.swift" <<'SWIFT'
public enum Money {
  public static func cents(_ dollars: Int) -> Int { dollars * 100 }
  public static func dollars(_ cents: Int) -> Int { cents / 100 }
}
SWIFT
cat > "$generated/GeneratedAssetSymbols.swift" <<'SWIFT'
public struct ColorResource: Equatable {
  public let name: String
  public static var accent: ColorResource { ColorResource(name: "AccentColor") }
}
SWIFT
cat >> "$shop/AppTests/CartTests.swift" <<'SWIFT'

import Money
import AppAssets

final class DependencyTests: XCTestCase {
  func testTheDependenciesRun() {
    XCTAssertEqual(Money.cents(2), 200)
    XCTAssertEqual(ColorResource.accent.name, "AccentColor")
  }
}
SWIFT
cat > "$shop/Package.swift" <<SWIFT
// swift-tools-version:5.10
import PackageDescription
let package = Package(
  name: "Shop",
  targets: [
    .target(name: "App", path: "App"),
    .target(name: "Money", path: "${money#"$shop"/}"),
    .target(name: "AppAssets", path: "${generated#"$shop"/}"),
    .testTarget(name: "AppTests", dependencies: ["App", "Money", "AppAssets"], path: "AppTests"),
    .testTarget(name: "AppUITests", dependencies: ["App"], path: "AppUITests"),
  ])
SWIFT
swift build --package-path "$shop" --build-tests --enable-code-coverage >&2
tests="$shop/.build/debug/ShopPackageTests.xctest"
for run in unit ui; do
  filter=$([ "$run" = unit ] && echo AppTests.CartTests,AppTests.CartViewModelTests,AppTests.DependencyTests || echo AppUITests.CartUITests)
  LLVM_PROFILE_FILE="$work/$run.profraw" "$tests" "$filter" >&2
  "$bin/llvm-profdata" merge -sparse "$work/$run.profraw" -o "$work/$run.profdata"
done
"$bin/llvm-profdata" merge -sparse "$work/unit.profraw" "$work/ui.profraw" -o "$work/all.profdata"
for run in unit ui all; do
  "$bin/llvm-cov" export -instr-profile "$work/$run.profdata" "$tests" > "$work/$run.json"
  "$bin/llvm-cov" export -format=lcov -instr-profile "$work/$run.profdata" "$tests" > "$work/$run.lcov"
done
mkdir -p "$out"
rewrite() { sed -e "s#$shop/DerivedData/#/Users/runner/Library/Developer/Xcode/DerivedData/#g" -e "s#$shop/#/Users/runner/work/shop/shop/#g"; }
rewrite < "$work/all.json" > "$out/llvm-export.json"
"$bin/llvm-cov" report -instr-profile "$work/all.profdata" "$tests" -ignore-filename-regex='(Tests|DerivedData|\.build)/' \
  | rewrite > "$out/llvm-cov-report.txt"
# `all`: both runs in one profile, what merging the unit and UI pairs must give line by line.
for run in unit ui all; do
  python3 "$here/ci/xccov_from_llvm.py" --export "$work/$run.json" --lcov "$work/$run.lcov" \
    --demangle "$bin/swift-demangle" --report "$work/$run.report.json" --archive "$work/$run.archive.json"
  rewrite < "$work/$run.report.json" > "$out/$run.xccov-report.json"
  rewrite < "$work/$run.archive.json" > "$out/$run.xccov-archive.json"
done
echo "recorded $out" >&2
