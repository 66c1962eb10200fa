/// A problem in `.covgate.yml`, located by file, line and column, with the fix.
public struct ConfigError: Error, Equatable, CustomStringConvertible {
  public var file: String
  public var line: Int?
  public var column: Int?
  public var message: String

  public init(file: String, line: Int? = nil, column: Int? = nil, message: String) {
    self.file = file
    self.line = line
    self.column = column
    self.message = message
  }

  public var description: String {
    var location = file
    if let line { location += ":\(line)" }
    if let line, let column, line > 0 { location += ":\(column)" }
    return "\(location): \(message)"
  }
}
