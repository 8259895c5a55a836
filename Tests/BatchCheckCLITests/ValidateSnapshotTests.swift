import BatchCheck
import BatchCheckTestSupport
import Foundation
import Testing

@testable import BatchCheckCLI

@Suite("batchcheck validate: snapshot and section snapshot lines")
struct ValidateSnapshotTests {
  static let lines = [
    #"{"name":"dup","contract":"snapshot","start":"empty","old":[],"calls":[{"op":"appendSections","ids":["S"]},{"op":"appendItems","ids":["a","b","a"]},{"op":"numberOfSections"}],"expect":{"verdict":"exception","rule":"S1","call":1}}"#,
    #"{"name":"moved","contract":"snapshot","old":[["S",["a","b"]]],"calls":[{"op":"appendItems","ids":["a"]},{"op":"indexOfItem","id":"a"}],"new":[["S",["b","a"]]],"expect":{"verdict":"logged","results":[1]}}"#,
    #"{"name":"tree","contract":"sectionSnapshot","calls":[{"op":"append","ids":["p"]},{"op":"append","ids":["c"],"parent":"p"},{"op":"expand","ids":["p"]},{"op":"level","id":"c"}],"expect":{"verdict":"valid","final":[["p",["c"]]],"expanded":["p"],"results":[1]}}"#,
    #"{"name":"bad","contract":"snapshot","calls":[{"op":"moveItem","id":"a","before":"b","after":"c"}]}"#,
  ]

  @Test(
    "JSON: v2 fields plus contract, call, logs, warnings, final, expanded and results, in shape")
  func jsonFields() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let file = try files.write("snapshots.jsonl", Self.lines)
    let run = await runCommand(["validate", file, "--format", "json"])
    #expect(run.status == 65)
    let objects = try run.standardOutput.split(separator: "\n").map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    try #require(objects.count == 4)
    #expect(
      Set(objects[0].keys)
        == [
          "file", "line", "name", "contract", "verdict", "rule", "message", "call", "logs",
          "warnings", "agrees",
        ])
    #expect(objects[0]["call"] as? Int == 1 && objects[0]["agrees"] as? Bool == true)
    #expect(
      Set(objects[1].keys)
        == [
          "file", "line", "name", "contract", "verdict", "rule", "message", "logs", "warnings",
          "final", "results", "agrees",
        ])
    #expect((objects[1]["logs"] as? [[String: Any]])?.first?["call"] as? Int == 0)
    #expect((objects[1]["final"] as? [[Any]])?.first?.first as? String == "S")
    #expect(objects[1]["results"] as? [Int] == [1])
    #expect(objects[2]["contract"] as? String == "sectionSnapshot")
    #expect(objects[2]["expanded"] as? [String] == ["p"] && objects[2]["agrees"] as? Bool == true)
    #expect(objects[3]["column"] as? Int == 85 && objects[3]["line"] as? Int == 4)
  }

  @Test("human: one line a case, the contract named, a disagreement's expectation and verdict")
  func human() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let wrong = Self.lines[1].replacingOccurrences(
      of: #""verdict":"logged""#, with: #""verdict":"valid""#)
    let file = try files.write("snapshots.jsonl", [Self.lines[0], wrong])
    let run = await runCommand(["validate", file])
    #expect(run.status == 1)
    let lines = run.standardOutput.split(separator: "\n").map(String.init)
    #expect(
      lines[0].hasPrefix("\(file):1 dup: exception S1 at call 1: Fatal: supplied item identifiers"))
    #expect(lines[0].hasSuffix("(snapshot) ✓ agrees"))
    #expect(lines[1].hasSuffix("(snapshot) ✗ disagrees"))
    #expect(lines[2] == "  - expected valid (results [1])")
    #expect(lines[3].hasPrefix("  + actual   logged S3: Diffable data source detected"))
    #expect(lines.last == "1 passed, 1 failed")
  }
}
