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

/// UIKit's checks, passes 1 to 9 of its check order (<doc:UIKitRules>), over one update.
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
  var mergesDuplicates: Bool { rules.mergesDuplicates }
  static var notFound: Int { UIKitMessages.notFound }

  /// Runs passes 1 to 9, each a function named for its checks, in UIKit's
  /// order. The first failing check decides.
  func check(counter: inout OperationCounter) -> Result<CheckOutcome, UIKitException> {
    // Pass 1: gather and sort.
    let (explicitDeletes, explicitInserts, reloads) = gatheredItems(counter: &counter)
    let moveIndex = indexedMoves(counter: &counter)
    var progress = CheckProgress(
      deletes: explicitDeletes, inserts: explicitInserts, moveIndex: moveIndex)
    // Passes 2 and 3: decompose reloads, R10 first; merge and re-sort.
    if let exception = decomposeReloads(reloads, into: &progress, counter: &counter) {
      return fail(exception)
    }
    findRowMovesOfSections(&progress, counter: &counter)
    // Pass 4: deletes, descending.
    if let outcome = checkDeletes(&progress, counter: &counter) { return outcome }
    // Pass 5: inserts, ascending.
    if let outcome = checkInserts(&progress, counter: &counter) { return outcome }
    // Pass 6: moves, in source order.
    if let exception = checkMoves(
      moveIndex.moves, moveIndex, into: &progress.accepted, counter: &counter)
    {
      return fail(exception)
    }
    // Passes 7 to 9: the count checks in the profile's order.
    return checkCounts(progress, counter: &counter)
  }

  /// Pass 1: the section and row deletes, inserts and reloads as UIKit's
  /// item paths, each list sorted ascending; under iOS 18 the reloads it
  /// walks (`reloadsWalked`).
  private func gatheredItems(counter: inout OperationCounter)
    -> (deletes: [RowPath], inserts: [RowPath], reloads: [RowPath])
  {
    let notFound = Self.notFound
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
    return (explicitDeletes, explicitInserts, reloads)
  }

  /// Passes 2 and 3: R10 (a reload that is also deleted), then each reload
  /// becomes a delete plus an insert (<doc:SimulatedTableView>), and the
  /// deletes and inserts are sorted again. `progress` holds the explicit
  /// deletes and inserts on entry.
  private func decomposeReloads(
    _ reloads: [RowPath], into progress: inout CheckProgress, counter: inout OperationCounter
  ) -> UIKitException? {
    guard !reloads.isEmpty else { return nil }
    let explicitDeletes = progress.deletes
    let explicitInserts = progress.inserts
    // Both ascend: one walk finds the first reload that is also deleted.
    var nextDelete = 0
    for reload in reloads {
      counter.add()
      while nextDelete < explicitDeletes.count, explicitDeletes[nextDelete] < reload {
        nextDelete += 1
      }
      if nextDelete < explicitDeletes.count, explicitDeletes[nextDelete] == reload {
        return UIKitException(
          rule: .r10, message: messages.deleteAndReload(section: reload.section, row: reload.row),
          place: VerdictPlace(.old, reload))
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
      progress.deletes.append(reload)
      progress.inserts.append(target)
      note(
        "reload \(Self.describe(reload)) → delete \(Self.describe(reload)) + insert \(Self.describe(target))"
          + " (its insert counts the explicit deletes and inserts only, never moves)")
    }
    // Pass 3: merge and re-sort.
    progress.deletes.sort()
    progress.inserts.sort()
    counter.add(progress.deletes.count + progress.inserts.count)
    return nil
  }

  /// The first row move out of each section and into each, for R17: only
  /// when a section is deleted or inserted. Runs of one section cost one lookup.
  private func findRowMovesOfSections(
    _ progress: inout CheckProgress, counter: inout OperationCounter
  ) {
    let notFound = Self.notFound
    guard
      progress.deletes.contains(where: { $0.row == notFound })
        || progress.inserts.contains(where: { $0.row == notFound })
    else { return }
    var lastFrom: Int?
    var lastTo: Int?
    for (position, move) in progress.moveIndex.moves.enumerated() where !move.isSection {
      counter.add()
      if move.from.section != lastFrom, progress.rowMoveFromSection[move.from.section] == nil {
        progress.rowMoveFromSection[move.from.section] = position
      }
      if move.to.section != lastTo, progress.rowMoveToSection[move.to.section] == nil {
        progress.rowMoveToSection[move.to.section] = position
      }
      lastFrom = move.from.section
      lastTo = move.to.section
    }
  }

  /// Notes and returns R17's fallback to reloadData; `place` is the old-space
  /// source of the row move that causes it.
  func fallBack(_ message: String, _ place: VerdictPlace) -> Result<CheckOutcome, UIKitException> {
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
      if rules.dropsReloadsWithoutCell, reload.row != Self.notFound,
        !hasCell(reload, oldRows: &oldRows)
      {
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
        MoveItem(
          from: RowPath(section: move.from, row: notFound),
          to: RowPath(section: move.to, row: notFound)))
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
