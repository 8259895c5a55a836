import Testing

@testable import BatchCheck

/// The reload decomposition: the fast, grouped walks against a
/// literal transcription of UIKit's loop, and the quirks UIKit is known for.
@Suite("Reload decomposition")
struct ReloadDecompositionTests {
  static let notFound = Int.max

  /// UIKit's reload loop, transcribed literally: one pass over every
  /// explicit delete (descending) and insert (ascending). With `ios18`, the
  /// loop of iOS 18.2 (D8): a row delete (insert) whose section also has a
  /// section delete (insert) is ignored.
  static func literalTarget(
    reload: RowPath, deletes: [RowPath], inserts: [RowPath], ios18: Bool = false
  ) -> RowPath {
    let isRow = reload.row != notFound
    var s = reload.section
    var r = reload.row
    for d in deletes.sorted(by: >) {
      let dIsSection = d.row == notFound
      if dIsSection && d.section == reload.section { continue }
      if dIsSection && d.section <= s { s -= 1 }
      let sectionDeleted = deletes.contains(RowPath(section: d.section, row: notFound))
      if isRow && !dIsSection && d.section == s && !(ios18 && sectionDeleted) && d.row <= r {
        r -= 1
      }
    }
    for i in inserts.sorted() {
      let iIsSection = i.row == notFound
      if iIsSection && i.section <= s { s += 1 }
      let sectionInserted = inserts.contains(RowPath(section: i.section, row: notFound))
      if isRow && !iIsSection && i.section == s && !(ios18 && sectionInserted) && i.row <= r {
        r += 1
      }
    }
    return RowPath(section: s, row: r)
  }

  /// The grouped walks of `SectionGroups`.
  static func fastTarget(
    reload: RowPath, deletes: [RowPath], inserts: [RowPath], ios18: Bool = false
  ) -> RowPath {
    var counter = OperationCounter()
    let deleteGroups = SectionGroups(
      sortedItems: deletes.sorted(), ignoringRowsInSectionOps: ios18, counter: &counter)
    let insertGroups = SectionGroups(
      sortedItems: inserts.sorted(), ignoringRowsInSectionOps: ios18, counter: &counter)
    return SectionGroups.reloadTargets(
      [reload], deletes: deleteGroups, inserts: insertGroups, counter: &counter)[0]
  }

  /// A family of random inputs for comparing the walks with the literal loop.
  struct RandomShape: Sendable, CustomTestStringConvertible {
    var name: String
    var seed: UInt64
    var trials: Int
    /// Bounds (exclusive) of sections, rows, operations per side and reloads.
    var sections: UInt64, rows: UInt64, operations: UInt64, reloads: UInt64
    /// One operation in `sectionShare` is a section operation; one reload in `reloadSectionShare`.
    var sectionShare: UInt64, reloadSectionShare: UInt64
    var testDescription: String { name }
  }

  static let shapes = [
    RandomShape(
      name: "small inputs, one reload, duplicates included (200,000 at the full scale)",
      seed: 0x5EED_0001,
      trials: 200_000, sections: 6, rows: 6, operations: 7, reloads: 2, sectionShare: 3,
      reloadSectionShare: 3),
    RandomShape(
      name:
        "wide inputs: up to 40 sections and 60 operations, one reload (30,000 at the full scale)",
      seed: 0x5EED_0002,
      trials: 30_000, sections: 40, rows: 8, operations: 60, reloads: 2, sectionShare: 2,
      reloadSectionShare: 2),
    RandomShape(
      name: "up to 40 reloads, walked together per section (20,000 at the full scale)",
      seed: 0x5EED_0003,
      trials: 20_000, sections: 12, rows: 12, operations: 30, reloads: 40, sectionShare: 3,
      reloadSectionShare: 10),
  ]

