/// Numbers for the distinct values of a case, 0, 1, 2... in order of first
/// sight: a case's ids (or rows) hashed once, so that what follows indexes
/// arrays instead of hashing again.
///
///     var numbers = DenseNumbers<RowValue>()
///     ["a", "b", "a"].map { numbers.number($0) }   // [0, 1, 0]
struct DenseNumbers<Value: Hashable> {
  private var numbers: [Value: Int] = [:]

  /// How many distinct values have a number.
  var count: Int { numbers.count }

  /// Makes room for `capacity` distinct values.
  mutating func reserveCapacity(_ capacity: Int) {
    numbers.reserveCapacity(capacity)
  }

  /// The number of `value`, given the next one when it has none yet: one
  /// hash lookup.
  mutating func number(_ value: Value) -> Int {
    let next = numbers.count
    return Self.read(&numbers[value, default: next])
  }

  /// The number of `value`, nil when it has none.
  func existing(_ value: Value) -> Int? { numbers[value] }

  private static func read(_ number: inout Int) -> Int { number }
}

/// A case's ids and rows, each numbered once (`DenseNumbers`): a row's
/// number stands for its id and content. The edit size's measures index
/// arrays by these numbers instead of hashing rows again.
///
/// The numbers lie in flat arrays, old rows section by section and then new
/// rows, so that numbering a case allocates nothing once the arrays have
/// grown: `renumber(old:new:)` reuses them from one case to the next.
struct DenseCase {
  /// Each row's id number: old rows section by section, then new rows
  /// (and past them, after integer rows, what an earlier case left: read
  /// through `oldRange`, `newRange` and the sections' ranges).
  private(set) var ids: [Int] = []
  /// Each row's row number (id and content), laid out as `ids`; not read
  /// when `rowsAreIDs` (then `rowNumbers` is `ids`).
  private var rows: [Int] = []
  /// Where each old section's rows start in `ids`, and where the old rows end.
  private var oldStarts: [Int] = [0]
  /// Where each new section's rows start in `ids`, and where the new rows end.
  private var newStarts: [Int] = [0]
  /// How many distinct ids the two sides have.
  private(set) var distinctIDs = 0
  /// How many distinct rows the two sides have.
  private(set) var distinctRows = 0
  /// Whether every row's content is its id: then each row's number is its
  /// id's.
  private(set) var rowsAreIDs = true
  /// Memory for numbering integer rows, reused from case to case.
  private var integerRows = IntegerRowNumbers()

  /// An empty case, to `renumber(old:new:)`.
  init() {}

  /// Numbers the ids and rows of `old` and new (`renumber(old:new:)`).
  init(old: [[Row]], new: [[Row]]) { renumber(old: old, new: new) }

  /// The sections of old and of new.
  var oldSections: Int { oldStarts.count - 1 }
  var newSections: Int { newStarts.count - 1 }

  /// Each row's row number, laid out as `ids`.
  var rowNumbers: [Int] { rowsAreIDs ? ids : rows }

  /// Where the old rows lie in `ids` and `rowNumbers`, and the new rows.
  /// (The arrays may run past the new rows, with numbers of an earlier
  /// case: read them through these ranges.)
  var oldRange: Range<Int> { 0..<newStarts[0] }
  var newRange: Range<Int> { newStarts[0]..<newStarts[newStarts.count - 1] }

  /// Where old section `section`'s rows lie; empty past the last section.
  func old(_ section: Int) -> Range<Int> {
    section < oldSections ? oldStarts[section]..<oldStarts[section + 1] : 0..<0
  }

  /// Where new section `section`'s rows lie; empty past the last section.
  func new(_ section: Int) -> Range<Int> {
    section < newSections ? newStarts[section]..<newStarts[section + 1] : 0..<0
  }

  /// Each old and new row's id and row number, per section (for tests).
  var oldIDs: [[Int]] { (0..<oldSections).map { Array(ids[old($0)]) } }
  var newIDs: [[Int]] { (0..<newSections).map { Array(ids[new($0)]) } }
  var oldRows: [[Int]] { (0..<oldSections).map { Array(rowNumbers[old($0)]) } }
  var newRows: [[Int]] { (0..<newSections).map { Array(rowNumbers[new($0)]) } }

