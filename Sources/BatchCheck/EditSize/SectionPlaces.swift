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
  /// Old sections the update deletes, each once, ascending.
  private(set) var deleted: [Int] = []
  /// New sections it inserts, each once, ascending.
  private(set) var inserted: [Int] = []
  /// Section moves whose destination is in range.
  private(set) var moved = 0
  /// Old sections it reloads, each once, ascending, with the new index each becomes.
  private(set) var reloaded: [(old: Int, new: Int)] = []
  /// The new index of each old section, -1 for one deleted or left with no
  /// new index; empty when `keepsIndexes`.
  private var targets: [Int] = []
  /// Per old section: whether its rows all go (deleted or reloaded); empty
  /// when `keepsIndexes`.
  private var goneOld: [Bool] = []
  /// Per new section: whether its rows are all fresh (inserted or
  /// reloaded); empty when `keepsIndexes`.
  private var freshNew: [Bool] = []
  /// The number of new sections.
  private let newCount: Int
  /// Whether the update has no section operation: each old section keeps
  /// its index, when the new data has it.
  private let keepsIndexes: Bool

  /// The places of `update` from `old` to `new`.
  ///
  /// - Complexity: O(*s* + *k*), where *s* is the number of sections and
  ///   *k* the update's section operations; O(1) with no section operation.
  init(old: [[Row]], new: [[Row]], update: BatchUpdate) {
    newCount = new.count
    keepsIndexes =
      update.deleteSections.isEmpty && update.insertSections.isEmpty
      && update.reloadSections.isEmpty && update.moveSections.isEmpty
    guard !keepsIndexes else { return }
    goneOld = Self.marks(update.deleteSections, count: old.count)
    deleted = old.indices.filter { goneOld[$0] }
    freshNew = Self.marks(update.insertSections, count: new.count)
    inserted = new.indices.filter { freshNew[$0] }
    // The first in-range move of each old section that is not deleted.
    var movedTo = [Int](repeating: -1, count: old.count)
    var taken = freshNew
    for move in update.moveSections where new.indices.contains(move.to) {
      moved += 1
      if old.indices.contains(move.from), !goneOld[move.from], movedTo[move.from] < 0 {
        movedTo[move.from] = move.to
        taken[move.to] = true
      }
    }
    targets = [Int](repeating: -1, count: old.count)
    var free = 0
    for from in old.indices where !goneOld[from] {
      if movedTo[from] >= 0 {
        targets[from] = movedTo[from]
        continue
      }
      while free < new.count && taken[free] { free += 1 }
      guard free < new.count else { continue }
      targets[from] = free
      free += 1
    }
    let reloads = Self.marks(update.reloadSections, count: old.count)
    for section in old.indices where reloads[section] && targets[section] >= 0 {
      reloaded.append((section, targets[section]))
      goneOld[section] = true
      freshNew[targets[section]] = true
    }
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
    if keepsIndexes { return section >= 0 && section < newCount ? section : nil }
    guard targets.indices.contains(section) else { return nil }
    return targets[section] >= 0 ? targets[section] : nil
  }

  /// Whether old section `section` keeps its rows (it is neither deleted nor reloaded).
  func keepsRows(old section: Int) -> Bool {
    !goneOld.indices.contains(section) || !goneOld[section]
  }

  /// Whether new section `section` holds kept rows (it is neither inserted nor reloaded).
  func keepsRows(new section: Int) -> Bool {
    !freshNew.indices.contains(section) || !freshNew[section]
  }
}
