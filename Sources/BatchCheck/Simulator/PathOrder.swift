/// The stable ascending order of a list of row paths, as positions into it:
/// what the simulator sorts moves by, without comparing paths through a
/// closure a million times.
///
///     PathOrder([RowPath(0, 5), RowPath(0, 1), RowPath(0, 5)], counter: &counter).positions
///     // [1, 0, 2]: ties keep their order
///
/// A list already ascending (or strictly descending) costs one pass. Paths
/// whose sections and rows fit together in 64 bits (NSNotFound rows, which
/// sort last, included) are sorted by a least-significant-digit radix sort
/// of packed keys, skipping the digits every key shares; anything else
/// (a negative index, or sections and rows too large to pack) by comparison.
///
/// - Complexity: O(*m*) for a list already in order; O(*m* × *d*) for *d*
///   radix passes of 11 bits (at most 6, usually 2), where *m* is the number
///   of paths; O(*m* log *m*) when the keys do not pack.
struct PathOrder {
  /// Positions `0..<count` ordered by `(path, position)`; nil when the paths
  /// are in order already (the identity).
  let sorted: [Int]?
  /// Whether some other path in the list equals each one, by position.
  let hasTwin: [Bool]
  /// The number of paths.
  let count: Int

  /// Below this many paths a comparison sort is cheaper than radix passes.
  static let radixThreshold = 256
  /// Bits per radix digit.
  static let digitBits = 11

  /// An order known already.
  init(sorted: [Int]?, hasTwin: [Bool], count: Int) {
    self.sorted = sorted
    self.hasTwin = hasTwin
    self.count = count
  }

  /// The order of the `count` paths `path(0)`, `path(1)`, ...
  init(count: Int, counter: inout OperationCounter, _ path: (Int) -> RowPath) {
    self.count = count
    counter.add(count)
    var ascending = true
    var descending = true
    var packable = true
    var maxSection = 0
    var maxRow = 0
    var previous = RowPath(section: 0, row: 0)
    // Equal neighbours: every twin when the paths ascend.
    var hasTwin = [Bool](repeating: false, count: count)
    for index in 0..<count {
      let current = path(index)
      if index > 0 {
        if current < previous { ascending = false }
        if !(current < previous) { descending = false }
        if current == previous {
          hasTwin[index] = true
          hasTwin[index - 1] = true
        }
      }
      previous = current
      if current.section < 0 || current.row < 0 {
        packable = false
      } else {
        maxSection = max(maxSection, current.section)
        if current.row != UIKitMessages.notFound { maxRow = max(maxRow, current.row) }
      }
    }
    if ascending || descending {
      // Strictly descending paths have no equal neighbours, and no twins.
      self.sorted = ascending ? nil : Array((0..<count).reversed())
      self.hasTwin = hasTwin
      return
    }
    // NSNotFound rows pack as one past the largest row: still last.
    let rowBits = Int.bitWidth - (maxRow &+ 1).leadingZeroBitCount
    let sectionBits = Int.bitWidth - maxSection.leadingZeroBitCount
    let positionBits = Int.bitWidth - count.leadingZeroBitCount
    guard packable, count >= Self.radixThreshold, rowBits + sectionBits + positionBits <= 64 else {
      let order = Self.comparisonOrder(count: count, counter: &counter, path)
      self.sorted = order.positions
      self.hasTwin = order.hasTwin
      return
    }
    hasTwin = [Bool](repeating: false, count: count)
    // Each entry: the packed path above the position, so one array sorts.
    let notFoundRow = UInt64(maxRow) &+ 1
    let keyShift = UInt64(positionBits)
    var entries = [UInt64](repeating: 0, count: count)
    for index in 0..<count {
      let current = path(index)
      let row = current.row == UIKitMessages.notFound ? notFoundRow : UInt64(current.row)
      entries[index] =
        (UInt64(current.section) << UInt64(rowBits) | row) << keyShift | UInt64(index)
    }
    Self.radixSort(&entries, from: keyShift, counter: &counter)
    let positionMask = (UInt64(1) << keyShift) &- 1
    var positions = [Int](repeating: 0, count: count)
    entries.withUnsafeBufferPointer { entries in
      for place in 0..<count {
        let position = Int(entries[place] & positionMask)
        positions[place] = position
        if place > 0, entries[place] >> keyShift == entries[place - 1] >> keyShift {
          hasTwin[position] = true
          hasTwin[Int(entries[place - 1] & positionMask)] = true
        }
      }
    }
    counter.add(count)
    self.sorted = positions
    self.hasTwin = hasTwin
  }

  /// The order of the `count` paths `path(0)`, `path(1)`, ... (at least two, not in order) by
  /// comparison, with each position's twin flag.
  ///
  /// - Complexity: O(*m* log *m*), where *m* is `count`.
  private static func comparisonOrder(
    count: Int, counter: inout OperationCounter, _ path: (Int) -> RowPath
  ) -> (positions: [Int], hasTwin: [Bool]) {
    let positions = (0..<count).sorted { a, b in
      counter.add()
      let left = path(a)
      let right = path(b)
      return left != right ? left < right : a < b
    }
    var hasTwin = [Bool](repeating: false, count: count)
    for place in 1..<count where path(positions[place]) == path(positions[place - 1]) {
      hasTwin[positions[place]] = true
      hasTwin[positions[place - 1]] = true
    }
    return (positions, hasTwin)
  }

  /// The position at `place` of the order.
  @inline(__always) subscript(place: Int) -> Int { sorted?[place] ?? place }

  /// Every position, in order.
  var positions: [Int] { sorted ?? Array(0..<count) }

  /// Sorts `entries` by their bits from `low` up: an LSD radix sort of
  /// 11-bit digits, each pass stable, the digits every entry shares skipped.
  static func radixSort(
    _ entries: inout [UInt64], from low: UInt64, counter: inout OperationCounter
  ) {
    let count = entries.count
    var all: UInt64 = 0
    var common: UInt64 = ~0
    for entry in entries {
      all |= entry
      common &= entry
    }
    // The key bits that differ between some two entries.
    let varying = ((all ^ common) >> low) << low
    let buckets = 1 << digitBits
    let mask = UInt64(buckets - 1)
    var other = [UInt64](repeating: 0, count: count)
    var starts = [Int](repeating: 0, count: buckets)
    var shift = low
    while shift < 64 {
      defer { shift += UInt64(digitBits) }
      guard (varying >> shift) & mask != 0 else { continue }
      counter.add(count + buckets)
      starts.withUnsafeMutableBufferPointer { starts in
        entries.withUnsafeBufferPointer { source in
          other.withUnsafeMutableBufferPointer { target in
            for bucket in 0..<buckets { starts[bucket] = 0 }
            for entry in source { starts[Int((entry >> shift) & mask)] += 1 }
            var total = 0
            for bucket in 0..<buckets {
              let size = starts[bucket]
              starts[bucket] = total
              total += size
            }
            for entry in source {
              let bucket = Int((entry >> shift) & mask)
              target[starts[bucket]] = entry
              starts[bucket] += 1
            }
          }
        }
      }
      swap(&entries, &other)
    }
  }
}
