/// How old sections land in the new state (pass 9 of the check order; inferred).
///
/// Section move sources go to their destinations; old sections that are
/// neither deleted nor moved keep their relative order and fill the new
/// positions not taken by inserted sections or move destinations.
struct SectionMap {
  let oldSections: Int
  let newSections: Int
  /// Deleted sections and section move sources, old space, ascending.
  let gone: [Int]
  /// Inserted sections, new space, ascending.
  let inserted: [Int]
  /// Section move destinations (new space), ascending, with their sources (old space).
  let movedTo: [(to: Int, from: Int)]

  init(_ accepted: AcceptedUpdate, counts: Counts) {
    oldSections = counts.oldSections
    newSections = counts.newSections
    var gone = accepted.deletedSections
    var movedTo: [Int: Int] = [:]
    for move in accepted.sectionMoves {
      gone.insert(move.from)
      movedTo[move.to] = move.from
    }
    self.gone = gone.sorted()
    self.inserted = accepted.insertedSections.sorted()
    self.movedTo = movedTo.map { (to: $0.key, from: $0.value) }.sorted { $0.to < $1.to }
  }

  /// Calls `body(new, old)` for every new section in ascending order; `old`
  /// is nil for an inserted section. Stops when `body` returns false.
  /// - Complexity: O(*S*), where *S* is the number of old and new sections:
  ///   the sorted lists are walked alongside, nothing is hashed.
  func forEachSection(
    counter: inout OperationCounter, _ body: (Int, Int?, inout OperationCounter) -> Bool
  ) {
    var old = 0
    var nextInserted = 0
    var nextMoved = 0
    var nextGone = 0
    for new in 0..<newSections {
      counter.add()
      while nextInserted < inserted.count, inserted[nextInserted] < new { nextInserted += 1 }
      while nextMoved < movedTo.count, movedTo[nextMoved].to < new { nextMoved += 1 }
      let source: Int?
      if nextInserted < inserted.count, inserted[nextInserted] == new {
        source = nil
      } else if nextMoved < movedTo.count, movedTo[nextMoved].to == new {
        source = movedTo[nextMoved].from
      } else {
        while old < oldSections {
          while nextGone < gone.count, gone[nextGone] < old { nextGone += 1 }
          guard nextGone < gone.count, gone[nextGone] == old else { break }
          counter.add()
          old += 1
        }
        guard old < oldSections else { return }
        source = old
        old += 1
      }
      if !body(new, source, &counter) { return }
    }
  }

  /// The new position of each of `sections` (old space), for those that have one.
  func newPositions(of sections: Set<Int>, counter: inout OperationCounter) -> [Int: Int] {
    guard !sections.isEmpty else { return [:] }
    var result: [Int: Int] = [:]
    forEachSection(counter: &counter) { new, old, _ in
      if let old, sections.contains(old) { result[old] = new }
      return result.count < sections.count
    }
    return result
  }
}

/// What each new section that maps to an old one holds after the update,
/// by UIKit's count (pass 9 of the check order): the tallies both R2 and R2b read.
struct SectionTally {
  /// One kept or moved section.
  struct Entry {
    /// The section's index, new space.
    var new: Int
    /// The section's index, old space.
    var old: Int
    var before: Int
    var inserted: Int
    var deleted: Int
    var movedIn: Int
    var movedOut: Int
    /// Distinct row inserts and deletes: what UIKit's update maps hold,
    /// one slot per index path, when each duplicate counts (D11).
    var distinctInserted: Int
    var distinctDeleted: Int
    /// `before + inserted - deleted + movedIn - movedOut`.
    var expected: Int { before &+ inserted &- deleted &+ movedIn &- movedOut }
    /// The rows the update maps put in the section: as `expected`, each
    /// index path once.
    var mapped: Int { before &+ distinctInserted &- distinctDeleted &+ movedIn &- movedOut }
  }

  private let map: SectionMap
  private let counts: Counts
  private let movedIn: [Int: Int]
  private let movedOut: [Int: Int]
  private let deleted: [Int: Int]
  private let inserted: [Int: Int]
  /// Per section, distinct deletes and inserts; nil when the lists hold no duplicate.
  private let distinctDeleted: [Int: Int]?
  private let distinctInserted: [Int: Int]?

