import CoverageModel

/// A report that could not be written.
public struct OutputError: Error, CustomStringConvertible {
  public var path: String
  public var reason: String

  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  public var description: String {
    "cannot write \(path): \(reason); choose a writable --output folder"
  }
}

/// A baseline file that cannot be read.
public struct BaselineError: Error, CustomStringConvertible {
  public var path: String
  public var description: String {
    "\(path) is not a covgate baseline (schemaVersion \(Baseline.schemaVersion)); fix it, or delete it and run `covgate baseline save`"
  }
}

/// A `--from-build` folder that does not exist.
public struct BuildFolderError: Error, CustomStringConvertible {
  public var path: String
  public var description: String {
    "--from-build \(path) is not a folder; give the build products folder the tests ran from, e.g. .build/debug"
  }
}
