import CoverageAcquisition
import CoverageReports
import CovgateSupport

/// Writes the reports with `AtomicFile`: a new folder whole, then renamed into place; every
/// file or none, even when covgate is interrupted. The reports an earlier run wrote and this
/// one did not are removed (`ReportFolder`).
public struct AtomicReportOutput: ReportOutput {
  public init() {}

  public func write(_ files: [RenderedFile], to folder: String) throws {
    do {
      try ReportFolder.write(
        files.map { file in
          let path = "\(folder)/\(file.path)"
          return file.renderBytes.map { AtomicFile.Pending(path: path, bytes: $0) }
            ?? AtomicFile.Pending(path: path, parts: file.render)
        }, to: folder, manifest: ReportFolder.coverageManifest)
    } catch let error as AtomicFileError {
      throw OutputError(path: error.path, reason: error.description)
    } catch {
      throw OutputError(path: folder, reason: error.specificDescription)
    }
  }
}
