extension EditSize {
  /// Counts what `update` issues, in total and per section. Row operations
  /// inside a deleted, inserted or reloaded section are not counted again
  /// (UIKit drops them), nor is a path given twice: paths are told apart
  /// by marks on the rows (`RowMarks`), not by sets. A reload is counted
  /// as UIKit carries it out, a delete at its old path and an insert where
  /// the row lands (`landReloads`).
  ///
  /// - Complexity: O(*n* + *m* + *s* + *u*), where *n* and *m* are the old
  ///   and new rows, *s* the sections and *u* the update's operations;
  ///   O(*s* + *u*) with no row delete, insert, reload or reconfigure.
  mutating func issued(
    old: [[Row]], new: [[Row]], update: BatchUpdate, into sections: inout [SectionEditSize]
  ) {
    let places = SectionPlaces(old: old, new: new, update: update)
    for section in places.deleted {
      sectionDeletes += 1
      deletes += old[section].count
      sections[section].deletes += old[section].count
    }
    for section in places.inserted {
      sectionInserts += 1
      inserts += new[section].count
      sections[section].inserts += new[section].count
    }
    sectionMoves += places.moved
    for (section, target) in places.reloaded {
      sectionReloads += 1
      deletes += old[section].count
      sections[section].deletes += old[section].count
      inserts += new[target].count
      sections[target].inserts += new[target].count
    }
    for move in update.moveRows
    where RowMarks.contains(old, move.from) && RowMarks.contains(new, move.to) {
      moves += 1
      sections[move.to.section].moves += 1
    }
    guard
      !(update.deleteRows.isEmpty && update.insertRows.isEmpty && update.reloadRows.isEmpty
        && update.reconfigureRows.isEmpty)
    else { return }
    RowMarks.with(old: old, new: new) { rows in
      issuedRows(rows, update: update, places: places, into: &sections)
    }
  }

  /// Counts the row deletes, inserts and reloads of `update`, each path
  /// once, marking them on `rows`.
  private mutating func issuedRows(
    _ rows: RowMarks, update: BatchUpdate, places: SectionPlaces,
    into sections: inout [SectionEditSize]
  ) {
    for path in update.deleteRows {
      guard let index = rows.oldIndex(path), rows.mark(index, RowMarks.deleted),
        places.keepsRows(old: path.section)
      else { continue }
      deletes += 1
      sections[path.section].deletes += 1
    }
    for path in update.insertRows {
      guard let index = rows.newIndex(path), rows.mark(index, RowMarks.inserted),
        places.keepsRows(new: path.section)
      else { continue }
      inserts += 1
      sections[path.section].inserts += 1
    }
    guard !(update.reloadRows.isEmpty && update.reconfigureRows.isEmpty) else { return }
    for move in update.moveRows {
      if let index = rows.oldIndex(move.from) { _ = rows.mark(index, RowMarks.movedFrom) }
      if let index = rows.newIndex(move.to) { _ = rows.mark(index, RowMarks.movedTo) }
    }
    func reload(_ path: RowPath) {
      guard let index = rows.oldIndex(path), places.keepsRows(old: path.section),
        rows.mark(index, RowMarks.reloaded)
      else { return }
      reloads += 1
      sections[path.section].reloads += 1
    }
    for path in update.reloadRows { reload(path) }
    for path in update.reconfigureRows { reload(path) }
    landReloads(rows, places: places, into: &sections)
  }

  /// Counts where the marked reloads land: in a kept section, the old rows
  /// neither deleted nor moved (reloaded ones included) fill the new rows
  /// of its target section that no insert or move takes, in order. A reload
  /// whose row lands on a row of another id changes identity (a delete and
  /// an insert); one that lands on the same id and content is unchanged.
  private mutating func landReloads(
    _ rows: RowMarks, places: SectionPlaces, into sections: inout [SectionEditSize]
  ) {
    let leaving = RowMarks.deleted | RowMarks.movedFrom
    let taken = RowMarks.inserted | RowMarks.movedTo
    for section in rows.old.indices where sections[section].reloads > 0 {
      guard let target = places.target(of: section) else { continue }
      let oldRows = rows.old[section]
      let newRows = rows.new[target]
      let oldStart = rows.oldStart(section)
      let newStart = rows.newStart(target)
      var remaining = sections[section].reloads
      var row = 0
      for oldRow in oldRows.indices where remaining > 0 {
        let mark = rows.marks[oldStart + oldRow]
        guard mark & leaving == 0 else { continue }
        while row < newRows.count && rows.marks[newStart + row] & taken != 0 { row += 1 }
        if mark & RowMarks.reloaded != 0 {
          remaining -= 1
          if row < newRows.count {
            let newRow = newRows[row]
            if newRow.id != oldRows[oldRow].id {
              reloadsChangingIdentity += 1
              deletes += 1
              sections[section].deletes += 1
              inserts += 1
              sections[target].inserts += 1
            } else if newRow.content == oldRows[oldRow].content {
              unchangedReloads += 1
              sections[section].unchangedReloads += 1
            }
          }
        }
        row += 1
      }
    }
  }
}

