/// What UIKit's checks carry from one step to the next over one update.
struct CheckProgress {
  /// The deletes to check: explicit and reload-made, item paths, sorted ascending.
  var deletes: [RowPath]
  /// The inserts to check: explicit and reload-made, item paths, sorted ascending.
  var inserts: [RowPath]
  /// The moves in UIKit's check order, with their orders by source and destination.
  let moveIndex: MoveIndex
  /// Per old section, the position in `moveIndex.moves` of the first row move out of it (R17).
  var rowMoveFromSection: [Int: Int] = [:]
  /// Per new section, the position of the first row move into it (R17).
  var rowMoveToSection: [Int: Int] = [:]
  /// R17's fallback to reloadData, once a check finds it and the profile defers it.
  var fallback: (message: String, place: VerdictPlace)?
  /// What passed the checks so far.
  var accepted = AcceptedUpdate()
  /// Sections deleted and inserted (explicit and reload-made), for R1.
  var deletedSectionCount = 0
  var insertedSectionCount = 0
}

extension BatchState {
  /// Pass 4: the deletes, descending: R18 (rows of a deleted section
  /// dropped), R20 (duplicates merged), R11 (a delete that is also a move's
  /// source), R17 (a row moved out of a deleted section), then R5, R4 and
  /// R3 (the deleted section or row must exist before the update).
  /// Returns the outcome that ends the checks, or nil to go on.
  ///
  /// - Complexity: O(*k*) for *k* deletes and moves.
  func checkDeletes(_ progress: inout CheckProgress, counter: inout OperationCounter)
    -> Result<CheckOutcome, UIKitException>?
  {
    var oldRows = RowCountCache()
    var sourcePlace = progress.moveIndex.moves.count
    var deletedSection: Int?
    var previous: RowPath?
    for d in progress.deletes.reversed() {
      counter.add()
      let isSection = d.row == Self.notFound
      if !isSection, d.section == deletedSection {  // R18: dropped unchecked
        note("delete \(Self.describe(d)) dropped: inside deleted section \(d.section) (R18)")
        continue
      }
      if mergesDuplicates, d == previous {  // R20/R21: merged
        note("delete \(Self.describe(d)) merged with its duplicate (R20)")
        continue
      }
      previous = d
      if progress.moveIndex.hasSource(d, below: &sourcePlace, counter: &counter) {
        let message =
          isSection
          ? messages.deleteAndMoveSection(d.section)
          : messages.deleteAndMoveRow(section: d.section, row: d.row)
        return fail(UIKitException(rule: .r11, message: message, place: VerdictPlace(.old, d)))
      }
      if isSection, progress.fallback == nil, let position = progress.rowMoveFromSection[d.section]
      {
        let message = messages.moveOutOfDeletedSection(progress.moveIndex.moves[position].rowMove)
        let place = VerdictPlace(.old, progress.moveIndex.moves[position].from)
        if rules.fallback == .immediate { return fallBack(message, place) }
        progress.fallback = (message, place)
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
        progress.accepted.deletedSections.insert(d.section)
        progress.deletedSectionCount += 1
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
        progress.accepted.deletedRows.append(d)
        note("delete \(Self.describe(d)): ok")
      }
    }
    return nil
  }

