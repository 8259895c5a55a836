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
/// its length is a lower bound. When only the length is asked for and the
/// table of the two is small (at most `bitTable` cells, and no more than the
/// budget), the length comes from the dynamic-programming table instead,
/// 64 cells to a machine word (Hyyrö's bit-parallel form), exact: for the
/// engine's cases of a few dozen rows, a handful of word steps per row.
package struct CommonSubsequence {
  /// The most cells (*n* × *m*) for which the length alone comes from the
  /// bit-parallel table (*n* × *m* / 64 word steps at most, 65,536).
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
    let product = old.count.multipliedReportingOverflow(by: new.count)
    let cells = product.overflow ? Int.max : product.partialValue
    if !keepPairs, cells <= min(Self.bitTable, budget) {
      length = Self.bitParallelLength(old, new, steps: &steps)
      return
    }
    // The new positions of each id, ascending.
    var positions: [RowValue: [Int]] = [:]
    positions.reserveCapacity(new.count)
    for (index, id) in new.enumerated() { positions[id, default: []].append(index) }
    var matching = 0
    var repeated = false
    for id in old {
      let count = positions[id]?.count ?? 0
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
        guard let matches = positions[id] else { continue }
        for position in matches.reversed() { place(oldIndex, position) }
      }
    } else {
      var seen: [RowValue: Int] = [:]
      for (oldIndex, id) in old.enumerated() {
        guard let matches = positions[id] else { continue }
        let k = seen[id, default: 0]
        guard k < matches.count else { continue }
        seen[id] = k + 1
        place(oldIndex, matches[k])
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

  /// The length of a longest common subsequence by the table, a column of
  /// 64 cells to a word: per old row, `V = (V + (V & M)) | (V & ~M)`, where
  /// `M` marks the new positions of the row's id (Allison and Dix; Hyyrö);
  /// the length is the count of zero bits of `V` at the end. `steps`
  /// counts the word steps and the new rows.
  ///
  /// - Complexity: O(*n* × ⌈*m* / 64⌉ + *m*) and O(*n* + *m*) hash lookups,
  ///   where *n* and *m* are the lengths.
  private static func bitParallelLength(_ old: [RowValue], _ new: [RowValue], steps: inout Int)
    -> Int
  {
    guard !old.isEmpty, !new.isEmpty else { return 0 }
    let words = (new.count + 63) / 64
    // Each distinct id of new, numbered; its mask of new positions.
    var numbers: [RowValue: Int] = [:]
    numbers.reserveCapacity(new.count)
    var masks: [UInt64] = []
    for (position, id) in new.enumerated() {
      let number: Int
      if let known = numbers[id] {
        number = known
      } else {
        number = numbers.count
        numbers[id] = number
        masks.append(contentsOf: repeatElement(0, count: words))
      }
      masks[number * words + position / 64] |= 1 << UInt64(position % 64)
    }
    var column = [UInt64](repeating: ~0, count: words)
    masks.withUnsafeBufferPointer { masks in
      column.withUnsafeMutableBufferPointer { column in
        for id in old {
          guard let number = numbers[id] else { continue }
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
    return new.count - ones
  }
}
