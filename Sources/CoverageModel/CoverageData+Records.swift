import CovgateSupport

extension CoverageData {
  /// Moves out the function records that lie only in files `leftOut` marks (by the files'
  /// order) or in files the data does not list; the others keep their order. Records are
  /// swapped out, not copied: what they hold is neither retained nor released here.
  public mutating func removeFunctions(onlyIn leftOut: [Bool]) -> [FunctionRecord] {
    precondition(leftOut.count == files.count, "one mark per file")
    var places = PathIndex(files.map(\.path))
    var kept = 0
    functions.withUnsafeMutableBufferPointer { records in
      for index in records.indices {
        // A record counts where any of its files is kept (a macro's code lies in several).
        let keeps = records[index].filenames.contains { name in
          places.place(of: name).map { !leftOut[$0] } ?? false
        }
        guard keeps else { continue }
        if kept != index { records.swapAt(kept, index) }
        kept += 1
      }
    }
    let placeholder = FunctionRecord(name: "", count: 0, regions: [], filenames: [])
    var removed = [FunctionRecord](repeating: placeholder, count: functions.count - kept)
    functions.withUnsafeMutableBufferPointer { records in
      removed.withUnsafeMutableBufferPointer { target in
        for index in target.indices { swap(&target[index], &records[kept + index]) }
      }
    }
    functions.removeLast(functions.count - kept)
    return removed
  }
}
