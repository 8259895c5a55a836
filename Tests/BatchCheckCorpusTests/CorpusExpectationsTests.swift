import BatchCheckCorpus
import Testing

@testable import BatchCheck

@Suite("Expectations files")
struct CorpusExpectationsTests {
  @Test("written text reads back to the same expectations; keys are file names and case names")
  func roundTrip() throws {
    var expectations = CorpusExpectations()
    let a = CorpusExpectations.Key(path: "Corpus/generated/one.jsonl", name: "random-3", line: 4)
    let b = CorpusExpectations.Key(path: "two.jsonl", name: nil, line: 7)
    expectations.record(a, ExpectedOutcome(verdict: .wrongRows, rule: .c1))
    expectations.record(b, ExpectedOutcome(error: .crashed))
    #expect(a.file == "one.jsonl" && b.name == "#7")
    let text = expectations.text
    #expect(
      text == #"{"file":"one.jsonl","name":"random-3","verdict":"wrongRows","rule":"C1"}"# + "\n"
        + ##"{"file":"two.jsonl","name":"#7","verdict":"generatorError","error":"crashed"}"## + "\n"
    )
    let read = try CorpusExpectations(Array(text.utf8), file: "e.jsonl")
    #expect(read == expectations)
    #expect(read[a]?.description == "wrongRows C1")
    #expect(read[CorpusExpectations.Key(path: "x/one.jsonl", name: "other", line: 1)] == nil)
  }

  @Test("a waste expectation: written with its limit, read back, never equal to a verdict")
  func waste() throws {
    var expectations = CorpusExpectations()
    let key = CorpusExpectations.Key(path: "one.jsonl", name: "swap", line: 2)
    expectations.record(key, ExpectedOutcome(waste: .noUnneededDeletes))
    let text = expectations.text
    #expect(
      text == #"{"file":"one.jsonl","name":"swap","verdict":"waste","limit":"noUnneededDeletes"}"#
        + "\n")
    let read = try CorpusExpectations(Array(text.utf8), file: "e.jsonl")
    #expect(read == expectations)
    #expect(read[key]?.description == "waste (unneeded deletes)")
    #expect(read[key] != ExpectedOutcome(verdict: .wrongRows, rule: nil))
    // A valid outcome that breaches is expected as waste, not as valid.
    var outcome = CaseOutcome(verdict: .valid, error: nil, changes: nil, skipped: false)
    #expect(ExpectedOutcome(outcome) == nil)
    outcome.waste = WasteBreach(
      limit: .maxMoveRatio, maxMoveRatio: 1, moves: 2, minimumMoves: 1, minimumMovesIsBound: false,
      deletes: 0,
      minimumDeletes: 0, changedRows: 0)
    #expect(ExpectedOutcome(outcome) == ExpectedOutcome(waste: .maxMoveRatio))
  }

  @Test("a malformed expectation is an error at its line and column")
  func errors() {
    let cases: [(String, Int, Int, String)] = [
      (
        #"{"file":"a","name":"b","verdict":"valid"}"#, 1, 34,
        "an expectations file lists failures only"
      ),
      (#"{"file":"a","verdict":"exception"}"#, 1, 1, "an expectation has no \"name\""),
      (
        #"{"file":"a","name":"b","verdict":"generatorError"}"#, 1, 1,
        "a generatorError expectation has no \"error\""
      ),
      (
        #"{"file":"a","name":"b","verdict":"exception","error":"crashed"}"#, 1, 54,
        "\"error\" goes with"
      ),
      ("\n" + #"{"file":"a","name":"b","verdict":"exception","rule":"R99"}"#, 2, 53, ""),
      (#"{"file":"a","name":"b","verdict":"exception","extra":1}"#, 1, 46, "unknown key \"extra\""),
      (#"{"file":"a","name":"b","verdict":"waste"}"#, 1, 1, "a waste expectation has no \"limit\""),
      (#"{"file":"a","name":"b","verdict":"waste","limit":"moves"}"#, 1, 50, ""),
      (
        #"{"file":"a","name":"b","verdict":"waste","limit":"maxMoveRatio","rule":"R2"}"#, 1, 72,
        "a waste expectation has no \"rule\""
      ),
      (
        #"{"file":"a","name":"b","verdict":"exception","limit":"maxMoveRatio"}"#, 1, 54,
        "\"limit\" goes with"
      ),
    ]
    for (text, line, column, message) in cases {
      #expect(throws: CaseDataError.self) { try CorpusExpectations(Array(text.utf8), file: "e") }
      do {
        _ = try CorpusExpectations(Array(text.utf8), file: "e")
      } catch {
        #expect(error.line == line && error.column == column, "\(text): \(error)")
        #expect(error.message.hasPrefix(message), "\(error)")
      }
    }
  }
}
