/// Where a valid update takes the old sections, and the old rows it keeps
/// in place: what `EditSize` needs to count a reload as UIKit carries it
/// out, a delete at its old path and an insert where the row lands.
///
///     let update = BatchUpdate(insertRows: [RowPath(0, 0)], reloadRows: [RowPath(0, 1)])
///     let places = SectionPlaces(
///       old: [[Row("a"), Row("b")]], new: [[Row("x"), Row("a"), Row("b")]], update: update)
///     places.landing(of: [RowPath(0, 1)], update: update)  // [(0, 1): (0, 2)]
///
/// Sections: deleted ones go; moved ones go to their destination; the
/// others, reloaded ones included, fill the new indexes that no insert or
/// move takes, in order. Rows: in a kept section, the rows neither deleted
/// nor moved (reloaded and reconfigured ones included) fill the new rows
/// that no insert or move takes, in order. Paths out of range are ignored.
struct SectionPlaces {
  /// Old sections the update deletes, each once, ascending.
  private(set) var deleted: [Int] = []
  /// New sections it inserts, each once, ascending.
  private(set) var inserted: [Int] = []
  /// Section moves whose destination is in range.
  private(set) var moved = 0
  /// Old sections it reloads, each once, ascending, with the new index each becomes.
  private(set) var reloaded: [(old: Int, new: Int)] = []
  /// The new index of each old section that is not deleted.
  private var target: [Int: Int] = [:]
  /// Old sections whose rows all go (deleted or reloaded).
  private var goneOld: Set<Int> = []
  /// New sections whose rows are all fresh (inserted or reloaded).
  private var freshNew: Set<Int> = []
  /// The old rows per section.
  private let oldCounts: [Int]

  /// The places of `update` from `old` to `new`.
  ///
  /// - Complexity: O(*s* + *k*), where *s* is the number of sections and
  ///   *k* the update's section operations.
  init(old: [[Row]], new: [[Row]], update: BatchUpdate) {
    oldCounts = old.map(\.count)
    let deletedSet = Set(update.deleteSections.filter { old.indices.contains($0) })
    deleted = deletedSet.sorted()
    var movedFrom: [Int: Int] = [:]
    for move in update.moveSections where new.indices.contains(move.to) {
      moved += 1
      if old.indices.contains(move.from), !deletedSet.contains(move.from),
        movedFrom[move.from] == nil
      {
        movedFrom[move.from] = move.to
      }
    }
    let insertedSet = Set(update.insertSections.filter { new.indices.contains($0) })
    inserted = insertedSet.sorted()
    let taken = insertedSet.union(movedFrom.values)
    let staying = old.indices.filter { !deletedSet.contains($0) && movedFrom[$0] == nil }
    let free = new.indices.filter { !taken.contains($0) }
    for (from, to) in zip(staying, free) { target[from] = to }
    for (from, to) in movedFrom { target[from] = to }
    goneOld = deletedSet
    freshNew = insertedSet
    for section in Set(update.reloadSections).sorted() where !deletedSet.contains(section) {
      guard let to = target[section] else { continue }
      reloaded.append((section, to))
      goneOld.insert(section)
      freshNew.insert(to)
    }
  }

  /// Whether old section `section` keeps its rows (it is neither deleted nor reloaded).
  func keepsRows(old section: Int) -> Bool { !goneOld.contains(section) }

  /// Whether new section `section` holds kept rows (it is neither inserted nor reloaded).
  func keepsRows(new section: Int) -> Bool { !freshNew.contains(section) }

  /// The new path where each of `paths` (old rows the update neither
  /// deletes nor moves) lands; a path whose section goes has none.
  ///
  /// - Complexity: O(*u* + *r*), where *u* is the number of the update's
  ///   row operations and *r* the rows of the sections of `paths` up to the
  ///   last of them; the rows walked are marked in arrays, not sets.
  func landing(of paths: Set<RowPath>, update: BatchUpdate) -> [RowPath: RowPath] {
    var lastRow: [Int: Int] = [:]
    for path in paths { lastRow[path.section] = max(lastRow[path.section] ?? 0, path.row) }
    let targets = Dictionary(
      uniqueKeysWithValues: lastRow.keys.compactMap { old in target[old].map { (old, $0) } })
    let newSections = Set(targets.values)
    var leaving: [Int: [Int]] = [:]
    var fixed: [Int: [Int]] = [:]
    for path in update.deleteRows where targets[path.section] != nil {
      leaving[path.section, default: []].append(path.row)
    }
    for move in update.moveRows {
      if targets[move.from.section] != nil {
        leaving[move.from.section, default: []].append(move.from.row)
      }
      if newSections.contains(move.to.section) {
        fixed[move.to.section, default: []].append(move.to.row)
      }
    }
    for path in update.insertRows where newSections.contains(path.section) {
      fixed[path.section, default: []].append(path.row)
    }
    var landing: [RowPath: RowPath] = [:]
    for (old, new) in targets {
      // The old rows up to the last path, and the new rows the walk can reach.
      let last = min(lastRow[old] ?? 0, oldCounts[old] - 1)
      guard last >= 0 else { continue }
      var gone = [Bool](repeating: false, count: last + 1)
      for row in leaving[old] ?? [] where row >= 0 && row <= last { gone[row] = true }
      let fixedRows = fixed[new] ?? []
      // The walk passes at most last + 1 old rows and every fixed row.
      var taken = [Bool](repeating: false, count: last + 2 + fixedRows.count)
      for row in fixedRows where row >= 0 && row < taken.count { taken[row] = true }
      var row = 0
      for oldRow in 0...last where !gone[oldRow] {
        while taken[row] { row += 1 }
        let path = RowPath(old, oldRow)
        if paths.contains(path) { landing[path] = RowPath(new, row) }
        row += 1
      }
    }
    return landing
  }
}
