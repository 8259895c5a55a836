import BatchCheck

/// One column of a picture: the old rows (before the update) or the new ones.
enum PictureSide: Hashable, Sendable {
  case old, new
}

/// What an update does to one row, as the picture marks it.
struct RowMarks: OptionSet, Hashable, Sendable {
  let rawValue: UInt8
  /// Old side: deleted (by a row or section delete).
  static let deleted = RowMarks(rawValue: 1)
  /// Old side: reloaded (by a row or section reload).
  static let reloaded = RowMarks(rawValue: 2)
  /// Old side: reconfigured.
  static let reconfigured = RowMarks(rawValue: 4)
  /// Old side: the source of a move.
  static let movedOut = RowMarks(rawValue: 8)
  /// New side: inserted (by a row or section insert).
  static let inserted = RowMarks(rawValue: 16)
  /// New side: the destination of a move.
  static let movedIn = RowMarks(rawValue: 32)
}

/// The place a verdict points at: a row, or a section's header when `row`
/// is nil, on one side; and the short finding written beside it.
struct FailureMarker: Hashable, Sendable {
  var side: PictureSide
  var section: Int
  var row: Int?
  var note: String
  /// Whether `row` is an insert past the last row of its new section (R6),
  /// drawn as a row of its own after the section's rows.
  var isAttemptedInsert = false
}

/// One update drawn as two columns: what the update does to each old and
/// new row, which rows stay (joined by faint lines), which move (arrows),
/// and where the verdict points. Built in O(*n* + *k*) for *n* rows and *k*
/// operations; `layout()` decides what is drawn.
struct UpdatePicture {
  var title: String
  var old: [[Row]]
  var new: [[Row]]
  var update: BatchUpdate
  var marker: FailureMarker?
  /// Marks per old row and per new row.
  private(set) var oldMarks: [[RowMarks]]
  private(set) var newMarks: [[RowMarks]]
  /// Per old section: deleted, reloaded, or moved (to the new section).
  private(set) var oldSectionNotes: [String?]
  /// Per new section: inserted, or the destination of a section move.
  private(set) var newSectionNotes: [String?]
  /// Per old row, the new row it stays as (faint line); nil when none.
  private(set) var partnerOfOld: [[RowPath?]]
  /// Per new row, the old row that stays as it.
  private(set) var partnerOfNew: [[RowPath?]]
  /// The row moves whose both ends exist, in the update's order.
  private(set) var moves: [RowMove] = []

  init(title: String, old: [[Row]], new: [[Row]], update: BatchUpdate, verdict: Verdict?) {
    self.title = title
    self.old = old
    self.new = new
    self.update = update
    oldMarks = old.map { Array(repeating: RowMarks(), count: $0.count) }
    newMarks = new.map { Array(repeating: RowMarks(), count: $0.count) }
    oldSectionNotes = Array(repeating: nil, count: old.count)
    newSectionNotes = Array(repeating: nil, count: new.count)
    partnerOfOld = old.map { Array(repeating: nil, count: $0.count) }
    partnerOfNew = new.map { Array(repeating: nil, count: $0.count) }
    markOperations()
    pairRows()
    marker = verdict.flatMap { Self.marker(for: $0, old: old, new: new) }
  }

  private static func contains(_ sections: [[Row]], _ path: RowPath) -> Bool {
    sections.indices.contains(path.section) && sections[path.section].indices.contains(path.row)
  }

