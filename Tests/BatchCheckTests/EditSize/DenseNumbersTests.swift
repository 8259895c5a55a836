import Testing

@testable import BatchCheck

@Suite("Edit size: ids and rows numbered once")
struct DenseNumbersTests {
  /// The same rows with every integer written as a string: numbered by hashing.
  private func spelled(_ sections: [[Row]]) -> [[Row]] {
    sections.map { rows in
      rows.map { Row(id: .string("\($0.id)"), content: .string("\($0.content)")) }
    }
  }

  private static func integer(_ value: RowValue) -> Int {
    if case .int(let integer) = value { return integer }
    return 0
  }

  @Test(
    "integer rows by the direct array or the integer table, and spelled rows by hashing, get the same numbers"
  )
  func integerTableAgreesWithHashing() {
    for index in 0..<1_000 {
      let made = GeneratedCase.make(
        seed: SplitMix64.caseSeed(run: 0xD3A5E, index: index), maxSize: 60,
        sections: index % 3 == 0)
      // Every third case spread far apart, past the direct array: the
      // integer table then numbers it.
      let spread = { (sections: [[Row]]) in
        index % 3 != 1
          ? sections
          : sections.map { rows in
            rows.map { row in
              Row(
                id: .int(Self.integer(row.id) &* 1_000_003 &- 7),
                content: .int(Self.integer(row.content) &* -999_983))
            }
          }
      }
      let (old, new) = (spread(made.old), spread(made.new))
      let integers = DenseCase(old: old, new: new)
      let strings = DenseCase(old: spelled(old), new: spelled(new))
      #expect(integers.oldIDs == strings.oldIDs && integers.newIDs == strings.newIDs)
      #expect(integers.oldRows == strings.oldRows && integers.newRows == strings.newRows)
      #expect(integers.distinctIDs == strings.distinctIDs)
      #expect(integers.distinctRows == strings.distinctRows)
    }
  }

  @Test("the direct array: first sight numbering, ranges at their edges, too wide for an array")
  func directNumbers() {
    var narrow = IntegerNumbers(first: -3...3, second: 5...6, capacity: 4)
    #expect(narrow.number(-3, 5) == 0 && narrow.number(3, 6) == 1 && narrow.number(-3, 5) == 0)
    #expect(narrow.number(0, 6) == 2 && narrow.count == 3)
    var wide = IntegerNumbers(first: Int.min...Int.max, second: 0...0, capacity: 4)
    #expect(wide.number(Int.min, 0) == 0 && wide.number(Int.max, 0) == 1)
    #expect(wide.number(Int.min, 0) == 0 && wide.count == 2)
  }