/// Marks on the rows of a case, in one flat buffer: the old rows section by
/// section, then the new ones. What tells an update's paths apart, and
/// where a reload lands, with no set or dictionary: one scratch buffer, on
/// the stack for a small case, that lives while `with(old:new:_:)` runs.
///
///     RowMarks.with(old: [[Row("a")], [Row("b")]], new: [[Row("b")]]) { rows in
///       rows.oldIndex(RowPath(1, 0))  // 1
///       rows.newIndex(RowPath(0, 0))  // 2
///     }
struct RowMarks {
  /// An old row deleted.
  static let deleted: UInt8 = 1
  /// An old row moved away.
  static let movedFrom: UInt8 = 2
  /// An old row reloaded or reconfigured.
  static let reloaded: UInt8 = 4
  /// A new row inserted.
  static let inserted: UInt8 = 1
  /// A new row a move lands on.
  static let movedTo: UInt8 = 2

  let old: [[Row]]
  let new: [[Row]]
  /// The flat index of each old section's first row, then of each new
  /// section's.
  private let starts: UnsafeMutableBufferPointer<Int>
  /// Each row's marks, by flat index.
  let marks: UnsafeMutableBufferPointer<UInt8>

  /// Every row of `old` and `new`, unmarked, in scratch memory that lives
  /// while `body` runs.
  ///
  /// - Complexity: O(*s* + *n* + *m*), where *s* is the number of sections
  ///   and *n* and *m* the old and new rows.
  static func with<Result>(
    old: [[Row]], new: [[Row]], _ body: (RowMarks) -> Result
  ) -> Result {
    let rows = old.reduce(0) { $0 + $1.count } + new.reduce(0) { $0 + $1.count }
    let sections = old.count + new.count
    return withUnsafeTemporaryAllocation(
      byteCount: max(1, sections * MemoryLayout<Int>.stride + rows),
      alignment: MemoryLayout<Int>.alignment
    ) { memory in
      body(RowMarks(old: old, new: new, sections: sections, rows: rows, memory: memory))
    }
  }

  /// The marks of `old` and `new` in `memory`: `sections` starts, then
  /// `rows` marks.
  private init(
    old: [[Row]], new: [[Row]], sections: Int, rows: Int, memory: UnsafeMutableRawBufferPointer
  ) {
    self.old = old
    self.new = new
    let base = memory.baseAddress!
    starts = UnsafeMutableBufferPointer(
      start: base.bindMemory(to: Int.self, capacity: sections), count: sections)
    marks = UnsafeMutableBufferPointer(
      start: (base + sections * MemoryLayout<Int>.stride).bindMemory(
        to: UInt8.self, capacity: rows),
      count: rows)
    var next = 0
    for (section, rows) in old.enumerated() {
      starts.initializeElement(at: section, to: next)
      next += rows.count
    }
    for (section, rows) in new.enumerated() {
      starts.initializeElement(at: old.count + section, to: next)
      next += rows.count
    }
    marks.initialize(repeating: 0)
  }

  /// Whether `path` is a row of `sections`.
  static func contains(_ sections: [[Row]], _ path: RowPath) -> Bool {
    sections.indices.contains(path.section) && sections[path.section].indices.contains(path.row)
  }

  /// The flat index of old row `path`, nil when out of range.
  func oldIndex(_ path: RowPath) -> Int? {
    Self.contains(old, path) ? starts[path.section] + path.row : nil
  }

  /// The flat index of new row `path`, nil when out of range.
  func newIndex(_ path: RowPath) -> Int? {
    Self.contains(new, path) ? starts[old.count + path.section] + path.row : nil
  }

  /// The flat index of old section `section`'s first row.
  func oldStart(_ section: Int) -> Int { starts[section] }

  /// The flat index of new section `section`'s first row.
  func newStart(_ section: Int) -> Int { starts[old.count + section] }

  /// Sets `mark` on the row at flat index `index`: whether it was not set.
  func mark(_ index: Int, _ mark: UInt8) -> Bool {
    let unset = marks[index] & mark == 0
    marks[index] |= mark
    return unset
  }
}
