/// Where a valid update takes the old sections: what `EditSize` needs to
/// count a reload as UIKit carries it out, a delete at its old path and an
/// insert where the row lands (`EditSize.landReloads`).
///
///     let places = SectionPlaces(
///       old: [[Row("a")], [Row("b")]], new: [[Row("x")], [Row("a")], [Row("b")]],
///       update: BatchUpdate(insertSections: [0]))
///     places.target(of: 0)  // 1
///     places.target(of: 1)  // 2
///
/// Sections: deleted ones go; moved ones go to their destination; the
/// others, reloaded ones included, fill the new indexes that no insert or
/// move takes, in order. Section indexes out of range are ignored. An
/// update with no section operation (the common case) keeps every old
/// section at its index, and the places are worked out with no allocation.
struct SectionPlaces {
  /// Where the sections go when the update has section operations; nil
  /// when it has none (`keepsIndexes`): then a case's places hold no array
  /// to retain or release.
  private var moves: Moves?
  /// The number of new sections.
  private let newCount: Int

  /// The places of an update with section operations.
  private struct Moves {
    var deleted: [Int] = []
    var inserted: [Int] = []
    var moved = 0
    var reloaded: [(old: Int, new: Int)] = []
    /// The new index of each old section, -1 for one deleted or left with
    /// no new index.
    var targets: [Int] = []
    /// Per old section: whether its rows all go (deleted or reloaded).
    var goneOld: [Bool] = []
    /// Per new section: whether its rows are all fresh (inserted or reloaded).
    var freshNew: [Bool] = []
  }

  /// Old sections the update deletes, each once, ascending.
  var deleted: [Int] { moves?.deleted ?? [] }
  /// New sections it inserts, each once, ascending.
  var inserted: [Int] { moves?.inserted ?? [] }
  /// Section moves whose destination is in range.
  var moved: Int { moves?.moved ?? 0 }
  /// Old sections it reloads, each once, ascending, with the new index each becomes.
  var reloaded: [(old: Int, new: Int)] { moves?.reloaded ?? [] }

  /// The places of `update` from `old` to `new`.
  ///
  /// - Complexity: O(*s* + *k*), where *s* is the number of sections and
  ///   *k* the update's section operations; O(1) with no section operation.
  init(old: borrowing [[Row]], new: borrowing [[Row]], update: borrowing BatchUpdate) {
    newCount = new.count
    // With no section operation, each old section keeps its index, when
    // the new data has it.
    guard
      !(update.deleteSections.isEmpty && update.insertSections.isEmpty
        && update.reloadSections.isEmpty && update.moveSections.isEmpty)
    else { return }
    var places = Moves()
    places.goneOld = Self.marks(update.deleteSections, count: old.count)
    places.deleted = old.indices.filter { places.goneOld[$0] }
    places.freshNew = Self.marks(update.insertSections, count: new.count)
    places.inserted = new.indices.filter { places.freshNew[$0] }
    // The first in-range move of each old section that is not deleted.
    var movedTo = [Int](repeating: -1, count: old.count)
    var taken = places.freshNew
    for move in update.moveSections where new.indices.contains(move.to) {
      places.moved += 1
      if old.indices.contains(move.from), !places.goneOld[move.from], movedTo[move.from] < 0 {
        movedTo[move.from] = move.to
        taken[move.to] = true
      }
    }
    places.targets = [Int](repeating: -1, count: old.count)
    var free = 0
    for from in old.indices where !places.goneOld[from] {
      if movedTo[from] >= 0 {
        places.targets[from] = movedTo[from]
        continue
      }
      while free < new.count && taken[free] { free += 1 }
      guard free < new.count else { continue }
      places.targets[from] = free
      free += 1
    }
    let reloads = Self.marks(update.reloadSections, count: old.count)
    for section in old.indices where reloads[section] && places.targets[section] >= 0 {
      places.reloaded.append((section, places.targets[section]))
      places.goneOld[section] = true
      places.freshNew[places.targets[section]] = true
    }
    moves = places
  }

  /// Per index below `count`: whether `sections` has it.
  private static func marks(_ sections: [Int], count: Int) -> [Bool] {
    var marks = [Bool](repeating: false, count: count)
    for section in sections where section >= 0 && section < count { marks[section] = true }
    return marks
  }

  /// The new index of old section `section`, nil when it is deleted, out of
  /// range or left with no new index.
  func target(of section: Int) -> Int? {
    guard let moves else { return section >= 0 && section < newCount ? section : nil }
    guard moves.targets.indices.contains(section) else { return nil }
    return moves.targets[section] >= 0 ? moves.targets[section] : nil
  }

  /// Whether old section `section` keeps its rows (it is neither deleted nor reloaded).
  func keepsRows(old section: Int) -> Bool {
    guard let gone = moves?.goneOld else { return true }
    return !gone.indices.contains(section) || !gone[section]
  }

  /// Whether new section `section` holds kept rows (it is neither inserted nor reloaded).
  func keepsRows(new section: Int) -> Bool {
    guard let fresh = moves?.freshNew else { return true }
    return !fresh.indices.contains(section) || !fresh[section]
  }
}
