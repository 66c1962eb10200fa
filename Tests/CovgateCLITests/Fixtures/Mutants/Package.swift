// swift-tools-version:5.9
import PackageDescription

// The package `covgate mutate`'s end-to-end tests mutate: its tests assert on some functions
// and only run others, and the survivors each function should leave are written beside it.
let package = Package(
  name: "Mutants",
  targets: [
    .target(name: "Shop"),
    .testTarget(name: "ShopTests", dependencies: ["Shop"]),
  ]
)
