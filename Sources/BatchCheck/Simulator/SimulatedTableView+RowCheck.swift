extension SimulatedTableView {
  /// The check UIKit never does (rules C1 and C2): after an accepted update,
  /// which row does each cell show?
  ///
  /// Old cells keep their old row: rows that were not touched slide into the
  /// places left free, moved rows go to their destination. Inserted and
  /// reloaded cells (reload-made inserts included, wherever the reload decomposition put them)
  /// ask the data source, so they are right by construction. Only cells are
  /// judged: an old row that was off screen (`visibleRows`) gets a fresh cell
  /// when it scrolls in. A reconfigured cell (iOS 18, D12) shows the data
  /// source's row at its **old** path, and is judged at its final place. A cell whose
  /// identity differs from the data source's row there is `wrongRows` (C1);
  /// one with the right identity but old content is `staleContent` (C2). The
  /// first offending cell in new-space order is reported, a wrong row before
  /// any stale one.
  /// - Complexity: O(*n* + *k*), where *n* is the number of rows in the new
  ///   state and *k* the number of operations: the accepted operations come
  ///   in order, none is sorted here; rows are read one at a time.
  func checkRows<NewData: TableDataSource>(
    _ accepted: AcceptedUpdate, update: BatchUpdate, counts: Counts, dataSource: NewData,
    counter: inout OperationCounter, trace: TraceLog? = nil
  ) -> Verdict {
    // Cells placed at fixed new-space rows: inserts (fresh, ascending) and
    // moves (old rows, ascending by destination).
    // Old rows that leave their place: deletes (descending) and move
    // sources (ascending). Each list's range per section; the row walk
    // merges them as it goes.
    let lists = RowCheckLists(accepted, counter: &counter)
    let map = SectionMap(accepted, counts: counts)
    // Reconfigured cells (D12): old rows on screen, asked again for the data
    // source's row at their old path.
    var reconfigured = Set<RowPath>()
    for path in update.reconfigureRows where !isOutside(path.section, counts.oldSections) {
      counter.add()
      if !isOutside(path.row, counts.oldRows(path.section)), options.visibleRows.contains(path) {
        reconfigured.insert(path)
      }
    }
    var check = RowCheckState(reconfigured: reconfigured, tracing: trace != nil)
    map.forEachSection(counter: &counter) { new, old, counter in
      guard let old else { return true }  // an inserted section: every cell is fresh
      checkSection(
        new: new, old: old, lists: lists, counts: counts, dataSource: dataSource, state: &check,
        counter: &counter)
      if check.wrong == nil, let unfilled = check.unfilled {
        check.wrong = unfilledVerdict(unfilled, dataSource: dataSource)
        check.sectionFailed = true
      }
      if let trace, check.sectionFailed {
        let expected = (0..<counts.newRows(new)).map {
          dataSource.row(at: RowPath(section: new, row: $0))
        }
        trace.append("rows of section \(new): - the data source, + what the cells show")
        trace.append(contentsOf: rowDiff(expected: expected, shown: check.shownRows))
      }
      return check.wrong == nil
    }
    let verdict = check.wrong ?? check.stale ?? .valid
    if let rule = verdict.rule, let message = verdict.message {
      trace?.append("✗ \(rule): \(message)")
    }
    return verdict
  }

  /// The row check of one new section `new` that shows old section `old`:
  /// its inserted and moved-in cells and the old section's deleted and
  /// moved-out rows come from `lists`. Sets `state`'s first wrong and first
  /// stale cell; stops at a wrong one unless tracing.
  ///
  /// - Complexity: O(*r* + *p* + *d*), where *r* is the number of rows of
  ///   `new`, *p* the number of its inserts and moves in and *d* of the old
  ///   section's deletes and moves out.
  private func checkSection<NewData: TableDataSource>(
    new: Int, old: Int, lists: RowCheckLists, counts: Counts, dataSource: NewData,
    state: inout RowCheckState, counter: inout OperationCounter
  ) {
    let item = options.semantics == .tableView ? "row" : "item"
    let visible = options.visibleRows
    let allVisible = visible == .all
    let tracing = state.tracing
    let reconfigured = state.reconfigured
    var staleFound = state.stale != nil
    var walk = SectionWalk(lists, new: new, old: old)
    let oldCount = counts.oldRows(old)
    let newCount = counts.newRows(new)
    // With a trace, the whole section's cells, to diff against the data source.
    state.shownRows = []
    state.sectionFailed = false
    var failed = state.wrong != nil
    counter.add(newCount)
    for position in 0..<newCount {
      if walk.isInserted(position) {
        // Fresh from the data source.
        if tracing {
          state.shownRows.append(dataSource.row(at: RowPath(section: new, row: position)))
        }
        continue
      }
      // No cell left only after counted duplicates: a place no insert and no old row fills.
      guard let shownPath = walk.shownPath(position, oldCount: oldCount, counter: &counter) else {
        state.unfilled = state.unfilled ?? RowPath(section: new, row: position)
        break
      }
      let path = RowPath(section: new, row: position)
      let expected = dataSource.row(at: path)
      guard allVisible || visible.contains(shownPath) else {
        // No cell before the update: a fresh one asks the data source when it scrolls in.
        if tracing { state.shownRows.append(expected) }
        continue
      }
      var shown = oldData.row(at: shownPath)
      let isReconfigured = !reconfigured.isEmpty && reconfigured.contains(shownPath)
      // Where the cell's row comes from, for a message: built only on a failure.
      func origin() -> String {
        "old \(shownPath)"
          + (isReconfigured ? ", reconfigured with the data source's \(item) there" : "")
      }
      if isReconfigured {
        if !isOutside(shownPath.section, counts.newSections),
          !isOutside(shownPath.row, counts.newRows(shownPath.section))
        {
          shown = dataSource.row(at: shownPath)
        } else if !failed {
          // The data source has no row at the old path: the cell shows nothing valid.
          failed = true
          state.wrongRow(
            "\(item) \(path) shows nothing valid (\(origin()), where it has no \(item)) but the data source has \(expected) there",
            RowMismatch(path: path, expected: expected, shown: shown))
          if !tracing { return }
          state.shownRows.append(shown)
          continue
        }
      }
      if tracing { state.shownRows.append(shown) }
      if failed { continue }  // tracing: finish the section's cells
      if shown.id != expected.id {
        failed = true
        state.wrongRow(
          "\(item) \(path) shows \(shown) (\(origin())) but the data source has \(expected) there",
          RowMismatch(path: path, expected: expected, shown: shown))
        if !tracing { return }
        continue
      }
      if !options.identityOnly, !staleFound, shown.content != expected.content {
        state.sectionFailed = true
        staleFound = true
        state.stale = staleVerdict(
          item: item, path: path, expected: expected, shown: shown, dataSource: dataSource)
      }
    }
  }

  /// C1's verdict for a place `path` (new space) that no insert and no old
  /// row fills: a collection view under `asUIKit` counted an insert's copies,
  /// so the count balances with a row short of a cell. What UIKit shows
  /// there is not known (R28 territory); BatchCheck infers that the cell
  /// before it, the copy's, stands in for it.
  func unfilledVerdict<NewData: TableDataSource>(_ path: RowPath, dataSource: NewData) -> Verdict {
    let item = options.semantics == .tableView ? "row" : "item"
    let expected = dataSource.row(at: path)
    let before = RowPath(section: path.section, row: path.row - 1)
    let shown = path.row > 0 ? dataSource.row(at: before) : expected
    return Verdict(
      kind: .wrongRows, rule: .c1,
      message:
        "\(item) \(path) is filled by no insert and no old \(item): the copies of a duplicate insert balance the"
        + " count, so the data source's \(expected) there has no cell (inferred: what UIKit shows there is not"
        + " known; BatchCheck takes the cell before it, which shows \(shown))",
      mismatch: RowMismatch(path: path, expected: expected, shown: shown))
  }

  /// C2's verdict for a cell that shows `shown` where the data source has
  /// `expected`, with the same identity and another content.
  private func staleVerdict<NewData: TableDataSource>(
    item: String, path: RowPath, expected: Row, shown: Row, dataSource: NewData
  ) -> Verdict {
    if Self.holds(dataSource, shown), Self.holds(oldData, expected) {
      // No content changed: rows of one id changed places among themselves.
      return Verdict(
        kind: .staleContent, rule: .c2,
        message:
          "\(item) \(path) shows \(shown.id) with content \(shown.content) but the data source has content \(expected.content) there: the rows with id \(shown.id) are in another order (both contents are in the old and the new rows), and the cells were not moved to match",
        mismatch: RowMismatch(path: path, expected: expected, shown: shown, reordered: true))
    }
    return Verdict(
      kind: .staleContent, rule: .c2,
      message:
        "\(item) \(path) shows \(shown.id) with old content \(shown.content) but the data source has content \(expected.content): it changed and was neither reloaded nor inserted",
      mismatch: RowMismatch(path: path, expected: expected, shown: shown))
  }

  /// Whether `data` holds `row` (identity and content) anywhere: asked once,
  /// when a cell shows stale content, to tell reordered rows from changed ones.
  ///
  /// - Complexity: O(*n*) for *n* rows.
  static func holds(_ data: some TableDataSource, _ row: Row) -> Bool {
    for section in 0..<max(0, data.numberOfSections) {
      for index in 0..<max(0, data.numberOfRows(inSection: section))
      where data.row(at: RowPath(section: section, row: index)) == row {
        return true
      }
    }
    return false
  }

  /// A −/+ diff of two row lists, position by position: equal rows print
  /// once, runs of more than two equal rows collapse to `… (N unchanged)`.
  func rowDiff(expected: [Row], shown: [Row]) -> [String] {
    var lines: [String] = []
    var unchanged: [String] = []
    func flush() {
      if unchanged.count > 2 {
        lines.append("  … (\(unchanged.count) unchanged)")
      } else {
        lines += unchanged
      }
      unchanged = []
    }
    for index in 0..<max(expected.count, shown.count) {
      let want = index < expected.count ? expected[index] : nil
      let have = index < shown.count ? shown[index] : nil
      if want == have, let want {
        unchanged.append("  \(want)")
        continue
      }
      flush()
      if let want { lines.append("- \(want)") }
      if let have { lines.append("+ \(have)") }
    }
    flush()
    return lines
  }

}

