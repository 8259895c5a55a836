/// The passes that drop things: sections, a value's rows on both sides, runs
/// of rows on one side, and one row on each side together.
extension ShrinkRun {
  /// Drops a section from both sides, then from one side, then merges two
  /// neighbouring sections on both sides, then on one side. Runs only when a
  /// side has several sections; a side always keeps at least one.
  ///
  /// - Complexity: O(*s*) calls, where *s* is the number of sections.
  mutating func shrinkSections() {
    var index = 0
    while index < min(best.old.count, best.new.count), best.old.count > 1, best.new.count > 1 {
      var candidate = best
      candidate.old.remove(at: index)
      candidate.new.remove(at: index)
      if !attempt(candidate) { index += 1 }
    }
    for inOld in [true, false] {
      index = 0
      while index < side(inOld).count, side(inOld).count > 1 {
        var candidate = best
        candidate[inOld].remove(at: index)
        if !attempt(candidate) { index += 1 }
      }
    }
    index = 0
    while index + 1 < min(best.old.count, best.new.count) {
      var candidate = best
      candidate.old.mergeSection(index)
      candidate.new.mergeSection(index)
      if !attempt(candidate) { index += 1 }
    }
    for inOld in [true, false] {
      index = 0
      while index + 1 < side(inOld).count {
        var candidate = best
        candidate[inOld].mergeSection(index)
        if !attempt(candidate) { index += 1 }
      }
    }
  }

  /// Delta debugging over the ids: drops every row whose id is in a chunk of
  /// the ids from both sides at once, chunks of half the ids, then a quarter,
  /// ... then one id. The ids are taken in order of first occurrence.
  ///
  ///     old [a b c], new [c b d] -- drop {b} --> old [a c], new [c d]
  ///
  /// - Complexity: O(*v*) calls, where *v* is the number of distinct ids.
  mutating func dropValues() {
    var chunk = max(1, best.ids.count / 2)
    while true {
      var start = 0
      while start < best.ids.count {
        let ids = best.ids
        let dropped = Set(ids[start..<min(start + chunk, ids.count)])
        var candidate = best
        candidate.old = candidate.old.map { $0.filter { !dropped.contains($0.id) } }
        candidate.new = candidate.new.map { $0.filter { !dropped.contains($0.id) } }
        if !attempt(candidate) { start += chunk }
      }
      if chunk == 1 || exhausted { return }
      chunk = max(1, chunk / 2)
    }
  }

  /// Delta debugging over one side's rows, sections read one after another:
  /// drops all of them, then each half, each quarter, ... each row.
  ///
  ///     new [a b c d] -- halves --> [c d] -- single rows --> [d]
  ///
  /// - Parameter inOld: whether to cut old's rows (else new's).
  /// - Complexity: O(*n*) calls, where *n* is the number of the side's rows.
  mutating func dropRows(inOld: Bool) {
    var chunk = side(inOld).rowCount
    while chunk >= 1 {
      var start = 0
      while start < side(inOld).rowCount {
        var candidate = best
        candidate[inOld] = candidate[inOld].removingRows(start..<(start + chunk))
        if !attempt(candidate) { start += chunk }
      }
      if chunk == 1 || exhausted { return }
      chunk = max(1, chunk / 2)
    }
  }

  /// Delta debugging over matched rows: the *i*-th row of an id in old is
  /// matched with the *i*-th row of that id in new, and chunks of these pairs
  /// (half of them, a quarter, ... one) are dropped from both sides at once,
  /// so that what one side loses the other loses too.
  ///
  ///     old [a b a], new [b a a] -- drop pair a -->  old [b a], new [b a]
  ///
  /// - Complexity: O(*p*) calls, where *p* is the number of matched pairs.
  mutating func dropMatchedRows() {
    var chunk = max(1, best.matchedRows.count / 2)
    while true {
      var start = 0
      while start < best.matchedRows.count {
        let pairs = best.matchedRows[start..<min(start + chunk, best.matchedRows.count)]
        var candidate = best
        candidate.old = candidate.old.removingRows(Set(pairs.map(\.old)))
        candidate.new = candidate.new.removingRows(Set(pairs.map(\.new)))
        if !attempt(candidate) { start += chunk }
      }
      if chunk == 1 || exhausted { return }
      chunk = max(1, chunk / 2)
    }
  }

