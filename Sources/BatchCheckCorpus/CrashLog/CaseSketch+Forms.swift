import BatchCheck

extension CaseSketch {
  /// Why a text gives no case.
  struct Missing: Error {
    var reason: String
  }

  /// The smallest case that makes UIKit print `form` with `values` (the
  /// form's arguments, old-space or new-space as the form says): sections
  /// not named are empty, and the one update is the operation the text
  /// names.
  ///
  ///     CaseSketch.make(.deleteSectionBeyondSections, [0: 4, 1: 2], semantics: .tableView)
  ///     // old [0, 0], new [0, 0], deleteSections [4]
  ///
  /// - Throws: `Missing` when the text lacks a number the case needs (the
  ///   quote cut it off) or names numbers no case can hold.
  static func make(
    _ form: UIKitTextForm, _ values: [Int: Int], semantics: ViewSemantics
  ) throws(Missing) -> CaseSketch {
    let reading = Reading(form: form, values: values, semantics: semantics)
    switch form {
    case .sectionCount:
      return try reading.sectionCountCase()
    case .rowCount, .rowCountBeforeMoves:
      return try reading.rowCountCase()
    case .negativeRowCount:
      throw Missing(
        reason: "the data source returned a negative row count, which a case cannot hold")
    case .deleteRowBeyondCount, .deleteRowBeyondSections, .deleteSectionBeyondSections,
      .insertRowBeyondCount, .insertRowBeyondSections, .insertSectionBeyondSections:
      return try reading.beyondCountCase()
    case .deleteAndReload, .deleteAndMoveSection, .deleteAndMoveRow, .insertAndMoveSection,
      .insertAndMoveRow, .moveSectionToBoth, .moveBothSections, .moveRowToBoth, .moveBothRows:
      return try reading.conflictCase()
    case .moveFromMissingSection, .moveFromMissingRow, .moveToMissingSection, .moveToMissingRow,
      .moveSectionFromMissing, .moveSectionToMissing, .moveFromDeletedSection,
      .moveIntoInsertedSection:
      return try reading.moveCase()
    case .invalidIndexPath:
      return CaseSketch(old: [0], new: [0], update: BatchUpdate(insertRows: [try reading.path(0)]))
    case .indexPathLength:
      throw Missing(reason: "a case holds two-index paths only, and the text names no path")
    }
  }

  /// A text's form and numbers, read into the parts of its case.
  private struct Reading {
    let form: UIKitTextForm
    /// The form's arguments, by index; a number the quote cut off is missing.
    let values: [Int: Int]
    let semantics: ViewSemantics

    /// The argument at `index`.
    func value(_ index: Int) throws(Missing) -> Int {
      guard let found = values[index] else {
        throw Missing(reason: "the quote cut off a number the case needs")
      }
      return found
    }

    /// The index path at arguments `index` and `index + 1`.
    func path(_ index: Int) throws(Missing) -> RowPath {
      RowPath(try value(index), try value(index + 1))
    }

    /// The section counts `counts`, when a case can hold them.
    func sized(_ counts: [Int]?) throws(Missing) -> [Int] {
      guard let counts else { throw Missing(reason: "its numbers are too large for a case") }
      return counts
    }

    /// Sections enough for `paths`, each holding rows up to its paths' rows.
    func holding(_ paths: [RowPath], atLeast sections: Int = 0) throws(Missing) -> [Int] {
      guard paths.allSatisfy({ $0.section >= 0 && $0.row >= 0 && $0.row < rowLimit }) else {
        throw Missing(reason: "its numbers are too large for a case")
      }
      let count = max(sections, (paths.map(\.section).max() ?? -1) + 1)
      return try sized(counts(count, 0, paths.map { ($0.section, $0.row + 1) }))
    }

    /// The case of the section count text (R1).
    func sectionCountCase() throws(Missing) -> CaseSketch {
      let (after, before, inserted, deleted) = (
        try value(0), try value(1), try value(2), try value(3)
      )
      guard deleted <= before, inserted <= after else {
        throw Missing(
          reason:
            "no single update deletes more sections than there were, or inserts more than there are"
        )
      }
      return CaseSketch(
        old: try sized(counts(before)), new: try sized(counts(after)),
        update: BatchUpdate(
          deleteSections: Array(0..<deleted), insertSections: Array((after - inserted)..<after)))
    }

