import BatchCheck
import Testing

@testable import BatchCheckCorpus

@Suite("Agreement and running")
struct ExpectationTests {
  let r11 = Verdict(
    kind: .exception, rule: .r11,
    message:
      "attempt to perform a delete and a move from the same index path ({length = 2, path = 0 - 1})"
  )

  @Test("the verdict kind must be equal")
  func kind() {
    #expect(CaseExpectation(verdict: .exception).agrees(with: r11))
    #expect(!CaseExpectation(verdict: .valid).agrees(with: r11))
    #expect(CaseExpectation(verdict: .valid).agrees(with: .valid))
    #expect(!CaseExpectation(verdict: .exception).agrees(with: .valid))
  }

  @Test("the rule must be equal when given")
  func rule() {
    #expect(CaseExpectation(verdict: .exception, rule: .r11).agrees(with: r11))
    #expect(!CaseExpectation(verdict: .exception, rule: .r10).agrees(with: r11))
    #expect(!CaseExpectation(verdict: .valid, rule: .r1).agrees(with: .valid))
  }

  @Test("the message must appear, white space compared loosely")
  func message() {
    #expect(CaseExpectation(verdict: .exception, message: "a delete and a move").agrees(with: r11))
    #expect(
      CaseExpectation(verdict: .exception, message: "  a delete\n and\ta   move  ").agrees(
        with: r11))
    #expect(
      !CaseExpectation(verdict: .exception, message: "a delete and a reload").agrees(with: r11))
    #expect(!CaseExpectation(verdict: .exception, message: "adelete").agrees(with: r11))
    #expect(!CaseExpectation(verdict: .valid, message: "x").agrees(with: .valid))
    let twoSpaces = Verdict(
      kind: .exception, rule: .r1, message: "invalid number of sections.  The number")
    #expect(
      CaseExpectation(verdict: .exception, message: "sections. The number").agrees(with: twoSpaces))
  }

  @Test("collapsing white space")
  func collapsing() {
    #expect(CaseExpectation.collapsingWhitespace("  a \n\t b ") == "a b")
    #expect(CaseExpectation.collapsingWhitespace("") == "")
  }

  @Test("a case runs with its options and the empty update when it has none")
  func run() throws {
    let unchanged = try Case(jsonLine: #"{"old":[["a","b"]],"new":[["a","b"]]}"#)
    #expect(unchanged.run() == .valid)
    let collection = try Case(
      jsonLine:
        #"{"semantics":"collectionView","duplicates":"asUIKit","old":["a"],"new":["a"],"update":{}}"#
    )
    #expect(
      collection.options == SimulationOptions(semantics: .collectionView, duplicates: .asUIKit))
    #expect(collection.run() == .valid)
  }
}
