import Foundation
import XCTest

/// `ci/dist.sh` (what `make dist` runs on the release build) on the covgate these tests built:
/// the files it writes verify against their checksums, the tarball's covgate runs in an empty
/// environment, the artifact bundle follows SwiftPM's format (PluginEndToEndTests runs
/// `swift package covgate` through `dist/plugin`).
final class DistEndToEndTests: XCTestCase {
  nonisolated(unsafe) private static var dist = ""
  nonisolated(unsafe) private static var made: CLIHarness.Result?
  private static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

  override class func setUp() {
    super.setUp()
    guard FileManager.default.isExecutableFile(atPath: CLIHarness.covgate) else { return }
    dist = NSTemporaryDirectory() + "covgate-dist-\(UUID().uuidString)"
    made = try? CLIHarness.run("/bin/bash", ["\(repository)/ci/dist.sh", CLIHarness.covgate, dist])
  }

  override class func tearDown() {
    try? FileManager.default.removeItem(atPath: dist)
    super.tearDown()
  }

  override func setUpWithError() throws {
    try XCTSkipUnless(
      FileManager.default.isExecutableFile(atPath: CLIHarness.covgate), "build covgate first")
    XCTAssertEqual(Self.made?.exitCode, 0, Self.made?.stderr ?? "ci/dist.sh did not run")
  }

  private var dist: String { Self.dist }

  private func version() throws -> String {
    try CLIHarness.run(CLIHarness.covgate, ["--version"]).stdout.trimmingCharacters(
      in: .whitespacesAndNewlines)
  }

  func testTheFilesVerifyAgainstTheirChecksums() throws {
    let check = try CLIHarness.run("/usr/bin/env", ["sha256sum", "-c", "SHA256SUMS"], in: dist)
    XCTAssertEqual(check.exitCode, 0, check.stdout + check.stderr)
    XCTAssertEqual(
      check.stdout.split(separator: "\n").filter { $0.hasSuffix(": OK") }.count, 2, check.stdout)
  }

