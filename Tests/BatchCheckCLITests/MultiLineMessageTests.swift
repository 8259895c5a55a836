import BatchCheck
import BatchCheckTestSupport
import Foundation
import ReferenceDiffs
import Testing

@testable import BatchCheckCLI

/// UIKit's R2b text spans lines ("Invalid batch updates detected: ...",
/// then "Data source before updates = ..."): every text report keeps its
/// continuation lines under their label.
@Suite("multi-line messages in text reports")
struct MultiLineMessageTests {
  /// The R2b message of map-moves on ["a","a"] -> [], each continuation line
  /// after `indent`.
  static func r2bContinuation(_ indent: String) -> String {
    [
      "Data source before updates = { 1 section with row counts: [2] }",
      "Data source after updates = { 1 section with row counts: [0] }", "Updates = [",
      "\tDelete row (0 - 1)", "]",
      "Table view: <UITableView>",
    ]
    .map { "\n" + indent + $0 }.joined()
  }

  @Test("continuation lines are indented by the width asked; a one-line text is left alone")
  func indenting() {
    #expect("a\nb\n\tc".indentingContinuationLines(by: 2) == "a\n  b\n  \tc")
    #expect("one line".indentingContinuationLines(by: 4) == "one line")
    #expect("a\n".indentingContinuationLines(by: 1) == "a\n ")
  }

  @Test("check: the message under message:, the trace's line under its text")
  func checkReport() async {
    let run = await runCommand([
      "check", "--generator", "map-moves", "--count", "0", "--exhaustive-total", "2",
    ])
    #expect(run.status == 1)
    let message = "  message: Invalid batch updates detected"
    #expect(run.standardOutput.contains(message))
    #expect(
      run.standardOutput.contains(
        Self.r2bContinuation(String(repeating: " ", count: 11)) + "\n  old:"))
    #expect(run.standardOutput.contains(Self.r2bContinuation("      ") + "\n"))
    // No line of the report starts at the left margin but its heads.
    let unindented = run.standardOutput.split(separator: "\n").filter { !$0.hasPrefix(" ") }
    #expect(
      unindented.allSatisfy {
        $0.hasPrefix("check ") || $0.hasPrefix("FAIL ") || $0.hasPrefix("2 kinds")
          || $0.hasSuffix(" failed")
      })
  }

  @Test("corpus check: the disagreeing case's message stays under its label")
  func corpusCheckReport() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let path = try files.write(
      "r2b.jsonl", [#"{"name":"two-deleted","old":[["a","a"]],"new":[[]]}"#])
    let run = await runCommand(["corpus", "check", path, "--generator", "map-moves"])
    #expect(run.status == 1)
    #expect(
      run.standardOutput.contains(
        Self.r2bContinuation(String(repeating: " ", count: 11)) + "\n  old:"))
  }

  @Test("the main job: a kind's message below the table stays under its label")
  func mainJobDetails() async throws {
    let generator = try #require(ReferenceGenerators.anyContract(named: "map-moves"))
    var options = CheckOptions()
    options.count = 0
    options.exhaustiveTotal = 2
    options.identityOnly = generator.identityOnly
    let report = check(generator, options: options)
    let rendered = DefaultRun.rows(
      for: report, generator: generator, identityOnly: options.identityOnly)
    #expect(rendered.rows.hasPrefix("map-moves"))
    #expect(
      rendered.details.contains(
        Self.r2bContinuation(String(repeating: " ", count: 11)) + "\n  cases:"))
  }
}
