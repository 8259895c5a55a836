/// The section walks of UIKit's reload decomposition, each O(log *k*) per
/// reloaded section, and the row walks, once per group a walk lands on.
///
/// **The delete walk.** Going down the delete groups below the reload's
/// section `s`, a group at section `y` with `c` section deletes takes `s'`
/// to `max(s' - c, y - 1)`, and leaves `s' >= y - 1`, so every group further
/// down counts too. As long as no group *clamps* (`s' - c < y`, so
/// `s' = y - 1`), `s'` after group `g` is `T + sectionOpsBefore[g]` for a
/// constant `T`; it equals `y` (the walk *lands* on `g` and its row deletes
/// count) exactly when `keys[g] == T`, and the group clamps exactly when
/// `keys[g] > T`. After a clamp at `g` the rest of the walk no longer
/// depends on the reload: it goes on with `T = keys[g] - 1` to the next group
/// below with `keys >= keys[g]`. So the first clamp is one search in a
/// maximum tree of the keys, the section the walk ends at is stored per
/// clamp, and the groups it lands on are found by key, skipping every stretch
/// between clamps that holds none (`nextLandingClamp`).
///
/// **The insert walk.** Going up the insert groups, `s'` before group `g` is
/// `s + sectionOpsBefore[g]` until the first group above it
/// (`keys[g] > s`), where the walk stops; it lands on `g` when `keys[g] == s`.
struct DeleteWalk {
  let groups: SectionGroups
  /// A maximum tree over `groups.keys`: leaves at `leafBase + g`.
  private var tree: [Int]
  private let leafBase: Int
  /// `nextClamp[g]`: the largest `h < g` with `keys[h] >= keys[g]`, or -1.
  private var nextClamp: [Int]
  /// `endSection[g]`: the section a walk that clamps at `g` ends at.
  private var endSection: [Int]
  /// `nextLandingClamp[g]`: the first clamp, on the chain from `g` on, whose
  /// stretch (down to its `nextClamp`) holds a group the walk lands on; -1.
  private var nextLandingClamp: [Int]

  /// - Complexity: O(*g* log *g*), where *g* is the number of groups.
  init(_ groups: SectionGroups, counter: inout OperationCounter) {
    self.groups = groups
    let count = groups.count
    var base = 1
    while base < count { base <<= 1 }
    leafBase = base
    tree = [Int](repeating: Int.min, count: 2 * base)
    for g in 0..<count { tree[base + g] = groups.keys[g] }
    for node in stride(from: base - 1, to: 0, by: -1) {
      tree[node] = max(tree[2 * node], tree[2 * node + 1])
    }
    counter.add(2 * base)
    nextClamp = [Int](repeating: -1, count: count)
    endSection = [Int](repeating: 0, count: count)
    nextLandingClamp = [Int](repeating: -1, count: count)
    var stack: [Int] = []
    for g in 0..<count {
      counter.add()
      while let top = stack.last, groups.keys[top] < groups.keys[g] { stack.removeLast() }
      let next = stack.last ?? -1
      nextClamp[g] = next
      endSection[g] = next < 0 ? groups.keys[g] &- 1 : endSection[next]
      let lands =
        groups.lastRowGroup(key: groups.keys[g] &- 1, above: next, below: g, counter: &counter)
        != nil
      nextLandingClamp[g] = lands ? g : (next < 0 ? -1 : nextLandingClamp[next])
      stack.append(g)
    }
  }

  /// The largest group `g <= high` with `keys[g] >= value`, or -1.
  private func lastGroup(
    keyAtLeast value: Int, atOrBelow high: Int, counter: inout OperationCounter
  )
    -> Int
  {
    var node = leafBase + high
    if tree[node] >= value { return high }
    while node > 1 {
      counter.add()
      if node & 1 == 1, tree[node - 1] >= value {
        // The left sibling holds the groups just below: descend to its last match.
        node -= 1
        while node < leafBase {
          counter.add()
          node = tree[2 * node + 1] >= value ? 2 * node + 1 : 2 * node
        }
        return node - leafBase
      }
      node >>= 1
    }
    return -1
  }

  /// Walks the section of a reload at `section` (old space) down the
  /// deletes and returns `s'`; with `landings`, appends the groups whose
  /// row deletes count, in walk order (the group at `section` first).
  /// - Complexity: O(log *g*), plus O(log *g*) per group landed on.
  func section(
    from section: Int, landings: inout [Int]?, counter: inout OperationCounter
  ) -> Int {
    let at = groups.firstGroup(atOrAbove: section, counter: &counter)
    // The group at `section` itself: its section deletes are skipped, its rows count.
    if at < groups.count, groups.sections[at] == section, groups.hasRows(at) {
      landings?.append(at)
    }
    let top = at - 1
    guard top >= 0 else { return section }
    let t = section &- groups.sectionOpsBefore[top + 1]
    let clamp = lastGroup(keyAtLeast: t &+ 1, atOrBelow: top, counter: &counter)
    groups.appendRowGroups(
      key: t, above: clamp, below: top + 1, to: &landings, counter: &counter)
    guard clamp >= 0 else { return t }
    if landings != nil {
      var c = nextLandingClamp[clamp]
      while c >= 0 {
        counter.add()
        groups.appendRowGroups(
          key: groups.keys[c] &- 1, above: nextClamp[c], below: c, to: &landings,
          counter: &counter)
        c = nextClamp[c] < 0 ? -1 : nextLandingClamp[nextClamp[c]]
      }
    }
    return endSection[clamp]
  }
}

