// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "covgate",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "covgate", targets: ["covgate"])
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
  ],
  targets: [
    // covgate: one stage per module.
    .target(name: "CoverageModel"),
    .target(name: "LLVMCoverage", dependencies: ["CoverageModel"]),
    .target(name: "CoverageGate", dependencies: ["CoverageModel", "Yams"]),
    .target(name: "CoverageReports", dependencies: ["CoverageModel"]),
    .target(
      name: "CovgateCLI",
      dependencies: [
        "CoverageModel", "LLVMCoverage", "CoverageGate", "CoverageReports",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .executableTarget(name: "covgate", dependencies: ["CovgateCLI"]),
    .testTarget(name: "CoverageModelTests", dependencies: ["CoverageModel"]),
    .testTarget(
      name: "LLVMCoverageTests", dependencies: ["LLVMCoverage"],
      resources: [.copy("Fixtures")]),
    .testTarget(name: "CoverageGateTests", dependencies: ["CoverageGate"]),
    .testTarget(name: "CoverageReportsTests", dependencies: ["CoverageReports", "CoverageGate"], resources: [.copy("Golden")]),
    .testTarget(name: "CovgateCLITests", dependencies: ["CovgateCLI"], resources: [.copy("Fixtures")]),
  ]
)
