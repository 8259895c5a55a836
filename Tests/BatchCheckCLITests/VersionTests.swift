import Foundation
import Testing

@testable import BatchCheckCLI

@Suite("The version: one place in the code, named by the changelog")
struct VersionTests {
  /// The versions of CHANGELOG.md's release headings, newest first
  /// (`## [0.1.0] - 2026-11-26`), without `Unreleased`.
  static func releases() throws -> [String] {
    let text = try String(
      contentsOf: GeneratedCorpusFilesTests.packageRoot.appendingPathComponent("CHANGELOG.md"),
      encoding: .utf8)
    return text.split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix("## ["), let close = line.firstIndex(of: "]") else { return nil }
      let name = line[line.index(line.startIndex, offsetBy: 4)..<close]
      return name == "Unreleased" ? nil : String(name)
    }
  }

  @Test("--version prints the changelog's newest release")
  func versionIsTheNewestRelease() async throws {
    let newest = try #require(try Self.releases().first)
    #expect(BatchCheckCommand.version == newest)
    let run = await runCommand(["--version"])
    #expect(run.status == 0 && run.standardOutput == "batchcheck \(newest)\n")
  }

  @Test("the changelog's release headings are versions, newest first")
  func releasesAreOrdered() throws {
    let versions = try Self.releases().map { $0.split(separator: ".").compactMap { Int($0) } }
    #expect(!versions.isEmpty && versions.allSatisfy { $0.count == 3 })
    #expect(
      zip(versions, versions.dropFirst()).allSatisfy { $0.lexicographicallyPrecedes($1) == false })
  }
}