/// The lists the row check walks, each ascending or descending by section,
/// with each section's range of indexes: the accepted inserts, the row
/// moves by destination and by source, and the deletes.
struct RowCheckLists {
  /// Inserts, new space, ascending.
  let inserts: [RowPath]
  /// Row moves, ascending by source.
  let moves: [MoveItem]
  /// Row moves, ascending by destination.
  let movesIn: [MoveItem]
  /// Deletes, old space, descending.
  let deletes: [RowPath]
  /// Per new section, its range of `inserts`.
  let insertRanges: [Int: Range<Int>]
  /// Per new section, its range of `movesIn`.
  let moveInRanges: [Int: Range<Int>]
  /// Per old section, its range of `deletes`.
  let deleteRanges: [Int: Range<Int>]
  /// Per old section, its range of `moves`.
  let moveOutRanges: [Int: Range<Int>]

  /// - Complexity: O(*k*), where *k* is the number of accepted operations.
  init(_ accepted: AcceptedUpdate, counter: inout OperationCounter) {
    inserts = accepted.insertedRows
    moves = accepted.rowMoves
    movesIn = accepted.rowMovesByDestination
    deletes = accepted.deletedRows
    counter.add(inserts.count + 2 * moves.count + deletes.count)
    let (inserts, moves, movesIn, deletes) = (inserts, moves, movesIn, deletes)
    insertRanges = Self.sectionRanges(inserts.count) { inserts[$0].section }
    moveInRanges = Self.sectionRanges(movesIn.count) { movesIn[$0].to.section }
    deleteRanges = Self.sectionRanges(deletes.count) { deletes[$0].section }
    moveOutRanges = Self.sectionRanges(moves.count) { moves[$0].from.section }
  }

