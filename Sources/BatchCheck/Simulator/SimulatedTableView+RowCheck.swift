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
  /// - Complexity: O(*n* + *k* log *k*), where *n* is the number of rows in the
  ///   new state and *k* the number of operations; rows are read one at a time.
  func checkRows<NewData: TableDataSource>(
    _ accepted: AcceptedUpdate, update: BatchUpdate, counts: Counts, dataSource: NewData,
    counter: inout OperationCounter, trace: TraceLog? = nil
  ) -> Verdict {
    // Cells placed at fixed new-space rows: inserts (fresh) and moves (old rows).
    var placed: [(at: RowPath, from: RowPath?)] = accepted.insertedRows.map { ($0, nil) }
    placed += accepted.rowMoves.map { ($0.to, $0.from) }
    placed.sort { $0.at < $1.at }
    // Old rows that leave their place: deletes and move sources.
    var removed = accepted.deletedRows + accepted.rowMoves.map(\.from)
    removed.sort()
    counter.add(placed.count + removed.count)
    let placedRanges = sectionRanges(placed.map(\.at))
    let removedRanges = sectionRanges(removed)

    let map = SectionMap(accepted, counts: counts)
    let item = options.semantics == .tableView ? "row" : "item"
    let visible = options.visibleRows
    let allVisible = visible == .all
    // Reconfigured cells (D12): old rows on screen, asked again for the data
    // source's row at their old path.
    var reconfigured = Set<RowPath>()
    for path in update.reconfigureRows where !isOutside(path.section, counts.oldSections) {
      counter.add()
      if !isOutside(path.row, counts.oldRows(path.section)), visible.contains(path) {
        reconfigured.insert(path)
      }
    }
    var stale: Verdict?
    var wrong: Verdict?
    map.forEachSection(counter: &counter) { new, old, counter in
      guard let old else { return true }  // an inserted section: every cell is fresh
      var next = placedRanges[new]?.lowerBound ?? 0
      let placedEnd = placedRanges[new]?.upperBound ?? 0
      var nextRemoved = removedRanges[old]?.lowerBound ?? 0
      let removedEnd = removedRanges[old]?.upperBound ?? 0
      var oldRow = 0
      let oldCount = counts.oldRows(old)
      // With a trace, the whole section's cells, to diff against the data source.
      var shownRows: [Row]? = trace == nil ? nil : []
      var sectionFailed = false
      for position in 0..<counts.newRows(new) {
        counter.add()
        while next < placedEnd, placed[next].at.row < position { next += 1 }
        let shownPath: RowPath?
        if next < placedEnd, placed[next].at.row == position {
          shownPath = placed[next].from
          next += 1
          if shownPath == nil {  // fresh from the data source
            shownRows?.append(dataSource.row(at: RowPath(section: new, row: position)))
            continue
          }
        } else {
          while nextRemoved < removedEnd, removed[nextRemoved].row <= oldRow {
            counter.add()
            if removed[nextRemoved].row == oldRow { oldRow += 1 }
            nextRemoved += 1
          }
          guard oldRow < oldCount else { break }  // no cell left (only after counted duplicates)
          shownPath = RowPath(section: old, row: oldRow)
          oldRow += 1
        }
        guard let shownPath else { continue }
        let path = RowPath(section: new, row: position)
        let expected = dataSource.row(at: path)
        guard allVisible || visible.contains(shownPath) else {
          // No cell before the update: a fresh one asks the data source when it scrolls in.
          shownRows?.append(expected)
          continue
        }
        var shown = oldData.row(at: shownPath)
        let isReconfigured = !reconfigured.isEmpty && reconfigured.contains(shownPath)
        // Where the cell's row comes from, for a message: built only on a failure.
        func origin() -> String {
          "old \(shownPath)" + (isReconfigured ? ", reconfigured with the data source's \(item) there" : "")
        }
        if isReconfigured {
          if !isOutside(shownPath.section, counts.newSections),
            !isOutside(shownPath.row, counts.newRows(shownPath.section))
          {
            shown = dataSource.row(at: shownPath)
          } else if wrong == nil {
            // The data source has no row at the old path: the cell shows nothing valid.
            sectionFailed = true
            wrong = Verdict(
              kind: .wrongRows, rule: .c1,
              message:
                "\(item) \(path) shows nothing valid (\(origin()), where it has no \(item)) but the data source has \(expected) there",
              mismatch: RowMismatch(path: path, expected: expected, shown: shown))
            shownRows?.append(shown)
            if shownRows == nil { return false }
            continue
          }
        }
        shownRows?.append(shown)
        let mismatch = RowMismatch(path: path, expected: expected, shown: shown)
        if wrong != nil { continue }  // tracing: finish the section's cells
        if shown.id != expected.id {
          sectionFailed = true
          wrong = Verdict(
            kind: .wrongRows, rule: .c1,
            message:
              "\(item) \(path) shows \(shown) (\(origin())) but the data source has \(expected) there",
            mismatch: mismatch)
          if shownRows == nil { return false }
          continue
        }
        if stale == nil, !options.identityOnly, shown.content != expected.content {
          sectionFailed = true
          if Self.holds(dataSource, shown), Self.holds(oldData, expected) {
            // No content changed: rows of one id changed places among themselves.
            stale = Verdict(
              kind: .staleContent, rule: .c2,
              message:
                "\(item) \(path) shows \(shown.id) with content \(shown.content) but the data source has content \(expected.content) there: the rows with id \(shown.id) are in another order (both contents are in the old and the new rows), and the cells were not moved to match",
              mismatch: RowMismatch(path: path, expected: expected, shown: shown, reordered: true))
          } else {
            stale = Verdict(
              kind: .staleContent, rule: .c2,
              message:
                "\(item) \(path) shows \(shown.id) with old content \(shown.content) but the data source has content \(expected.content): it changed and was neither reloaded nor inserted",
              mismatch: mismatch)
          }
        }
      }
      if let shownRows, sectionFailed, let trace {
        let expected = (0..<counts.newRows(new)).map { dataSource.row(at: RowPath(section: new, row: $0)) }
        trace.append("rows of section \(new): - the data source, + what the cells show")
        trace.append(contentsOf: rowDiff(expected: expected, shown: shownRows))
      }
      return wrong == nil
    }
    let verdict = wrong ?? stale ?? .valid
    if let rule = verdict.rule, let message = verdict.message { trace?.append("✗ \(rule): \(message)") }
    return verdict
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

  /// For paths sorted ascending: each section's range of indexes.
  private func sectionRanges(_ paths: [RowPath]) -> [Int: Range<Int>] {
    var ranges: [Int: Range<Int>] = [:]
    var start = 0
    while start < paths.count {
      var end = start + 1
      while end < paths.count, paths[end].section == paths[start].section { end += 1 }
      ranges[paths[start].section] = start..<end
      start = end
    }
    return ranges
  }
}
