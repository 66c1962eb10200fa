import CoverageModel
import Foundation

/// A small package on disk (two sources in one target) and an llvm-cov export of it: `A.swift`
/// half run, `B.swift` fully run.
struct PipelinePackage {
  let root: String

  init() throws {
    root = NSTemporaryDirectory() + "covgate-kit-\(UUID().uuidString)"
    try FileManager.default.createDirectory(
      atPath: "\(root)/Sources/Core", withIntermediateDirectories: true)
    try write(
      "Sources/Core/A.swift", (1...7).map { "// line \($0)" }.joined(separator: "\n") + "\n")
    try write("Sources/Core/B.swift", "// one\n// two\n// three\n")
    try write("Package.swift", "// swift-tools-version:6.0\n")
    try write("export.json", Self.export(root: root))
  }

  func remove() {
    try? FileManager.default.removeItem(atPath: root)
  }

  func write(_ path: String, _ text: String) throws {
    try text.write(toFile: "\(root)/\(path)", atomically: true, encoding: .utf8)
  }

  var exportPath: String { "\(root)/export.json" }

  var package: PackageInfo {
    PackageInfo(
      name: "Pkg", root: root,
      targets: [
        TargetInfo(
          name: "Core", kind: .library, path: "Sources/Core",
          sources: ["Sources/Core/A.swift", "Sources/Core/B.swift"], products: ["Core"])
      ])
  }

  /// `a` runs lines 1-3 of A.swift, `b` (lines 5-7) never runs; `c` runs B.swift's three lines.
  private static func export(root: String) -> String {
    let a = "\(root)/Sources/Core/A.swift"
    let b = "\(root)/Sources/Core/B.swift"
    func summary(_ lines: (Int, Int), _ functions: (Int, Int)) -> String {
      func metric(_ pair: (Int, Int)) -> String { #"{"count":\#(pair.1),"covered":\#(pair.0)}"# }
      return
        #"{"branches":{"count":0,"covered":0},"functions":\#(metric(functions)),"instantiations":\#(metric(functions)),"lines":\#(metric(lines)),"regions":\#(metric(functions))}"#
    }
    return """
      {"type":"llvm.coverage.json.export","version":"3.0.1","data":[{
      "files":[
      {"filename":"\(a)","segments":[[1,1,1,true,true,false],[3,2,0,false,false,false],[5,1,0,true,true,false],[7,2,0,false,false,false]],"branches":[],"expansions":[],"summary":\(summary((3, 6), (1, 2)))},
      {"filename":"\(b)","segments":[[1,1,4,true,true,false],[3,2,0,false,false,false]],"branches":[],"expansions":[],"summary":\(summary((3, 3), (1, 1)))}],
      "functions":[
      {"name":"a","count":1,"regions":[[1,1,3,2,1,0,0,0]],"filenames":["\(a)"],"branches":[]},
      {"name":"b","count":0,"regions":[[5,1,7,2,0,0,0,0]],"filenames":["\(a)"],"branches":[]},
      {"name":"c","count":4,"regions":[[1,1,3,2,4,0,0,0]],"filenames":["\(b)"],"branches":[]}],
      "totals":\(summary((6, 9), (2, 3)))}]}
      """
  }
}