  /// For `count` items grouped by section (`section(i)`): each section's
  /// range of indexes.
  private static func sectionRanges(_ count: Int, section: (Int) -> Int) -> [Int: Range<Int>] {
    var ranges: [Int: Range<Int>] = [:]
    var start = 0
    while start < count {
      let current = section(start)
      var end = start + 1
      while end < count, section(end) == current { end += 1 }
      ranges[current] = start..<end
      start = end
    }
    return ranges
  }
}

/// The walk of one new section's cells in new-space order: cursors into the
/// section's inserts and moves in (new space), and into the old section's
/// deletes and moves out (old space), with the next old row to place.
struct SectionWalk {
  /// Inserts, new space, ascending.
  private let inserts: [RowPath]
  /// Row moves, ascending by source.
  private let moves: [MoveItem]
  /// Row moves, ascending by destination.
  private let movesIn: [MoveItem]
  /// Deletes, old space, descending.
  private let deletes: [RowPath]
  private var nextInsert: Int
  private let insertEnd: Int
  private var nextMoveIn: Int
  private let moveInEnd: Int
  /// The deletes descend: walked from the end of the section's range.
  private var nextDelete: Int
  private let deleteStart: Int
  private var nextMoveOut: Int
  private let moveOutEnd: Int
  /// The next old row that slides into a free place.
  private var oldRow = 0
  /// The old section.
  private let old: Int

