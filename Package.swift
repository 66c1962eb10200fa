// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "covgate",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "covgate", targets: ["covgate"]),
    // The parsers alone, for the libFuzzer targets in Fuzz/.
    .library(
      name: "CovgateParsers",
      targets: [
        "CovgateSupport", "CoverageModel", "LLVMCoverage", "CoverageReaders", "CoverageGate",
      ]),
    .plugin(name: "CovgatePlugin", targets: ["CovgatePlugin"]),
    .executable(name: "campground", targets: ["campground"]),
    .library(name: "CampgroundKit", targets: ["CampgroundKit"]),
    .library(name: "WeatherKit", targets: ["WeatherKit"]),
    .library(name: "AuthKit", targets: ["AuthKit"]),
    .library(name: "NetworkKit", targets: ["NetworkKit"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    // The rangers' password hashes (PBKDF2-HMAC-SHA256, BoringSSL's) in the campground database.
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    // Atomic flags for the export reader's threads on every supported macOS (the standard
    // library's `Synchronization.Atomic` needs macOS 15).
    .package(url: "https://github.com/apple/swift-atomics", from: "1.3.0"),
  ],
  targets: [
    // covgate: one stage per module, in pipeline order, and the support module every stage may
    // use and none owns (threads, mapped files and byte searches, atomic file writing, paths).
    // describe and acquire → ingest → gate (scope, classify, evaluate) → name → publish → record;
    // CovgateKit runs them.
    .target(name: "CovgateSupport"),
    .target(name: "CoverageModel", dependencies: ["CovgateSupport"]),
    // The test server hook's C source: its bytes embedded (compiled by the toolchain's clang when
    // a per-test run needs it), never compiled into covgate.
    .target(
      name: "CoverageAcquisition", dependencies: ["CoverageModel", "CovgateSupport"],
      exclude: ["TestRunning/README.md"],
      resources: [.embedInCode("TestRunning/TestServerHook.c")]),
    .target(
      name: "LLVMCoverage",
      dependencies: [
        "CoverageModel", "CovgateSupport", .product(name: "Atomics", package: "swift-atomics"),
      ]),
    // Coverage other tools measured, one folder per format (xccov, LCOV, Cobertura). The xccov
    // reader walks its JSON with the llvm-cov export reader's scanner (package access), which
    // stays in LLVMCoverage: the export reader, the hot path, inlines it there.
    .target(
      name: "CoverageReaders", dependencies: ["CoverageModel", "CovgateSupport", "LLVMCoverage"]),
    .target(
      name: "CoverageGate",
      dependencies: ["CoverageModel", "CovgateSupport", "LLVMCoverage", "Yams"]),
    .target(
      name: "SourceAnalysis",
      dependencies: [
        "CoverageModel", "CovgateSupport", .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftOperators", package: "swift-syntax"),
      ]),
    // Mutation testing but its command and its renderers: sites and operators, schemata, the
    // package copy, the mutated build, the runner, the cache, the results and their gate. It
    // reaches tests through the acquisition's `MutantTesting` and the kit's baseline run only.
    .target(
      name: "Mutation",
      dependencies: [
        "CoverageModel", "CovgateSupport", "CoverageAcquisition", "CoverageGate",
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftOperators", package: "swift-syntax"),
      ]),
    // Its mutation renderers (Mutation/) read the Mutation module's results.
    .target(
      name: "CoverageReports", dependencies: ["CoverageModel", "CovgateSupport", "Mutation"]),
    .target(
      name: "CoverageHistory",
      dependencies: ["CoverageModel", .product(name: "GRDB", package: "GRDB.swift")]),
    .target(
      name: "CovgateKit",
      dependencies: [
        "CoverageModel", "CovgateSupport", "CoverageAcquisition", "LLVMCoverage", "CoverageReaders",
        "CoverageGate", "CoverageReports", "CoverageHistory", "SourceAnalysis", "Mutation",
      ]),
    // The thin CLI: options parsed into the kit's settings, one kit call, the result printed.
    // Nothing else: CLIImportsTests fails on a CLI file importing any other module.
    .target(
      name: "CovgateCLI",
      dependencies: [
        "CovgateKit", "CovgateSupport", "CoverageModel",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .executableTarget(name: "covgate", dependencies: ["CovgateCLI"]),
    // `swift package covgate`: the tests through SwiftPM's plugin API, then covgate on the result.
    .plugin(
      name: "CovgatePlugin",
      capability: .command(
        intent: .custom(
          verb: "covgate", description: "Run the tests with coverage, then gate and report"),
        permissions: [
          .writeToPackageDirectory(
            reason: "covgate writes its reports and baseline into the package")
        ]),
      dependencies: ["covgate"]),
    // The domain modules the gate protects (logic layer) and their terminal UI glue.
    .target(
      name: "CampgroundKit",
      dependencies: [
        "AuthKit", .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "_CryptoExtras", package: "swift-crypto"),
      ]),
    .target(name: "WeatherKit", dependencies: ["NetworkKit"]),
    .target(name: "AuthKit"),
    .target(name: "NetworkKit"),
    .target(
      name: "CampgroundUI",
      dependencies: [
        "CampgroundKit", "WeatherKit", "AuthKit", "NetworkKit",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .executableTarget(
      name: "campground",
      dependencies: [
        "CampgroundUI", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      exclude: ["README.md"]),

    .testTarget(
      name: "CovgateSupportTests",
      dependencies: ["CovgateSupport", .product(name: "Atomics", package: "swift-atomics")]),
    .testTarget(name: "CoverageModelTests", dependencies: ["CoverageModel"]),
    .testTarget(
      name: "CoverageAcquisitionTests", dependencies: ["CoverageAcquisition", "CovgateSupport"],
      resources: [.copy("Fixtures")]),
    .testTarget(
      name: "LLVMCoverageTests", dependencies: ["LLVMCoverage"],
      resources: [.copy("Fixtures")]),
    // Producers/: real coverage files from public projects, read from the checkout.
    .testTarget(
      name: "CoverageReadersTests", dependencies: ["CoverageReaders"], exclude: ["Producers"]),
    .testTarget(name: "CoverageGateTests", dependencies: ["CoverageGate", "CoverageReaders"]),
    .testTarget(
      name: "SourceAnalysisTests",
      dependencies: [
        "SourceAnalysis", "LLVMCoverage", "CovgateSupport",
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
      ],
      resources: [.copy("Fixtures")]),
    .testTarget(
      name: "MutationTests",
      dependencies: [
        "Mutation", "CoverageAcquisition", "CoverageGate", "CoverageModel", "CovgateSupport",
      ]),
    .testTarget(
      name: "CoverageReportsTests",
      dependencies: [
        "CoverageReports", "CoverageGate", "LLVMCoverage", "CoverageReaders", "Mutation",
      ],
      resources: [.copy("Golden"), .copy("Fixtures")]),
    .testTarget(
      name: "CovgateKitTests",
      dependencies: [
        "CovgateKit", "CovgateSupport", "CoverageAcquisition", "CoverageGate", "CoverageModel",
        "CoverageReports", "CoverageHistory", "SourceAnalysis", "Mutation", "LLVMCoverage",
      ]),
    .testTarget(
      name: "CovgateCLITests",
      dependencies: [
        "CovgateCLI", "CovgateKit", "CovgateSupport", "Mutation", "Yams",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      resources: [.copy("Fixtures")]),
    .testTarget(
      name: "CoverageHistoryTests",
      dependencies: ["CoverageHistory", .product(name: "GRDB", package: "GRDB.swift")]),
    .testTarget(
      name: "CampgroundKitTests",
      dependencies: ["CampgroundKit", "AuthKit", .product(name: "GRDB", package: "GRDB.swift")]),
    .testTarget(name: "WeatherKitTests", dependencies: ["WeatherKit", "NetworkKit"]),
    .testTarget(name: "AuthKitTests", dependencies: ["AuthKit"]),
    .testTarget(name: "NetworkKitTests", dependencies: ["NetworkKit"]),
    .testTarget(
      name: "CampgroundUITests",
      dependencies: [
        "CampgroundUI", "CampgroundKit", "WeatherKit", "AuthKit", "NetworkKit",
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
  ]
)
