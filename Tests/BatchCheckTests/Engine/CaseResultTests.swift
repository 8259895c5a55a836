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
}
