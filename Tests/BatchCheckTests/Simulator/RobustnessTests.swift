import Testing

@testable import BatchCheck

/// Nothing an update holds may trap the simulator: any numbers at all get a verdict.
@Suite("Robustness")
struct RobustnessTests {
  static let extremes = [0, 1, 2, 3, -1, -2, Int.max, Int.max - 1, Int.min, Int.min + 1, 1 << 40]

  @Test("50,000 random updates with extreme and duplicate numbers all get a verdict")
  func extremeNumbers() {
    var random = SplitMix64(seed: 0xBAD_5EED)
    var kinds = Set<VerdictKind>()
    for _ in 0..<50_000 {
      func number() -> Int {
        random.next() % 4 == 0
          ? Self.extremes[Int(random.next() % UInt64(Self.extremes.count))]
          : Int(random.next() % 4)
      }
      func path() -> RowPath { RowPath(section: number(), row: number()) }
      func list<T>(_ make: () -> T) -> [T] { (0..<Int(random.next() % 3)).map { _ in make() } }
      let update = BatchUpdate(
        deleteSections: list(number), insertSections: list(number), reloadSections: list(number),
        moveSections: list { SectionMove(from: number(), to: number()) }, deleteRows: list(path),
        insertRows: list(path), reloadRows: list(path),
        moveRows: list { RowMove(from: path(), to: path()) })
      let old = table(counts: (0..<Int(random.next() % 4)).map { _ in Int(random.next() % 4) })
      let new = table(counts: (0..<Int(random.next() % 4)).map { _ in Int(random.next() % 4) })
      for semantics in ViewSemantics.allCases {
        for duplicates in DuplicatesPolicy.allCases {
          let verdict = judge(old, new, update, semantics: semantics, duplicates: duplicates)
          kinds.insert(verdict.kind)
          #expect(verdict.kind == .valid || verdict.rule != nil)
        }
      }
    }
    // The mixture is not all exceptions: some updates pass every check.
    #expect(kinds.isSuperset(of: [.valid, .exception, .duplicate]))
  }

  @Test("a data source with negative counts gets a verdict")
  func negativeCounts() {
    struct Negative: TableDataSource {
      var numberOfSections: Int { -3 }
      func numberOfRows(inSection section: Int) -> Int { -1 }
      func row(at path: RowPath) -> Row { Row(0) }
    }
    struct NegativeRows: TableDataSource {
      var numberOfSections: Int { 1 }
      func numberOfRows(inSection section: Int) -> Int { -1 }
      func row(at path: RowPath) -> Row { Row(0) }
    }
    #expect(
      SimulatedTableView(Negative()).performBatchUpdates(BatchUpdate(), dataSource: Negative())
        == .valid)
    for uikit in UIKitProfile.allCases {
      let verdict = SimulatedTableView(table("a"), options: SimulationOptions(uikit: uikit))
        .performBatchUpdates(BatchUpdate(deleteRows: [p(0, 0)]), dataSource: NegativeRows())
      #expect(verdict.rule == .r2)
      #expect(
        verdict.message
          == "Invalid update: invalid number of rows in section 0. Attempt to delete more rows than exist in section."
          + (uikit == .ios18 ? " Table view: <UITableView>" : ""))
    }
  }

  @Test("a row path whose row is NSNotFound is a section operation, as in UIKit")
  func notFoundRowIsSection() {
    let verdict = judge(table("a | b"), table("b"), BatchUpdate(deleteRows: [p(0, Int.max)]))
    #expect(verdict == .valid)
  }
}

/// Where an index goes in an update: every index of every key, both ends of
/// moves, with the other indexes 0.
enum IndexPlacement: String, CaseIterable, CustomStringConvertible {
  case deleteSection, insertSection, reloadSection, moveSectionFrom, moveSectionTo
  case deleteRowSection, deleteRowRow, insertRowSection, insertRowRow
  case reloadRowSection, reloadRowRow
  case moveRowFromSection, moveRowFromRow, moveRowToSection, moveRowToRow