  /// - Parameter countsDuplicates: whether duplicate deletes and inserts
  ///   survive the checks (a collection view counts each, D11); only then
  ///   are the distinct ones counted apart.
  init(
    _ accepted: AcceptedUpdate, counts: Counts, countsDuplicates: Bool,
    counter: inout OperationCounter
  ) {
    let map = SectionMap(accepted, counts: counts)
    // Row moves ascend by source: each section's run is one set insert.
    var moveSources = Set<Int>()
    var lastSource: Int?
    for move in accepted.rowMoves where move.from.section != lastSource {
      lastSource = move.from.section
      moveSources.insert(move.from.section)
    }
    let positions = map.newPositions(of: moveSources, counter: &counter)
    var movedIn = SectionCounter()
    var movedOut = SectionCounter()
    lastSource = nil
    var sourcePosition: Int?
    for move in accepted.rowMoves {
      counter.add()
      if move.from.section != lastSource {
        lastSource = move.from.section
        sourcePosition = positions[move.from.section]
      }
      guard sourcePosition != move.to.section else { continue }
      movedOut.add(move.from.section)
      movedIn.add(move.to.section)
    }
    var deleted = SectionCounter()
    for path in accepted.deletedRows { deleted.add(path.section) }
    var inserted = SectionCounter()
    for path in accepted.insertedRows { inserted.add(path.section) }
    counter.add(accepted.deletedRows.count + accepted.insertedRows.count)
    // Duplicates survive the checks only where each counts (collection views).
    func distinct(_ paths: [RowPath]) -> [Int: Int]? {
      guard countsDuplicates else { return nil }
      let unique = Set(paths)
      counter.add(paths.count)
      guard unique.count < paths.count else { return nil }
      var result: [Int: Int] = [:]
      for path in unique { result[path.section, default: 0] += 1 }
      return result
    }
    distinctDeleted = distinct(accepted.deletedRows)
    distinctInserted = distinct(accepted.insertedRows)
    self.map = map
    self.counts = counts
    self.movedIn = movedIn.finish()
    self.movedOut = movedOut.finish()
    self.deleted = deleted.finish()
    self.inserted = inserted.finish()
  }

  /// Calls `body` for every new section that maps to an old one, ascending,
  /// until it returns an exception; returns that exception.
  /// - Complexity: O(*S*), where *S* is the number of old and new sections.
  func first(
    counter: inout OperationCounter, where body: (Entry) -> UIKitException?
  ) -> UIKitException? {
    var found: UIKitException?
    map.forEachSection(counter: &counter) { new, old, _ in
      guard let old else { return true }
      let entry = Entry(
        new: new, old: old, before: counts.oldRows(old), inserted: inserted[new] ?? 0,
        deleted: deleted[old] ?? 0, movedIn: movedIn[new] ?? 0, movedOut: movedOut[old] ?? 0,
        distinctInserted: (distinctInserted ?? inserted)[new] ?? 0,
        distinctDeleted: (distinctDeleted ?? deleted)[old] ?? 0)
      found = body(entry)
      return found == nil
    }
    return found
  }
}

/// Counts per section, a run of one section at a time: a million
/// operations in a few sections cost a few dictionary updates, not a
/// million.
struct SectionCounter {
  private var finished: [Int: Int] = [:]
  private var section = 0
  private var run = 0

  /// Counts one more for `section`.
  @inline(__always) mutating func add(_ section: Int) {
    if run > 0, section == self.section {
      run += 1
      return
    }
    if run > 0 { finished[self.section, default: 0] += run }
    self.section = section
    run = 1
  }

  /// The count of every section counted at least once. Ends the counting:
  /// the last run joins the others in place, not in a copy.
  mutating func finish() -> [Int: Int] {
    if run > 0 { finished[section, default: 0] += run }
    run = 0
    return finished
  }
}

