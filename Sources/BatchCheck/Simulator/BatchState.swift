/// One move as UIKit keeps it while checking: a path pair.
struct MoveItem {
  /// Old-space source; a section move's row is NSNotFound.
  var from: RowPath
  /// New-space destination; a section move's row is NSNotFound.
  var to: RowPath

  /// Whether this is a section move: both rows are NSNotFound (a section
  /// move's, or a row move's that UIKit takes for one [C-dec]).
  var isSection: Bool { from.row == UIKitMessages.notFound && to.row == UIKitMessages.notFound }
}

/// What UIKit's checks conclude when they raise nothing.
enum CheckOutcome {
  /// A row moved out of a deleted or into an inserted section: reloadData (R17).
  case fallback(String, VerdictPlace)
  /// The update passes every check; the row check follows.
  case accepted(AcceptedUpdate)
}

/// The lines of a trace, shared by the steps that write them, bounded: it
/// keeps the first `headLimit` lines and the last `tailLimit` (a ring
/// buffer), and counts the ones between, which `lines` gives as one line
/// `… N more steps`. A trace of a million reloads so costs 81 lines, while
/// simulating and in every report (text, JSON, JUnit), never a million.
final class TraceLog {
  /// The lines kept from the start of a trace.
  static let headLimit = 40
  /// The lines kept from the end of a trace.
  static let tailLimit = 40

  private var head: [String] = []
  /// The last lines, oldest at `tailStart` once the buffer is full.
  private var tail: [String] = []
  private var tailStart = 0
  /// Every line appended, kept or not.
  private(set) var count = 0
  /// Put before each line appended (a stage's trace is indented).
  var indent = ""

  init() {}

  /// Appends one line; past the head, the oldest line of the tail makes way.
  func append(_ line: String) {
    let line = indent.isEmpty ? line : indent + line
    count += 1
    if head.count < Self.headLimit {
      head.append(line)
    } else if tail.count < Self.tailLimit {
      tail.append(line)
    } else {
      tail[tailStart] = line
      tailStart = (tailStart + 1) % Self.tailLimit
    }
  }

  /// Appends each line of `lines`, in order.
  func append(contentsOf lines: some Sequence<String>) {
    for line in lines { append(line) }
  }

  /// The line that stands for `omitted` lines between the head and the tail.
  static func omission(_ omitted: Int) -> String {
    "… \(counted(omitted, "more step"))"
  }

  /// The trace: every line when there are at most `headLimit + tailLimit`,
  /// else the first ones, `… N more steps`, and the last ones.
  var lines: [String] {
    var result = head
    let omitted = count - head.count - tail.count
    if omitted > 0 { result.append(Self.omission(omitted)) }
    result += tail[tailStart...]
    result += tail[..<tailStart]
    return result
  }
}

/// UIKit's checks, steps 1 to 9 of its check order (<doc:UIKitRules>), over one update.
///
/// Item paths follow UIKit: a section operation is the index path
/// `(section, NSNotFound)`, and any row path whose row is NSNotFound is
/// treated as a section operation too, as UIKit does [C-dec].
struct BatchState {
  let update: BatchUpdate
  let counts: Counts
  let messages: UIKitMessages
  let options: SimulationOptions
  /// The narrative of the checks, when a trace was asked for (nil otherwise).
  var trace: TraceLog?

  init(update: BatchUpdate, counts: Counts, messages: UIKitMessages, options: SimulationOptions) {
    self.update = update
    self.counts = counts
    self.messages = messages
    self.options = options
    self.rules = options.rules
  }

  /// Adds a line to the trace; builds it only when tracing.
  @inline(__always) func note(_ line: @autoclosure () -> String) {
    if let trace { trace.append(line()) }
  }

  /// Notes the failing check and returns it.
  func fail(_ exception: UIKitException) -> Result<CheckOutcome, UIKitException> {
    note("✗ \(exception.rule): \(exception.message)")
    return .failure(exception)
  }

  /// What the profile does: everything the iOS 12 and iOS 18 checks differ in.
  let rules: UIKitProfile.Rules
  private var mergesDuplicates: Bool { rules.mergesDuplicates }
  private static var notFound: Int { UIKitMessages.notFound }