  var description: String { rawValue }

  /// The one-operation update with `value` at this place.
  func update(_ value: Int) -> BatchUpdate {
    let section = RowPath(value, 0)
    let row = RowPath(0, value)
    switch self {
    case .deleteSection: return BatchUpdate(deleteSections: [value])
    case .insertSection: return BatchUpdate(insertSections: [value])
    case .reloadSection: return BatchUpdate(reloadSections: [value])
    case .moveSectionFrom: return BatchUpdate(moveSections: [SectionMove(from: value, to: 0)])
    case .moveSectionTo: return BatchUpdate(moveSections: [SectionMove(from: 0, to: value)])
    case .deleteRowSection: return BatchUpdate(deleteRows: [section])
    case .deleteRowRow: return BatchUpdate(deleteRows: [row])
    case .insertRowSection: return BatchUpdate(insertRows: [section])
    case .insertRowRow: return BatchUpdate(insertRows: [row])
    case .reloadRowSection: return BatchUpdate(reloadRows: [section])
    case .reloadRowRow: return BatchUpdate(reloadRows: [row])
    case .moveRowFromSection: return BatchUpdate(moveRows: [mv(section, p(0, 0))])
    case .moveRowFromRow: return BatchUpdate(moveRows: [mv(row, p(0, 0))])
    case .moveRowToSection: return BatchUpdate(moveRows: [mv(p(0, 0), section)])
    case .moveRowToRow: return BatchUpdate(moveRows: [mv(p(0, 0), row)])
    }
  }

  /// Whether the update is a section operation (else a row operation).
  var isSectionOperation: Bool {
    switch self {
    case .deleteSection, .insertSection, .reloadSection, .moveSectionFrom, .moveSectionTo:
      return true
    default: return false
    }
  }

  /// Whether the value is a section index (else a row index).
  var isSection: Bool {
    switch self {
    case .deleteRowRow, .insertRowRow, .reloadRowRow, .moveRowFromRow, .moveRowToRow: return false
    default: return true
    }
  }

  /// The rule and message UIKit raises for `value` here, a section or row
  /// index beyond every table (not NSNotFound in a row), on a table whose
  /// old and new states are both `counts` (rows per section).
  /// nil when the profile raises nothing: iOS 18 drops a row reload whose
  /// row has no cell (D7).
  func expected(_ value: Int, counts: [Int], options: SimulationOptions) -> (Rule, String)? {
    let m = UIKitMessages(options.semantics, uikit: options.uikit)
    if options.rules.dropsReloadsWithoutCell, self == .reloadRowSection || self == .reloadRowRow {
      return nil
    }
    let sections = counts.count
    let rows = counts.first ?? 0
    let path = RowPath(0, value)
    let sectionPath = RowPath(value, 0)
    switch self {
    case .deleteSection, .reloadSection:
      return (.r5, m.deleteSectionBeyondSections(section: value, sections: sections))
    case .insertSection:
      return (.r8, m.insertSectionBeyondSections(section: value, sections: sections))
    case .moveSectionFrom:
      return (.r15, m.moveSectionFromMissing(value, sections: sections))
    case .moveSectionTo:
      guard sections > 0 else { return (.r15, m.moveSectionFromMissing(0, sections: 0)) }
      return (.r15, m.moveSectionToMissing(0, value, sections: sections))
    case .deleteRowSection, .reloadRowSection:
      return (.r4, m.deleteRowBeyondSections(row: 0, section: value, sections: sections))
    case .deleteRowRow, .reloadRowRow:
      guard sections > 0 else {
        return (.r4, m.deleteRowBeyondSections(row: value, section: 0, sections: 0))
      }
      return (.r3, m.deleteRowBeyondCount(row: value, section: 0, count: rows))
    case .insertRowSection:
      return (.r7, m.insertRowBeyondSections(row: 0, section: value, sections: sections))
    case .insertRowRow:
      guard sections > 0 else {
        return (.r7, m.insertRowBeyondSections(row: value, section: 0, sections: 0))
      }
      return (.r6, m.insertRowBeyondCount(row: value, section: 0, count: rows))
    case .moveRowFromSection:
      return (.r13, m.moveFromMissingSection(sectionPath, sections: sections))
    case .moveRowFromRow, .moveRowToSection, .moveRowToRow:
      let from = self == .moveRowFromRow ? path : p(0, 0)
      guard sections > 0 else { return (.r13, m.moveFromMissingSection(from, sections: 0)) }
      guard rows > 0 || self == .moveRowFromRow else {
        return (.r13, m.moveFromMissingRow(from, count: 0))
      }
      switch self {
      case .moveRowFromRow: return (.r13, m.moveFromMissingRow(path, count: rows))
      case .moveRowToSection:
        return (.r14, m.moveToMissingSection(p(0, 0), sectionPath, sections: sections))
      default: return (.r14, m.moveToMissingRow(p(0, 0), path, count: rows))
      }
    }
  }
}

