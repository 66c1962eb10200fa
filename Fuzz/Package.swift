// swift-tools-version:6.0
// libFuzzer targets for covgate's parsers. Not part of the main build:
//   make fuzz   (builds with -sanitize=fuzzer,address and runs each target on the seed corpus)
import PackageDescription

let package = Package(
  name: "CovgateFuzz",
  dependencies: [.package(name: "covgate", path: "..")],
  targets: [
    .target(name: "FuzzerDriver"),
    .target(
      name: "FuzzChecks",
      dependencies: [.product(name: "CovgateParsers", package: "covgate")]),
    .executableTarget(
      name: "ExportFuzzer",
      dependencies: ["FuzzerDriver", .product(name: "CovgateParsers", package: "covgate")]),
    .executableTarget(
      name: "InvariantsFuzzer",
      dependencies: ["FuzzerDriver", .product(name: "CovgateParsers", package: "covgate")]),
    .executableTarget(
      name: "XccovFuzzer",
      dependencies: [
        "FuzzerDriver", "FuzzChecks", .product(name: "CovgateParsers", package: "covgate"),
      ]),
    .executableTarget(
      name: "LcovFuzzer",
      dependencies: [
        "FuzzerDriver", "FuzzChecks", .product(name: "CovgateParsers", package: "covgate"),
      ]),
    .executableTarget(
      name: "CoberturaFuzzer",
      dependencies: [
        "FuzzerDriver", "FuzzChecks", .product(name: "CovgateParsers", package: "covgate"),
      ]),
    .executableTarget(
      name: "ConfigFuzzer",
      dependencies: ["FuzzerDriver", .product(name: "CovgateParsers", package: "covgate")]),
  ]
)
