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
    if Self.fitsTable(old.count, new.count, budget: budget) {
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
  /// word, its columns kept when `keepingColumns` (for the pairs):
  /// `Scratch.length(_:_:eachColumn:)` with memory of its own. `steps`
  /// counts the word steps and the new rows.
  ///
  /// - Complexity: O(*n* × ⌈*m* / 64⌉ + *m* + `distinct`), where *n* and
  ///   *m* are the lengths, with no hashing.
  private static func bitParallelTable(
    _ old: [Int], _ new: [Int], distinct: Int, keepingColumns: Bool, steps: inout Int
  ) -> BitTable {
    guard !old.isEmpty, !new.isEmpty else { return BitTable(words: 0, length: 0, columns: []) }
    let words = (new.count + 63) / 64
    var scratch = Scratch(distinct: distinct)
    var columns: [UInt64] = []
    if keepingColumns { columns.reserveCapacity(old.count * words) }
    let length = scratch.length(old[...], new[...]) { column in
      if keepingColumns { columns.append(contentsOf: column) }
    }
    steps &+= old.count &* words &+ new.count
    return BitTable(words: words, length: length, columns: columns)
  }

  /// Whether the table of `old` by `new` rows has at most `bitTable` cells
  /// and no more than `budget`: then the bit-parallel table answers, exact.
  static func fitsTable(_ old: Int, _ new: Int, budget: Int) -> Bool {
    let product = old.multipliedReportingOverflow(by: new)
    return !product.overflow && product.partialValue <= min(bitTable, budget)
  }

  /// The length of a longest common subsequence of two sequences of dense
  /// ids, and whether it is exact: `init(dense:_:distinct:budget:pairs:)`'s
  /// length, with `scratch` reused from one pair to the next. Within the
  /// bit-parallel table the common prefix and suffix are matched first and
  /// only the rows between them go through the table (a longest common
  /// subsequence matches them all), with no allocation once `scratch` has
  /// grown.
  ///
  ///     var scratch = CommonSubsequence.Scratch(distinct: 4)
  ///     CommonSubsequence.length(dense: [0, 1, 2, 3], [0, 2, 1, 3], distinct: 4, budget: 1_000, scratch: &scratch)
  ///     // (length: 3, exact: true)
  ///
  /// - Complexity: O(*p* + *n*′ × ⌈*m*′ / 64⌉ + *m*′) within the table, where
  ///   *p* is the length of the common prefix and suffix and *n*′ and *m*′
  ///   the rows between them; past it, that of `init(dense:_:distinct:budget:pairs:)`.
  static func length(
    dense old: ArraySlice<Int>, _ new: ArraySlice<Int>, distinct: Int, budget: Int,
    scratch: inout Scratch
  ) -> (length: Int, exact: Bool) {
    guard fitsTable(old.count, new.count, budget: budget) else {
      let common = CommonSubsequence(
        dense: Array(old), Array(new), distinct: distinct, budget: budget)
      return (common.length, common.exact)
    }
    let shorter = min(old.count, new.count)
    let (o, n) = (old.startIndex, new.startIndex)
    var prefix = 0
    while prefix < shorter && old[o + prefix] == new[n + prefix] { prefix += 1 }
    var suffix = 0
    while suffix < shorter - prefix
      && old[old.endIndex - 1 - suffix] == new[new.endIndex - 1 - suffix]
    {
      suffix += 1
    }
    let middle = scratch.length(
      old[(o + prefix)..<(old.endIndex - suffix)], new[(n + prefix)..<(new.endIndex - suffix)]
    ) { _ in }
    return (prefix + suffix + middle, true)
  }

  /// Memory for the bit-parallel table, reused from one pair of sequences
  /// to the next: per id, its number among the distinct ids of the new
  /// rows (-1 between uses), their masks of new positions, and the column.
  struct Scratch {
    private var numbers: [Int]
    private var masks: [UInt64] = []
    private var column: [UInt64] = []

    /// Memory for ids in `0..<distinct`.
    init(distinct: Int) {
      numbers = []
      prepare(distinct: distinct)
    }

    /// Makes room for ids in `0..<distinct`, keeping what has grown.
    mutating func prepare(distinct: Int) {
      guard numbers.count < distinct else { return }
      numbers.append(contentsOf: repeatElement(-1, count: distinct - numbers.count))
    }

    /// The length of a longest common subsequence of `old` and `new`, ids
    /// below the `distinct` given at `init(distinct:)`, from the table 64
    /// cells to a word; `eachColumn` sees the column after each old row.
    /// Per old row, `V = (V + (V & M)) | (V & ~M)`, where `M` marks the new
    /// positions of the row's id (Allison and Dix; Hyyrö); the length is
    /// the count of zero bits of `V` at the end.
    ///
    /// - Complexity: O(*n* × ⌈*m* / 64⌉ + *m*), where *n* and *m* are the
    ///   lengths, with no hashing.
    mutating func length(
      _ old: ArraySlice<Int>, _ new: ArraySlice<Int>,
      eachColumn: (UnsafeMutableBufferPointer<UInt64>) -> Void
    ) -> Int {
      guard !old.isEmpty, !new.isEmpty else { return 0 }
      let words = (new.count + 63) / 64
      // Each distinct id of new, numbered in order of appearance; its mask of new positions.
      masks.removeAll(keepingCapacity: true)
      var known = 0
      for (position, id) in new.enumerated() {
        if numbers[id] < 0 {
          numbers[id] = known
          known += 1
          if words == 1 {
            masks.append(0)
          } else {
            masks.append(contentsOf: repeatElement(0, count: words))
          }
        }
        masks[numbers[id] * words + position / 64] |= 1 << UInt64(position % 64)
      }
      column.removeAll(keepingCapacity: true)
      column.append(contentsOf: repeatElement(~0, count: words))
      // The numbers read through a copy that ends before they are reset.
      do {
        let numbers = self.numbers
        masks.withUnsafeBufferPointer { masks in
          column.withUnsafeMutableBufferPointer { column in
            for id in old {
              defer { eachColumn(column) }
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
      }
      for id in new { self.numbers[id] = -1 }
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
}