/// Index arithmetic at the 64-bit edges: Int.max, Int.max - 1 and Int.min in
/// every index of every key, on empty tables, empty sections and a million
/// sections, under both semantics and both duplicates policies, in one batch
/// and as stages and steps. Every one gets a verdict, never a trap.
@Suite("Robustness: 64-bit edges")
struct EdgeIndexTests {
  /// Old and new states, as rows per section: no section, one empty section,
  /// one section of two rows, a million empty sections (100,000 at the quick
  /// scale: `TestScale`).
  static let tables: [[Int]] = [
    [], [0], [2], Array(repeating: 0, count: TestScale.isFull ? 1_000_000 : 100_000),
  ]

  static let options: [SimulationOptions] = UIKitProfile.allCases.flatMap { uikit in
    ViewSemantics.allCases.flatMap { semantics in
      DuplicatesPolicy.allCases.map {
        SimulationOptions(semantics: semantics, duplicates: $0, uikit: uikit)
      }
    }
  }

  @Test("Int.min anywhere is R22, with the path printed unsigned, before any other check")
  func intMin() {
    for counts in Self.tables {
      let data = table(counts: counts)
      for placement in IndexPlacement.allCases {
        // A section operation prints NSNotFound as its row; both print unsigned.
        let (section, row) =
          placement.isSectionOperation
          ? (Int.min, Int.max) : placement.isSection ? (Int.min, 0) : (0, Int.min)
        let message = UIKitMessages.invalidIndexPath(section: section, row: row)
        for options in Self.options {
          let verdict = SimulatedTableView(data, options: options)
            .performBatchUpdates(placement.update(Int.min), dataSource: data)
          #expect(
            verdict == Verdict(kind: .exception, rule: .r22, message: message),
            "\(placement), \(counts.count) sections, \(options): \(verdict)")
        }
      }
    }
  }

  @Test("Int.max - 1, and Int.max as a section, fail the check of their key with UIKit's text")
  func beyondEveryTable() {
    for counts in Self.tables {
      let data = table(counts: counts)
      for placement in IndexPlacement.allCases {
        let values = placement.isSection ? [Int.max - 1, Int.max] : [Int.max - 1]
        for value in values {
          for options in Self.options {
            let verdict = SimulatedTableView(data, options: options)
              .performBatchUpdates(placement.update(value), dataSource: data)
            let expected = placement.expected(value, counts: counts, options: options)
            #expect(
              verdict == expected.map { Verdict(kind: .exception, rule: $0.0, message: $0.1) }
                ?? .valid,
              "\(placement) = \(value), \(counts.count) sections, \(options): \(verdict)")
          }
        }
      }
    }
  }

  @Test("Int.max as a row is NSNotFound: a section operation, as UIKit reads it")
  func intMaxRow() {
    let m = UIKitMessages(.tableView, uikit: .ios18)
    let notFound = Int.max
    for counts in Self.tables {
      let data = table(counts: counts)
      let sections = counts.count
      func verdict(_ update: BatchUpdate) -> Verdict {
        SimulatedTableView(data).performBatchUpdates(update, dataSource: data)
      }
      let r1 = { (inserted: Int, deleted: Int) in
        Verdict(
          kind: .exception, rule: .r1,
          message: m.invalidSectionCount(
            after: sections, before: sections, inserted: inserted, deleted: deleted))
      }
      let r5 = Verdict(
        kind: .exception, rule: .r5, message: m.deleteSectionBeyondSections(section: 0, sections: 0)
      )
      let r8 = Verdict(
        kind: .exception, rule: .r8, message: m.insertSectionBeyondSections(section: 0, sections: 0)
      )
      let r15 = Verdict(
        kind: .exception, rule: .r15, message: m.moveSectionFromMissing(0, sections: 0))
      let place = "\(sections) sections"
      // Deleting or inserting section 0 with the data unchanged: the section count is off.
      #expect(
        verdict(BatchUpdate(deleteRows: [p(0, notFound)])) == (sections == 0 ? r5 : r1(0, 1)),
        "\(place)")
      #expect(
        verdict(BatchUpdate(insertRows: [p(0, notFound)])) == (sections == 0 ? r8 : r1(1, 0)),
        "\(place)")
      // Reloading section 0, and moving it onto itself, change nothing.
      #expect(
        verdict(BatchUpdate(reloadRows: [p(0, notFound)])) == (sections == 0 ? r5 : .valid),
        "\(place)")
      #expect(
        verdict(BatchUpdate(moveRows: [mv(p(0, notFound), p(0, notFound))]))
          == (sections == 0 ? r15 : .valid), "\(place)")
      // A move with one end NSNotFound is a row move to or from a row that is not there.
      let from = verdict(BatchUpdate(moveRows: [mv(p(0, notFound), p(0, 0))]))
      let to = verdict(BatchUpdate(moveRows: [mv(p(0, 0), p(0, notFound))]))
      let rows = counts.first ?? 0
      if sections == 0 {
        #expect(from.message == m.moveFromMissingSection(p(0, notFound), sections: 0))
        #expect(to.message == m.moveFromMissingSection(p(0, 0), sections: 0))
      } else {
        #expect(from.message == m.moveFromMissingRow(p(0, notFound), count: rows), "\(place)")
        #expect(
          to.message
            == (rows == 0
              ? m.moveFromMissingRow(p(0, 0), count: 0)
              : m.moveToMissingRow(p(0, 0), p(0, notFound), count: rows)),
          "\(place)")
      }
    }
  }
}