    /// The case of a row count text (R2), with or without its moved-in/out clause.
    func rowCountCase() throws(Missing) -> CaseSketch {
      // A cut-off quote may have lost the section: the counts alone make the case, in section 0.
      let section = values[0] ?? 0
      let (after, before, inserted, deleted) = (
        try value(1), try value(2), try value(3), try value(4)
      )
      let (movedIn, movedOut) = form == .rowCount ? (try value(5), try value(6)) : (0, 0)
      guard deleted + movedOut <= before else {
        throw Missing(
          reason: "no single update deletes and moves away more rows than the section had")
      }
      var duplicates = DuplicatesPolicy.reject
      var insertRows = (0..<inserted).map { RowPath(section, $0) }
      if inserted + movedIn > after {
        // Only a collection view, which counts a duplicate insert twice, gets here.
        guard semantics == .collectionView, movedIn < after else {
          throw Missing(
            reason: "its inserts do not fit the section's new count, which only duplicates explain")
        }
        duplicates = .asUIKit
        insertRows = (0..<inserted).map { RowPath(section, movedIn + $0 % (after - movedIn)) }
      }
      let other = section + 1
      let moves = movedIn > 0 || movedOut > 0
      let old = try sized(
        counts(
          section + (moves ? 2 : 1), 0, [(section, before)] + (moves ? [(other, movedIn)] : [])))
      let new = try sized(
        counts(
          section + (moves ? 2 : 1), 0, [(section, after)] + (moves ? [(other, movedOut)] : [])))
      let moveOut = (0..<movedOut).map {
        RowMove(from: RowPath(section, deleted + $0), to: RowPath(other, $0))
      }
      let moveIn = (0..<movedIn).map {
        RowMove(
          from: RowPath(other, $0),
          to: RowPath(section, (duplicates == .asUIKit ? 0 : inserted) + $0))
      }
      var sketch = CaseSketch(
        old: old, new: new,
        update: BatchUpdate(
          deleteRows: (0..<deleted).map { RowPath(section, $0) }, insertRows: insertRows,
          moveRows: moveOut + moveIn))
      sketch.duplicates = duplicates
      return sketch
    }

    /// The case of a row or section deleted or inserted beyond the counts.
    func beyondCountCase() throws(Missing) -> CaseSketch {
      switch form {
      case .deleteRowBeyondCount:
        let (row, section, count) = (try value(0), try value(1), try value(2))
        let shape = try sized(counts(section + 1, 0, [(section, count)]))
        return CaseSketch(
          old: shape, new: shape, update: BatchUpdate(deleteRows: [RowPath(section, row)]))
      case .deleteRowBeyondSections:
        let shape = try sized(counts(try value(2)))
        return CaseSketch(
          old: shape, new: shape,
          update: BatchUpdate(deleteRows: [RowPath(try value(1), try value(0))]))
      case .deleteSectionBeyondSections:
        let shape = try sized(counts(try value(1)))
        return CaseSketch(
          old: shape, new: shape, update: BatchUpdate(deleteSections: [try value(0)]))
      case .insertRowBeyondCount:
        let (row, section, count) = (try value(0), try value(1), try value(2))
        let shape = try sized(counts(section + 1, 0, [(section, count)]))
        return CaseSketch(
          old: shape, new: shape, update: BatchUpdate(insertRows: [RowPath(section, row)]))
      case .insertRowBeyondSections:
        let shape = try sized(counts(try value(2)))
        return CaseSketch(
          old: shape, new: shape,
          update: BatchUpdate(insertRows: [RowPath(try value(1), try value(0))]))
      case .insertSectionBeyondSections:
        let shape = try sized(counts(try value(1)))
        return CaseSketch(
          old: shape, new: shape, update: BatchUpdate(insertSections: [try value(0)]))
      default: preconditionFailure("not a beyond-count form: \(form)")
      }
    }