  /// Numbers the ids and rows of `old` and `new`, in order of first sight:
  /// integer rows through arrays or a table of integers (no `Hasher`; one
  /// lookup a row, and one per distinct row), others through two hash
  /// lookups a row, one when every row's content is its id.
  ///
  /// - Complexity: O(*n* + *m*), where *n* and *m* are the old and new rows.
  mutating func renumber(old: [[Row]], new: [[Row]]) {
    var survey = Survey()
    survey.add(old)
    survey.add(new)
    let rowCount = survey.rows
    rowsAreIDs = survey.plain
    oldStarts.removeAll(keepingCapacity: true)
    newStarts.removeAll(keepingCapacity: true)
    if survey.integers {
      // Integer rows (every generated case): numbered through an array when
      // their values lie close together, else a table of integers.
      // The arrays are taken out of the case while they are filled, so
      // that each is written through its own buffer, uniquely held; they
      // only grow, and every position up to `rowCount` is written.
      var numbers = IntegerRowNumbers()
      swap(&numbers, &integerRows)
      numbers.reset(ids: survey.ids, capacity: rowCount)
      var (ids, rows) = (self.ids, self.rows)
      (self.ids, self.rows) = ([], [])
      ids.grow(to: rowCount)
      if !rowsAreIDs { rows.grow(to: rowCount) }
      let plain = rowsAreIDs
      ids.withUnsafeMutableBufferPointer { ids in
        rows.withUnsafeMutableBufferPointer { rows in
          // No row numbers of their own when rows are their ids.
          let rows = plain ? UnsafeMutableBufferPointer(rebasing: rows[0..<0]) : rows
          var filled = 0
          Self.numberIntegers(
            old, ids: ids, rows: rows, filled: &filled, starts: &oldStarts, numbers: &numbers)
          Self.numberIntegers(
            new, ids: ids, rows: rows, filled: &filled, starts: &newStarts, numbers: &numbers)
        }
      }
      (self.ids, self.rows) = (ids, rows)
      distinctIDs = numbers.ids
      distinctRows = rowsAreIDs ? distinctIDs : numbers.rows
      swap(&numbers, &integerRows)
      return
    }
    ids.removeAll(keepingCapacity: true)
    rows.removeAll(keepingCapacity: true)
    ids.reserveCapacity(rowCount)
    if !rowsAreIDs { rows.reserveCapacity(rowCount) }
    var idNumbers = DenseNumbers<RowValue>()
    var rowNumbers = DenseNumbers<Row>()
    for (sections, side) in [(old, 0), (new, 1)] {
      for section in sections {
        if side == 0 { oldStarts.append(ids.count) } else { newStarts.append(ids.count) }
        for row in section {
          ids.append(idNumbers.number(row.id))
          if !rowsAreIDs { rows.append(rowNumbers.number(row)) }
        }
      }
      if side == 0 { oldStarts.append(ids.count) } else { newStarts.append(ids.count) }
    }
    distinctIDs = idNumbers.count
    distinctRows = rowsAreIDs ? distinctIDs : rowNumbers.count
  }

  /// Numbers one side's integer rows into `ids` (and `rows`, unless it is
  /// empty: rows are their ids) from position `filled` on, and appends
  /// each section's start, and the side's end, to `starts`.
  private static func numberIntegers(
    _ sections: [[Row]], ids: UnsafeMutableBufferPointer<Int>,
    rows: UnsafeMutableBufferPointer<Int>, filled: inout Int, starts: inout [Int],
    numbers: inout IntegerRowNumbers
  ) {
    for section in sections {
      starts.append(filled)
      // Read in place: a row copied out of its array would be retained
      // and released, a string's or not.
      section.withUnsafeBufferPointer { section in
        for index in section.indices {
          let id = integer(section[index].id)
          if rows.isEmpty {
            ids[filled] = numbers.number(id: id)
          } else {
            (ids[filled], rows[filled]) = numbers.number(
              id: id, content: integer(section[index].content))
          }
          filled += 1
        }
      }
    }
    starts.append(filled)
  }

  /// What one pass over a case's rows tells: how many, whether every
  /// row's id and content are integers, whether every row's content is its
  /// id, and the smallest and largest integer id.
  private struct Survey {
    var rows = 0
    var integers = true
    var plain = true
    var lowID = Int.max
    var highID = Int.min

    /// Adds one side's rows.
    mutating func add(_ sections: [[Row]]) {
      for section in sections {
        rows += section.count
        section.withUnsafeBufferPointer { section in
          for index in section.indices {
            guard case .int(let id) = section[index].id,
              case .int(let content) = section[index].content
            else {
              integers = false
              if plain && section[index].id != section[index].content { plain = false }
              continue
            }
            if id != content { plain = false }
            (lowID, highID) = (min(lowID, id), max(highID, id))
          }
        }
      }
    }

    /// The range of integer ids (0...0 when there is none).
    var ids: ClosedRange<Int> { lowID <= highID ? lowID...highID : 0...0 }
  }

  /// The integer of a value `Survey` vouched for.
  @inline(__always)
  private static func integer(_ value: RowValue) -> Int {
    if case .int(let integer) = value { return integer }
    return 0
  }