  /// Delta debugging over both sides by position: drops the same run of
  /// positions (each side's rows counted through its sections) from old and
  /// from new at once, halves, quarters, ... single positions. It keeps the
  /// two sides' lengths apart by the same amount, where matched rows need
  /// not exist (`[a a a] -> [b b b]`).
  ///
  ///     old [a a a], new [b b b] -- drop position 0 --> old [a a], new [b b]
  ///
  /// - Complexity: O(*n*) calls, where *n* is the longer side's row count.
  mutating func dropAlignedRows() {
    var chunk = max(1, min(best.old.rowCount, best.new.rowCount) / 2)
    while true {
      var start = 0
      while start < min(best.old.rowCount, best.new.rowCount) {
        var candidate = best
        candidate.old = candidate.old.removingRows(start..<(start + chunk))
        candidate.new = candidate.new.removingRows(start..<(start + chunk))
        if !attempt(candidate) { start += chunk }
      }
      if chunk == 1 || exhausted { return }
      chunk = max(1, chunk / 2)
    }
  }

  /// Drops one row of old and one row of new, any two, for every such pair;
  /// the first that still fails is kept. A local pass: it runs at a fixpoint
  /// of the others, on cases of at most `Shrinker.localLimit` rows.
  ///
  ///     old [a b], new [b c] -- drop a, c --> old [b], new [b]
  ///
  /// - Returns: whether a pair was dropped.
  /// - Complexity: O(*m* × *n*) calls, where *m* and *n* are the numbers of
  ///   old and new rows.
  mutating func dropAnyPair() -> Bool {
    for oldIndex in 0..<best.old.rowCount {
      for newIndex in 0..<best.new.rowCount {
        var candidate = best
        candidate.old = candidate.old.removingRows(oldIndex..<(oldIndex + 1))
        candidate.new = candidate.new.removingRows(newIndex..<(newIndex + 1))
        if attempt(candidate) { return true }
        if exhausted { return false }
      }
    }
    return false
  }

  /// Old's sections if `inOld`, else new's.
  func side(_ inOld: Bool) -> [[Row]] { inOld ? best.old : best.new }
}

extension ShrinkCase {
  /// Old's sections if `inOld`, else new's.
  subscript(inOld: Bool) -> [[Row]] {
    get { inOld ? old : new }
    set {
      if inOld { old = newValue } else { new = newValue }
    }
  }

  /// The *i*-th row of each id in old with the *i*-th row of that id in new,
  /// as positions counted through each side's sections, in old's order.
  ///
  ///     old [a b a], new [a a c]  // (0, 0), (2, 1)
  var matchedRows: [(old: Int, new: Int)] {
    var newPositions: [RowValue: [Int]] = [:]
    for (position, row) in new.joined().enumerated() {
      newPositions[row.id, default: []].append(position)
    }
    var used: [RowValue: Int] = [:]
    var pairs: [(old: Int, new: Int)] = []
    for (position, row) in old.joined().enumerated() {
      let next = used[row.id, default: 0]
      if let positions = newPositions[row.id], next < positions.count {
        pairs.append((position, positions[next]))
        used[row.id] = next + 1
      }
    }
    return pairs
  }

  /// The distinct ids, in order of first occurrence (old, then new).
  var ids: [RowValue] {
    var seen = Set<RowValue>()
    return allRows.map(\.id).filter { seen.insert($0).inserted }
  }
}

extension [[Row]] {
  /// The number of rows in all sections.
  var rowCount: Int { reduce(0) { $0 + $1.count } }

  /// The row at `index`, counting through the sections one after another.
  func row(at index: Int) -> Row? {
    var rest = index
    for section in self {
      if rest < section.count { return section[rest] }
      rest -= section.count
    }
    return nil
  }

  /// The sections without the rows whose position, counting through the
  /// sections one after another, is in `range`. Sections stay, empty or not.
  ///
  ///     [[a, b], [c]].removingRows(1..<3)  // [[a], []]
  func removingRows(_ range: Range<Int>) -> [[Row]] {
    var position = 0
    return map { section in
      var kept: [Row] = []
      for row in section {
        if !range.contains(position) { kept.append(row) }
        position += 1
      }
      return kept
    }
  }

  /// The sections without the rows whose position, counting through the
  /// sections one after another, is in `positions`.
  func removingRows(_ positions: Set<Int>) -> [[Row]] {
    var position = 0
    return map { section in
      var kept: [Row] = []
      for row in section {
        if !positions.contains(position) { kept.append(row) }
        position += 1
      }
      return kept
    }
  }

  /// Puts section `index + 1`'s rows at the end of section `index`.
  mutating func mergeSection(_ index: Int) {
    guard index >= 0, index + 1 < count else { return }
    let next = remove(at: index + 1)
    self[index] += next
  }
}
