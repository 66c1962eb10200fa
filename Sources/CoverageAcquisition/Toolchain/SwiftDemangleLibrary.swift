import CovgateSupport
import Foundation

/// The toolchain's `libswiftDemangle`, the demangler `swift-demangle` is built on, loaded into
/// this process: a first run names thousands of functions without starting a process, writing
/// a list of names or reading one back.
struct SwiftDemangleLibrary: @unchecked Sendable {
  /// `swift_demangle_getSimplifiedDemangledName(name, buffer, size)`: the readable name's
  /// length (0 when `name` is not a Swift symbol), written into `buffer` cut to `size - 1`.
  private typealias Simplified =
    @convention(c) (
      UnsafePointer<CChar>, UnsafeMutablePointer<CChar>?, Int
    ) -> Int
  private let simplified: Simplified

  /// The library `name` (the platform's: `libswiftDemangle.so`, `.dylib`) in the toolchain's
  /// `lib` folder, beside its `bin` folder; nil when it is not there or lacks the function
  /// (another layout).
  static func load(toolchainFolder: String, name: String) -> SwiftDemangleLibrary? {
    let path = "\(toolchainFolder)/../lib/\(name)"
    guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL),
      let function = dlsym(handle, "swift_demangle_getSimplifiedDemangledName")
    else { return nil }
    return SwiftDemangleLibrary(simplified: unsafeBitCast(function, to: Simplified.self))
  }

  /// The readable name of `symbol` as `swift-demangle --compact --simplified` prints it: the
  /// symbol itself when it is not one. `buffer` is reused from call to call and grows as needed.
  func readable(_ symbol: String, buffer: inout [CChar]) -> String {
    symbol.withCString { symbolBytes in
      var length = buffer.withUnsafeMutableBufferPointer {
        simplified(symbolBytes, $0.baseAddress, $0.count)
      }
      if length >= buffer.count {
        buffer = [CChar](repeating: 0, count: length + 1)
        length = buffer.withUnsafeMutableBufferPointer {
          simplified(symbolBytes, $0.baseAddress, $0.count)
        }
      }
      guard length > 0, length < buffer.count else { return symbol }
      return buffer.withUnsafeBufferPointer { bytes in
        bytes.withMemoryRebound(to: UInt8.self) {
          String(decoding: UnsafeBufferPointer(rebasing: $0[..<length]), as: UTF8.self)
        }
      }
    }
  }

  /// Readable names of `symbols`, in their order; a large list is split over two threads.
  func readable(_ symbols: [String]) -> [String] {
    let runs = symbols.count > 2000 ? 2 : 1
    let size = (symbols.count + runs - 1) / max(runs, 1)
    let parts = (0..<runs).map { run in
      symbols[(run * size)..<min(symbols.count, (run + 1) * size)]
    }
    return parts.concurrentMap { part in
      var buffer = [CChar](repeating: 0, count: 1024)
      return part.map { readable($0, buffer: &buffer) }
    }.flatMap { $0 }
  }
}
