import Testing

@testable import BatchCheck

@Suite("Engine: seeds and case generation")
struct EngineGenerationTests {
  @Test("case i's seed is the i-th value of SplitMix64(run seed), by random access")
  func caseSeedsByRandomAccess() {
    for run: UInt64 in [0, 1, 0x00BA_7C4E_C4EC_0001, .max] {
      var sequence = SplitMix64(seed: run)
      for index in 0..<200 {
        #expect(SplitMix64.caseSeed(run: run, index: index) == sequence.next())
      }
    }
    // Any index, negative and huge ones included, gives a seed without trapping.
    _ = SplitMix64.caseSeed(run: .max, index: .max)
    _ = SplitMix64.caseSeed(run: 1, index: -1)
  }

  @Test("a seed is a case: the same seed makes the same case, different seeds differ")
  func deterministic() {
    var distinct = Set<GeneratedCase>()
    for index in 0..<300 {
      let seed = SplitMix64.caseSeed(run: 3, index: index)
      let made = GeneratedCase.make(seed: seed)
      #expect(GeneratedCase.make(seed: seed) == made)
      distinct.insert(made)
    }
    #expect(distinct.count > 200)
  }

  @Test("one section a side unless asked; sizes follow maxSize; rows are .int")
  func shapes() {
    for index in 0..<2_000 {
      let made = GeneratedCase.make(seed: SplitMix64.caseSeed(run: 5, index: index), maxSize: 20)
      #expect(made.old.count == 1 && made.new.count == 1)
      // Old starts from at most maxSize rows; edits add at most 4 runs of 3.
      #expect(made.old[0].count <= 32 && made.new[0].count <= 32)
      for row in made.old[0] + made.new[0] {
        guard case .int = row.id, case .int = row.content else {
          Issue.record("a row that is not .int: \(row)")
          return
        }
      }
    }
    // Out-of-range sizes are clamped, not trapped on.
    #expect(GeneratedCase.make(seed: 1, maxSize: -5).rowCount <= 24)
    _ = GeneratedCase.make(seed: 1, maxSize: .max)
  }

  @Test("with sections: several sections, empty ones, no sections at all, sometimes")
  func sections() {
    var several = 0
    var emptySection = 0
    var noSection = 0
    for index in 0..<2_000 {
      let made = GeneratedCase.make(
        seed: SplitMix64.caseSeed(run: 9, index: index), maxSize: 40, sections: true)
      if made.old.count > 1 || made.new.count > 1 { several += 1 }
      if (made.old + made.new).contains(where: \.isEmpty) { emptySection += 1 }
      if made.old.isEmpty || made.new.isEmpty { noSection += 1 }
    }
    #expect(several > 800)
    #expect(emptySection > 200)
    #expect(noSection > 5)
  }

  @Test("identity only: every content is its id, and the case has the same shape")
  func identityOnly() {
    for index in 0..<1_000 {
      let seed = SplitMix64.caseSeed(run: 11, index: index)
      let plain = GeneratedCase.make(seed: seed, identityOnly: true)
      let full = GeneratedCase.make(seed: seed)
      #expect((plain.old + plain.new).allSatisfy { $0.allSatisfy { $0.id == $0.content } })
      #expect(plain.old.map { $0.map(\.id) } == full.old.map { $0.map(\.id) })
      #expect(plain.new.map { $0.map(\.id) } == full.new.map { $0.map(\.id) })
    }
  }

  /// The same rows with every id and content spelled as a string.
  static func spelled(_ sections: [[Row]]) -> [[Row]] {
    sections.map { rows in
      rows.map { Row(id: .string("\($0.id)"), content: .string("\($0.content)")) }
    }
  }

  @Test("statistics are measured on the rows: moves, duplicates, content changes")
  func statisticsMeasure() {
    // Each measured as given and with every value spelled as a string
    // (numbered by hashing instead of arrays), alike.
    func measure(_ old: [[Row]], _ new: [[Row]]) -> CaseStatistics {
      var statistics = CaseStatistics()
      var spelled = CaseStatistics()
      var scratch = StatisticsScratch()
      statistics.record(old, new, scratch: &scratch)
      spelled.record(Self.spelled(old), Self.spelled(new), scratch: &scratch)
      #expect(statistics == spelled, "\(old) -> \(new)")
      return statistics
    }
    let a = Row(.int(1))
    let b = Row(.int(2))
    let a2 = Row(id: .int(1), content: .int(-1))
    #expect(measure([[a, b]], [[b, a]]).withMoves == 1)
    #expect(measure([[a, b]], [[a, b, a]]).withMoves == 0)  // the k-th a pairs with the k-th a
    #expect(measure([[a, b]], [[a, b, a]]).withDuplicates == 1)
    #expect(measure([[a, a]], [[a, a]]).withMoves == 0)
    #expect(measure([[a, b]], [[b], [a]]).withMoves == 1)  // across sections, in reading order
    #expect(measure([[a, b]], [[b], [a]]).withSeveralSections == 1)
    #expect(measure([[a, b]], [[a2, b]]).withContentChanges == 1)
    #expect(measure([[a, b]], [[a2, b]]).withMoves == 0)
    #expect(measure([], [[a]]).withEmptySide == 1)
    #expect(measure([[]], [[]]).size0 == 1)
    // String rows are measured too, as the exhaustive pairs have them.
    #expect(measure([[Row("a"), Row("b")]], [[Row("b"), Row("a")]]).withMoves == 1)
    #expect(measure([[Row("a")]], [[Row(id: "a", content: "x")]]).withContentChanges == 1)
  }

