#!/usr/bin/env bash
# Crashing, failing and hanging tests in a real package (make verify-crashes): Yams from the local
# mirror gets a test file of its own with tests that crash, fail or hang on demand, beside a Swift
# Testing test, and covgate must lose only the crashed test's coverage, tell the tests apart, and
# give figures equal to llvm-cov's on the profiles of the tests that completed.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
covgate="$here/.build/release/covgate"
mirror=${SWIFT_PACKAGE_MIRROR:-/opt/swift-packages}
dir="$here/.build/verify-crashes/Yams-6.2.2"
[ -d "$dir" ] || git clone --quiet --branch 6.2.2 "$mirror/jpsim/Yams.git" "$dir"
cat > "$dir/Tests/YamsTests/CovgateInjectedTests.swift" <<'SWIFT'
import Foundation
import XCTest
import Yams

/// Tests that crash, fail or hang when covgate's check asks.
final class CovgateInjectedTests: XCTestCase {
  private let environment = ProcessInfo.processInfo.environment
  func testCrashesWhenAsked() throws {
    _ = try Yams.load(yaml: "a: 1")
    if environment["COVGATE_INJECT_CRASH"] != nil { let missing: Int? = nil; XCTAssertEqual(missing!, 0) }
  }
  func testFailsWhenAsked() { XCTAssertNil(environment["COVGATE_INJECT_FAIL"]) }
  func testHangsWhenAsked() {
    guard environment["COVGATE_INJECT_HANG"] != nil else { return }
    Thread.sleep(forTimeInterval: 3600)
  }
}
SWIFT
cat > "$dir/Tests/YamsTests/CovgateSwiftTestingTests.swift" <<'SWIFT'
import Testing
import Yams

@Test func covgateSwiftTestingLoadsAMapping() throws {
  #expect(try Yams.load(yaml: "b: 2") as? [String: Int] == ["b": 2])
}
SWIFT
fail() { echo "verify-crashes: $*"; exit 1; }
field() { python3 -c "import json,sys; d=json.load(open('$1')); print(eval(sys.argv[1]))" "$2"; }

echo "== a plain run whose XCTest process crashes"
set +e
COVGATE_INJECT_CRASH=1 "$covgate" run --package-path "$dir" --format json --format lcov --no-history --quiet --output "$dir/out-crash" 2> "$dir/crash.err"
code=$?
set -e
[ $code -eq 3 ] || { cat "$dir/crash.err"; fail "exit $code, expected 3"; }
grep -q "test YamsTests.CovgateInjectedTests/testCrashesWhenAsked crashed (signal 4)" "$dir/crash.err" || fail "no crash line: $(cat "$dir/crash.err")"
[ "$(field "$dir/out-crash/covgate.json" "d['tests']['recovered']")" = "['XCTest in YamsPackageTests.xctest']" ] || fail "not recovered"
[ "$(field "$dir/out-crash/covgate.json" "d['totals']['lines']['covered'] > 2000")" = "True" ] || fail "coverage lost"
python3 "$here/ci/compare_with_llvm_cov.py" "$dir" "$dir/out-crash"

echo "== run --per-test with a crash, a failure and a hang (--timeout 10)"
set +e
COVGATE_INJECT_CRASH=1 COVGATE_INJECT_FAIL=1 COVGATE_INJECT_HANG=1 "$covgate" run --package-path "$dir" --per-test --timeout 10 \
  --format json --format lcov --no-history --quiet --output "$dir/out-per-test" 2> "$dir/per-test.err"
code=$?
set -e
[ $code -eq 3 ] || { cat "$dir/per-test.err"; fail "exit $code, expected 3"; }
statuses=$(field "$dir/out-per-test/covgate.json" "sorted((r['id'].split('/')[-1].split('.')[-1], r['status']) for r in d['tests']['results'] if 'Covgate' in r['id'] or 'covgate' in r['id'])")
expected="[('covgateSwiftTestingLoadsAMapping()', 'passed'), ('testCrashesWhenAsked', 'crashed'), ('testFailsWhenAsked', 'failed'), ('testHangsWhenAsked', 'timed-out')]"
[ "$statuses" = "$expected" ] || fail "statuses $statuses, expected $expected"
others=$(field "$dir/out-per-test/covgate.json" "sorted(set(r['status'] for r in d['tests']['results'] if 'ovgate' not in r['id']))")
[ "$others" = "['passed']" ] || fail "Yams' own tests: $others"
python3 "$here/ci/compare_with_llvm_cov.py" "$dir" "$dir/out-per-test"
echo "verify-crashes: ok"
