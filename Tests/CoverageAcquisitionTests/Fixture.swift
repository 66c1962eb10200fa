import Foundation

/// Locates files under this test target's `Fixtures` folder.
enum Fixture {
  static func url(_ name: String) -> URL {
    Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil)!
  }

  static func text(_ name: String) throws -> String {
    try String(contentsOf: url(name), encoding: .utf8)
  }

  static func data(_ name: String) throws -> Data {
    try Data(contentsOf: url(name))
  }
}