  /// The walk of new section `new`, which shows old section `old`.
  init(_ lists: RowCheckLists, new: Int, old: Int) {
    inserts = lists.inserts
    moves = lists.moves
    movesIn = lists.movesIn
    deletes = lists.deletes
    let insertRange = lists.insertRanges[new] ?? 0..<0
    nextInsert = insertRange.lowerBound
    insertEnd = insertRange.upperBound
    let moveInRange = lists.moveInRanges[new] ?? 0..<0
    nextMoveIn = moveInRange.lowerBound
    moveInEnd = moveInRange.upperBound
    let deleteRange = lists.deleteRanges[old] ?? 0..<0
    deleteStart = deleteRange.lowerBound
    nextDelete = deleteRange.upperBound - 1
    let moveOutRange = lists.moveOutRanges[old] ?? 0..<0
    nextMoveOut = moveOutRange.lowerBound
    moveOutEnd = moveOutRange.upperBound
    self.old = old
  }

  /// Whether a fresh cell is inserted at new-space row `position`; steps
  /// past it if so. Positions come ascending.
  @inline(__always)
  mutating func isInserted(_ position: Int) -> Bool {
    while nextInsert < insertEnd, inserts[nextInsert].row < position { nextInsert += 1 }
    guard nextInsert < insertEnd, inserts[nextInsert].row == position else { return false }
    nextInsert += 1
    return true
  }

  /// The old-space path of the cell at new-space row `position` (not an
  /// inserted one): a row moved in, else the next old row not removed; nil
  /// when the old section, `oldCount` rows, has no row left.
  @inline(__always)
  mutating func shownPath(
    _ position: Int, oldCount: Int, counter: inout OperationCounter
  ) -> RowPath? {
    while nextMoveIn < moveInEnd, movesIn[nextMoveIn].to.row < position { nextMoveIn += 1 }
    if nextMoveIn < moveInEnd, movesIn[nextMoveIn].to.row == position {
      nextMoveIn += 1
      return movesIn[nextMoveIn - 1].from
    }
    skipRemoved(counter: &counter)
    guard oldRow < oldCount else { return nil }
    oldRow += 1
    return RowPath(section: old, row: oldRow - 1)
  }

  /// Steps `oldRow` past the old rows removed at or below it, deletes and
  /// move sources merged.
  @inline(__always)
  private mutating func skipRemoved(counter: inout OperationCounter) {
    while true {
      let deleted = nextDelete >= deleteStart ? deletes[nextDelete].row : Int.max
      let movedOut = nextMoveOut < moveOutEnd ? moves[nextMoveOut].from.row : Int.max
      let removed = min(deleted, movedOut)
      guard removed <= oldRow, nextDelete >= deleteStart || nextMoveOut < moveOutEnd else {
        break
      }
      counter.add()
      if removed == oldRow { oldRow += 1 }
      if deleted <= movedOut, nextDelete >= deleteStart {
        nextDelete -= 1
      } else {
        nextMoveOut += 1
      }
    }
  }
}

/// What the row check carries from section to section.
struct RowCheckState {
  /// Reconfigured cells on screen (D12), old space.
  let reconfigured: Set<RowPath>
  /// Whether a trace was asked for: every cell of a failing section is kept.
  let tracing: Bool
  /// The first cell showing a wrong row (C1).
  var wrong: Verdict?
  /// The first cell showing stale content (C2).
  var stale: Verdict?
  /// The first place (new space) no insert and no old row fills: only a
  /// collection view's counted duplicate inserts leave one.
  var unfilled: RowPath?
  /// When tracing, what the cells of the current section show.
  var shownRows: [Row] = []
  /// Whether the current section holds a wrong or stale cell.
  var sectionFailed = false

  init(reconfigured: Set<RowPath>, tracing: Bool) {
    self.reconfigured = reconfigured
    self.tracing = tracing
  }

  /// Records the first cell showing a wrong row (C1).
  mutating func wrongRow(_ message: String, _ mismatch: RowMismatch) {
    sectionFailed = true
    wrong = Verdict(kind: .wrongRows, rule: .c1, message: message, mismatch: mismatch)
  }
}
