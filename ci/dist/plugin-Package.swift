// swift-tools-version:6.0
// covgate as a binary plugin: `swift package covgate` runs the tests through SwiftPM and gates
// them with the prebuilt covgate of the artifact bundle, compiling none of covgate's own
// dependencies. Written by covgate's `make dist`; in a release, the binary target names the
// bundle's URL and checksum (`.binaryTarget(name: "covgate", url: ..., checksum: ...)`).
import PackageDescription

let package = Package(
  name: "CovgatePlugin",
  products: [.plugin(name: "CovgatePlugin", targets: ["CovgatePlugin"])],
  targets: [
    .binaryTarget(name: "covgate", path: "covgate.artifactbundle"),
    .plugin(
      name: "CovgatePlugin",
      capability: .command(
        intent: .custom(
          verb: "covgate", description: "Run the tests with coverage, then gate and report"),
        permissions: [
          .writeToPackageDirectory(reason: "covgate writes its reports and baseline into the package")
        ]),
      dependencies: ["covgate"]),
  ]
)
