import BatchCheck
import Testing

@testable import BatchCheckCorpus

@Suite("Snapshot case lines (case format version 3)")
struct SnapshotCaseDecodingTests {
  /// Reads `line`, expecting a data error at `column` whose message holds `fragment`.
  private func expectError(
    _ line: String, column: Int, _ fragment: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let records = CaseFile.read(Array(line.utf8), file: "x.jsonl")
    guard case .failure(let error) = records.first?.value else {
      Issue.record("read as a case: \(line)", sourceLocation: sourceLocation)
      return
    }
    #expect(error.line == 1 && error.column == column, "\(error)", sourceLocation: sourceLocation)
    #expect(error.message.contains(fragment), "\(error)", sourceLocation: sourceLocation)
  }

  @Test("a snapshot line reads with its start, apply, rows, calls and expectation")
  func reads() throws {
    let line =
      #"{"name":"n","contract":"snapshot","start":"empty","apply":"reloadData","old":[["S",[{"id":"a","content":1,"key":7}]]],"calls":[{"op":"appendSections","ids":["S"]},{"op":"appendItems","ids":["a",{"eq":"b","hash":3}],"section":"S"},{"op":"moveItem","id":"a","after":{"eq":"b","hash":3}},{"op":"indexOfItem","id":"a"}],"new":[["S",[{"eq":"b","hash":3},"a"]]],"expect":{"verdict":"valid","results":[1]}}"#
    let snapshotCase = try SnapshotCase(jsonLine: line)
    #expect(snapshotCase.name == "n")
    #expect(snapshotCase.script.start == .empty && snapshotCase.script.apply == .reloadData)
    #expect(snapshotCase.script.old[0].rows[0] == SnapshotRow(id: "a", content: 1, key: 7))
    #expect(
      snapshotCase.script.calls[2] == .moveItem("a", .after(.custom(eq: "b", hash: 3))))
    #expect(snapshotCase.agrees)
  }

  @Test("data errors name their column: both anchors, none, unknown op, wrong id type")
  func dataErrors() {
    expectError(
      #"{"contract":"snapshot","calls":[{"op":"insertItems","ids":["a"],"before":"x","after":"y"}]}"#,
      column: 78, "not both")
    expectError(
      #"{"contract":"snapshot","calls":[{"op":"moveItem","id":"a"}]}"#, column: 33,
      "needs \"before\" or \"after\"")
    expectError(
      #"{"contract":"snapshot","calls":[{"op":"appendRows","ids":["a"]}]}"#, column: 39,
      "unknown op \"appendRows\"")
    expectError(
      #"{"contract":"snapshot","calls":[{"op":"deleteItems","ids":[true]}]}"#, column: 60,
      "expected an identifier")
    expectError(
      #"{"contract":"snapshot","calls":[{"op":"deleteItems","ids":["a",{"eq":"a","hash":1}]}]}"#,
      column: 64, "both plain and as")
  }

  @Test("ios12 on a snapshot case, calls without a contract, a missing calls key")
  func lineErrors() {
    expectError(#"{"contract":"snapshot","uikit":"ios12","calls":[]}"#, column: 32, "no diffable")
    expectError(#"{"old":[],"new":[],"calls":[]}"#, column: 20, "needs \"contract\"")
    expectError(#"{"contract":"snapshot","old":[]}"#, column: 1, "missing key \"calls\"")
  }

  @Test("a malformed line does not stop the next one")
  func otherLinesStillRead() {
    let text =
      #"{"contract":"snapshot","calls":[{"op":"nope"}]}"# + "\n"
      + #"{"contract":"snapshot","old":[["S",["a"]]],"calls":[{"op":"deleteItems","ids":["a"]}],"new":[["S",[]]]}"#
    let records = CaseFile.read(Array(text.utf8), file: "x.jsonl")
    #expect(records.count == 2)
    guard case .success(.snapshot(let second)) = records.last?.value else {
      Issue.record("the second line was not read")
      return
    }
    #expect(second.verdict.kind == .valid)
    #expect(records.last?.line == 2)
  }

  @Test("an expectation compares only what it gives, the message loosely")
  func expectations() throws {
    let base =
      #"{"contract":"snapshot","old":[["S",["a","b"]]],"calls":[{"op":"appendItems","ids":["a"]}],"new":[["S",["b","a"]]],"expect":"#
    let agreeing = [
      #"{"verdict":"logged"}"#, #"{"verdict":"logged","rule":"S3","final":[["S",["b","a"]]]}"#,
      #"{"verdict":"logged","logs":[{"rule":"S3","call":0,"message":"Item  identifier that already exists: a"}]}"#,
    ]
    for expect in agreeing {
      #expect(try SnapshotCase(jsonLine: base + expect + "}").agrees, "\(expect)")
    }
    let disagreeing = [
      #"{"verdict":"valid"}"#, #"{"verdict":"logged","final":[["S",["a","b"]]]}"#,
      #"{"verdict":"logged","logs":[]}"#, #"{"verdict":"logged","call":0}"#,
      #"{"verdict":"logged","results":[1]}"#,
    ]
    for expect in disagreeing {
      #expect(try !SnapshotCase(jsonLine: base + expect + "}").agrees, "\(expect)")
    }
  }

  @Test("the replay line the engine writes reads back to the same script")
  func roundTrip() throws {
    let script = SnapshotScript<SnapshotIdentifier, SnapshotIdentifier>(
      start: .empty, apply: .animated,
      old: [SnapshotSection(id: 1, rows: [SnapshotRow(id: "a", content: "x", key: 2)])],
      calls: [
        .appendSections([1, "T"]), .insertSections(["U"], .before(1)),
        .appendItems(["a", .custom(eq: 3, hash: -4)], toSection: "T"),
        .moveSection("U", .after("T")), .reloadSections([1]), .insertItems(["c"], .after("a")),
        .deleteItems(["c"]), .moveItem("a", .before(.custom(eq: 3, hash: -4))),
        .reloadItems(["a"]), .reconfigureItems(["a"]), .deleteSections(["U"]),
        .numberOfItems(inSection: nil), .numberOfItems(inSection: "T"), .numberOfSections,
        .itemIdentifiers(inSection: "T"), .sectionIdentifiers, .indexOfItem("a"),
        .indexOfSection(1), .sectionIdentifier(containingItem: "a"), .reloadedItemIdentifiers,
        .reconfiguredItemIdentifiers, .reloadedSectionIdentifiers, .deleteAllItems,
      ],
      new: nil)
    let line = SnapshotCaseJSON.line(name: "r", script: script, expect: script.verdict)
    let read = try SnapshotCase(jsonLine: line)
    #expect(read.script == script)
    #expect(read.agrees)
  }
}
