// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Branches",
  targets: [
    .target(name: "Branches"),
    .testTarget(name: "BranchesTests", dependencies: ["Branches"]),
  ]
)
