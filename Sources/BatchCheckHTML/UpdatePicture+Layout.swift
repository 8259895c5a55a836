import BatchCheck

/// One line of a picture's column.
enum PictureItem: Hashable {
  /// A section's header.
  case header(section: Int)
  /// A row, drawn with its identity and marks.
  case row(section: Int, row: Int)
  /// Rows of one section left out: how many, and how many of them the
  /// update touches.
  case rows(count: Int, changed: Int)
  /// Whole sections left out, with their rows.
  case sections(count: Int, rows: Int)
  /// An insert past the last row of a new section (R6), drawn after the
  /// section's rows at the index it asked for.
  case attempted(section: Int, row: Int)
}

extension UpdatePicture {
  /// A side of at most this many rows is drawn whole.
  static let drawnWhole = 24
  /// Rows the update touches that a side draws, nearest the finding first.
  static let touchedBudget = 40
  /// Sections a side draws, nearest the finding first.
  static let sectionBudget = 30

  /// The lines of each column: every row the update touches (up to a
  /// budget, nearest the failing cell first) with a row or two of context,
  /// the failing cell, and for each long run of untouched rows one line
  /// saying how many there are.
  func layout() -> (old: [PictureItem], new: [PictureItem]) {
    let oldFocus = focus(on: .old)
    let newFocus = focus(on: .new)
    return (items(.old, focus: oldFocus), items(.new, focus: newFocus))
  }

  private func rows(_ side: PictureSide) -> [[Row]] { side == .old ? old : new }

  /// Whether a row is touched on its side, or the row it stays as is.
  private func touched(_ side: PictureSide, _ section: Int, _ row: Int) -> Bool {
    switch side {
    case .old:
      if !oldMarks[section][row].isEmpty { return true }
      if let partner = partnerOfOld[section][row] {
        return !newMarks[partner.section][partner.row].isEmpty
      }
      return false
    case .new:
      if !newMarks[section][row].isEmpty { return true }
      if let partner = partnerOfNew[section][row] {
        return !oldMarks[partner.section][partner.row].isEmpty
      }
      return false
    }
  }

  /// The (section, row) a side's drawing centres on: the marker, or on the
  /// other side the row the marked row stays as; (0, 0) without a marker.
  private func focus(on side: PictureSide) -> (section: Int, row: Int) {
    guard let marker else { return (0, 0) }
    if marker.side == side { return (marker.section, marker.row ?? 0) }
    if let row = marker.row, !marker.isAttemptedInsert {
      let partner =
        side == .new ? partnerOfOld[marker.section][row] : partnerOfNew[marker.section][row]
      if let partner { return (partner.section, partner.row) }
    }
    return (marker.section, marker.row ?? 0)
  }

  /// The items of one side's column, drawn around `focus` (a section and row of that side).
  private func items(_ side: PictureSide, focus: (section: Int, row: Int)) -> [PictureItem] {
    let sections = rows(side)
    let marked = marker.flatMap { $0.side == side ? $0 : nil }
    let kept = keptRows(side, focus: focus, marked: marked)
    // Sections to draw: those with a drawn row, a note or the marker,
    // nearest the focus first; all of them when there are few.
    var shownSections = Set<Int>()
    let notes = side == .old ? oldSectionNotes : newSectionNotes
    for section in sections.indices
    where !kept[section].isEmpty || notes[section] != nil || marked?.section == section
      || sections.count <= Self.sectionBudget
    {
      shownSections.insert(section)
    }
    if shownSections.count > Self.sectionBudget {
      let nearest = shownSections.sorted {
        (abs($0 - focus.section), $0) < (abs($1 - focus.section), $1)
      }
      shownSections = Set(nearest.prefix(Self.sectionBudget))
      if let marked { shownSections.insert(marked.section) }
    }
    var items: [PictureItem] = []
    var hiddenSections = 0
    var hiddenRows = 0
    for section in sections.indices {
      guard shownSections.contains(section) else {
        hiddenSections += 1
        hiddenRows += sections[section].count
        continue
      }
      if hiddenSections > 0 {
        items.append(.sections(count: hiddenSections, rows: hiddenRows))
        hiddenSections = 0
        hiddenRows = 0
      }
      items.append(.header(section: section))
      var row = 0
      let count = sections[section].count
      while row < count {
        if kept[section].contains(row) {
          items.append(.row(section: section, row: row))
          row += 1
          continue
        }
        var end = row
        var changed = 0
        while end < count, !kept[section].contains(end) {
          if touched(side, section, end) { changed += 1 }
          end += 1
        }
        if end - row == 1 {
          items.append(.row(section: section, row: row))
        } else {
          items.append(.rows(count: end - row, changed: changed))
        }
        row = end
      }
      if let marked, marked.isAttemptedInsert, marked.section == section, let row = marked.row {
        items.append(.attempted(section: section, row: row))
      }
    }
    if hiddenSections > 0 { items.append(.sections(count: hiddenSections, rows: hiddenRows)) }
    return items
  }

  /// The rows to draw of each section of `side`: all of them when there are
  /// few, else the touched rows nearest `focus` (up to a budget) and the
  /// marked one (`marked`, on this side), with context around them.
  private func keptRows(
    _ side: PictureSide, focus: (section: Int, row: Int), marked: FailureMarker?
  ) -> [Set<Int>] {
    let sections = rows(side)
    let total = sections.reduce(0) { $0 + $1.count }
    var kept: [Set<Int>] = Array(repeating: [], count: sections.count)
    if total <= Self.drawnWhole {
      for section in sections.indices { kept[section] = Set(sections[section].indices) }
    } else {
      var touchedRows: [(distance: Int, section: Int, row: Int)] = []
      for section in sections.indices {
        for row in sections[section].indices where touched(side, section, row) {
          let distance =
            section == focus.section
            ? abs(row - focus.row) : 1_000_000 * abs(section - focus.section) + row
          touchedRows.append((distance, section, row))
        }
      }
      if touchedRows.count > Self.touchedBudget {
        touchedRows.sort { ($0.distance, $0.section, $0.row) < ($1.distance, $1.section, $1.row) }
        touchedRows.removeLast(touchedRows.count - Self.touchedBudget)
      }
      func keep(_ section: Int, around row: Int, context: Int) {
        guard sections.indices.contains(section) else { return }
        let range = sections[section].indices
        for index in (row - context)...(row + context) where range.contains(index) {
          kept[section].insert(index)
        }
      }
      for entry in touchedRows { keep(entry.section, around: entry.row, context: 1) }
      if let marked, let row = marked.row { keep(marked.section, around: row, context: 2) }
      keep(focus.section, around: focus.row, context: 1)
    }
    return kept
  }
}
