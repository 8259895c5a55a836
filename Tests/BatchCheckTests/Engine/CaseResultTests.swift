import Testing

@testable import BatchCheck

@Suite("Engine: a case's result")
struct CaseResultTests {
  /// A valid result and its edit size, as a run with waste limits makes them.
  private static func measured() -> (CaseResult, EditSize) {
    let (old, new) = ([[Row("a"), Row("b")]], [[Row("b"), Row("a")]])
    let update = BatchUpdate(moveRows: [RowMove(from: RowPath(0, 1), to: RowPath(0, 0))])
    let verdict = SimulatedTableView(old).performBatchUpdates(update, dataSource: new)
    return (
      CaseResult(update: update, verdict: verdict),
      EditSize(old: old, new: new, update: update)
    )
  }

  @Test("the fields kept out of line are copied on write: a copy's change leaves the original")
  func rareFieldsCopyOnWrite() {
    let (original, size) = Self.measured()
    #expect(original.edits == nil && original.waste == nil && original.contract == nil)
    var first = original
    first.edits = size
    var second = first
    #expect(second.edits == size)
    second.edits = nil
    #expect(first.edits == size, "setting the copy's edit size changed the original's")
    #expect(second.edits == nil && original.edits == nil)
    var third = first
    third.edits = size + size
    #expect(first.edits == size && third.edits == size + size)
    #expect(first.kind == nil && third.kind == nil)
  }

  @Test("an unreproduced failure keeps its kind and message through copies")
  func unreproducedKeepsItsKind() {
    let kind = FailureKind.verdict(.exception, .r2, nil)
    let result = CaseResult(unreproduced: kind, message: "the message")
    var copy = result
    copy.edits = Self.measured().1
    #expect(result.kind == kind && copy.kind == kind)
    #expect(result.message.hasPrefix("the message") && result.edits == nil)
  }

  @Test(
    "a verdict reads back as it was given, beside a contract verdict: valid, valid with a message, or failing"
  )
  func verdictsReadBack() {
    let update = BatchUpdate(deleteRows: [RowPath(0, 0)])
    let deleted = SimulatedTableView([[Row("a")]]).performBatchUpdates(update, dataSource: [[]])
    #expect(deleted == .valid)
    let exception = SimulatedTableView([[Row("a")]]).performBatchUpdates(
      update, dataSource: [[Row("a")]])
    #expect(!exception.isValid)
    let noted = Verdict(kind: .valid, message: "a note")
    let contract = (
      changes: ContractChanges.batch(update),
      verdict: ContractVerdict(contract: .batch, identityOnly: false, verdict: exception)
    )
    for verdict in [Verdict.valid, noted, exception] {
      let plain = CaseResult(update: update, verdict: verdict)
      #expect(plain.verdict == verdict)
      #expect((plain.kind == nil) == verdict.isValid)
      let judged = CaseResult(update: nil, verdict: verdict, contract: contract)
      #expect(judged.verdict == verdict, "the contract took the verdict's place")
      #expect(judged.contract?.verdict == contract.verdict)
      var copy = judged
      copy.edits = Self.measured().1
      #expect(copy.verdict == verdict && judged.edits == nil)
    }
    #expect(CaseResult(update: update).verdict == nil)
  }
}