  /// Runs steps 1 to 9. The first failing check decides.
  func check(counter: inout OperationCounter) -> Result<CheckOutcome, UIKitException> {
    let notFound = Self.notFound
    // Step 1: gather and sort.
    var explicitDeletes = update.deleteSections.map { RowPath(section: $0, row: notFound) }
    explicitDeletes += update.deleteRows
    var explicitInserts = update.insertSections.map { RowPath(section: $0, row: notFound) }
    explicitInserts += update.insertRows
    var reloads = update.reloadSections.map { RowPath(section: $0, row: notFound) }
    reloads += update.reloadRows
    explicitDeletes.sort()
    explicitInserts.sort()
    reloads.sort()
    counter.add(explicitDeletes.count + explicitInserts.count + reloads.count)
    if rules.removesDuplicateReloads || rules.dropsReloadsWithoutCell {
      reloads = reloadsWalked(reloads, counter: &counter)
    }
    let moveIndex = indexedMoves(counter: &counter)
    let moves = moveIndex.moves

    // Step 2: decompose reloads (<doc:SimulatedTableView>), R10 first.
    var deletes = explicitDeletes
    var inserts = explicitInserts
    if !reloads.isEmpty {
      // Both ascend: one walk finds the first reload that is also deleted.
      var nextDelete = 0
      for reload in reloads {
        counter.add()
        while nextDelete < explicitDeletes.count, explicitDeletes[nextDelete] < reload { nextDelete += 1 }
        if nextDelete < explicitDeletes.count, explicitDeletes[nextDelete] == reload {
          return fail(
            UIKitException(
              rule: .r10, message: messages.deleteAndReload(section: reload.section, row: reload.row),
              place: VerdictPlace(.old, reload)))
        }
      }
      counter.add(explicitDeletes.count)
      let ignoring = rules.walkIgnoresRowsInSectionOps
      let deleteGroups = SectionGroups(
        sortedItems: explicitDeletes, ignoringRowsInSectionOps: ignoring, counter: &counter)
      let insertGroups = SectionGroups(
        sortedItems: explicitInserts, ignoringRowsInSectionOps: ignoring, counter: &counter)
      let targets = SectionGroups.reloadTargets(
        reloads, deletes: deleteGroups, inserts: insertGroups, counter: &counter)
      for (reload, target) in zip(reloads, targets) {
        deletes.append(reload)
        inserts.append(target)
        note(
          "reload \(Self.describe(reload)) → delete \(Self.describe(reload)) + insert \(Self.describe(target))"
            + " (its insert counts the explicit deletes and inserts only, never moves)")
      }
      // Step 3: merge and re-sort.
      deletes.sort()
      inserts.sort()
      counter.add(deletes.count + inserts.count)
    }

    // The first row move out of each section and into each, for R17: only
    // when a section is deleted or inserted. Runs of one section cost one lookup.
    var rowMoveFromSection: [Int: Int] = [:]
    var rowMoveToSection: [Int: Int] = [:]
    if deletes.contains(where: { $0.row == notFound }) || inserts.contains(where: { $0.row == notFound }) {
      var lastFrom: Int?
      var lastTo: Int?
      for (position, move) in moves.enumerated() where !move.isSection {
        counter.add()
        if move.from.section != lastFrom, rowMoveFromSection[move.from.section] == nil {
          rowMoveFromSection[move.from.section] = position
        }
        if move.to.section != lastTo, rowMoveToSection[move.to.section] == nil {
          rowMoveToSection[move.to.section] = position
        }
        lastFrom = move.from.section
        lastTo = move.to.section
      }
    }
    var fallback: (message: String, place: VerdictPlace)?
    var accepted = AcceptedUpdate()
    var deletedSectionCount = 0
    var insertedSectionCount = 0

    // Step 4: deletes, descending.
    var oldRows = RowCountCache()
    var sourcePlace = moves.count
    var deletedSection: Int?
    var previous: RowPath?
    for d in deletes.reversed() {
      counter.add()
      let isSection = d.row == notFound
      if !isSection, d.section == deletedSection {  // R18: dropped unchecked
        note("delete \(Self.describe(d)) dropped: inside deleted section \(d.section) (R18)")
        continue
      }
      if mergesDuplicates, d == previous {  // R20/R21: merged
        note("delete \(Self.describe(d)) merged with its duplicate (R20)")
        continue
      }
      previous = d
      if moveIndex.hasSource(d, below: &sourcePlace, counter: &counter) {
        let message =
          isSection
          ? messages.deleteAndMoveSection(d.section)
          : messages.deleteAndMoveRow(section: d.section, row: d.row)
        return fail(UIKitException(rule: .r11, message: message, place: VerdictPlace(.old, d)))
      }
      if isSection, fallback == nil, let position = rowMoveFromSection[d.section] {
        let message = messages.moveOutOfDeletedSection(moves[position].rowMove)
        let place = VerdictPlace(.old, moves[position].from)
        if rules.fallback == .immediate { return fallBack(message, place) }
        fallback = (message, place)
      }
      if isSection {
        if isOutside(d.section, counts.oldSections) {
          return fail(
            UIKitException(
              rule: .r5,
              message: messages.deleteSectionBeyondSections(
                section: d.section, sections: counts.oldSections),
              place: VerdictPlace(.old, d)))
        }
        deletedSection = d.section
        accepted.deletedSections.insert(d.section)
        deletedSectionCount += 1
        note("delete \(Self.describe(d)): ok")
      } else {
        if isOutside(d.section, counts.oldSections) {
          return fail(
            UIKitException(
              rule: .r4,
              message: messages.deleteRowBeyondSections(
                row: d.row, section: d.section, sections: counts.oldSections),
              place: VerdictPlace(.old, d)))
        }
        let rows = oldRows.rows(d.section, counts.oldRows)
        if isOutside(d.row, rows) {
          return fail(
            UIKitException(
              rule: .r3,
              message: messages.deleteRowBeyondCount(row: d.row, section: d.section, count: rows),
              place: VerdictPlace(.old, d)))
        }
        accepted.deletedRows.append(d)
        note("delete \(Self.describe(d)): ok")
      }
    }

    // Step 5: inserts, ascending.
    var newRows = RowCountCache()
    var destinationPlace = 0
    previous = nil
    for i in inserts {
      counter.add()
      let isSection = i.row == notFound
      if mergesDuplicates, i == previous {  // R20/R21: merged
        note("insert \(Self.describe(i)) merged with its duplicate (R20)")
        continue
      }
      previous = i
      if moveIndex.hasDestination(i, above: &destinationPlace, counter: &counter) {
        let message =
          isSection
          ? messages.insertAndMoveSection(i.section)
          : messages.insertAndMoveRow(section: i.section, row: i.row)
        return fail(UIKitException(rule: .r12, message: message, place: VerdictPlace(.new, i)))
      }
      if isSection, fallback == nil, let position = rowMoveToSection[i.section] {
        let message = messages.moveIntoInsertedSection(moves[position].rowMove)
        let place = VerdictPlace(.old, moves[position].from)
        if rules.fallback == .immediate { return fallBack(message, place) }
        fallback = (message, place)
      }
      if isSection {
        if isOutside(i.section, counts.newSections) {
          return fail(
            UIKitException(
              rule: .r8,
              message: messages.insertSectionBeyondSections(
                section: i.section, sections: counts.newSections),
              place: VerdictPlace(.new, i)))
        }
        // R19: the row inserts of this section, already checked, are dropped.
        while let last = accepted.insertedRows.last, last.section == i.section {
          counter.add()
          accepted.insertedRows.removeLast()
          note("insert \(Self.describe(last)) dropped: inside inserted section \(i.section) (R19)")
        }
        accepted.insertedSections.insert(i.section)
        insertedSectionCount += 1
        note("insert \(Self.describe(i)): ok")
      } else {
        if isOutside(i.section, counts.newSections) {
          return fail(
            UIKitException(
              rule: .r7,
              message: messages.insertRowBeyondSections(
                row: i.row, section: i.section, sections: counts.newSections),
              place: VerdictPlace(.new, i)))
        }
        let rows = newRows.rows(i.section, counts.newRows)
        if isOutside(i.row, rows) {
          return fail(
            UIKitException(
              rule: .r6,
              message: messages.insertRowBeyondCount(row: i.row, section: i.section, count: rows),
              place: VerdictPlace(.new, i)))
        }
        accepted.insertedRows.append(i)
        note("insert \(Self.describe(i)): ok")
      }
    }

    // Step 6: moves, in source order.
    if let exception = checkMoves(moves, moveIndex, into: &accepted, counter: &counter) {
      return fail(exception)
    }

    // Steps 7 to 9: the count checks in the profile's order. R17's fallback
    // skips the row counts (iOS 12) or every count check (iOS 18).
    if let fallback, rules.fallback != .skipsRowCounts { return fallBack(fallback.message, fallback.place) }
    var tally: SectionTally?
    for countCheck in rules.countCheckOrder {
      switch countCheck {
      case .sectionCount:
        // Step 7: the section count (R1).
        let expectedSections = counts.oldSections &+ insertedSectionCount &- deletedSectionCount
        note(
          "sections: \(counts.oldSections) + \(insertedSectionCount) inserted − \(deletedSectionCount) deleted"
            + " = \(expectedSections); the data source has \(counts.newSections)")
        if expectedSections != counts.newSections {
          return fail(
            UIKitException(
              rule: .r1,
              message: messages.invalidSectionCount(
                after: counts.newSections, before: counts.oldSections, inserted: insertedSectionCount,
                deleted: deletedSectionCount)))
        }
      case .overflow:
        // iOS 18: no section may end up holding more rows than the data source returns (R2b).
        let sections = tally ?? SectionTally(
          accepted, counts: counts, countsDuplicates: !mergesDuplicates, counter: &counter)
        tally = sections
        if let exception = checkOverflow(accepted, sections, counter: &counter) { return fail(exception) }
      case .rowCounts:
        // Step 8: the fallback to reloadData skips the row counts (R17).
        if let fallback { return fallBack(fallback.message, fallback.place) }
        // Step 9: the row counts per section (R2).
        let sections = tally ?? SectionTally(
          accepted, counts: counts, countsDuplicates: !mergesDuplicates, counter: &counter)
        tally = sections
        if let exception = checkRowCounts(sections, counter: &counter) { return fail(exception) }
      }
    }
    return .success(.accepted(accepted))
  }

