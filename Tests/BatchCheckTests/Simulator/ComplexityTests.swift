import Testing

@testable import BatchCheck

/// Complexity is proved by counting steps, never by timing.
@Suite("Complexity")
struct ComplexityTests {
  @Test("a valid update costs O(n + k log k) steps at 10^4, 10^5 and 10^6 rows")
  func linearithmic() {
    var normalized: [Double] = []
    for rows in [10_000, 100_000, 1_000_000] {
      let large = LargeCase(rows: rows, operations: rows / 10)
      let (verdict, steps) = SimulatedTableView([large.old]).countSteps(
        large.update, dataSource: [large.new])
      #expect(verdict == .valid, "\(rows) rows: \(verdict)")
      let k = Double(large.update.operationCount)
      #expect(k >= Double(rows) / 12)
      let bound = Double(rows + large.new.count) + k * log2(max(k, 2))
      normalized.append(Double(steps) / bound)
    }
    // Steps per unit of n + k log k stay within a narrow band: an O(n k)
    // simulation would grow 100-fold from 10^4 to 10^6 rows.
    let low = normalized.min() ?? 0
    let high = normalized.max() ?? 0
    #expect(high <= 4, "steps per (n + k log k): \(normalized)")
    #expect(high / low < 1.5, "steps per (n + k log k): \(normalized)")
  }

  @Test("reloads next to long runs of deleted sections stay linear in the run")
  func reloadAboveDeletedRun() {
    // 2,000 sections; the first 1,000 are deleted and the section above them holds 1,000 reloads.
    let sections = 2_000
    let old = (0..<sections).map { s in
      [Row(id: .int(s), content: 0)]
        + (s == 1_000 ? (1..<1_000).map { Row(id: .int(-$0), content: 0) } : [])
    }
    let update = BatchUpdate(
      deleteSections: Array(0..<1_000),
      reloadRows: (0..<1_000).map { RowPath(section: 1_000, row: $0) })
    let new = Array(old[1_000...]).enumerated().map { index, section in
      index == 0 ? section.map { Row(id: $0.id, content: 1) } : section
    }
    let (verdict, steps) = SimulatedTableView(old).countSteps(update, dataSource: new)
    #expect(verdict == .valid, "\(verdict)")
    // Each reload walks the section run only while a row delete could still
    // meet it; with no row deletes there it stops at once.
    #expect(steps < 200_000, "\(steps) steps")
  }

  @Test("reloads below long runs of inserted sections stay linear in the run")
  func reloadBelowInsertedRun() {
    // 1,000 reloads in section 0, and 1,000 sections inserted before it.
    let old = [(0..<1_000).map { Row(id: .int($0), content: 0) }]
    let inserted = (0..<1_000).map { [Row(id: .int(-1 - $0), content: 0)] }
    let new = inserted + [(0..<1_000).map { Row(id: .int($0), content: 1) }]
    let update = BatchUpdate(
      insertSections: Array(0..<1_000), reloadRows: (0..<1_000).map { RowPath(section: 0, row: $0) }
    )
    let (verdict, steps) = SimulatedTableView(old).countSteps(update, dataSource: new)
    #expect(verdict == .valid, "\(verdict)")
    #expect(steps < 200_000, "\(steps) steps")
  }
}

extension ComplexityTests {
  @Test("reloads above 10^4 duplicate row deletes (asUIKit) cost O(log k) each, not O(k)")
  func reloadsAboveDuplicateDeletes() {
    // Row 0 deleted twice, rows 1..<k once; k reloads above them.
    let k = 10_000
    let old = [(0..<2 * k).map { Row(.int($0)) }]
    let update = BatchUpdate(
      deleteRows: [RowPath(section: 0, row: 0)] + (0..<k).map { RowPath(section: 0, row: $0) },
      reloadRows: (k..<2 * k).map { RowPath(section: 0, row: $0) })
    let (verdict, steps) = SimulatedTableView(old, semantics: .tableView, duplicates: .asUIKit)
      .countSteps(update, dataSource: old)
    // UIKit counts the duplicate twice: the first reload's insert lands at -1.
    #expect(verdict.rule == .r6, "\(verdict)")
    // A walk over every delete for every reload would take 10^8 steps.
    #expect(steps < 1_000_000, "\(steps) steps")
  }
}

private func log2(_ x: Double) -> Double {
  var value = x
  var result = 0.0
  while value >= 2 {
    value /= 2
    result += 1
  }
  return result + (value - 1)
}

extension ComplexityTests {
  /// Every case of `Family` under every profile.
  static func underEachProfile<Family: CaseIterable>(_: Family.Type) -> [(Family, UIKitProfile)] {
    Family.allCases.flatMap { family in UIKitProfile.allCases.map { (family, $0) } }
  }

  @Test(
    "each reload-walk family costs O(n + k log k) steps at 10^4, 10^5 (and 10^6 at the full scale) rows",
    arguments: underEachProfile(ReloadFamily.self))
  func reloadFamily(_ family: ReloadFamily, uikit: UIKitProfile) {
    var normalized: [Double] = []
    for rows in [10_000, 100_000] + (TestScale.isFull ? [1_000_000] : []) {
      let made = family.make(rows: rows)
      let options = SimulationOptions(duplicates: made.duplicates, uikit: uikit)
      let (_, steps) = SimulatedTableView(made.old, options: options)
        .countSteps(made.update, dataSource: made.new)
      let k = Double(made.update.operationCount)
      normalized.append(Double(steps) / (Double(rows) + k * log2(max(k, 2))))
    }
    // A walk of O(k) per reload would grow about 10-fold per 10-fold of rows.
    let low = normalized.min() ?? 0
    let high = normalized.max() ?? 0
    #expect(high <= 4, "\(family), \(uikit): steps per (n + k log k): \(normalized)")
    #expect(high / low < 1.5, "\(family), \(uikit): steps per (n + k log k): \(normalized)")
  }
}

extension ComplexityTests {
  @Test(
    "each worst case's full simulation, and its invalid twin's, costs O(n + k) steps at 10^4, 10^5 (and 10^6 at the full scale) rows",
    arguments: underEachProfile(WorstCase.self))
  func worstCase(_ family: WorstCase, uikit: UIKitProfile) {
    // Per update (the valid one, its twin), steps per (n + k) at each size.
    var normalized: [[Double]] = [[], []]
    for rows in [10_000, 100_000] + (TestScale.isFull ? [1_000_000] : []) {
      let made = family.make(rows: rows, operations: rows / 10)
      let table = SimulatedTableView(made.old, options: SimulationOptions(uikit: uikit))
      let size = made.old.reduce(0) { $0 + $1.count } + made.new.reduce(0) { $0 + $1.count }
      for (index, update) in [made.update, made.invalid].enumerated() {
        var counter = OperationCounter()
        let verdict = table.simulate(update, dataSource: made.new, counter: &counter)
        #expect(verdict.isValid == (index == 0), "\(family), \(uikit), \(rows) rows: \(verdict)")
        normalized[index].append(Double(counter.steps) / Double(size + update.operationCount))
      }
    }
    // Steps per (n + k) do not grow with the size (the fixed cost of a
    // radix pass shrinks): sorting the moves by comparison would add about
    // log2(10) = 3.3 steps a move for each tenfold.
    for values in normalized {
      #expect(values.allSatisfy { $0 <= 4 }, "\(family), \(uikit): steps per (n + k): \(values)")
      #expect(
        zip(values, values.dropFirst()).allSatisfy { $1 < $0 * 1.1 },
        "\(family), \(uikit): steps per (n + k): \(values)")
    }
  }
}
