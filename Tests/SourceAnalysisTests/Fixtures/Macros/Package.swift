// swift-tools-version:6.0
import CompilerPluginSupport
import PackageDescription

let package = Package(
  name: "Macros",
  platforms: [.macOS(.v13)],
  dependencies: [.package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1")],
  targets: [
    .macro(
      name: "MacrosPlugin",
      dependencies: [
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
      ]),
    .target(name: "Macros", dependencies: ["MacrosPlugin"]),
    .testTarget(name: "MacrosTests", dependencies: ["Macros"]),
  ]
)