  /// The rows kept by id but not by id and content: a row of each such
  /// pair must be reloaded, or deleted and inserted
  /// (`EditSize.changedRows(old:new:)`).
  ///
  /// - Complexity: O(*n* + *m* + distinct ids and rows).
  var changedRows: Int {
    // With one content per id, rows are matched as their ids are.
    if distinctRows == distinctIDs { return 0 }
    return kept(ids, distinct: distinctIDs) - kept(rowNumbers, distinct: distinctRows)
  }

  /// The rows two sides keep when `numbers` (laid out as `ids`) are matched
  /// as multisets: per number, the fewer of its old and new rows.
  private func kept(_ numbers: [Int], distinct: Int) -> Int {
    withUnsafeTemporaryAllocation(of: Int.self, capacity: distinct) { counts in
      counts.initialize(repeating: 0)
      for number in numbers[oldRange] { counts[number] += 1 }
      var kept = 0
      for number in numbers[newRange] where counts[number] > 0 {
        counts[number] -= 1
        kept += 1
      }
      return kept
    }
  }
}

/// Dense numbers for the ids and rows (id and content) of integer rows, in
/// order of first sight: ids through `IntegerNumbers`, rows by the first
/// content met for each id, a table of integers only for an id's other
/// contents. Most ids have one content, so most rows need no table.
struct IntegerRowNumbers {
  private var idNumbers = IntegerNumbers()
  /// Per id number: the content of its first row, and that row's number;
  /// `seenIDs` of them set.
  private var firstContent: [Int] = []
  private var firstRow: [Int] = []
  private var seenIDs = 0
  /// How many of `otherRow` are set.
  private var otherRows = 0
  /// The other (id, content) pairs, emptied at the first one of a case
  /// (`othersUsed`) and kept from case to case, and each one's row number.
  private var others: IntPairNumbers?
  private var othersUsed = false
  private var otherRow: [Int] = []
  /// About how many rows the case has: the most pairs `others` may hold.
  private var capacity = 0
  /// The lowest id, the second value of every id's pair.
  private var low = 0
  /// How many distinct ids, and rows, have a number.
  private(set) var rows = 0
  var ids: Int { idNumbers.count }

  /// Forgets every number, for ids in `ids` and about `capacity` rows.
  mutating func reset(ids: ClosedRange<Int>, capacity: Int) {
    low = ids.lowerBound
    idNumbers.reset(first: ids, second: low...low, capacity: capacity)
    // Indexed by id and by other row below `capacity`, never read past
    // what this case wrote: grown, never emptied.
    firstContent.grow(to: capacity)
    firstRow.grow(to: capacity)
    otherRow.grow(to: capacity)
    (seenIDs, otherRows) = (0, 0)
    othersUsed = false
    self.capacity = capacity
    rows = 0
  }

  /// The number of the id `id`.
  @inline(__always)
  mutating func number(id: Int) -> Int { idNumbers.number(id, low) }

  /// The numbers of the id `id` and of the row (`id`, `content`).
  @inline(__always)
  mutating func number(id: Int, content: Int) -> (id: Int, row: Int) {
    let idNumber = idNumbers.number(id, low)
    if idNumber == seenIDs {
      firstContent[idNumber] = content
      firstRow[idNumber] = rows
      seenIDs += 1
      rows += 1
      return (idNumber, rows - 1)
    }
    if firstContent[idNumber] == content { return (idNumber, firstRow[idNumber]) }
    if !othersUsed {
      othersUsed = true
      IntPairNumbers.empty(&others, capacity: capacity)
    }
    let other = others!.number(id, content)
    if other == otherRows {
      otherRow[other] = rows
      otherRows += 1
      rows += 1
    }
    return (idNumber, otherRow[other])
  }
}

/// Dense numbers for pairs of integers, in order of first sight: through an
/// array indexed by the pair when both lie in ranges whose product is small
/// (a few times the rows to number, as with generated cases), else through
/// `IntPairNumbers`. The same numbers either way.
struct IntegerNumbers {
  /// The number of each pair of the ranges, -1 when unseen (cells past
  /// the ranges' product hold stale numbers, never read); unused when the
  /// pairs go through `table`.
  private var direct: [Int] = []
  private var first = 0
  private var second = 0
  private var width = 1
  /// The table, kept from reset to reset once made; read only when
  /// `usesTable`.
  private var table: IntPairNumbers?
  private var usesTable = false
  private var directCount = 0

  /// Numbers for no pair yet: `reset(first:second:capacity:)` before use.
  init() {}

  /// Numbers for pairs whose first value lies in `first` and second in
  /// `second`; `capacity` is about how many pairs will be numbered.
  init(first: ClosedRange<Int>, second: ClosedRange<Int>, capacity: Int) {
    reset(first: first, second: second, capacity: capacity)
  }

