/// How old sections land in the new state (spec §2 step 9, [I]).
///
/// Section move sources go to their destinations; old sections that are
/// neither deleted nor moved keep their relative order and fill the new
/// positions not taken by inserted sections or move destinations.
struct SectionMap {
  let oldSections: Int
  let newSections: Int
  /// Deleted sections and section move sources, old space.
  let gone: Set<Int>
  /// Inserted sections, new space.
  let inserted: Set<Int>
  /// Section move destinations (new space) to their sources (old space).
  let movedTo: [Int: Int]

  init(_ accepted: AcceptedUpdate, counts: Counts) {
    oldSections = counts.oldSections
    newSections = counts.newSections
    var gone = accepted.deletedSections
    var movedTo: [Int: Int] = [:]
    for move in accepted.sectionMoves {
      gone.insert(move.from)
      movedTo[move.to] = move.from
    }
    self.gone = gone
    self.inserted = accepted.insertedSections
    self.movedTo = movedTo
  }

  /// Calls `body(new, old)` for every new section in ascending order; `old`
  /// is nil for an inserted section. Stops when `body` returns false.
  /// - Complexity: O(*S*), where *S* is the number of old and new sections.
  func forEachSection(
    counter: inout OperationCounter, _ body: (Int, Int?, inout OperationCounter) -> Bool
  ) {
    var old = 0
    for new in 0..<newSections {
      counter.add()
      let source: Int?
      if inserted.contains(new) {
        source = nil
      } else if let from = movedTo[new] {
        source = from
      } else {
        while old < oldSections, gone.contains(old) {
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

extension BatchState {
  /// Step 9: every new section that maps to an old one must hold
  /// `old + inserted - deleted + movedIn - movedOut` rows (R2). The section
  /// printed is the new one.
  func checkRowCounts(_ accepted: AcceptedUpdate, counter: inout OperationCounter) -> UIKitException? {
    let map = SectionMap(accepted, counts: counts)
    let moveSources = Set(accepted.rowMoves.map(\.from.section))
    let positions = map.newPositions(of: moveSources, counter: &counter)
    var movedIn: [Int: Int] = [:]
    var movedOut: [Int: Int] = [:]
    for move in accepted.rowMoves where positions[move.from.section] != move.to.section {
      counter.add()
      movedOut[move.from.section, default: 0] += 1
      movedIn[move.to.section, default: 0] += 1
    }
    var deleted: [Int: Int] = [:]
    for path in accepted.deletedRows {
      counter.add()
      deleted[path.section, default: 0] += 1
    }
    var inserted: [Int: Int] = [:]
    for path in accepted.insertedRows {
      counter.add()
      inserted[path.section, default: 0] += 1
    }
    var failure: UIKitException?
    var lines: [String]? = trace == nil ? nil : []
    map.forEachSection(counter: &counter) { new, old, _ in
      guard let old else { return true }
      let before = counts.oldRows(old)
      let ins = inserted[new] ?? 0
      let del = deleted[old] ?? 0
      let movedInCount = movedIn[new] ?? 0
      let movedOutCount = movedOut[old] ?? 0
      let expected = before &+ ins &- del &+ movedInCount &- movedOutCount
      let after = counts.newRowsAsReturned(new)
      lines?.append(
        "rows in section \(new) (old section \(old)): \(before) + \(ins) inserted − \(del) deleted"
          + " + \(movedInCount) moved in − \(movedOutCount) moved out = \(expected);"
          + " the data source has \(after)")
      if after < 0 {
        failure = UIKitException(rule: .r2, message: messages.negativeRowCount(section: new))
      } else if after != expected {
        failure = UIKitException(
          rule: .r2,
          message: messages.invalidRowCount(
            section: new, after: after, before: before, inserted: ins, deleted: del,
            movedIn: movedInCount, movedOut: movedOutCount))
      }
      return failure == nil
    }
    if let lines { trace?.lines.append(contentsOf: lines) }
    return failure
  }
}
