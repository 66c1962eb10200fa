import CoverageGate
import CoverageModel
import Foundation
import Synchronization

/// What the gate will keep, told to the thread reading the export as soon as the package is
/// described: the function records of the files it leaves out (tests', dependencies', the
/// build's) are then set aside before functions are attached to files and their names looked
/// up, which is most of that work.
///
/// Only ever a shortcut: the gate scopes the data again, and a record is set aside only when
/// every file it lies in is left out by its path alone, so the report is the same with or
/// without it.
final class ScopeAhead: Sendable {
  private let scoper = Mutex<Scoper?>(nil)
  private let settled = DispatchSemaphore(value: 0)

  /// Tells the reader what the gate keeps, or that it will not know (`nil`: the package could
  /// not be described). Called once.
  func publish(_ scoper: Scoper?) {
    self.scoper.withLock { $0 = scoper }
    settled.signal()
  }

  /// The records of `data` that lie only in files the gate leaves out, moved out of it; waits
  /// until the scope is published (the description usually comes first: it is read while the
  /// export is).
  func removeFunctionsLeftOut(of data: inout CoverageData, pathMaps: [PathMap])
    -> [FunctionRecord]
  {
    guard !data.functions.isEmpty else { return [] }
    settled.wait()
    settled.signal()
    guard let scoper = scoper.withLock({ $0 }) else { return [] }
    return data.removeFunctions(onlyIn: scoper.leavesOut(data, pathMaps: pathMaps))
  }
}