    /// The case of two operations on one place.
    func conflictCase() throws(Missing) -> CaseSketch {
      switch form {
      case .deleteAndReload:
        let target = try path(0)
        if target.row == UIKitMessages.notFound {
          let shape = try sized(counts(target.section + 1, 1))
          return CaseSketch(
            old: shape, new: shape,
            update: BatchUpdate(deleteSections: [target.section], reloadSections: [target.section]))
        }
        let shape = try holding([target])
        return CaseSketch(
          old: shape, new: shape, update: BatchUpdate(deleteRows: [target], reloadRows: [target]))
      case .deleteAndMoveSection:
        let section = try value(0)
        let shape = try sized(counts(section + 1))
        return CaseSketch(
          old: shape, new: shape,
          update: BatchUpdate(
            deleteSections: [section], moveSections: [SectionMove(from: section, to: section)]))
      case .deleteAndMoveRow:
        let source = try path(0)
        let shape = try holding([source])
        return CaseSketch(
          old: shape, new: shape,
          update: BatchUpdate(
            deleteRows: [source], moveRows: [RowMove(from: source, to: RowPath(source.section, 0))])
        )
      case .insertAndMoveSection:
        let section = try value(0)
        let shape = try sized(counts(section + 2))
        return CaseSketch(
          old: shape, new: shape,
          update: BatchUpdate(
            insertSections: [section], moveSections: [SectionMove(from: section + 1, to: section)]))
      case .insertAndMoveRow:
        let target = try path(0)
        let source = RowPath(target.section, target.row + 1)
        let shape = try holding([source])
        return CaseSketch(
          old: shape, new: shape,
          update: BatchUpdate(insertRows: [target], moveRows: [RowMove(from: source, to: target)]))
      case .moveSectionToBoth, .moveBothSections:
        let (a, b, c) = (try value(0), try value(1), try value(2))
        let shape = try sized(counts(max(a, b, c) + 1))
        let moves =
          form == .moveSectionToBoth
          ? [SectionMove(from: a, to: b), SectionMove(from: a, to: c)]
          : [SectionMove(from: a, to: c), SectionMove(from: b, to: c)]
        return CaseSketch(old: shape, new: shape, update: BatchUpdate(moveSections: moves))
      case .moveRowToBoth, .moveBothRows:
        let (a, b, c) = (try path(0), try path(2), try path(4))
        let moves =
          form == .moveRowToBoth
          ? [RowMove(from: a, to: b), RowMove(from: a, to: c)]
          : [RowMove(from: a, to: c), RowMove(from: b, to: c)]
        let sections = ([a, b, c].map(\.section).max() ?? 0) + 1
        return CaseSketch(
          old: try holding(moves.map(\.from), atLeast: sections),
          new: try holding(moves.map(\.to), atLeast: sections),
          update: BatchUpdate(moveRows: moves))
      default: preconditionFailure("not a conflict form: \(form)")
      }
    }

    /// The case of a move from or to a missing place, or across a deleted or inserted section.
    func moveCase() throws(Missing) -> CaseSketch {
      switch form {
      case .moveFromMissingSection:
        let shape = try sized(counts(try value(2)))
        return CaseSketch(
          old: shape, new: shape,
          update: BatchUpdate(moveRows: [RowMove(from: try path(0), to: RowPath(0, 0))]))
      case .moveFromMissingRow:
        let source = try path(0)
        let shape = try sized(counts(source.section + 1, 0, [(source.section, try value(2))]))
        return CaseSketch(
          old: shape, new: shape,
          update: BatchUpdate(moveRows: [RowMove(from: source, to: RowPath(source.section, 0))]))
      case .moveToMissingSection:
        let (source, target) = (try path(0), try path(2))
        return CaseSketch(
          old: try holding([source]), new: try sized(counts(try value(4))),
          update: BatchUpdate(moveRows: [RowMove(from: source, to: target)]))
      case .moveToMissingRow:
        let (source, target) = (try path(0), try path(2))
        let sections = max(source.section, target.section) + 1
        return CaseSketch(
          old: try holding([source], atLeast: sections),
          new: try sized(counts(sections, 0, [(target.section, try value(4))])),
          update: BatchUpdate(moveRows: [RowMove(from: source, to: target)]))
      case .moveSectionFromMissing:
        let shape = try sized(counts(try value(1)))
        return CaseSketch(
          old: shape, new: shape,
          update: BatchUpdate(moveSections: [SectionMove(from: try value(0), to: 0)]))
      case .moveSectionToMissing:
        let (source, target) = (try value(0), try value(1))
        return CaseSketch(
          old: try sized(counts(source + 1)), new: try sized(counts(try value(2))),
          update: BatchUpdate(moveSections: [SectionMove(from: source, to: target)]))
      case .moveFromDeletedSection:
        let section = try value(0)
        return CaseSketch(
          old: try sized(counts(section + 2, 0, [(section, 1)])),
          new: try sized(counts(section + 1, 0, [(section, 1)])),
          update: BatchUpdate(
            deleteSections: [section],
            moveRows: [RowMove(from: RowPath(section, 0), to: RowPath(section, 0))]))
      case .moveIntoInsertedSection:
        let section = try value(0)
        return CaseSketch(
          old: try sized(counts(section + 1, 0, [(section, 1)])),
          new: try sized(counts(section + 2, 0, [(section, 1)])),
          update: BatchUpdate(
            insertSections: [section],
            moveRows: [RowMove(from: RowPath(section, 0), to: RowPath(section, 0))]))
      default: preconditionFailure("not a move form: \(form)")
      }
    }
  }
}