  @Test(
    "statistics: ids numbered through an array, through a table of integers and by hashing measure alike"
  )
  func statisticsBucketsAndRenumbering() {
    // Ids times a million keep their order and equalities but spread past
    // the direct array, so the same case is numbered through a table of
    // integers instead. Scrambled by an odd multiplier (a one-to-one map of
    // Int), they span negative and positive values past Int's range of
    // differences. Spelled as strings, they are numbered by hashing.
    func spread(_ sections: [[Row]], scrambled: Bool = false) -> [[Row]] {
      sections.map { rows in
        rows.map { row in
          guard case .int(let id) = row.id else { return row }
          let far = scrambled ? id &* -0x61C8_8646_80B5_83EB : id * 1_000_000
          return Row(id: .int(far), content: row.content)
        }
      }
    }
    var near = CaseStatistics()
    var far = CaseStatistics()
    var scrambled = CaseStatistics()
    var spelled = CaseStatistics()
    var scratch = StatisticsScratch()
    for index in 0..<2_000 {
      let made = GeneratedCase.make(
        seed: SplitMix64.caseSeed(run: 0x57A7, index: index), maxSize: 40,
        sections: index % 2 == 0)
      near.record(made.old, made.new, scratch: &scratch)
      far.record(spread(made.old), spread(made.new), scratch: &scratch)
      scrambled.record(
        spread(made.old, scrambled: true), spread(made.new, scrambled: true), scratch: &scratch)
      spelled.record(Self.spelled(made.old), Self.spelled(made.new), scratch: &scratch)
    }
    #expect(near == far)
    #expect(near == scrambled)
    #expect(near == spelled)
    #expect(near.withDuplicates > 0 && near.withMoves > 0 && near.withContentChanges > 0)
  }
}

extension EngineGenerationTests {
  @Test(
    "one random case in eight gets a window of rows on screen, from its seed alone, leaving a row off screen"
  )
  func windows() {
    var windows = 0
    var none = 0
    for index in 0..<4_000 {
      let seed = SplitMix64.caseSeed(run: 5, index: index)
      let made = GeneratedCase.make(seed: seed)
      let window = GeneratedCase.window(seed: seed, old: made.old)
      #expect(window == GeneratedCase.window(seed: seed, old: made.old))
      let rows = made.old.reduce(0) { $0 + $1.count }
      guard let window else { continue }
      windows += 1
      #expect(rows >= 2)
      switch window {
      case .all: Issue.record("a window never shows every row")
      case .none: none += 1
      case .range(let first, let last):
        #expect(first <= last)
        // Some existing row lies outside the window.
        let paths = made.old.indices.flatMap { s in made.old[s].indices.map { RowPath(s, $0) } }
        #expect(paths.contains { !window.contains($0) }, "\(window) on \(made.old)")
        #expect(paths.contains { window.contains($0) })
      }
    }
    #expect(windows > 300 && windows < 700, "\(windows) windows in 4,000 cases")
    #expect(none > 10)
  }

  @Test("a windowed judgment: a generator that reloads is judged with rows off screen too")
  func windowedJudgment() {
    // The reload of a row off screen is dropped by iOS 18: the same verdict.
    let reloads = ClosureGenerator(name: "reload-first") { old, _ in
      BatchUpdate(reloadRows: old.isEmpty ? [] : [RowPath(0, 0)])
    }
    let runner = CaseRunner(reloads, simulation: .default)
    let old = [[Row(id: "a", content: 1), Row("b")]]
    let new = [[Row(id: "a", content: 2), Row("b")]]
    let off = VisibleRows.range(first: RowPath(0, 1), last: RowPath(0, 1))
    #expect(runner.run(old, new, window: off)?.verdict == .valid)
    // A wrong update that passes with every row on screen cannot fail more
    // with fewer; one that fails says which rows were on screen only when
    // the window made the difference.
    let wrong = ClosureGenerator(name: "reload-wrong") { _, _ in
      BatchUpdate(
        reloadRows: [RowPath(0, 0)], moveRows: [RowMove(from: RowPath(0, 0), to: RowPath(0, 1))])
    }
    let failing = CaseRunner(wrong, simulation: .default).run(old, new, window: off)
    #expect(failing?.verdict?.rule == .r11)
    #expect(failing?.visibleRows == .all)
  }
}
