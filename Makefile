# covgate: the two commands of the README's quick start are `make coverage` and `make test`.
SWIFT ?= swift

.PHONY: deps build dist release-check test coverage coverage-of-tests verify-real verify-real-with-test-build verify-affected verify-crashes fuzz bench screenshots format lint clean

## Install what a fresh machine lacks (system SQLite headers, jsonschema for the tests).
deps:
	@ci/install-deps.sh

build: deps
	$(SWIFT) build

## The test suite: unit, golden and end-to-end tests (real swift test, real llvm tools).
## Built with coverage and atomic counters, the configuration `make coverage` uses (covgate runs
## the tests so when it derives branches): one build serves both, and `make coverage-of-tests`
## gates this very run without running the suite again.
ATOMIC_COUNTERS = -Xswiftc -Xllvm -Xswiftc -instrprof-atomic-counter-update-all \
  -Xswiftc -Xfrontend -Xswiftc -disable-incremental-llvm-codegen
test: deps
	$(SWIFT) build --build-tests --enable-code-coverage $(ATOMIC_COUNTERS)
	$(SWIFT) test --enable-code-coverage $(ATOMIC_COUNTERS)

## covgate on this package with its .covgate.yml: runs the tests with coverage, gates, reports.
coverage: deps
	ci/coverage.sh --config .covgate.yml --format all

## The same gate and reports on the coverage the last `make test` recorded, by the covgate that
## `make test` built (CI: no release build of swift-syntax, which alone takes ~10 minutes).
coverage-of-tests: deps
	COVGATE_BINARY=.build/debug/covgate COVGATE_COMMAND=check \
	  ci/coverage.sh --from-build .build/debug --config .covgate.yml --format all

## covgate on real packages of the local mirror, every figure checked against llvm-cov.
verify-real: deps
	$(SWIFT) build -c release --product covgate
	ci/real-packages.sh

## The same with the covgate `make test` built (CI).
verify-real-with-test-build: deps
	COVGATE_BINARY=.build/debug/covgate ci/real-packages.sh

## covgate affected checked by mutation on real packages (MUTATIONS per package, default 30).
verify-affected: deps
	$(SWIFT) build -c release --product covgate
	ci/verify-affected.py

## Crashing, failing and hanging tests injected into a real package (Yams), checked against llvm-cov.
verify-crashes: deps
	$(SWIFT) build -c release --product covgate
	ci/verify-crashes.sh

## libFuzzer on the export reader and the config loader (seconds per target: FUZZ_SECONDS).
FUZZ_SECONDS ?= 60
fuzz: deps
	$(SWIFT) build --package-path Fuzz -c release -Xswiftc -sanitize=fuzzer,address \
	  -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld
	ci/fuzz.sh $(FUZZ_SECONDS)

## The release files in dist/: tarball, artifact bundle (and zip), SHA256SUMS, the binary
## plugin package (ci/dist.sh); covgate built as the README installs it.
dist: deps
	$(SWIFT) build -c release --static-swift-stdlib --product covgate
	ci/dist.sh .build/release/covgate dist

## What a release tag would publish, checked before the tag is pushed: the version is the binary's,
## the bundle zip keeps the run bits after the artifact round trip, checksums and the plugin
## manifest agree, the Action's installer installs it (ci/release-check.sh; VERSION=x.y.z).
release-check: deps
	@test -n "$(VERSION)" || { echo "make release-check VERSION=x.y.z" >&2; exit 2; }
	$(SWIFT) build -c release --static-swift-stdlib --product covgate
	ci/release-check.sh $(VERSION) .build/release/covgate

## The benchmark: covgate against orjson, llvm-cov report/show and genhtml, ratios printed.
## covgate built as the README installs it.
bench: deps
	$(SWIFT) build -c release --static-swift-stdlib --product covgate
	python3 -c 'import orjson' 2>/dev/null || python3 -m pip install --quiet orjson
	python3 bench/bench.py

# The screenshots of the HTML report in docs/reports.md (Yams, light and dark, desktop and phone).
screenshots: deps
	ci/screenshots.sh

## The Swift files `swift format` keeps (its settings: .swift-format); not the test fixtures,
## whose line numbers the tests rely on.
FORMATTED = $(shell find Sources Tests Plugins Fuzz/Sources -name '*.swift' -not -path '*/Fixtures/*' | sort) Package.swift Fuzz/Package.swift

format:
	@$(SWIFT) format --in-place $(FORMATTED)

lint:
	@$(SWIFT) format lint --strict $(FORMATTED)

clean:
	rm -rf .build