extension EdgeIndexTests {
  @Test("a reload target that wraps past Int.max is an insert out of range, never a trap")
  func reloadTargetWraps() {
    // Section 0 is deleted, so the reload's own delete is dropped unchecked
    // (R18); two row inserts below it push its insert past Int.max (the reload decomposition).
    // iOS 18 drops the reload first (its row has no cell, D7), and the
    // section count fails instead.
    let update = BatchUpdate(
      deleteSections: [0], insertRows: [p(0, 0), p(0, 1)], reloadRows: [p(0, Int.max - 1)])
    for options in Self.options {
      let verdict = SimulatedTableView(table("a"), options: options)
        .performBatchUpdates(update, dataSource: table("x y"))
      #expect(verdict.rule == (options.uikit == .ios12 ? .r6 : .r1), "\(options): \(verdict)")
    }
  }

  @Test(
    "5,000 mixtures of edge values in every key, on empty, small and huge tables (a million sections at the full scale)"
  )
  func mixtures() {
    let edges = [0, 1, -1, Int.max, Int.max - 1, Int.min, Int.min + 1, 999_999, 1_000_000]
    let tables = Self.tables.map { table(counts: $0) } + [table("a b | c | -")]
    var random = SplitMix64(seed: 0xED6E)
    var kinds = Set<VerdictKind>()
    for _ in 0..<5_000 {
      func number() -> Int {
        random.below(3) == 0 ? edges[random.below(edges.count)] : random.below(3)
      }
      func path() -> RowPath { RowPath(section: number(), row: number()) }
      func list<T>(_ make: () -> T) -> [T] { (0..<random.below(3)).map { _ in make() } }
      let update = BatchUpdate(
        deleteSections: list(number), insertSections: list(number), reloadSections: list(number),
        moveSections: list { SectionMove(from: number(), to: number()) }, deleteRows: list(path),
        insertRows: list(path), reloadRows: list(path),
        moveRows: list { RowMove(from: path(), to: path()) })
      let old = tables[random.below(tables.count)]
      let new = random.below(2) == 0 ? old : tables[random.below(tables.count)]
      let options = Self.options[random.below(Self.options.count)]
      let verdict = SimulatedTableView(old, options: options)
        .performBatchUpdates(update, dataSource: new)
      kinds.insert(verdict.kind)
      #expect(
        verdict.kind == .valid
          ? verdict.rule == nil : verdict.rule != nil && verdict.message != nil,
        "\(update): \(verdict)")
    }
    #expect(kinds.isSuperset(of: [.valid, .exception, .duplicate]), "\(kinds)")
  }

  @Test("steps with edge indexes: R22, the rule of their one-operation batch, or C1 for NSNotFound")
  func steps() {
    for counts in Self.tables.dropLast() + [[2, 1]] {
      let data = table(counts: counts)
      for value in [Int.min, Int.max - 1, Int.max] {
        let row = Row("x")
        for step: Step in [
          .insert(at: p(value, 0), row: row), .insert(at: p(0, value), row: row),
          .delete(at: p(value, 0)), .delete(at: p(0, value)),
          .update(at: p(value, 0), row: row), .update(at: p(0, value), row: row),
          .move(from: p(value, 0), to: p(0, 0)), .move(from: p(0, value), to: p(0, 0)),
          .move(from: p(0, 0), to: p(value, 0)), .move(from: p(0, 0), to: p(0, value)),
        ] {
          let place = "\(step) on \(counts)"
          for options in Self.options {
            let result = ContractValidator.validate(
              .steps([step]), old: data, new: data, options: options)
            #expect(result.step == 1 && !result.isValid, "\(place): \(result)")
            let batch = SimulatedTableView(data, options: options)
              .performBatchUpdates(step.batch, dataSource: data)
            if value == Int.min {
              #expect(result.verdict.rule == .r22, "\(place): \(result)")
            } else if case .update(let at, _) = step, at.row == Int.max, at.section == 0,
              !counts.isEmpty
            {
              // UIKit reads the row NSNotFound as a reload of section 0.
              #expect(result.verdict.rule == .c1, "\(place): \(result)")
            } else if case .update(let at, _) = step, at.row != Int.max,
              options.rules.dropsReloadsWithoutCell
            {
              // iOS 18 drops a reload of a row that has no cell (D7): the
              // step's data does not add up instead.
              #expect(result.verdict.rule == .c1, "\(place): \(result)")
              #expect(batch == .valid, "\(place): \(batch)")
            } else {
              #expect(result.verdict.kind == .exception, "\(place): \(result)")
              #expect(batch.kind == .exception, "\(place): \(batch)")
            }
            // Read as a batch and as stages, the same step gets a verdict too.
            for contract in Contract.allCases {
              guard
                let read = ContractChanges.steps([step]).read(as: contract, old: data, new: data)
              else { continue }
              let other = ContractValidator.validate(read, old: data, new: data, options: options)
              #expect(other.isValid || other.verdict.rule != nil, "\(place) as \(contract)")
            }
          }
        }
      }
    }
  }

  @Test("a stage with an edge index fails as its batch does, with `stage N: ` before the message")
  func stages() {
    for counts in Self.tables {
      let data = table(counts: counts)
      for placement in IndexPlacement.allCases {
        for value in [Int.min, Int.max - 1, Int.max] {
          let update = placement.update(value)
          // A million sections: the default options only, to keep it quick.
          for options in data.count < 10 ? Self.options : [.default] {
            let batch = SimulatedTableView(data, options: options)
              .performBatchUpdates(update, dataSource: data)
            // After an empty stage on small tables; alone on a million sections.
            let stages =
              (data.count < 10 ? [Stage(update: BatchUpdate(), data: data)] : [])
              + [Stage(update: update, data: data)]
            let staged = ContractValidator.validateStaged(
              old: data, stages: stages, new: data, options: options)
            if batch.isValid {
              #expect(staged.isValid, "\(placement) = \(value): \(staged)")
            } else {
              #expect(staged.stage == stages.count && staged.verdict.rule == batch.rule)
              #expect(
                staged.verdict.message == "stage \(stages.count): " + (batch.message ?? ""))
            }
            let validated = ContractValidator.validate(
              .staged(stages), old: data, new: data, options: options)
            #expect(validated.verdict == staged.verdict)
          }
        }
      }
    }
  }
}

