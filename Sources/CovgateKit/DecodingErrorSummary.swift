/// A JSON file's decoding error in one line: what is wrong and where.
enum DecodingErrorSummary {
  /// E.g. `missing key 'path' at targets.0`, or `invalid JSON`.
  static func line(_ error: Error) -> String {
    func location(_ context: DecodingError.Context) -> String {
      let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
      return path.isEmpty ? "the top level" : path.joined(separator: ".")
    }
    let text: String
    switch error as? DecodingError {
    case .keyNotFound(let key, let context):
      text = "missing key '\(key.stringValue)' at \(location(context))"
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      text = "\(context.debugDescription) at \(location(context))"
    case .dataCorrupted(let context):
      text =
        context.codingPath.isEmpty
        ? "invalid JSON" : "\(context.debugDescription) at \(location(context))"
    default:
      text = String(describing: error)
    }
    return text.split(whereSeparator: \.isNewline).joined(separator: " ")
  }
}