  private mutating func markOperations() {
    func markOld(_ path: RowPath, _ mark: RowMarks) {
      if Self.contains(old, path) { oldMarks[path.section][path.row].insert(mark) }
    }
    func markNew(_ path: RowPath, _ mark: RowMarks) {
      if Self.contains(new, path) { newMarks[path.section][path.row].insert(mark) }
    }
    for section in update.deleteSections where old.indices.contains(section) {
      oldSectionNotes[section] = "deleted"
      for row in old[section].indices { oldMarks[section][row].insert(.deleted) }
    }
    for section in update.reloadSections where old.indices.contains(section) {
      oldSectionNotes[section] = "reloaded"
      for row in old[section].indices { oldMarks[section][row].insert(.reloaded) }
    }
    for section in update.insertSections where new.indices.contains(section) {
      newSectionNotes[section] = "inserted"
      for row in new[section].indices { newMarks[section][row].insert(.inserted) }
    }
    for move in update.moveSections
    where old.indices.contains(move.from) && new.indices.contains(move.to) {
      oldSectionNotes[move.from] = "moved to section \(move.to)"
      newSectionNotes[move.to] = "moved from section \(move.from)"
    }
    for path in update.deleteRows { markOld(path, .deleted) }
    for path in update.reloadRows { markOld(path, .reloaded) }
    for path in update.reconfigureRows { markOld(path, .reconfigured) }
    for path in update.insertRows { markNew(path, .inserted) }
    for move in update.moveRows {
      markOld(move.from, .movedOut)
      markNew(move.to, .movedIn)
      if Self.contains(old, move.from), Self.contains(new, move.to) { moves.append(move) }
    }
  }

  /// The old section each old section stays as: deleted ones none, moved
  /// ones their destination, the others the remaining new sections in order
  /// (as UIKit counts them). Then, inside each pair of sections, the rows
  /// that neither leave nor arrive pair up in order.
  private mutating func pairRows() {
    var movedTo: [Int: Int] = [:]
    for move in update.moveSections
    where old.indices.contains(move.from) && new.indices.contains(move.to)
      && movedTo[move.from] == nil
    {
      movedTo[move.from] = move.to
    }
    let deleted = Set(update.deleteSections)
    let taken = Set(update.insertSections).union(movedTo.values)
    var free = new.indices.filter { !taken.contains($0) }.makeIterator()
    for section in old.indices where !deleted.contains(section) {
      guard let target = movedTo[section] ?? free.next() else { break }
      let leaving: RowMarks = [.deleted, .movedOut]
      let arriving: RowMarks = [.inserted, .movedIn]
      let marks = newMarks[target]
      var staying = marks.indices.filter { marks[$0].isDisjoint(with: arriving) }.makeIterator()
      for row in old[section].indices where oldMarks[section][row].isDisjoint(with: leaving) {
        guard let partner = staying.next() else { break }
        partnerOfOld[section][row] = RowPath(target, partner)
        partnerOfNew[target][partner] = RowPath(section, row)
      }
    }
  }

  /// Where `verdict` points, read from its place (never from its message):
  /// a wrong or stale cell (new side, with what it shows); else the row its
  /// place names when that row exists on its side, R6's attempted insert
  /// past the last row of its section, or the place's section header; nil
  /// when the verdict has no place or its section does not exist.
  static func marker(for verdict: Verdict, old: [[Row]], new: [[Row]])
    -> FailureMarker?
  {
    guard !verdict.isValid else { return nil }
    let head = [verdict.kind.rawValue, verdict.rule?.rawValue].compactMap { $0 }.joined(
      separator: " ")
    if let mismatch = verdict.mismatch, contains(new, mismatch.path) {
      let note =
        mismatch.shown == mismatch.expected
        ? "✗ \(head)"
        : "✗ \(verdict.rule?.rawValue ?? head): shows \(label(mismatch.shown)), not \(label(mismatch.expected))"
      return FailureMarker(
        side: .new, section: mismatch.path.section, row: mismatch.path.row, note: note)
    }
    guard let place = verdict.place else { return nil }
    let side: PictureSide = place.side == .old ? .old : .new
    let rows = side == .old ? old : new
    guard rows.indices.contains(place.section) else { return nil }
    if let row = place.row {
      if rows[place.section].indices.contains(row) {
        return FailureMarker(side: side, section: place.section, row: row, note: "✗ \(head)")
      }
      if verdict.rule == .r6, side == .new, row >= rows[place.section].count {
        return FailureMarker(
          side: .new, section: place.section, row: row, note: "✗ \(head): insert past the last row",
          isAttemptedInsert: true)
      }
    }
    return FailureMarker(side: side, section: place.section, row: nil, note: "✗ \(head)")
  }

  /// A row as the picture writes it: its identity, and its content after a
  /// `·` when it has its own.
  static func label(_ row: Row) -> String {
    row.id == row.content ? row.id.description : "\(row.id) · \(row.content)"
  }
}