extension EdgeIndexTests {
  @Test("duplicate edge indexes: R20 under reject; merged or counted, then out of range, as UIKit")
  func duplicateEdges() {
    let m = UIKitMessages(.tableView, uikit: .ios18)
    for value in [Int.max, Int.max - 1] {
      for counts in Self.tables {
        let data = table(counts: counts)
        let update = BatchUpdate(
          deleteSections: [value, value], insertRows: [p(value, 0), p(value, 0)])
        let rejected = SimulatedTableView(data).performBatchUpdates(update, dataSource: data)
        #expect(
          rejected
            == Verdict(
              kind: .duplicate, rule: .r20,
              message: UIKitMessages.duplicate("section \(value)", "delete")))
        for semantics in ViewSemantics.allCases {
          let verdict = SimulatedTableView(data, semantics: semantics, duplicates: .asUIKit)
            .performBatchUpdates(update, dataSource: data)
          // Deletes are checked first, and the first is out of range either way.
          #expect(
            verdict
              == Verdict(
                kind: .exception, rule: .r5,
                message: m.deleteSectionBeyondSections(section: value, sections: counts.count)),
            "\(semantics), \(counts.count) sections: \(verdict)")
        }
      }
    }
  }
}

extension RobustnessTests {
  @Test("steps read as stages stop at maxStagedRows instead of holding k copies of the data")
  func stagedReadingIsBounded() {
    let old = [(0..<1_000).map { Row(.int($0)) }]
    let steps = Array(repeating: Step.delete(at: p(0, 0)), count: 1_000)
    // 1,000 stages of at most 2,000 rows each: 2,000,000 rows, read.
    #expect(ContractChanges.stagedRows(of: steps, old: old) == 2_000_000)
    guard
      case .staged(let stages)? = ContractChanges.steps(steps).read(
        as: .staged, old: old, new: [[]])
    else {
      Issue.record("not read as stages")
      return
    }
    #expect(stages.count == 1_000 && stages.last?.data == [[]])
    // 10,000 steps on 1,000 rows: up to 110,000,000 rows, more than the bound.
    let many = Array(repeating: Step.delete(at: p(0, 0)), count: 10_000)
    #expect(ContractChanges.stagedRows(of: many, old: old) == 110_000_000)
    #expect(ContractChanges.steps(many).read(as: .staged, old: old, new: [[]]) == nil)
  }
}
