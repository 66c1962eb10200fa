import Foundation

/// The tests `swiftpm-xctest-helper BUNDLE OUTPUT` lists on macOS, as SwiftPM reads them: a
/// tree `{"name": "All Tests", "tests": [{"name": "<bundle>", "tests": [{"name":
/// "Module.Type", "tests": [{"name": "testMethod"}]}]}]}`, whose IDs are `Module.Type/testMethod`.
enum XCTestHelperListing {
  struct Suite: Decodable {
    var name: String
    var tests: [Suite]?
  }

  /// The test IDs, in the order listed; throws on anything but that tree.
  static func ids(in json: Data) throws -> [String] {
    let root = try JSONDecoder().decode(Suite.self, from: json)
    var ids: [String] = []
    for bundle in root.tests ?? [] {
      for type in bundle.tests ?? [] {
        for method in type.tests ?? [] where method.tests == nil {
          ids.append("\(type.name)/\(method.name)")
        }
      }
    }
    return ids
  }
}