struct InsertWalk {
  let groups: SectionGroups
  /// `keyPrefixMax[g]`: the largest of `keys[0...g]`.
  private var keyPrefixMax: [Int]

  /// - Complexity: O(*g*).
  init(_ groups: SectionGroups, counter: inout OperationCounter) {
    self.groups = groups
    keyPrefixMax = []
    keyPrefixMax.reserveCapacity(groups.count)
    var running = Int.min
    for key in groups.keys {
      running = max(running, key)
      keyPrefixMax.append(running)
    }
    counter.add(groups.count)
  }

  /// Walks section `s'` (after the delete walk) up the inserts and returns
  /// it; with `landings`, appends the groups whose row inserts count, in
  /// walk order.
  /// - Complexity: O(log *g*), plus O(log *g*) per group landed on.
  func section(
    from section: Int, landings: inout [Int]?, counter: inout OperationCounter
  ) -> Int {
    // The walk stops at the first group above s', the first key above `section`.
    let end = partitionPoint(from: 0, to: groups.count, counter: &counter) {
      keyPrefixMax[$0] <= section
    }
    if landings != nil {
      let start = landings?.count ?? 0
      groups.appendRowGroups(
        key: section, above: -1, below: end, to: &landings, counter: &counter)
      landings?[start...].reverse()
    }
    return section &+ groups.sectionOpsBefore[end]
  }
}

extension SectionGroups {
  /// Where, in `rowGroupsByKey`, the last group with key `key` below group `high` is, if any.
  private func lastPlace(key: Int, below high: Int, counter: inout OperationCounter) -> Int {
    partitionPoint(from: 0, to: rowGroupsByKey.count, counter: &counter) {
      let g = rowGroupsByKey[$0]
      return (keys[g], g) < (key, high)
    } - 1
  }

  /// The last group holding rows with key `key` strictly between groups
  /// `low` and `high` (`low` may be -1), if any.
  func lastRowGroup(key: Int, above low: Int, below high: Int, counter: inout OperationCounter)
    -> Int?
  {
    let place = lastPlace(key: key, below: high, counter: &counter)
    return place < 0 ? nil : rowGroup(at: place, key: key, above: low)
  }

  /// Appends to `list`, descending, the groups holding rows with key `key`
  /// strictly between groups `low` and `high` (`low` may be -1).
  func appendRowGroups(
    key: Int, above low: Int, below high: Int, to list: inout [Int]?,
    counter: inout OperationCounter
  ) {
    guard list != nil else { return }
    var place = lastPlace(key: key, below: high, counter: &counter)
    while place >= 0, let g = rowGroup(at: place, key: key, above: low) {
      counter.add()
      list?.append(g)
      place -= 1
    }
  }

  /// The group at `place` of `rowGroupsByKey` when its key is `key` and it
  /// lies above group `low`.
  private func rowGroup(at place: Int, key: Int, above low: Int) -> Int? {
    let g = rowGroupsByKey[place]
    return keys[g] == key && g > low ? g : nil
  }
}

/// The rows of a section's row reloads, sorted, as the row walks move them:
/// each walk map is monotone, so the rows stay sorted, and a walk over a
/// group of *m* rows costs O(min(*m*, *b*) log (*m* + *b*)) for *b* reloads
/// instead of O(*b* log *m*).
struct RowBatch {
  private let base: [Int]
  /// A Fenwick tree of the shifts added so far: row `i` is `base[i]` plus
  /// the sum of `shifts[1...i + 1]`'s prefix.
  private var shifts: [Int]

  init(_ rows: some Collection<Int>) {
    base = Array(rows)
    shifts = [Int](repeating: 0, count: base.count + 1)
  }

  var count: Int { base.count }

  /// The `i`th row, as the walks have moved it so far.
  func row(_ i: Int, counter: inout OperationCounter) -> Int {
    var sum = base[i]
    var j = i + 1
    while j > 0 {
      counter.add()
      sum &+= shifts[j]
      j &= j - 1
    }
    return sum
  }

  /// Adds `shift` to rows `i...`.
  private mutating func add(_ shift: Int, from i: Int, counter: inout OperationCounter) {
    var j = i + 1
    while j < shifts.count {
      counter.add()
      shifts[j] &+= shift
      j += j & -j
    }
  }

