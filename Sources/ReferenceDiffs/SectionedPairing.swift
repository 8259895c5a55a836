import BatchCheck

/// Which old section each new section is, and which old row each new row
/// is, for the sectioned reference generators (`heckel-staged`,
/// `edit-script`). Sections have no identity of their own, so:
///
/// 1. a new section pairs with an old one holding the same identities in
///    the same order (occurrences in order, as Heckel pairs rows), which
///    finds a section that moved whole;
/// 2. the sections left over pair in order, as many as both sides have; the
///    other old sections are deleted, the other new ones inserted;
/// 3. the rows of paired sections pair by `HeckelPairing` over all of them
///    (old sections in old order, new in new order), so a row may pair
///    across sections; the rows of a deleted or an inserted section go with
///    their section.
///
///     SectionedPairing(old: [[Row("a")], [Row("b"), Row("c")]], new: [[Row("b"), Row("c")], [Row("a"), Row("d")]])
///     // sections: 0 -> 1 (left over, in order), 1 -> 0 (same rows); row a: (0, 0) -> (1, 0)
///
/// - Complexity: O(*m* + *n*) expected, where *m* and *n* are the numbers
///   of old and new rows, plus O(*s* × *t*) for the section identities, *s*
///   and *t* the numbers of sections.
struct SectionedPairing {
  /// For each old section, the new section it pairs with; nil when deleted.
  let newSection: [Int?]
  /// For each new section, the old section it pairs with; nil when inserted.
  let oldSection: [Int?]
  /// For each old row of a paired section, the new path it pairs with.
  let newPath: [[RowPath?]]
  /// For each new row of a paired section, the old path it pairs with.
  let oldPath: [[RowPath?]]

  init(old: [[Row]], new: [[Row]]) {
    var newSection = [Int?](repeating: nil, count: old.count)
    var oldSection = [Int?](repeating: nil, count: new.count)
    // Same identities in the same order: the lowest old occurrence first.
    var byIdentities: [[RowValue]: [Int]] = [:]
    for index in old.indices.reversed() {
      byIdentities[old[index].map(\.id), default: []].append(index)
    }
    for index in new.indices {
      guard let source = byIdentities[new[index].map(\.id)]?.popLast() else { continue }
      newSection[source] = index
      oldSection[index] = source
    }
    // The rest, in order.
    for (source, target) in zip(
      old.indices.filter { newSection[$0] == nil }, new.indices.filter { oldSection[$0] == nil })
    {
      newSection[source] = target
      oldSection[target] = source
    }
    // The rows of paired sections.
    func rowPaths(_ sections: [[Row]], paired: [Int?]) -> [RowPath] {
      sections.indices.filter { paired[$0] != nil }.flatMap { section in
        sections[section].indices.map { RowPath(section, $0) }
      }
    }
    let oldRows = rowPaths(old, paired: newSection)
    let newRows = rowPaths(new, paired: oldSection)
    let rows = HeckelPairing(
      old: oldRows.map { old[$0.section][$0.row].id },
      new: newRows.map { new[$0.section][$0.row].id })
    var newPath = old.map { [RowPath?](repeating: nil, count: $0.count) }
    var oldPath = new.map { [RowPath?](repeating: nil, count: $0.count) }
    for (index, path) in oldRows.enumerated() {
      guard let target = rows.newIndex(ofOld: index) else { continue }
      newPath[path.section][path.row] = newRows[target]
      oldPath[newRows[target].section][newRows[target].row] = path
    }
    self.newSection = newSection
    self.oldSection = oldSection
    self.newPath = newPath
    self.oldPath = oldPath
  }
}