  /// Notes and returns R17's fallback to reloadData; `place` is the old-space
  /// source of the row move that causes it.
  private func fallBack(_ message: String, _ place: VerdictPlace) -> Result<CheckOutcome, UIKitException> {
    note("↺ R17: \(message)")
    return .success(.fallback(message, place))
  }

  /// The reloads iOS 18 walks (D7, D9 in <doc:SimulatedTableView>), from `reloads` sorted
  /// ascending: exact duplicates removed, and row reloads of rows that have
  /// no cell (beyond their section's count, or off screen) dropped.
  private func reloadsWalked(_ reloads: [RowPath], counter: inout OperationCounter) -> [RowPath] {
    var kept: [RowPath] = []
    kept.reserveCapacity(reloads.count)
    var oldRows = RowCountCache()
    for reload in reloads {
      counter.add()
      if rules.removesDuplicateReloads, reload == kept.last {
        note("reload \(Self.describe(reload)) removed: a duplicate (D9)")
        continue
      }
      if rules.dropsReloadsWithoutCell, reload.row != Self.notFound, !hasCell(reload, oldRows: &oldRows) {
        note("reload \(Self.describe(reload)) dropped: the row has no cell (D7)")
        continue
      }
      kept.append(reload)
    }
    return kept
  }

  /// Whether the old row at `path` has a cell: it exists and is on screen.
  func hasCell(_ path: RowPath, oldRows: inout RowCountCache) -> Bool {
    !isOutside(path.section, counts.oldSections)
      && !isOutside(path.row, oldRows.rows(path.section, counts.oldRows))
      && options.visibleRows.contains(path)
  }