extension BatchState {
  /// Pass 9: every new section that maps to an old one must hold
  /// `old + inserted - deleted + movedIn - movedOut` rows (R2). The section
  /// printed is the new one (the old one for a negative count).
  func checkRowCounts(_ tally: SectionTally, counter: inout OperationCounter) -> UIKitException? {
    tally.first(counter: &counter) { entry in
      let after = counts.newRowsAsReturned(entry.new)
      note(
        "rows in section \(entry.new) (old section \(entry.old)): \(entry.before) + \(entry.inserted) inserted"
          + " − \(entry.deleted) deleted + \(entry.movedIn) moved in − \(entry.movedOut) moved out"
          + " = \(entry.expected); the data source has \(after)")
      if after < 0 {
        return UIKitException(
          rule: .r2, message: messages.negativeRowCount(section: entry.old),
          place: VerdictPlace(.old, section: entry.old))
      }
      if after != entry.expected {
        return UIKitException(
          rule: .r2,
          message: messages.invalidRowCount(
            section: entry.new, after: after, before: entry.before, inserted: entry.inserted,
            deleted: entry.deleted, movedIn: entry.movedIn, movedOut: entry.movedOut),
          place: VerdictPlace(.new, section: entry.new))
      }
      return nil
    }
  }

  /// iOS 18's check of the update maps (R2b): no section may end up holding
  /// more rows than the data source returns for it. Which condition makes
  /// UIKit's maps invalid is inferred (the code that builds them is not
  /// known): every public report fits "a kept or moved section would hold
  /// more rows than the data source returns". The maps hold each index path
  /// once, so a collection view's duplicate insert, which the row count
  /// counts twice (D11), does not overflow them. A section left with too
  /// few rows gets the classic R2 afterwards, and so does a negative count.
  func checkOverflow(
    _ accepted: AcceptedUpdate, _ tally: SectionTally, counter: inout OperationCounter
  ) -> UIKitException? {
    let overflowing = tally.first(counter: &counter) { entry in
      let after = counts.newRowsAsReturned(entry.new)
      guard after >= 0, entry.mapped > after else { return nil }
      note(
        "section \(entry.new) (old section \(entry.old)) would hold \(entry.mapped) rows;"
          + " the data source has \(after) (R2b)")
      return UIKitException(rule: .r2b, message: "")
    }
    guard overflowing != nil else { return nil }
    return UIKitException(
      rule: .r2b, message: invalidBatchUpdatesMessage(accepted, counter: &counter))
  }

  /// R2b's text for this update: the counts before and after, and the
  /// update items UIKit kept (deletes descending, moves, inserts ascending).
  private func invalidBatchUpdatesMessage(
    _ accepted: AcceptedUpdate, counter: inout OperationCounter
  ) -> String {
    let notFound = UIKitMessages.notFound
    let limit = UIKitMessages.listLimit
    var deletes =
      accepted.deletedRows + accepted.deletedSections.map { RowPath(section: $0, row: notFound) }
    var inserts =
      accepted.insertedRows + accepted.insertedSections.map { RowPath(section: $0, row: notFound) }
    deletes.sort(by: >)
    inserts.sort()
    counter.add(deletes.count + inserts.count)
    // Only the items the text lists are written; the others are counted.
    let total =
      deletes.count + accepted.sectionMoves.count + accepted.rowMoves.count + inserts.count
    var items = deletes.prefix(limit).map { messages.updateItem("Delete", $0) }
    items += accepted.sectionMoves.prefix(limit - items.count).map {
      messages.moveItem(RowPath($0.from, notFound), RowPath($0.to, notFound), isSection: true)
    }
    items += accepted.rowMoves.prefix(limit - items.count).map {
      messages.moveItem($0.from, $0.to, isSection: false)
    }
    items += inserts.prefix(limit - items.count).map { messages.updateItem("Insert", $0) }
    // The counts beyond the limit are not printed; only their number is.
    let before = (0..<min(counts.oldSections, limit)).map { counts.oldRows($0) }
    let after = (0..<min(counts.newSections, limit)).map { counts.newRowsAsReturned($0) }
    return messages.invalidBatchUpdates(
      before: before, beforeSections: counts.oldSections, after: after,
      afterSections: counts.newSections, updates: items, updateCount: total)
  }
}
