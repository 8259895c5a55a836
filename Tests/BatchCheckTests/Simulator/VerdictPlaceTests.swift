import BatchCheck
import Testing

/// The place a verdict carries as data: the row or section it concerns, on
/// the side whose index space holds it. One test per family of rules.
@Suite struct VerdictPlaceTests {
  private let ab: [[Row]] = [[Row("a"), Row("b")]]

  private func judge(_ old: [[Row]], _ update: BatchUpdate, _ new: [[Row]]) -> Verdict {
    SimulatedTableView(old).performBatchUpdates(update, dataSource: new)
  }

  @Test func deletesPointAtTheOldSide() {
    let r3 = judge(ab, BatchUpdate(deleteRows: [RowPath(0, 5)]), [[Row("a")]])
    #expect(r3.rule == .r3)
    #expect(r3.place == VerdictPlace(.old, section: 0, row: 5))
    let r4 = judge(ab, BatchUpdate(deleteRows: [RowPath(3, 1)]), ab)
    #expect(r4.rule == .r4)
    #expect(r4.place == VerdictPlace(.old, section: 3, row: 1))
    let r5 = judge(ab, BatchUpdate(deleteSections: [2]), ab)
    #expect(r5.rule == .r5)
    #expect(r5.place == VerdictPlace(.old, section: 2))
  }

  @Test func insertsPointAtTheNewSide() {
    let r6 = judge(ab, BatchUpdate(insertRows: [RowPath(0, 5)]), [[Row("a"), Row("b"), Row("c")]])
    #expect(r6.rule == .r6)
    #expect(r6.place == VerdictPlace(.new, section: 0, row: 5))
    #expect(r6.place?.description == "new (0, 5)")
    let r7 = judge(ab, BatchUpdate(insertRows: [RowPath(1, 0)]), ab)
    #expect(r7.rule == .r7)
    #expect(r7.place == VerdictPlace(.new, section: 1, row: 0))
    let r8 = judge(ab, BatchUpdate(insertSections: [3]), ab + [[]])
    #expect(r8.rule == .r8)
    #expect(r8.place == VerdictPlace(.new, section: 3))
  }

  @Test func reloadsAndMovesAgainstDeletesAndInserts() {
    let r10 = judge(
      ab, BatchUpdate(deleteRows: [RowPath(0, 1)], reloadRows: [RowPath(0, 1)]), [[Row("a")]])
    #expect(r10.rule == .r10)
    #expect(r10.place == VerdictPlace(.old, section: 0, row: 1))
    let r10Section = judge(ab, BatchUpdate(deleteSections: [0], reloadSections: [0]), [])
    #expect(r10Section.rule == .r10)
    #expect(r10Section.place == VerdictPlace(.old, section: 0))
    let r11 = judge(
      ab,
      BatchUpdate(
        reloadRows: [RowPath(0, 1)], moveRows: [RowMove(from: RowPath(0, 1), to: RowPath(0, 0))]),
      [[Row("b"), Row("a")]])
    #expect(r11.rule == .r11)
    #expect(r11.place == VerdictPlace(.old, section: 0, row: 1))
    let r12 = judge(
      ab,
      BatchUpdate(
        insertRows: [RowPath(0, 0)], moveRows: [RowMove(from: RowPath(0, 1), to: RowPath(0, 0))]),
      [[Row("b"), Row("a"), Row("c")]])
    #expect(r12.rule == .r12)
    #expect(r12.place == VerdictPlace(.new, section: 0, row: 0))
  }

  @Test func movesPointAtTheirOldSource() {
    let r13 = judge(
      ab, BatchUpdate(moveRows: [RowMove(from: RowPath(0, 4), to: RowPath(0, 0))]), ab)
    #expect(r13.rule == .r13)
    #expect(r13.place == VerdictPlace(.old, section: 0, row: 4))
    let r14 = judge(
      ab, BatchUpdate(moveRows: [RowMove(from: RowPath(0, 1), to: RowPath(0, 7))]), ab)
    #expect(r14.rule == .r14)
    #expect(r14.place == VerdictPlace(.old, section: 0, row: 1))
    let r15 = judge(ab, BatchUpdate(moveSections: [SectionMove(from: 0, to: 4)]), ab)
    #expect(r15.rule == .r15)
    #expect(r15.place == VerdictPlace(.old, section: 0))
    let r16 = judge(
      ab,
      BatchUpdate(moveRows: [
        RowMove(from: RowPath(0, 0), to: RowPath(0, 1)),
        RowMove(from: RowPath(0, 1), to: RowPath(0, 1)),
      ]), ab)
    #expect(r16.rule == .r16)
    #expect(r16.place == VerdictPlace(.old, section: 0, row: 0))
  }

  @Test func countsPointAtTheirSection() {
    let r2 = judge(ab, BatchUpdate(), [[Row("a"), Row("b"), Row("c")]])
    #expect(r2.rule == .r2)
    #expect(r2.place == VerdictPlace(.new, section: 0))
    let r1 = judge(ab, BatchUpdate(), ab + [[]])
    #expect(r1.rule == .r1)
    #expect(r1.place == nil)
  }

  @Test func fallbacksDuplicatesAndNegativePaths() {
    let old: [[Row]] = [[Row("a")], [Row("b")]]
    let r17 = judge(
      old,
      BatchUpdate(deleteSections: [0], moveRows: [RowMove(from: RowPath(0, 0), to: RowPath(0, 1))]),
      [[Row("b"), Row("a")]])
    #expect(r17.kind == .fallback)
    #expect(r17.place == VerdictPlace(.old, section: 0, row: 0))
    let r20 = judge(ab, BatchUpdate(insertRows: [RowPath(0, 2), RowPath(0, 0), RowPath(0, 2)]), ab)
    #expect(r20.kind == .duplicate)
    #expect(r20.place == VerdictPlace(.new, section: 0, row: 2))
    let r22 = judge(ab, BatchUpdate(insertRows: [RowPath(0, -1)]), ab)
    #expect(r22.rule == .r22)
    #expect(r22.place == VerdictPlace(.new, section: 0, row: -1))
  }

  @Test func rowChecksPointAtTheCell() {
    let c1 = judge(ab, BatchUpdate(), [[Row("b"), Row("a")]])
    #expect(c1.rule == .c1)
    #expect(c1.place == VerdictPlace(.new, section: 0, row: 0))
  }

  @Test func thePlaceTakesNoPartInEquality() {
    let r6 = judge(ab, BatchUpdate(insertRows: [RowPath(0, 5)]), [[Row("a"), Row("b"), Row("c")]])
    let readBack = Verdict(kind: r6.kind, rule: r6.rule, message: r6.message)
    #expect(readBack.place == nil)
    #expect(readBack == r6)
    #expect(Set([readBack, r6]).count == 1)
  }
}
