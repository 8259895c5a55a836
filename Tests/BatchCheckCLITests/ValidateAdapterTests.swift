import BatchCheck
import BatchCheckTestSupport
import Foundation
import Testing

@testable import BatchCheckCLI

@Suite("batchcheck validate: adapter lines")
struct ValidateAdapterTests {
  static let lines = [
    // H3 under iOS 18: a reload owed, so the batch's start reads the new counts (A2).
    #"{"name":"H3","contract":"adapter","semantics":"collectionView","uikit":"ios18","start":{"rows":[["a","b"]]},"script":[{"call":"reloadData"},{"dataSource":[["a","b","c"]]},{"call":"performBatchUpdates","steps":[{"call":"insertRows","at":[[0,2]]}]}],"expect":{"verdict":"exception","rule":"R2b","cause":"A2","step":[2],"basis":"settled"}}"#,
    // H1: valid; its data source moves inside the turn, read at the block's end.
    #"{"name":"H1","contract":"adapter","start":{"rows":[["a","b","c"]]},"script":[{"dataSource":[["a","b","c","d"]]},{"call":"performBatchUpdates","steps":[{"call":"insertRows","at":[[0,3]]}]}]}"#,
    // A4 expected where the case gets A4, but at the wrong step: disagrees.
    #"{"name":"A4-wrong-step","contract":"adapter","start":{"rows":[["a","b","c"]]},"script":[{"call":"performBatchUpdates","steps":[{"call":"deleteRows","at":[[0,0]]}]}],"expect":{"verdict":"exception","cause":"A4","step":[1]}}"#,
  ]

  @Test(
    "JSON: the v2 fields plus contract, cause, step, basis, outcomes and reads, parsed as JSON")
  func jsonFields() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let file = try files.write("adapter.jsonl", Self.lines)
    let run = await runCommand(["validate", file, "--format", "json"])
    #expect(run.status == 1)
    let objects = try run.standardOutput.split(separator: "\n").map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    try #require(objects.count == 3)
    let h3 = objects[0]
    #expect(
      Set(h3.keys)
        == [
          "file", "line", "name", "contract", "verdict", "rule", "message", "cause", "step",
          "basis", "outcomes", "reads", "agrees",
        ])
    #expect(h3["contract"] as? String == "adapter" && h3["verdict"] as? String == "exception")
    #expect(h3["rule"] as? String == "R2b" && h3["cause"] as? String == "A2")
    #expect(h3["step"] as? [Int] == [2] && h3["basis"] as? String == "settled")
    #expect(h3["agrees"] as? Bool == true)
    let outcomes = try #require(h3["outcomes"] as? [[String: Any]])
    #expect(outcomes.count == 1)
    #expect(outcomes.first?["step"] as? [Int] == [2] && outcomes.first?["cause"] as? String == "A2")
    #expect((outcomes.first?["message"] as? String)?.contains("item counts: [3]") == true)
    let reads = try #require(h3["reads"] as? [[String: Any]])
    #expect(reads.map { $0["by"] as? String } == ["batchStart", "batchEnd"])
    #expect(reads.map { $0["counts"] as? [Int] } == [[3], [3]])
    #expect(reads.map { $0["step"] as? [Int] } == [[2], [2]])
    let h1 = objects[1]
    #expect(h1["verdict"] as? String == "valid" && h1["agrees"] as? Bool == true)
    #expect(h1["rule"] == nil && h1["cause"] == nil && h1["step"] == nil && h1["message"] == nil)
    #expect(h1["basis"] as? String == "settled")
    #expect((h1["outcomes"] as? [[String: Any]])?.first?["verdict"] as? String == "valid")
    #expect(objects[2]["agrees"] as? Bool == false && objects[2]["step"] as? [Int] == [0])
  }

  @Test("human: one line a case, the contract named, a disagreement's - expected and + actual")
  func human() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let file = try files.write("adapter.jsonl", Self.lines)
    let run = await runCommand(["validate", file])
    #expect(run.status == 1)
    let lines = run.standardOutput.split(separator: "\n").map(String.init)
    try #require(lines.count == 6)
    #expect(lines[0].hasPrefix("\(file):1 H3: exception R2b A2 at step [2] (settled): "))
    #expect(lines[0].hasSuffix("(adapter) ✓ agrees"))
    #expect(lines[1] == "\(file):2 H1: valid (settled) (adapter)")
    #expect(lines[2].hasPrefix("\(file):3 A4-wrong-step: exception R2 A4 at step [0] (settled)"))
    #expect(lines[2].hasSuffix("(adapter) ✗ disagrees"))
    #expect(lines[3] == "  - expected exception A4 at step [1]")
    #expect(lines[4].hasPrefix("  + actual   exception R2 A4 at step [0] (settled): "))
    #expect(lines[5] == "2 passed, 1 failed")
  }

  @Test(
    "--html draws each failing or disagreeing adapter case as a timeline, the failing end marked")
  func html() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let file = try files.write("adapter.jsonl", Self.lines)
    let path = files.directory.appendingPathComponent("report.html").path
    let run = await runCommand(["validate", file, "--html", path])
    #expect(run.status == 1)
    let html = try String(contentsOfFile: path, encoding: .utf8)
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    // The disagreement first, then the agreeing failure; the valid H1 is not drawn.
    let disagreeing = try #require(html.range(of: "A4-wrong-step</h2>"))
    let agreeing = try #require(html.range(of: ":1 H3</h2>"))
    #expect(disagreeing.lowerBound < agreeing.lowerBound)
    #expect(!html.contains(":2 H1</h2>"))
    #expect(html.components(separatedBy: "<table class=\"timeline\">").count == 3)
    #expect(html.components(separatedBy: "<tr class=\"failing-end\">").count == 3)
    #expect(html.contains("expected: exception A4 at step [1] (disagrees)"))
    #expect(html.contains("<td>batchStart: [3]</td>"))
    #expect(html.contains("exception rule R2b · cause A2 · basis settled"))
  }

  @Test("Corpus/adapter.jsonl validates: every line agrees")
  func corpusFile() async throws {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Corpus/adapter.jsonl").path
    let run = await runCommand(["validate", path])
    #expect(run.status == 0)
    let last = run.standardOutput.split(separator: "\n").last.map(String.init) ?? ""
    #expect(last.hasSuffix(" passed, 0 failed") && !last.hasPrefix("0 "))
  }
}
