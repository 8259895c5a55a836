/// A longest common subsequence of two sequences of row ids: the measure
/// behind `EditSize.minimumMoves`, and the rows `lcs-moves` leaves in place.
///
///     CommonSubsequence(["a", "b", "c"], ["b", "c", "a"], budget: 1_000).length   // 2
///     CommonSubsequence(["a", "b", "c"], ["b", "c", "a"], budget: 1_000, pairs: true).pairs
///     // [(old: 1, new: 0), (old: 2, new: 1)]
///
/// With distinct ids on each side it is a longest increasing subsequence of
/// the new positions of the old rows, found by patience sorting. With
/// repeated ids it is the Hunt–Szymanski algorithm: a longest strictly
/// increasing chain over every matching pair (old row, new row of the same
/// id), exact as long as the pairs number at most `budget`. Past the budget
/// it is the common subsequence that pairs the k-th old row of each id with
/// the k-th new row of that id: not always longest (`exact` is false), so
/// its length is a lower bound. When the table of the two is small (at
/// most `bitTable` cells, and no more than the budget), the length comes
/// from the dynamic-programming table instead, 64 cells to a machine word
/// (Hyyrö's bit-parallel form), exact: for the engine's cases of a few
/// dozen rows, a handful of word steps per row. Pairs asked for then come
/// from tracing the table back from its last cell, matching rows from the
/// end; that is one longest subsequence among the equally long ones, not
/// always the one the chain would give.
package struct CommonSubsequence {
  /// The most cells (*n* × *m*) for which the length and pairs come from
  /// the bit-parallel table (*n* × *m* / 64 word steps at most, 65,536).
  package static let bitTable = 1 << 22

  /// The subsequence's length.
  package private(set) var length = 0
  /// Whether the subsequence is a longest one (false past the budget).
  package private(set) var exact = true
  /// The subsequence's (old index, new index) pairs, ascending in both;
  /// empty unless asked for.
  package private(set) var pairs: [(old: Int, new: Int)] = []
  /// The steps taken, for the complexity tests: one per matching pair
  /// placed and one per binary-search step.
  package private(set) var steps = 0

  /// Finds a longest common subsequence of `old` and `new`.
  ///
  /// - Parameters:
  ///   - budget: the matching pairs up to which, with repeated ids, the
  ///     result is exact.
  ///   - pairs: whether to keep the subsequence's pairs, not only its length.
  /// - Complexity: O((*n* + *m*) log *n*) for distinct ids, where *n* and
  ///   *m* are the lengths; O((*n* + *m* + *r*) log *n*) with repeated ids,
  ///   where *r* ≤ `budget` is the number of matching pairs.
  package init(_ old: [RowValue], _ new: [RowValue], budget: Int, pairs keepPairs: Bool = false) {
    var numbers = DenseNumbers<RowValue>()
    numbers.reserveCapacity(new.count)
    let newIDs = new.map { numbers.number($0) }
    // An old id absent from new gets the one number no new row has.
    let absent = numbers.count
    let oldIDs = old.map { numbers.existing($0) ?? absent }
    self.init(dense: oldIDs, newIDs, distinct: absent + 1, budget: budget, pairs: keepPairs)
  }

  /// Finds a longest common subsequence of two sequences of dense ids, each
  /// in `0..<distinct`: `init(_:_:budget:pairs:)` once the ids are numbered,
  /// with arrays indexed by id where that one hashes.
  ///
  /// - Complexity: as `init(_:_:budget:pairs:)`, with O(`distinct`) more
  ///   memory and no hashing.
  package init(
    dense old: [Int], _ new: [Int], distinct: Int, budget: Int, pairs keepPairs: Bool = false
  ) {
    let product = old.count.multipliedReportingOverflow(by: new.count)
    let cells = product.overflow ? Int.max : product.partialValue
    if cells <= min(Self.bitTable, budget) {
      let table = Self.bitParallelTable(
        old, new, distinct: distinct, keepingColumns: keepPairs, steps: &steps)
      length = table.length
      if keepPairs { pairs = table.pairs(old, new, steps: &steps) }
      return
    }
    // The new positions of each id, ascending: id's are
    // positions[start[id]..<start[id + 1]].
    var start = [Int](repeating: 0, count: distinct + 1)
    for id in new { start[id + 1] += 1 }
    for id in 0..<distinct { start[id + 1] += start[id] }
    var positions = [Int](repeating: 0, count: new.count)
    var fill = start
    for (index, id) in new.enumerated() {
      positions[fill[id]] = index
      fill[id] += 1
    }
    var matching = 0
    var repeated = false
    for id in old {
      let count = start[id + 1] - start[id]
      matching &+= count
      if count > 1 { repeated = true }
    }
    exact = !repeated || matching <= budget
    // chain[i]: the smallest new position ending a chain of length i + 1,
    // with the pair it came from (`ends`) and that pair's predecessor.
    var chain: [Int] = []
    var ends: [Int] = []
    var placed: [(old: Int, new: Int, previous: Int)] = []
    func place(_ oldIndex: Int, _ newIndex: Int) {
      var low = 0
      var high = chain.count
      while low < high {
        let middle = (low + high) / 2
        if chain[middle] < newIndex { low = middle + 1 } else { high = middle }
        steps &+= 1
      }
      steps &+= 1
      if keepPairs {
        placed.append((oldIndex, newIndex, low > 0 ? ends[low - 1] : -1))
        if low == ends.count { ends.append(placed.count - 1) } else { ends[low] = placed.count - 1 }
      }
      if low == chain.count { chain.append(newIndex) } else { chain[low] = newIndex }
    }
    if exact {
      // Each old row's matches in descending new position, so that a
      // strictly increasing chain takes at most one pair per old row.
      for (oldIndex, id) in old.enumerated() {
        for slot in (start[id]..<start[id + 1]).reversed() { place(oldIndex, positions[slot]) }
      }
    } else {
      var seen = [Int](repeating: 0, count: distinct)
      for (oldIndex, id) in old.enumerated() {
        let k = seen[id]
        guard start[id] + k < start[id + 1] else { continue }
        seen[id] = k + 1
        place(oldIndex, positions[start[id] + k])
      }
    }
    length = chain.count
    if keepPairs, var index = ends.last {
      pairs.reserveCapacity(length)
      while index >= 0 {
        pairs.append((placed[index].old, placed[index].new))
        index = placed[index].previous
      }
      pairs.reverse()
    }
  }

  /// The dynamic-programming table of a longest common subsequence, a
  /// column of 64 cells to a word: after old row *i*, bit *j* of the column
  /// is 0 when the subsequence of the first *i* old rows and *j* + 1 new
  /// rows is one longer than with *j* new rows.
  private struct BitTable {
    let words: Int
    /// The length of a longest common subsequence of the whole sequences.
    let length: Int
    /// The column after each old row, `words` words each (kept for pairs only).
    let columns: [UInt64]

    /// The length of a longest common subsequence of the first `oldCount`
    /// old rows and the first `newCount` new rows: the zero bits among the
    /// first `newCount` of that column.
    func length(oldCount: Int, newCount: Int) -> Int {
      guard oldCount > 0 else { return 0 }
      let base = (oldCount - 1) * words
      var ones = 0
      for word in 0..<(newCount / 64) { ones &+= columns[base + word].nonzeroBitCount }
      if newCount % 64 != 0 {
        let bits = (UInt64(1) << UInt64(newCount % 64)) - 1
        ones &+= (columns[base + newCount / 64] & bits).nonzeroBitCount
      }
      return newCount - ones
    }

    /// A longest common subsequence's pairs, traced back through the table
    /// from its last cell: a match of both rows when they have one id, else
    /// the old row dropped when that keeps the length, else the new row.
    /// `steps` counts one per cell visited and one per word read.
    func pairs(_ old: [Int], _ new: [Int], steps: inout Int) -> [(old: Int, new: Int)] {
      var pairs: [(old: Int, new: Int)] = []
      pairs.reserveCapacity(length)
      var oldCount = old.count
      var newCount = new.count
      var current = length
      while oldCount > 0 && newCount > 0 && current > 0 {
        steps &+= 1
        if old[oldCount - 1] == new[newCount - 1] {
          pairs.append((oldCount - 1, newCount - 1))
          oldCount -= 1
          newCount -= 1
          current -= 1
          continue
        }
        steps &+= (newCount + 63) / 64
        if length(oldCount: oldCount - 1, newCount: newCount) == current {
          oldCount -= 1
        } else {
          newCount -= 1
        }
      }
      pairs.reverse()
      return pairs
    }
  }

  /// The table of a longest common subsequence, a column of 64 cells to a
  /// word, its columns kept when `keepingColumns` (for the pairs): per old
  /// row, `V = (V + (V & M)) | (V & ~M)`, where `M` marks the new positions of the row's id (Allison and Dix; Hyyrö);
  /// the length is the count of zero bits of `V` at the end. `steps`
  /// counts the word steps and the new rows.
  ///
  /// - Complexity: O(*n* × ⌈*m* / 64⌉ + *m*), where *n* and *m* are the
  ///   lengths, with no hashing.
  private static func bitParallelTable(
    _ old: [Int], _ new: [Int], distinct: Int, keepingColumns: Bool, steps: inout Int
  ) -> BitTable {
    guard !old.isEmpty, !new.isEmpty else { return BitTable(words: 0, length: 0, columns: []) }
    let words = (new.count + 63) / 64
    // Each distinct id of new, numbered in order of appearance; its mask of new positions.
    var numbers = [Int](repeating: -1, count: distinct)
    var masks: [UInt64] = []
    var known = 0
    for (position, id) in new.enumerated() {
      if numbers[id] < 0 {
        numbers[id] = known
        known += 1
        masks.append(contentsOf: repeatElement(0, count: words))
      }
      masks[numbers[id] * words + position / 64] |= 1 << UInt64(position % 64)
    }
    var column = [UInt64](repeating: ~0, count: words)
    var columns: [UInt64] = []
    if keepingColumns { columns.reserveCapacity(old.count * words) }
    masks.withUnsafeBufferPointer { masks in
      column.withUnsafeMutableBufferPointer { column in
        for id in old {
          defer { if keepingColumns { columns.append(contentsOf: column) } }
          let number = numbers[id]
          guard number >= 0 else { continue }
          let base = number * words
          var carry: UInt64 = 0
          for word in 0..<words {
            let match = masks[base + word]
            let value = column[word]
            let (sum, overflow) = value.addingReportingOverflow(value & match)
            let (total, overflowAgain) = sum.addingReportingOverflow(carry)
            carry = overflow || overflowAgain ? 1 : 0
            column[word] = total | (value & ~match)
          }
        }
      }
    }
    steps &+= old.count &* words &+ new.count
    // Zero bits among the first new.count bits.
    var ones = 0
    for word in 0..<words {
      let bits =
        word == words - 1 && new.count % 64 != 0 ? (UInt64(1) << UInt64(new.count % 64)) - 1 : ~0
      ones &+= (column[word] & bits).nonzeroBitCount
    }
    return BitTable(words: words, length: new.count - ones, columns: columns)
  }
}
