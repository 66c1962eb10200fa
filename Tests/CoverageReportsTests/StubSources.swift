import CoverageReports

/// Source text from a dictionary, for renderer tests.
struct StubSources: SourceProviding {
  var files: [String: String] = [:]

  func source(ofRelativePath path: String) -> String? { files[path] }
}

extension RenderContext {
  /// A context whose sources are all missing unless given.
  static func stub(_ files: [String: String] = [:]) -> RenderContext {
    RenderContext(sources: StubSources(files: files))
  }
}