  /// The first row `>= value` (`count` if none): a descent of the Fenwick
  /// tree, as the rows are sorted.
  private func firstIndex(atLeast value: Int, counter: inout OperationCounter) -> Int {
    var step = 1
    while step * 2 < shifts.count { step *= 2 }
    // `position` rows are known to be below `value`; `sum` is their shift prefix.
    var position = 0
    var sum = 0
    while step > 0 {
      counter.add()
      let next = position + step
      if next < shifts.count, base[next - 1] &+ sum &+ shifts[next] < value {
        position = next
        sum &+= shifts[next]
      }
      step /= 2
    }
    return position
  }

  /// Moves every row by `walk`, one row at a time.
  private mutating func moveEach(
    counter: inout OperationCounter, _ walk: (Int, inout OperationCounter) -> Int
  ) {
    for i in 0..<count {
      let old = row(i, counter: &counter)
      let new = walk(old, &counter)
      if new != old {
        add(new &- old, from: i, counter: &counter)
        add(old &- new, from: i + 1, counter: &counter)
      }
    }
  }

  /// Moves every row by `step` for each threshold at or below it: the
  /// thresholds are all compared with the rows as they were before.
  private mutating func shift(
    by step: Int, atOrAbove thresholds: ArraySlice<Int>, counter: inout OperationCounter
  ) {
    let places = thresholds.map { firstIndex(atLeast: $0, counter: &counter) }
    for place in places where place < count { add(step, from: place, counter: &counter) }
  }

  /// The delete walk over group `g` of `groups` (`SectionGroups.deleteWalk`).
  mutating func walkDeletes(of g: Int, in groups: SectionGroups, counter: inout OperationCounter) {
    let rows = groups.rows[groups.rowStart[g]..<groups.rowStart[g + 1]]
    if groups.rowsDistinct[g], rows.count < count {
      // Distinct rows: a row moves down by one for each of them at or below it.
      shift(by: -1, atOrAbove: rows, counter: &counter)
    } else {
      moveEach(counter: &counter) { groups.deleteWalk(group: g, from: $0, counter: &$1) }
    }
  }

  /// The insert walk over group `g` of `groups` (`SectionGroups.insertWalk`).
  mutating func walkInserts(of g: Int, in groups: SectionGroups, counter: inout OperationCounter) {
    let range = groups.rowStart[g]..<groups.rowStart[g + 1]
    if range.count < count {
      // A row moves up by one for each group row whose prefix maximum is at or below it.
      shift(by: 1, atOrAbove: groups.rowPrefixMax[range], counter: &counter)
    } else {
      moveEach(counter: &counter) { groups.insertWalk(group: g, from: $0, counter: &$1) }
    }
  }
}

extension SectionGroups {
  /// The computed insert (new space) of each reload in `reloads` (sorted
  /// ascending), in that order: UIKit's reload walks over the explicit
  /// `deletes` and `inserts`.
  ///
  /// A section's row reloads share their section walk and go through the
  /// row walks together (`RowBatch`).
  /// - Complexity: O(*g* log *g*) to prepare for *g* groups; then, per
  ///   reloaded section, O(log *g*) plus O(min(*m*, *b*) log (*m* + *b*)) for each
  ///   group of *m* rows the walk lands on, with *b* row reloads in the section.
  static func reloadTargets(
    _ reloads: [RowPath], deletes: SectionGroups, inserts: SectionGroups,
    counter: inout OperationCounter
  ) -> [RowPath] {
    let notFound = UIKitMessages.notFound
    let deleteWalk = DeleteWalk(deletes, counter: &counter)
    let insertWalk = InsertWalk(inserts, counter: &counter)
    var targets: [RowPath] = []
    targets.reserveCapacity(reloads.count)
    var start = 0
    while start < reloads.count {
      let section = reloads[start].section
      var end = start
      while end < reloads.count, reloads[end].section == section, reloads[end].row != notFound {
        counter.add()
        end += 1
      }
      if end == start {
        // A section reload: its section walks alone.
        var none: [Int]? = nil
        let s1 = deleteWalk.section(from: section, landings: &none, counter: &counter)
        let s2 = insertWalk.section(from: s1, landings: &none, counter: &counter)
        targets.append(RowPath(section: s2, row: notFound))
        start += 1
        continue
      }
      var deleteLandings: [Int]? = []
      let s1 = deleteWalk.section(from: section, landings: &deleteLandings, counter: &counter)
      var insertLandings: [Int]? = []
      let s2 = insertWalk.section(from: s1, landings: &insertLandings, counter: &counter)
      var batch = RowBatch(reloads[start..<end].lazy.map(\.row))
      for g in deleteLandings ?? [] { batch.walkDeletes(of: g, in: deletes, counter: &counter) }
      for g in insertLandings ?? [] { batch.walkInserts(of: g, in: inserts, counter: &counter) }
      for i in 0..<batch.count {
        targets.append(RowPath(section: s2, row: batch.row(i, counter: &counter)))
      }
      start = end
    }
    return targets
  }
}