  /// `(0, 1)` for a row, `section 2` for a section operation.
  static func describe(_ path: RowPath) -> String {
    path.row == Self.notFound ? "section \(path.section)" : "(\(path.section), \(path.row))"
  }

  /// The moves sorted ascending by source, stably (ties keep the update's
  /// order), section moves as `(section, NSNotFound)`: iOS 12's order. Under
  /// iOS 18 every section move comes before every row move. With the
  /// orders by source and by destination (`MoveIndex`).
  private func indexedMoves(counter: inout OperationCounter) -> MoveIndex {
    let notFound = Self.notFound
    var moves: [MoveItem] = []
    moves.reserveCapacity(update.moveSections.count + update.moveRows.count)
    for move in update.moveSections {
      moves.append(
        MoveItem(from: RowPath(section: move.from, row: notFound), to: RowPath(section: move.to, row: notFound)))
    }
    for move in update.moveRows {
      moves.append(MoveItem(from: move.from, to: move.to))
    }
    if rules.sectionMovesFirst, !update.moveSections.isEmpty || moves.contains(where: \.isSection) {
      // Section moves first, each group in source order.
      let sections = moves.filter(\.isSection)
      let rows = moves.filter { !$0.isSection }
      counter.add(moves.count)
      func inSourceOrder(_ moves: [MoveItem]) -> [MoveItem] {
        let order = PathOrder(count: moves.count, counter: &counter) { moves[$0].from }
        return order.sorted.map { $0.map { moves[$0] } } ?? moves
      }
      return MoveIndex(sorted: inSourceOrder(sections) + inSourceOrder(rows), counter: &counter)
    }
    return MoveIndex(unsorted: moves, counter: &counter)
  }
}

extension MoveItem {
  /// This move as a public row move.
  var rowMove: RowMove { RowMove(from: from, to: to) }
}

