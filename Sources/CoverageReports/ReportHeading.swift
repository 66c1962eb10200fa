/// What a published report says it is: a title and the revision it shows (`--title`,
/// `--revision`). Both absent by default, so the same data gives the same bytes.
public struct ReportHeading: Sendable, Equatable {
  /// A name for the report, e.g. "Nightly, iOS 18 runners".
  public var title: String?
  /// The revision the figures are of, e.g. a commit SHA.
  public var revision: String?

  public init(title: String? = nil, revision: String? = nil) {
    self.title = title.flatMap { $0.isEmpty ? nil : $0 }
    self.revision = revision.flatMap { $0.isEmpty ? nil : $0 }
  }
}