  @Test(
    "the grouped walks equal UIKit's literal loop on random inputs",
    arguments: shapes, [false, true])
  func fastEqualsLiteral(shape: RandomShape, ios18: Bool) {
    var random = SplitMix64(seed: shape.seed)
    for trial in 0..<TestScale.trials(shape.trials) {
      let sections = random.next() % shape.sections + 1
      let rows = random.next() % shape.rows + 1
      func item(sectionShare: UInt64) -> RowPath {
        let section = Int(random.next() % sections)
        let isSection = random.next() % sectionShare == 0
        return RowPath(section: section, row: isSection ? Self.notFound : Int(random.next() % rows))
      }
      let deletes = (0..<random.next() % shape.operations).map { _ in
        item(sectionShare: shape.sectionShare)
      }
      let inserts = (0..<random.next() % shape.operations).map { _ in
        item(sectionShare: shape.sectionShare)
      }
      // R10 is raised before any target is computed.
      let reloads = Set(
        (0..<max(1, random.next() % shape.reloads)).map { _ in
          item(sectionShare: shape.reloadSectionShare)
        }
      ).filter { !deletes.contains($0) }.sorted()
      var counter = OperationCounter()
      let fast = SectionGroups.reloadTargets(
        reloads,
        deletes: SectionGroups(
          sortedItems: deletes.sorted(), ignoringRowsInSectionOps: ios18, counter: &counter),
        inserts: SectionGroups(
          sortedItems: inserts.sorted(), ignoringRowsInSectionOps: ios18, counter: &counter),
        counter: &counter)
      let literal = reloads.map {
        Self.literalTarget(reload: $0, deletes: deletes, inserts: inserts, ios18: ios18)
      }
      #expect(
        fast == literal, "trial \(trial): reloads \(reloads) deletes \(deletes) inserts \(inserts)")
      if fast != literal { return }
    }
  }

  @Test("reload plus insert at the same index: the reload's insert shifts by one")
  func reloadAndInsertSameIndex() {
    #expect(Self.fastTarget(reload: p(0, 0), deletes: [], inserts: [p(0, 0)]) == p(0, 1))
    let old = [[Row(id: "a", content: 1)]]
    let new = [[Row("x"), Row(id: "a", content: 2)]]
    #expect(judge(old, new, BatchUpdate(insertRows: [p(0, 0)], reloadRows: [p(0, 0)])) == .valid)
  }

  @Test("R24 (radar 27041784): a reload ignores a section move and lands in the wrong section")
  func reloadWithSectionMove() {
    // Sections a|b swap, and row 0 of old section 0 is reloaded: UIKit puts the
    // reload's insert in new section 0 (moves ignored), where the data source
    // now has section b: b's count no longer adds up.
    let old = table("a | b")
    let new = table("b | a")
    let update = BatchUpdate(
      moveSections: [SectionMove(from: 0, to: 1), SectionMove(from: 1, to: 0)],
      reloadRows: [p(0, 0)])
    let verdict = judge(old, new, update, uikit: .ios12)
    #expect(verdict.rule == .r2)
    #expect(verdict.message?.contains("in section 0.") == true)
    #expect(verdict.message?.contains("(1 inserted, 0 deleted)") == true)
    // iOS 18 walks the same way, but new section 0 (old b) would hold 2 rows
    // where the data source has 1: the update maps overflow first (R2b).
    let ios18 = judge(old, new, update, uikit: .ios18)
    #expect(ios18.rule == .r2b)
    #expect(ios18.message?.contains("Updates = [\n\tDelete row (0 - 0),") == true)
  }

  @Test("R24 (IGListKit #690): a reload whose target equals a move destination")
  func reloadTargetIsMoveDestination() {
    let old = [[Row(id: "a", content: 1), Row(id: "b", content: 1)]]
    let new = [[Row(id: "b", content: 1), Row(id: "a", content: 2)]]
    let update = BatchUpdate(reloadRows: [p(0, 0)], moveRows: [mv(p(0, 1), p(0, 0))])
    let verdict = judge(old, new, update)
    #expect(verdict.rule == .r12)
    #expect(
      verdict.message
        == "attempt to perform an insert and a move to the same index path ({length = 2, path = 0 - 0})"
    )
  }

  @Test("T28: row deletes inside a deleted section just above shift a reload's row")
  func rowDeletesInDeletedSectionMiscount() {
    // Old: section 0 = [x, y], section 1 = [a, b]. Delete section 0 and, inside
    // it, row (0, 0) (dropped by R18). Reload (1, 1). UIKit: s' = 0 after the
    // section delete, then the dropped row delete (0, 0) is in s' and below
    // r' = 1, so r' = 0: the insert lands on (0, 0) instead of (0, 1).
    #expect(
      Self.fastTarget(reload: p(1, 1), deletes: [p(0, Self.notFound), p(0, 0)], inserts: [])
        == p(0, 0))
    let old = [[Row("x"), Row("y")], [Row("a"), Row(id: "b", content: 1)]]
    let new = [[Row("a"), Row(id: "b", content: 2)]]
    let update = BatchUpdate(deleteSections: [0], deleteRows: [p(0, 0)], reloadRows: [p(1, 1)])
    let verdict = judge(old, new, update, uikit: .ios12)
    // The counts still add up, but the fresh cell lands on row 0 and old row a slides to row 1.
    #expect(verdict.kind == .wrongRows)
    #expect(verdict.mismatch?.path == p(0, 1))
    // Without the stray row delete the same update is valid.
    #expect(
      judge(old, new, BatchUpdate(deleteSections: [0], reloadRows: [p(1, 1)]), uikit: .ios12)
        == .valid)
    // iOS 18 ignores row deletes in a deleted section during the walk (D8): valid.
    #expect(judge(old, new, update, uikit: .ios18) == .valid)
  }

  @Test("R25: a reload in a deleted section puts its insert in another section")
  func reloadInDeletedSection() {
    let update = BatchUpdate(deleteSections: [0], reloadRows: [p(0, 0)])
    let verdict = judge(table("a | b"), table("b"), update, uikit: .ios12)
    #expect(verdict.rule == .r2)
    #expect(verdict.message?.contains("(1 inserted, 0 deleted)") == true)
    // iOS 18: the insert lands in new section 0, which would then hold 2 rows
    // where the data source has 1 (R2b).
    #expect(judge(table("a | b"), table("b"), update, uikit: .ios18).rule == .r2b)
  }
}

extension ReloadDecompositionTests {
  @Test("long runs of duplicate row deletes (asUIKit): the composed walk equals UIKit's loop")
  func duplicateRunsEqualLiteral() {
    var random = SplitMix64(seed: 0xD0_0B1E)
    for trial in 0..<20_000 {
      // Up to 40 deletes on 6 rows of one or two sections: runs of up to 40 equal rows.
      let deletes = (0..<random.below(41)).map { _ in p(random.below(2), random.below(6)) }
      let inserts = (0..<random.below(4)).map { _ in p(random.below(2), random.below(8)) }
      let reload = p(random.below(2), random.below(50))
      if deletes.contains(reload) { continue }
      let literal = Self.literalTarget(reload: reload, deletes: deletes, inserts: inserts)
      let fast = Self.fastTarget(reload: reload, deletes: deletes, inserts: inserts)
      #expect(
        fast == literal, "trial \(trial): reload \(reload) deletes \(deletes) inserts \(inserts)")
      if fast != literal { return }
    }
  }
}
