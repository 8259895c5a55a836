import BatchCheckTestSupport
import Foundation
import Testing

@testable import BatchCheckCLI

@Suite("validate --workers: the same output on any number of cores")
struct ValidateWorkersTests {
  /// Every committed corpus file: batch, staged, steps, snapshot and adapter
  /// lines, valid and failing; with a malformed line and an unreadable file.
  static func inputs() throws -> (files: [String], folder: TemporaryDirectory) {
    let corpus = GeneratedCorpusFilesTests.packageRoot.appendingPathComponent("Corpus")
    let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path)
      .filter { $0.hasSuffix(".jsonl") }.sorted()
    let folder = try TemporaryDirectory()
    let broken = try folder.write(
      "broken.jsonl", [#"{"old":[["a"]],"new":[["a","b"]]}"#, #"{"old":1}"#, "", #"{"new":[]}"#])
    let files =
      names.map { corpus.appendingPathComponent($0).path } + [broken, folder.path("none")]
    return (files, folder)
  }

  @Test("human and JSON output, exit status: --workers 1 and --workers 3 agree byte for byte")
  func sameOutput() async throws {
    let (files, folder) = try Self.inputs()
    defer { folder.remove() }
    #expect(files.count > 4)
    for format in [["--format", "json"], []] {
      let one = await runCommand(["validate"] + files + format + ["--workers", "1"])
      let three = await runCommand(["validate"] + files + format + ["--workers", "3"])
      #expect(one.status == 65)
      #expect(three.status == one.status)
      #expect(three.standardOutput == one.standardOutput)
      #expect(three.standardError == one.standardError)
      #expect(one.standardOutput.split(separator: "\n").count > 300)
    }
  }
}