  func testTheTarballsCovgateRunsInAnEmptyEnvironmentWithinSeconds() throws {
    let tarball = try XCTUnwrap(
      try FileManager.default.contentsOfDirectory(atPath: dist).first { $0.hasSuffix(".tar.gz") })
    XCTAssertTrue(tarball.hasPrefix("covgate-\(try version())-"), tarball)
    let folder = "\(dist)/unpacked"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let start = Date()
    let untar = try CLIHarness.run(
      "/usr/bin/env", ["tar", "-xzf", "\(dist)/\(tarball)", "-C", folder])
    XCTAssertEqual(untar.exitCode, 0, untar.stderr)
    let name = String(tarball.dropLast(".tar.gz".count))
    let run = try CLIHarness.run("/usr/bin/env", ["-i", "\(folder)/\(name)/covgate", "--version"])
    let seconds = Date().timeIntervalSince(start)
    XCTAssertEqual(run.exitCode, 0, run.stderr)
    XCTAssertEqual(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines), try version())
    XCTAssertTrue(FileManager.default.fileExists(atPath: "\(folder)/\(name)/README.md"))
    // The licence goes with the binary, word for word the repository's.
    XCTAssertEqual(
      try String(contentsOfFile: "\(folder)/\(name)/LICENSE", encoding: .utf8),
      try String(contentsOfFile: "\(Self.repository)/LICENSE", encoding: .utf8))
    XCTAssertLessThan(seconds, 30, "installing from the tarball takes seconds")
  }

  func testTheArtifactBundleFollowsSwiftPMsFormat() throws {
    let data = try Data(
      contentsOf: URL(fileURLWithPath: "\(dist)/covgate.artifactbundle/info.json"))
    let info = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    XCTAssertEqual(info["schemaVersion"] as? String, "1.0")
    let artifact = try XCTUnwrap(
      (info["artifacts"] as? [String: Any])?["covgate"] as? [String: Any])
    XCTAssertEqual(artifact["type"] as? String, "executable")
    XCTAssertEqual(artifact["version"] as? String, try version())
    let variants = try XCTUnwrap(artifact["variants"] as? [[String: Any]])
    XCTAssertEqual(variants.count, 1)
    let path = try XCTUnwrap(variants[0]["path"] as? String)
    XCTAssertTrue(
      FileManager.default.isExecutableFile(atPath: "\(dist)/covgate.artifactbundle/\(path)"), path)
    XCTAssertEqual(
      (variants[0]["supportedTriples"] as? [String])?.first?.hasSuffix("-linux-gnu"), true)
    let listing = try CLIHarness.run(
      "/usr/bin/env", ["python3", "-m", "zipfile", "-l", "\(dist)/covgate.artifactbundle.zip"])
    XCTAssertTrue(listing.stdout.contains("covgate.artifactbundle/info.json"), listing.stdout)
    XCTAssertTrue(listing.stdout.contains("covgate.artifactbundle/LICENSE"), listing.stdout)
  }

  /// A release joins every platform's dist folder: one bundle listing each variant, every
  /// tarball, and checksums that verify.
  func testAReleaseJoinsThePlatformsIntoOneBundle() throws {
    let parts = "\(dist)-parts"
    defer { try? FileManager.default.removeItem(atPath: parts) }
    for (folder, triple) in [("linux", ""), ("macos", "universal-apple-macosx")] {
      let made = try CLIHarness.run(
        "/bin/bash", ["\(Self.repository)/ci/dist.sh", CLIHarness.covgate, "\(parts)/\(folder)"],
        environment: triple.isEmpty ? [:] : ["COVGATE_DIST_TRIPLE": triple])
      XCTAssertEqual(made.exitCode, 0, made.stderr)
    }
    // upload-artifact and download-artifact lose the run bit on the way to the release job.
    let lost = try CLIHarness.run("/usr/bin/env", ["chmod", "-R", "a-x+X", parts])
    XCTAssertEqual(lost.exitCode, 0, lost.stderr)
    let release = "\(dist)-release"
    defer { try? FileManager.default.removeItem(atPath: release) }
    let merged = try CLIHarness.run(
      "/usr/bin/env",
      [
        "python3", "\(Self.repository)/ci/dist/merge-bundles.py", parts, release,
        "https://example.test/v9",
      ])
    XCTAssertEqual(merged.exitCode, 0, merged.stderr)
    let data = try Data(
      contentsOf: URL(fileURLWithPath: "\(release)/covgate.artifactbundle/info.json"))
    let info = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    let variants = try XCTUnwrap(
      ((info["artifacts"] as? [String: Any])?["covgate"] as? [String: Any])?["variants"]
        as? [[String: Any]])
    XCTAssertEqual(
      Set(variants.flatMap { $0["supportedTriples"] as? [String] ?? [] }),
      ["x86_64-unknown-linux-gnu", "arm64-apple-macosx", "x86_64-apple-macosx"])
    for variant in variants {
      let path = try XCTUnwrap(variant["path"] as? String)
      XCTAssertTrue(
        FileManager.default.isExecutableFile(atPath: "\(release)/covgate.artifactbundle/\(path)"),
        path)
    }
    // The zip SwiftPM downloads keeps the run bit of every variant's binary.
    let modes = try CLIHarness.run(
      "/usr/bin/env",
      [
        "python3", "-c",
        "import sys, zipfile; [print(oct(i.external_attr >> 16 & 0o777), i.filename) for i in zipfile.ZipFile(sys.argv[1]).infolist()]",
        "\(release)/covgate.artifactbundle.zip",
      ])
    for variant in variants {
      let path = try XCTUnwrap(variant["path"] as? String)
      XCTAssertTrue(modes.stdout.contains("0o755 covgate.artifactbundle/\(path)"), modes.stdout)
    }
    XCTAssertTrue(
      modes.stdout.contains("covgate.artifactbundle/LICENSE"),
      "the release's bundle keeps the licence")
    let check = try CLIHarness.run("/usr/bin/env", ["sha256sum", "-c", "SHA256SUMS"], in: release)
    XCTAssertEqual(check.exitCode, 0, check.stdout + check.stderr)
    XCTAssertEqual(check.stdout.split(separator: "\n").count, 3, "two tarballs and the zip")
    // The release's plugin manifest names the zip by URL and by the checksum SwiftPM verifies.
    let manifest = try String(contentsOfFile: "\(release)/plugin-Package.swift", encoding: .utf8)
    let sums = try String(contentsOfFile: "\(release)/SHA256SUMS", encoding: .utf8)
    let zipSum = try XCTUnwrap(
      sums.split(separator: "\n").first { $0.hasSuffix("covgate.artifactbundle.zip") }
    )
    .split(separator: " ").first.map(String.init)
    XCTAssertTrue(
      manifest.contains(#"url: "https://example.test/v9/covgate.artifactbundle.zip""#), manifest)
    XCTAssertTrue(manifest.contains(#"checksum: "\#(try XCTUnwrap(zipSum))""#), manifest)
    XCTAssertFalse(manifest.contains("path: \"covgate.artifactbundle\""), manifest)
  }

  /// The release job refuses a tag that is not the version the binary says: its assets are named
  /// by the binary's version, so the installer would look for files the release does not have.
  func testTheReleaseRefusesATagThatIsNotTheBinarysVersion() throws {
    let version = try CLIHarness.run(CLIHarness.covgate, ["--version"]).stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let script = "\(Self.repository)/ci/release-version.sh"
    XCTAssertEqual(
      try CLIHarness.run("/bin/bash", [script, CLIHarness.covgate, "v\(version)"]).exitCode, 0)
    let wrong = try CLIHarness.run("/bin/bash", [script, CLIHarness.covgate, "v99.0.0"])
    XCTAssertEqual(wrong.exitCode, 1)
    XCTAssertTrue(
      wrong.stderr.contains("the tag is v99.0.0 but covgate --version says \(version)"),
      wrong.stderr)
  }

  /// `make release-check`'s script on the covgate these tests built: passes for its version
  /// (the installer installs it from the checked release), refuses another, and refuses a
  /// bundle whose binary lost its run bit on the way (merge-bundles.py made to skip restoring
  /// it).
  func testTheReleaseCheckPassesForTheBinarysVersionAndRefusesWhatWouldBreak() throws {
    let script = "\(Self.repository)/ci/release-check.sh"
    let version = try version()
    let passed = try CLIHarness.run("/bin/bash", [script, version, CLIHarness.covgate])
    XCTAssertEqual(passed.exitCode, 0, passed.stderr)
    XCTAssertTrue(passed.stdout.contains("v\(version) is ready on this platform"), passed.stdout)
    XCTAssertTrue(passed.stdout.contains("only GitHub can check"), passed.stdout)
    XCTAssertTrue(passed.stdout.contains("plugin-Package.swift"), passed.stdout)

    let wrong = try CLIHarness.run("/bin/bash", [script, "99.0.0", CLIHarness.covgate])
    XCTAssertEqual(wrong.exitCode, 1)
    XCTAssertTrue(wrong.stderr.contains("the tag is v99.0.0"), wrong.stderr)

    // The same check on a copy of the repository's scripts whose merge forgets the run bits.
    let copy = "\(dist)-scripts"
    defer { try? FileManager.default.removeItem(atPath: copy) }
    for file in ["ci", "Plugins", "README.md", "LICENSE"] {
      try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        atPath: "\(Self.repository)/\(file)", toPath: "\(copy)/\(file)")
    }
    let merge = "\(copy)/ci/dist/merge-bundles.py"
    let text = try String(contentsOfFile: merge, encoding: .utf8)
    try text.replacingOccurrences(
      of: "os.chmod(os.path.join(bundle, variant[\"path\"]), 0o755)", with: "pass"
    ).write(toFile: merge, atomically: true, encoding: .utf8)
    let broken = try CLIHarness.run(
      "/bin/bash", ["\(copy)/ci/release-check.sh", version, CLIHarness.covgate])
    XCTAssertEqual(broken.exitCode, 1, broken.stdout)
    XCTAssertTrue(broken.stderr.contains("is not executable"), broken.stderr)
  }
}