  /// Pass 5: the inserts, ascending: R20 (duplicates merged), R12 (an
  /// insert that is also a move's destination), R17 (a row moved into an
  /// inserted section), then R8 (with R19: the row inserts of an inserted
  /// section dropped), R7 and R6 (the inserted section or row must exist
  /// after the update). Returns the outcome that ends the checks, or nil to go on.
  ///
  /// - Complexity: O(*k*) for *k* inserts and moves.
  func checkInserts(_ progress: inout CheckProgress, counter: inout OperationCounter)
    -> Result<CheckOutcome, UIKitException>?
  {
    var newRows = RowCountCache()
    var destinationPlace = 0
    var previous: RowPath?
    for i in progress.inserts {
      counter.add()
      let isSection = i.row == Self.notFound
      if mergesDuplicates, i == previous {  // R20/R21: merged
        note("insert \(Self.describe(i)) merged with its duplicate (R20)")
        continue
      }
      previous = i
      if progress.moveIndex.hasDestination(i, above: &destinationPlace, counter: &counter) {
        let message =
          isSection
          ? messages.insertAndMoveSection(i.section)
          : messages.insertAndMoveRow(section: i.section, row: i.row)
        return fail(UIKitException(rule: .r12, message: message, place: VerdictPlace(.new, i)))
      }
      if isSection, progress.fallback == nil, let position = progress.rowMoveToSection[i.section] {
        let message = messages.moveIntoInsertedSection(progress.moveIndex.moves[position].rowMove)
        let place = VerdictPlace(.old, progress.moveIndex.moves[position].from)
        if rules.fallback == .immediate { return fallBack(message, place) }
        progress.fallback = (message, place)
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
        while let last = progress.accepted.insertedRows.last, last.section == i.section {
          counter.add()
          progress.accepted.insertedRows.removeLast()
          note("insert \(Self.describe(last)) dropped: inside inserted section \(i.section) (R19)")
        }
        progress.accepted.insertedSections.insert(i.section)
        progress.insertedSectionCount += 1
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
        progress.accepted.insertedRows.append(i)
        note("insert \(Self.describe(i)): ok")
      }
    }
    return nil
  }

  /// Passes 7 to 9: the count checks in the profile's order: R1 (the section
  /// count), R2b (iOS 18: no section holds more rows than the data source
  /// returns) and R2 (the row counts per section). R17's fallback skips the
  /// row counts (iOS 12) or every count check (iOS 18).
  ///
  /// - Complexity: O(*s* + *k*) for *s* sections and *k* operations.
  func checkCounts(_ progress: CheckProgress, counter: inout OperationCounter)
    -> Result<CheckOutcome, UIKitException>
  {
    if let fallback = progress.fallback, rules.fallback != .skipsRowCounts {
      return fallBack(fallback.message, fallback.place)
    }
    var tally: SectionTally?
    for countCheck in rules.countCheckOrder {
      switch countCheck {
      case .sectionCount:
        // Pass 7: the section count (R1).
        let expectedSections =
          counts.oldSections &+ progress.insertedSectionCount &- progress.deletedSectionCount
        note(
          "sections: \(counts.oldSections) + \(progress.insertedSectionCount) inserted − \(progress.deletedSectionCount) deleted"
            + " = \(expectedSections); the data source has \(counts.newSections)")
        if expectedSections != counts.newSections {
          return fail(
            UIKitException(
              rule: .r1,
              message: messages.invalidSectionCount(
                after: counts.newSections, before: counts.oldSections,
                inserted: progress.insertedSectionCount,
                deleted: progress.deletedSectionCount)))
        }
      case .overflow:
        // iOS 18: no section may end up holding more rows than the data source returns (R2b).
        let sections =
          tally
          ?? SectionTally(
            progress.accepted, counts: counts, countsDuplicates: !mergesDuplicates,
            counter: &counter)
        tally = sections
        if let exception = checkOverflow(progress.accepted, sections, counter: &counter) {
          return fail(exception)
        }
      case .rowCounts:
        // Pass 8: the fallback to reloadData skips the row counts (R17).
        if let fallback = progress.fallback { return fallBack(fallback.message, fallback.place) }
        // Pass 9: the row counts per section (R2).
        let sections =
          tally
          ?? SectionTally(
            progress.accepted, counts: counts, countsDuplicates: !mergesDuplicates,
            counter: &counter)
        tally = sections
        if let exception = checkRowCounts(sections, counter: &counter) { return fail(exception) }
      }
    }
    return .success(.accepted(progress.accepted))
  }
}
