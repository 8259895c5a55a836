import BatchCheck

/// A sequential edit script: the standard library's `difference(from:)`
/// applied change by change, as `CollectionDifference`'s own `applying` does
/// it, then an update for each kept row whose content changed.
///
///     EditScriptGenerator().steps(
///       from: [Row("a"), Row(id: "b", content: 1), Row("c")],
///       to: [Row(id: "b", content: 2), Row("d")])
///     // delete (0, 2), delete (0, 0)          c, then a   [b:1]
///     // insert (0, 1) "d"                                 [b:1 d]
///     // update (0, 0) {"id":"b","content":2}              [b:2 d]
///
/// The steps, each index relative to the data the previous step left:
/// 1. the removals, highest offset first: a removal's offset is in the
///    original state, and removing from the end never shifts a lower one;
/// 2. the insertions, lowest offset first, each carrying the new row: an
///    insertion's offset is in the final state, and inserting from the
///    front puts every later one in place;
/// 3. an update, at its final index, for each kept row whose content
///    changed (kept old and new rows pair in order).
///
/// The difference is taken over identities; moves are not inferred, so a
/// moved row is a delete and an insert.
///
/// **Several sections** (`SectionedStepsDeltaGenerator`; one section a side
/// is the script above), after Differ's nested "extended diff": sections and
/// rows pair as `SectionedPairing` says, and the steps are
/// 1. the unpaired old sections deleted, highest index first;
/// 2. for each new index in order: an unpaired new section inserted there
///    with its rows, or the paired section moved there from where the
///    previous steps left it (when it is not there already);
/// 3. the unpaired rows of the paired sections deleted, last path first;
/// 4. for each new path of a paired section in order: an unpaired row
///    inserted there, or the paired row moved there from where the previous
///    steps left it, across sections if need be (when it is not there
///    already), then updated when its content changed.
///
/// - Complexity: O((*m* + *n*) × *d*) expected, where *m* and *n* are the
///   numbers of old and new rows and *d* the size of the difference (the
///   standard library's Myers diff); with several sections O((*m* + *n*) ×
///   *k*) for *k* moves, and O(*s* × *t*) for *s* and *t* sections.
public struct EditScriptGenerator: SectionedStepsDeltaGenerator {
  public init() {}

  public var name: String { "edit-script" }

  public func steps(from old: [Row], to new: [Row]) -> [Step] {
    let difference = new.map(\.id).difference(from: old.map(\.id))
    var steps: [Step] = []
    var removed = Set<Int>()
    var inserted = Set<Int>()
    for change in difference.removals.reversed() {
      guard case .remove(let offset, _, _) = change else { continue }
      removed.insert(offset)
      steps.append(.delete(at: RowPath(0, offset)))
    }
    for change in difference.insertions {
      guard case .insert(let offset, _, _) = change else { continue }
      inserted.insert(offset)
      steps.append(.insert(at: RowPath(0, offset), row: new[offset]))
    }
    let keptOld = old.indices.filter { !removed.contains($0) }
    let keptNew = new.indices.filter { !inserted.contains($0) }
    for (source, target) in zip(keptOld, keptNew) where old[source].content != new[target].content {
      steps.append(.update(at: RowPath(0, target), row: new[target]))
    }
    return steps
  }

  public func steps(from old: [[Row]], to new: [[Row]]) -> [Step] {
    if old.count == 1, new.count == 1 { return steps(from: old[0], to: new[0]) }
    let pairing = SectionedPairing(old: old, new: new)
    var steps: [Step] = []
    // Sections: deletes, then inserts and moves in new order. `sources`
    // holds the old section at each index, nil for an inserted one.
    for section in old.indices.reversed() where pairing.newSection[section] == nil {
      steps.append(.deleteSection(at: section))
    }
    var sources: [Int?] = old.indices.filter { pairing.newSection[$0] != nil }
    for section in new.indices {
      guard let source = pairing.oldSection[section] else {
        steps.append(.insertSection(at: section, rows: new[section]))
        sources.insert(nil, at: section)
        continue
      }
      guard let from = sources[section...].firstIndex(of: source), from != section else { continue }
      steps.append(.moveSection(from: from, to: section))
      sources.insert(sources.remove(at: from), at: section)
    }
    // Rows of the paired sections: deletes, then each new path in order.
    // `rows` holds the old path of each row, nil for an inserted one; a
    // section's last rows may be bound for a later section.
    var rows: [[RowPath?]] = new.indices.map { _ in [] }
    for section in new.indices.reversed() {
      guard let source = pairing.oldSection[section] else { continue }
      for index in old[source].indices.reversed() where pairing.newPath[source][index] == nil {
        steps.append(.delete(at: RowPath(section, index)))
      }
      rows[section] = old[source].indices.filter { pairing.newPath[source][$0] != nil }
        .map { RowPath(source, $0) }
    }
    let placed = new.map(\.count)
    for section in new.indices where pairing.oldSection[section] != nil {
      for (index, row) in new[section].enumerated() {
        let target = RowPath(section, index)
        guard let source = pairing.oldPath[section][index] else {
          steps.append(.insert(at: target, row: row))
          rows[section].insert(nil, at: index)
          continue
        }
        if let from = Self.find(source, in: rows, after: target, placed: placed),
          from != target
        {
          steps.append(.move(from: from, to: target))
          rows[section].insert(rows[from.section].remove(at: from.row), at: index)
        }
        if old[source.section][source.row].content != row.content {
          steps.append(.update(at: target, row: row))
        }
      }
    }
    return steps
  }

  /// Where `source` stands in `rows`, outside the rows already in place:
  /// those before `start` in its section, and the first `placed[s]` of each
  /// section `s` before it (a row bound for a later section may still stand
  /// after them).
  private static func find(
    _ source: RowPath, in rows: [[RowPath?]], after start: RowPath, placed: [Int]
  ) -> RowPath? {
    for offset in 0..<rows.count {
      let section = (start.section + offset) % rows.count
      let first =
        section == start.section ? start.row : section < start.section ? placed[section] : 0
      guard first < rows[section].count else { continue }
      if let index = rows[section][first...].firstIndex(of: source) {
        return RowPath(section, index)
      }
    }
    return nil
  }
}
