import Foundation
import Testing

/// The article "Checking in CI" shows the example workflow whole: the
/// two stay the same text. (`Scripts/check-ci-commands.py` runs their
/// commands.)
@Suite("the CI example")
struct CIExampleTests {
  @Test("the article's yaml block is Examples/github-actions/batchcheck.yml, byte for byte")
  func articleShowsTheWorkflow() throws {
    let root = GeneratedCorpusFilesTests.packageRoot
    let article = try String(
      contentsOf: root.appendingPathComponent("Sources/BatchCheck/BatchCheck.docc/CheckingInCI.md"),
      encoding: .utf8)
    let workflow = try String(
      contentsOf: root.appendingPathComponent("Examples/github-actions/batchcheck.yml"),
      encoding: .utf8)
    #expect(article.hasPrefix("# Checking in CI\n\n"))
    let blocks = article.components(separatedBy: "```yaml\n").dropFirst().map {
      $0.components(separatedBy: "```").first ?? ""
    }
    #expect(blocks == [workflow])
    #expect(!workflow.isEmpty)
  }
}
