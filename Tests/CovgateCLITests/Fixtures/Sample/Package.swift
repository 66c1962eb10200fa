// swift-tools-version:5.9
import PackageDescription

// A small package that covgate's end-to-end tests run covgate on.
let package = Package(
  name: "Sample",
  products: [
    .library(name: "Pricing", targets: ["Pricing"]),
    .library(name: "Untested", targets: ["Untested"]),
    .executable(name: "pricing", targets: ["PricingCLI"]),
  ],
  targets: [
    .target(name: "Pricing"),
    .target(name: "Untested"),
    .executableTarget(name: "PricingCLI", dependencies: ["Pricing"]),
    .testTarget(name: "PricingTests", dependencies: ["Pricing"]),
  ]
)
