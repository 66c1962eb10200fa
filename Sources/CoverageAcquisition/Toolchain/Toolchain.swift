/// The llvm tools that belong to the `swift` that builds the tests.
public struct Toolchain: Sendable, Equatable {
  public var swift: String
  public var llvmCov: String
  public var llvmProfdata: String

  public init(swift: String, llvmCov: String, llvmProfdata: String) {
    self.swift = swift
    self.llvmCov = llvmCov
    self.llvmProfdata = llvmProfdata
  }
}