  @Test("the integer table: first sight numbering, extremes, a full table's worth of pairs")
  func integerTable() {
    var table = IntPairNumbers(capacity: 5)
    #expect(table.number(.min, .max) == 0)
    #expect(table.number(.max, .min) == 1)
    #expect(table.number(0, 0) == 2)
    #expect(table.number(.min, .max) == 0)
    #expect(table.number(0, 1) == 3 && table.number(1, 0) == 4)
    #expect(table.count == 5)
    // Many pairs colliding in their low bits still get distinct numbers.
    var big = IntPairNumbers(capacity: 4_096)
    for k in 0..<4_096 { #expect(big.number(k << 20, -(k << 20)) == k) }
    for k in 0..<4_096 { #expect(big.number(k << 20, -(k << 20)) == k) }
    #expect(big.count == 4_096)
  }

  @Test("changed rows from the numbers: kept by id, less kept by id and content")
  func changedRows() {
    let old = [[Row("a"), Row(id: "a", content: "x"), Row("b")]]
    let new = [[Row(id: "a", content: "y"), Row("b"), Row(id: "b", content: "z")]]
    // a: kept 1 (old 2, new 1), unchanged 0; b: kept 1, unchanged 1.
    #expect(DenseCase(old: old, new: new).changedRows == 1)
    #expect(DenseCase(old: old, new: old).changedRows == 0)
  }
}

extension DenseNumbersTests {
  /// A random side: up to `sections` sections of up to 12 rows, ids and
  /// contents drawn from small ranges so that ids repeat and carry several
  /// contents.
  private static func randomSide(_ random: inout SplitMix64, sections: Int) -> [[Row]] {
    (0..<random.below(sections + 1)).map { _ in
      (0..<random.below(13)).map { _ in
        let id = random.below(9) - 2
        return Row(id: .int(id), content: .int(random.below(3) == 0 ? random.below(4) : id))
      }
    }
  }

  @Test("ids with several contents each: the row numbers by first content agree with hashing")
  func severalContentsAgreeWithHashing() {
    var random = SplitMix64(seed: 0xC0_47E7)
    var several = 0
    for _ in 0..<3_000 {
      let (old, new) = (
        Self.randomSide(&random, sections: 3), Self.randomSide(&random, sections: 3)
      )
      let integers = DenseCase(old: old, new: new)
      let strings = DenseCase(old: spelled(old), new: spelled(new))
      #expect(integers.oldIDs == strings.oldIDs && integers.newIDs == strings.newIDs)
      #expect(integers.oldRows == strings.oldRows && integers.newRows == strings.newRows)
      #expect(integers.distinctRows == strings.distinctRows)
      if integers.distinctRows > integers.distinctIDs + 1 { several += 1 }
    }
    #expect(several > 1_000)
  }

  /// `sections` with every integer id and content spread far apart, past
  /// the direct array: the integer tables number them.
  private static func spread(_ sections: [[Row]]) -> [[Row]] {
    sections.map { rows in
      rows.map { row in
        Row(
          id: .int(integer(row.id) &* 1_000_003 &- 7),
          content: .int(integer(row.content) &* -999_983))
      }
    }
  }

  @Test("a workspace reused from case to case measures each case as a fresh one")
  func reusedWorkspace() {
    var random = SplitMix64(seed: 0x5EC7)
    var workspace = EditSize.Workspace()
    var dense = DenseCase()
    var measured = 0
    for index in 0..<3_000 {
      // Large and small cases, integer rows near and spread far apart,
      // string rows, one section or several, in turn: each case reads
      // memory an earlier, larger or differently numbered one left.
      let sections = index % 3 == 0 ? 1 : 4
      var (old, new) = (
        Self.randomSide(&random, sections: sections), Self.randomSide(&random, sections: sections)
      )
      if index % 7 == 0 { (old, new) = (spelled(old), spelled(new)) }
      if index % 5 == 2 { (old, new) = (Self.spread(old), Self.spread(new)) }
      if index % 11 == 0 { old = [old.flatMap { $0 } + old.flatMap { $0 }] }
      let update = BatchUpdate(deleteRows: old.isEmpty || old[0].isEmpty ? [] : [RowPath(0, 0)])
      let fresh = EditSize(old: old, new: new, update: update)
      // Every other case keeps no per-section figures: the same totals.
      let keeps = index % 2 == 0
      let reused = EditSize(
        old: old, new: new, update: update, workspace: &workspace, keepsSections: keeps)
      var expected = fresh
      if !keeps { expected.sections = [] }
      #expect(expected == reused, "case \(index): \(old) -> \(new)")
      if fresh.minimumMoves > 0 { measured += 1 }
      let once = DenseCase(old: old, new: new)
      dense.renumber(old: old, new: new)
      #expect(dense.oldIDs == once.oldIDs && dense.newIDs == once.newIDs, "case \(index)")
      #expect(dense.oldRows == once.oldRows && dense.newRows == once.newRows, "case \(index)")
      #expect(dense.oldRange == once.oldRange && dense.newRange == once.newRange)
      #expect(dense.distinctIDs == once.distinctIDs && dense.distinctRows == once.distinctRows)
      #expect(dense.changedRows == once.changedRows, "case \(index)")
    }
    #expect(measured > 500)
  }

  @Test("the integer table emptied for another case numbers it as a fresh table")
  func integerTableReset() {
    var random = SplitMix64(seed: 0x7AB1E)
    var reused = IntPairNumbers(capacity: 0)
    for round in 0..<200 {
      // Tables of every size in turn, larger and smaller than the last.
      let capacity = random.below(round % 2 == 0 ? 300 : 20)
      reused.reset(capacity: capacity)
      var fresh = IntPairNumbers(capacity: capacity)
      for _ in 0..<capacity {
        let (a, b) = (random.below(40) &* 1_000_003, random.below(3) - 1)
        #expect(reused.number(a, b) == fresh.number(a, b), "round \(round)")
      }
      #expect(reused.count == fresh.count)
    }
  }
}