  /// Forgets every number, for pairs of the ranges given (as `init`),
  /// reusing the direct array's memory.
  mutating func reset(first: ClosedRange<Int>, second: ClosedRange<Int>, capacity: Int) {
    self.first = first.lowerBound
    self.second = second.lowerBound
    directCount = 0
    let (span, spanOverflow) = first.upperBound.subtractingReportingOverflow(first.lowerBound)
    let (depth, depthOverflow) = second.upperBound.subtractingReportingOverflow(
      second.lowerBound)
    let (cells, cellsOverflow) = (span &+ 1).multipliedReportingOverflow(by: depth &+ 1)
    width = depth &+ 1
    if !spanOverflow && !depthOverflow && !cellsOverflow && span < Int.max && depth < Int.max
      && cells <= 4 * capacity + 256
    {
      // Only the first `cells` are read; those past them may be stale.
      direct.reset(prefix: cells, to: -1)
      usesTable = false
    } else {
      IntPairNumbers.empty(&table, capacity: capacity)
      usesTable = true
    }
  }

  /// How many pairs have a number.
  var count: Int { usesTable ? table!.count : directCount }

  /// The number of (`a`, `b`): a new one, the count so far, at its first sight.
  @inline(__always)
  mutating func number(_ a: Int, _ b: Int) -> Int {
    guard !usesTable else { return table!.number(a, b) }
    let index = (a - first) * width + (b - second)
    let seen = direct[index]
    if seen >= 0 { return seen }
    direct[index] = directCount
    directCount += 1
    return directCount - 1
  }
}

/// Numbers for the distinct pairs of integers of a case, 0, 1, 2... in
/// order of first sight (`DenseNumbers` for integers): an open-addressing
/// table with a multiplicative hash, sized for the case once, so that
/// numbering a row costs a multiplication and a probe or two, not a
/// `Hasher`.
struct IntPairNumbers {
  /// Three integers a slot: the pair's first and second, and its number,
  /// -1 when the slot is empty.
  private var slots: [Int]
  private var mask: Int
  /// How many distinct pairs have a number.
  private(set) var count = 0

  /// A table for up to `capacity` distinct pairs.
  init(capacity: Int) {
    slots = []
    mask = 0
    reset(capacity: capacity)
  }

  /// Forgets every pair, for up to `capacity` distinct ones, reusing the
  /// table's memory.
  mutating func reset(capacity: Int) {
    var size = 16
    while size < 2 * capacity + 2 { size <<= 1 }
    mask = size - 1
    count = 0
    // Slots are read only below `3 * size`; those past it may be stale.
    slots.reset(prefix: 3 * size, to: -1)
  }

  /// `table` emptied for up to `capacity` distinct pairs: its memory
  /// reused when it has some, else a new table.
  static func empty(_ table: inout IntPairNumbers?, capacity: Int) {
    if table == nil {
      table = IntPairNumbers(capacity: capacity)
    } else {
      table!.reset(capacity: capacity)
    }
  }

  /// The number of the pair (`first`, `second`), given the next one when
  /// it has none yet. At most `capacity` distinct pairs may be numbered.
  mutating func number(_ first: Int, _ second: Int) -> Int {
    let mixed =
      (UInt64(bitPattern: Int64(first)) &* 0x9E37_79B9_7F4A_7C15)
      ^ (UInt64(bitPattern: Int64(second)) &* 0xC2B2_AE3D_27D4_EB4F)
    let spread = ((mixed ^ (mixed >> 29)) &* 0xBF58_476D_1CE4_E5B9) >> 32
    var slot = Int(truncatingIfNeeded: spread) & mask
    while true {
      let number = slots[3 * slot + 2]
      if number < 0 {
        slots[3 * slot] = first
        slots[3 * slot + 1] = second
        slots[3 * slot + 2] = count
        count += 1
        return count - 1
      }
      if slots[3 * slot] == first && slots[3 * slot + 1] == second { return number }
      slot = (slot + 1) & mask
    }
  }
}

extension Array where Element == Int {
  /// Grows the array to at least `count` integers (new ones 0); never
  /// shrinks it. For scratch memory whose every read position is written
  /// first.
  mutating func grow(to count: Int) {
    if self.count < count { append(contentsOf: repeatElement(0, count: count - self.count)) }
  }

  /// Sets the first `count` integers to `value`, growing the array when it
  /// is shorter; those past `count` keep what they held. For scratch memory
  /// read only below `count`: no element-by-element emptying and refilling.
  mutating func reset(prefix count: Int, to value: Int) {
    grow(to: count)
    withUnsafeMutableBufferPointer { buffer in
      UnsafeMutableBufferPointer(rebasing: buffer[0..<count]).update(repeating: value)
    }
  }
}
