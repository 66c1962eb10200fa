// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Contexts",
  targets: [
    .target(name: "Contexts"),
    .testTarget(name: "ContextsTests", dependencies: ["Contexts"]),
  ]
)
