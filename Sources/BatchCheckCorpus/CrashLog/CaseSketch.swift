import BatchCheck

/// The shape of a case rebuilt from a crash text: row counts per section
/// before and after, and the update. `testCase` gives the rows identities.
///
///     CaseSketch(old: [20], new: [20], update: BatchUpdate(deleteRows: [RowPath(0, 99)])).testCase(...)
///     // {"old":[[0,1,...,19]],"new":[[0,1,...,19]],"update":{"deleteRows":[[0,99]]}}
struct CaseSketch {
  /// Rows per section before the update (UIKit's cache).
  var old: [Int]
  /// Rows per section the data source returns after it.
  var new: [Int]
  var update: BatchUpdate
  var duplicates = DuplicatesPolicy.reject

  /// The most rows (before and after together) and sections a rebuilt case
  /// may hold: a crash text can name any number; a case line stays readable.
  static let rowLimit = 200_000
  static let sectionLimit = 10_000

  /// `count` sections of `rows` rows, with `overrides` (section, count) in place.
  static func counts(_ count: Int, _ rows: Int = 0, _ overrides: [(Int, Int)] = []) -> [Int]? {
    guard count >= 0, count <= sectionLimit else { return nil }
    var result = Array(repeating: rows, count: count)
    for (section, rows) in overrides {
      guard section >= 0, section < count, rows >= 0 else { return nil }
      result[section] = max(result[section], rows)
    }
    return result
  }

  /// The case: old rows numbered 0, 1, 2... in order; each new section
  /// keeps the ids of the old section at its index, then fresh ones. Nil
  /// when it would be larger than the limits.
  func testCase(
    name: String, semantics: ViewSemantics, uikit: UIKitProfile
  ) -> Case? {
    guard old.count <= Self.sectionLimit, new.count <= Self.sectionLimit,
      old.allSatisfy({ $0 >= 0 }), new.allSatisfy({ $0 >= 0 }),
      old.reduce(0, { $0 + min($1, Self.rowLimit + 1) })
        + new.reduce(0, { $0 + min($1, Self.rowLimit + 1) })
        <= Self.rowLimit
    else { return nil }
    var next = 0
    var oldRows: [[Row]] = []
    for count in old {
      oldRows.append((next..<next + count).map { Row(.int($0)) })
      next += count
    }
    var newRows: [[Row]] = []
    for (section, count) in new.enumerated() {
      let kept = section < oldRows.count ? Array(oldRows[section].prefix(count)) : []
      let fresh = (next..<next + (count - kept.count)).map { Row(.int($0)) }
      next += count - kept.count
      newRows.append(kept + fresh)
    }
    var testCase = Case(
      name: name, semantics: semantics, duplicates: duplicates, old: oldRows, new: newRows,
      update: update)
    testCase.uikit = uikit
    return testCase
  }
}
