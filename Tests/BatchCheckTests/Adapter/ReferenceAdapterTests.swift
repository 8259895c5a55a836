import BatchCheck
import Foundation
import Testing

/// The reference adapter against the spec's own examples, its writer against its reader,
/// and the random scripts against the data-error list and the cause coverage they promise.
@Suite("Reference adapter")
struct ReferenceAdapterTests {
  /// White space compared loosely: every run of white space is one space, ends trimmed.
  static func loose(_ text: String) -> String {
    text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }

  /// What differs between the reference's result and an example's `expect`, key by key.
  static func disagreements(_ result: ReferenceAdapterResult, _ expect: ReferenceAdapterExpect)
    -> [String]
  {
    var found: [String] = []
    if result.verdict != expect.verdict { found.append("verdict \(result.verdict)") }
    if let rule = expect.rule, result.rule != rule { found.append("rule \(result.rule ?? "-")") }
    if let cause = expect.cause, result.cause != cause {
      found.append("cause \(result.cause ?? "-")")
    }
    if let step = expect.step, result.step != step {
      found.append("step \(result.step.map { "\($0)" } ?? "-")")
    }
    if let basis = expect.basis, result.basis != basis { found.append("basis \(result.basis)") }
    if let message = expect.message,
      !loose(result.message ?? "").contains(loose(message))
    {
      found.append("message \(result.message ?? "-")")
    }
    return found
  }

  @Test("every §7.7 example gets each expected key", arguments: ReferenceAdapterExamples.lines)
  func example(line: String) throws {
    let (script, expect) = try ReferenceScriptReader.read(line)
    let result = ReferenceAdapter.run(script)
    let expected = try #require(expect)
    #expect(
      Self.disagreements(result, expected).isEmpty,
      "\(script.name ?? ""): \(Self.disagreements(result, expected)) outcomes \(result.outcomes)")
  }

  @Test("each example line read, written and read again gives the same script")
  func examplesRoundTrip() throws {
    for line in ReferenceAdapterExamples.lines {
      let (script, _) = try ReferenceScriptReader.read(line)
      let again = try ReferenceScriptReader.read(script.jsonLine()).script
      #expect(again == script, "\(line)")
    }
  }

  @Test("a written line is JSON with the §7.1 keys, and its expect is the reference's result")
  func writtenLineKeys() throws {
    let script = ReferenceAdapterScript(
      name: "n\"1", options: ReferenceAdapterOptions(semantics: .collectionView, sdk: .old),
      start: ReferenceAdapterStart(
        loaded: false, inWindow: false, laidOut: false,
        rows: [[Row("a"), Row(id: .int(7), content: .string("x"))]]),
      steps: [
        .dataSource([[Row("a")]]), .inWindow(true), .drain, .geometryChange,
        .numberOfItems(-1), .numberOfSections,
        .performBatchUpdates([
          .mutation(
            .moveRows, BatchUpdate(moveRows: [RowMove(from: RowPath(0, 1), to: RowPath(0, 0))])),
          .mutation(.moveSections, BatchUpdate(moveSections: [SectionMove(from: 0, to: 0)])),
          .reloadData,
        ]),
      ])
    let result = ReferenceAdapter.run(script)
    let line = script.jsonLine(expect: result)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    #expect(
      Set(object.keys) == [
        "name", "contract", "semantics", "uikit", "sdk", "source", "duplicates", "start", "script",
        "expect",
      ])
    let start = try #require(object["start"] as? [String: Any])
    #expect(Set(start.keys) == ["loaded", "inWindow", "laidOut", "rows"])
    let (again, expect) = try ReferenceScriptReader.read(line)
    #expect(again == script)
    #expect(Self.disagreements(result, try #require(expect)).isEmpty)
    #expect(line.contains(#"{"id":7,"content":"x"}"#))
  }
}

extension ReferenceAdapterTests {
  @Test("the output fields are JSON holding the case-level fields, the outcomes and the reads")
  func outputFields() throws {
    for (_, result) in referenceAdapterLines(count: 300, seed: 5) {
      let text = "{" + result.outputFields + "}"
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
      #expect(object["verdict"] as? String == result.verdict)
      #expect(object["cause"] as? String == result.cause)
      #expect(object["message"] as? String == result.message)
      #expect((object["step"] as? [Int]) == result.step)
      #expect(object["basis"] as? String == result.basis)
      let outcomes = try #require(object["outcomes"] as? [[String: Any]])
      #expect(outcomes.map { $0["verdict"] as? String } == result.outcomes.map(\.verdict))
      #expect(outcomes.map { $0["step"] as? [Int] } == result.outcomes.map(\.step))
      #expect(outcomes.map { $0["basis"] as? String } == result.outcomes.map(\.basis))
      let reads = try #require(object["reads"] as? [[String: Any]])
      #expect(reads.map { $0["counts"] as? [Int] } == result.reads.map(\.counts))
      #expect(reads.map { $0["by"] as? String } == result.reads.map(\.by))
    }
  }
}
