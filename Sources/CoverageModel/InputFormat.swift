/// A kind of coverage made elsewhere that covgate reads, declared once in its reader's folder
/// and listed in the kit's registry (`InputFormats.all`): the CLI's options and their help, the
/// rule that one run reads one kind, the docs' table of inputs and the notes every report writes
/// (from `capabilities`) all come from this declaration.
public struct InputFormat: Sendable {
  /// Its name in messages and the docs ("lcov").
  public var id: String
  /// What it is, in the docs' table and in messages ("an LCOV tracefile").
  public var title: String
  /// Who writes it, in the docs' table.
  public var producers: String
  /// Its command-line options: the first names the format's files; others qualify them.
  public var options: [InputOption]
  /// What its data holds (the most it can: a reader may return less, as xccov's archives
  /// read without their reports).
  public var capabilities: Capabilities
  /// Reads the files given to its options; nil for coverage the kit acquires itself (llvm-cov
  /// exports through the toolchain, result bundles through `xcrun xccov`).
  public var read: (@Sendable (InputFiles, ReadContext) throws -> CoverageData)?
  /// A mistake in how its options were given (an option that needs another), said before
  /// anything is read; nil when they are fine.
  public var check: @Sendable (InputFiles) -> String?

  public init(
    id: String, title: String, producers: String, options: [InputOption],
    capabilities: Capabilities,
    read: (@Sendable (InputFiles, ReadContext) throws -> CoverageData)? = nil,
    check: @escaping @Sendable (InputFiles) -> String? = { _ in nil }
  ) {
    self.id = id
    self.title = title
    self.producers = producers
    self.options = options
    self.capabilities = capabilities
    self.read = read
    self.check = check
  }
}

/// One command-line option of an input format: `--lcov FILE`.
public struct InputOption: Sendable, Equatable {
  /// The long name, without dashes.
  public var name: String
  public var valueName: String
  public var help: String
  /// Whether it may be given more than once.
  public var repeatable: Bool

  public init(name: String, valueName: String, help: String, repeatable: Bool = true) {
    self.name = name
    self.valueName = valueName
    self.help = help
    self.repeatable = repeatable
  }
}

/// The values given to input options, by option name, in the order given.
public struct InputFiles: Sendable, Equatable {
  public var byOption: [String: [String]]

  public init(_ byOption: [String: [String]] = [:]) {
    self.byOption = byOption.filter { !$0.value.isEmpty }
  }

  public subscript(option: String) -> [String] { byOption[option] ?? [] }

  public var isEmpty: Bool { byOption.isEmpty }
}

/// What a reader may ask of the run while it reads: the package's root (relative paths in the
/// data are taken from it), a source's line count (a report counting past the end is stale),
/// and a way to say something the user should know.
public struct ReadContext: Sendable {
  public var root: String
  public var lineCount: @Sendable (String) -> Int?
  public var notice: @Sendable (String) -> Void

  public init(
    root: String, lineCount: @escaping @Sendable (String) -> Int?,
    notice: @escaping @Sendable (String) -> Void
  ) {
    self.root = root
    self.lineCount = lineCount
    self.notice = notice
  }
}

extension InputFormat: Equatable {
  /// Formats are one per `id`.
  public static func == (lhs: InputFormat, rhs: InputFormat) -> Bool { lhs.id == rhs.id }
}
