import CoverageAcquisition
import CoverageReports

/// Writes the reports with `AtomicFile`: a new folder whole, then renamed into place; every
/// file or none, even when covgate is interrupted.
public struct AtomicReportOutput: ReportOutput {
  public init() {}

  public func write(_ files: [RenderedFile], to folder: String) throws {
    do {
      try AtomicFile.write(
        files.map { AtomicFile.Pending(path: "\(folder)/\($0.path)", parts: $0.render) })
    } catch let error as AtomicFileError {
      throw OutputError(path: error.path, reason: error.description)
    } catch {
      throw OutputError(path: folder, reason: error.specificDescription)
    }
  }
}
