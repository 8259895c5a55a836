import BatchCheckTestSupport
import Foundation
import Testing

@testable import BatchCheckCLI

@Suite("Edit size on the command line: validate and check, as JSON and text")
struct EditSizeCommandTests {
  @Test("validate --format json gives each valid batch line its edits; an invalid line none")
  func validateLines() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let path = try files.write(
      "edits.jsonl",
      [
        #"{"name":"rotate","old":[["a","b","c"]],"new":[["c","a","b"]],"update":{"moveRows":[[[0,0],[0,1]],[[0,1],[0,2]],[[0,2],[0,0]]]}}"#,
        #"{"name":"replace","old":[["a","b"]],"new":[["b","a"]],"update":{"deleteRows":[[0,0],[0,1]],"insertRows":[[0,0],[0,1]],"reloadRows":[]}}"#,
        #"{"name":"bad","old":[["a"]],"new":[["a","b"]],"update":{},"expect":{"verdict":"exception","rule":"R2"}}"#,
      ])
    let run = await runCommand(["validate", path, "--format", "json"])
    #expect(run.status == 0)
    let lines = run.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    #expect(
      lines[0].contains(
        #""edits":{"deletes":0,"inserts":0,"moves":3,"reloads":0,"unchangedReloads":0,"minimumDeletes":0,"minimumInserts":0,"minimumMoves":1,"minimumMovesIsBound":false"#
      ))
    #expect(
      lines[1].contains(#""edits":{"deletes":2,"inserts":2,"moves":0,"#)
        && lines[1].contains(#""minimumMoves":1,"#))
    #expect(!lines[2].contains(#""edits":"#))
  }

  @Test("check --format json reports totals; heckel moves more rows than the minimum")
  func checkTotals() async throws {
    let run = await runCommand(
      [
        "check", "--generator", "heckel", "--count", "300", "--exhaustive-total", "4", "--format",
        "json",
      ])
    #expect(run.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
    let edits = try #require(object["edits"] as? [String: Any])
    let moves = try #require(edits["moves"] as? Int)
    let minimum = try #require(edits["minimumMoves"] as? Int)
    #expect(moves > minimum && minimum > 0)
    #expect((edits["cases"] as? Int ?? 0) > 0)
    let text = await runCommand([
      "check", "--generator", "heckel", "--count", "300", "--exhaustive-total", "4",
    ])
    #expect(
      text.standardOutput.contains(" moves where ") && text.standardOutput.contains("  edit size: ")
    )
  }
}
