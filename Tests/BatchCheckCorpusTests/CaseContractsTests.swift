import BatchCheck
import Foundation
import Testing

@testable import BatchCheckCorpus

/// BatchCheck's contract extension of the case format: reading, writing,
/// strictness, version-1 lines, and judging a case under another contract.
@Suite("Contract cases")
struct CaseContractsTests {
  static let stagedLine =
    #"{"name":"s","contract":"staged","identityOnly":true,"old":[["a","b"]],"new":[["b"]],"stages":[{"update":{"deleteRows":[[0,0]]},"data":[["b"]]}],"expect":{"verdict":"valid"}}"#
  static let stepsLine =
    #"{"contract":"steps","old":[["a"]],"new":[["x",{"id":"a","content":2}]],"steps":[{"insert":[0,1],"row":"x"},{"delete":[0,0]},{"move":[[0,1],[0,0]]},{"update":[0,1],"row":{"id":"a","content":2}}]}"#

  @Test("a staged line reads and writes back the same")
  func stagedRoundTrip() throws {
    let read = try Case(jsonLine: Self.stagedLine)
    #expect(read.contract == .staged && read.identityOnly && read.update == nil)
    #expect(
      read.stages == [Stage(update: BatchUpdate(deleteRows: [RowPath(0, 0)]), data: [[Row("b")]])])
    #expect(read.options == SimulationOptions(identityOnly: true))
    #expect(read.jsonLine == Self.stagedLine)
    #expect(read.run() == .valid)
  }

  @Test("a steps line reads every kind of step and writes back the same")
  func stepsRoundTrip() throws {
    let read = try Case(jsonLine: Self.stepsLine)
    #expect(read.contract == .steps && !read.identityOnly)
    #expect(
      read.steps == [
        .insert(at: RowPath(0, 1), row: Row("x")), .delete(at: RowPath(0, 0)),
        .move(from: RowPath(0, 1), to: RowPath(0, 0)),
        .update(at: RowPath(0, 1), row: Row(id: "a", content: 2)),
      ])
    #expect(read.jsonLine == Self.stepsLine)
  }

  @Test("section steps read and write back the same, and run")
  func sectionStepsRoundTrip() throws {
    let line =
      #"{"contract":"steps","old":[["a"],["b","c"],["z"]],"new":[["c"],["x","y"],["a","b"]],"steps":[{"deleteSection":2},{"moveSection":[0,1]},{"insertSection":1,"rows":["x","y"]},{"move":[[0,0],[2,1]]}]}"#
    let read = try Case(jsonLine: line)
    #expect(
      read.steps == [
        .deleteSection(at: 2), .moveSection(from: 0, to: 1),
        .insertSection(at: 1, rows: [Row("x"), Row("y")]),
        .move(from: RowPath(0, 0), to: RowPath(2, 1)),
      ])
    #expect(read.jsonLine == line)
    #expect(read.run() == .valid, "\(read.judge())")
  }

  @Test("stages or steps imply the contract; the canonical line names it")
  func impliedContract() throws {
    let read = try Case(jsonLine: #"{"old":[["a"]],"new":[[]],"steps":[{"delete":[0,0]}]}"#)
    #expect(read.contract == .steps)
    #expect(
      read.jsonLine == #"{"contract":"steps","old":[["a"]],"new":[[]],"steps":[{"delete":[0,0]}]}"#)
    #expect(read.run() == .valid)
    // A staged case without stages: a generator is to produce them.
    let asks = try Case(jsonLine: #"{"contract":"staged","old":[["a"]],"new":[["a"]]}"#)
    #expect(asks.contract == .staged && asks.stages == nil)
    #expect(asks.jsonLine == #"{"contract":"staged","old":[["a"]],"new":[["a"]]}"#)
    #expect(asks.run() == .valid)
  }

  @Test("a version-1 line means and writes what it did")
  func versionOne() throws {
    let line =
      #"{"name":"v1","old":[["a","b"]],"new":[["b","a"]],"update":{"reloadRows":[[0,1]],"moveRows":[[[0,1],[0,0]]]},"expect":{"verdict":"exception","rule":"R11"}}"#
    let read = try Case(jsonLine: line)
    #expect(read.contractForm == CaseContractForm())
    #expect(read.options == .default)
    #expect(read.jsonLine == line)
    #expect(
      read.run()
        == SimulatedTableView(read.old).performBatchUpdates(
          read.update ?? BatchUpdate(), dataSource: read.new))
  }

  @Test(
    "malformed contract fields are errors at their column",
    arguments: [
      (
        #"{"contract":"patch","old":[],"new":[]}"#, 13,
        #"unknown contract "patch"; expected one of batch, staged, steps"#
      ),
      (
        #"{"identityOnly":1,"old":[],"new":[]}"#, 17,
        #"expected true or false for "identityOnly", found an integer"#
      ),
      (
        #"{"old":[],"new":[],"stages":[],"steps":[]}"#, 32,
        #"a case holds "stages" or "steps", not both"#
      ),
      (
        #"{"contract":"steps","old":[],"new":[],"stages":[]}"#, 39,
        #""stages" holds staged batches but "contract" is "steps""#
      ),
      (
        #"{"old":[],"new":[],"update":{},"steps":[]}"#, 20,
        #""update" is the form of one batch; a case with "contract":"steps" holds "steps""#
      ),
      (#"{"old":[],"new":[],"stages":[{"data":[]}]}"#, 30, #"missing key "update" in a stage"#),
      (
        #"{"old":[],"new":[],"stages":[{"update":{},"data":[],"x":1}]}"#, 53,
        #"unknown key "x" in a stage; expected one of update, data"#
      ),
      (
        #"{"old":[],"new":[],"steps":[{}]}"#, 29,
        #"a step needs one of "insert", "delete", "move", "update", "reconfigure", "insertSection", "deleteSection", "moveSection""#
      ),
      (
        #"{"old":[],"new":[],"steps":[{"insertSection":0}]}"#, 29,
        #"missing key "rows" in an insertSection step"#
      ),
      (
        #"{"old":[],"new":[],"steps":[{"insertSection":0,"row":"a"}]}"#, 48,
        #"an insertSection step carries no "row""#
      ),
      (
        #"{"old":[],"new":[],"steps":[{"deleteSection":0,"rows":[]}]}"#, 48,
        #"a deleteSection step carries no "rows""#
      ),
      (
        #"{"old":[],"new":[],"steps":[{"moveSection":[0]}]}"#, 44,
        "expected an array of two section indexes for a moveSection step, found an array of 1 element"
      ),
      (
        #"{"old":[],"new":[],"steps":[{"delete":[0,0],"move":[[0,0],[0,1]]}]}"#, 45,
        "a step holds one operation, found a second"
      ),
      (
        #"{"old":[],"new":[],"steps":[{"insert":[0,0]}]}"#, 29,
        #"missing key "row" in an insert step"#
      ),
      (
        #"{"old":[],"new":[],"steps":[{"delete":[0,0],"row":"a"}]}"#, 45,
        #"a delete step carries no "row""#
      ),
      (
        #"{"old":[],"new":[],"steps":[{"move":[0,0]}]}"#, 38,
        "expected an array of two integers for a row path, found an integer"
      ),
      (
        #"{"old":[],"new":[],"steps":[{"update":[0,0],"row":null}]}"#, 51,
        "expected a row (a string, an integer or {\"id\":...,\"content\":...}), found null"
      ),
    ] as [(String, Int, String)])
  func malformed(line: String, column: Int, message: String) {
    do {
      _ = try Case(jsonLine: line, file: "x.jsonl", line: 4)
      Issue.record("read without error: \(line)")
    } catch {
      #expect(error.message == message)
      #expect(error.column == column, "\(error)")
      #expect(error.line == 4 && error.file == "x.jsonl")
    }
  }

  @Test("judge a case under another contract, or in identity-only mode")
  func judgeUnderAnotherContract() throws {
    let c = try Case(
      jsonLine: #"{"old":[["a","b"]],"new":[[]],"update":{"deleteRows":[[0,0],[0,0]]}}"#)
    let own = c.judge()
    #expect(own.verdict.kind == .duplicate && own.contract == .batch)
    #expect(
      own.advice
        == "valid as sequential steps, not as one batch: apply it step by step or convert it")
    #expect(try c.judge(under: .steps).isValid)
    #expect(try c.judge(under: nil).verdict.kind == .duplicate)
    let moved = try Case(
      jsonLine:
        #"{"old":[[{"id":"a","content":1},"b"]],"new":[["b",{"id":"a","content":2}]],"update":{"moveRows":[[[0,0],[0,1]]]}}"#
    )
    #expect(moved.run().kind == .staleContent)
    let identity = try moved.judge(under: nil, identityOnly: true)
    #expect(identity.isValid && identity.description == "valid (one batch, identity only)")
    let sections = try Case(
      jsonLine: #"{"old":[["a"]],"new":[["a"]],"update":{"reloadSections":[0]}}"#)
    #expect(throws: ContractReadingError(from: .batch, to: .steps)) {
      try sections.judge(under: .steps)
    }
  }

  @Test("the contracts corpus has valid and invalid cases of every contract, and round-trips")
  func contractsCorpus() throws {
    let path = CorpusReplayTests.corpusFolder.appendingPathComponent("contracts.jsonl").path
    let cases = try CaseFile.read(atPath: path).map { try $0.result.get() }
    for contract in Contract.allCases {
      let ofContract = cases.filter { $0.contract == contract }
      #expect(ofContract.contains { $0.expect?.verdict == .valid }, "no valid \(contract) case")
      #expect(
        ofContract.contains { $0.expect.map { $0.verdict != .valid } ?? false },
        "no invalid \(contract) case")
      #expect(ofContract.contains { $0.identityOnly }, "no identity-only \(contract) case")
    }
    for testCase in cases {
      #expect(try Case(jsonLine: testCase.jsonLine) == testCase)
    }
  }

  @Test("changes on their own, as an external generator writes them")
  func changesOnTheirOwn() throws {
    #expect(
      try ContractChanges(json: #"[{"delete":[0,0]}]"#, contract: .steps)
        == .steps([.delete(at: RowPath(0, 0))]))
    #expect(
      try ContractChanges(json: #"[{"update":{},"data":["a"]}]"#, contract: .staged)
        == .staged([Stage(update: BatchUpdate(), data: [[Row("a")]])]))
    #expect(
      try ContractChanges(json: #"{"insertRows":[[0,1]]}"#, contract: .batch)
        == .batch(BatchUpdate(insertRows: [RowPath(0, 1)])))
    #expect(
      throws: CaseDataError(
        file: "gen", line: 1, column: 3,
        message:
          "a step needs one of \"insert\", \"delete\", \"move\", \"update\", \"reconfigure\", \"insertSection\", \"deleteSection\", \"moveSection\""
      )
    ) {
      try ContractChanges(json: "[ {}]", contract: .steps, file: "gen")
    }
  }
}
