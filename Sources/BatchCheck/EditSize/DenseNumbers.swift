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
struct DenseCase {
  /// Each old and new row's id number, per section.
  let oldIDs: [[Int]]
  let newIDs: [[Int]]
  /// How many distinct ids the two sides have.
  let distinctIDs: Int
  /// Each old and new row's row number (id and content), per section.
  let oldRows: [[Int]]
  let newRows: [[Int]]
  /// How many distinct rows the two sides have.
  let distinctRows: Int

  /// Whether every row's content is its id: then each row's number is its
  /// id's (`oldRows` is `oldIDs`, `newRows` is `newIDs`).
  let rowsAreIDs: Bool

  /// Numbers the ids and rows of `old` and `new`: two hash lookups a row
  /// (integer rows: one, and one per distinct row), one when every row's
  /// content is its id.
  ///
  /// - Complexity: O(*n* + *m*), where *n* and *m* are the old and new rows.
  init(old: [[Row]], new: [[Row]]) {
    let rowCount = old.reduce(0) { $0 + $1.count } + new.reduce(0) { $0 + $1.count }
    let oldShape = Self.shape(old)
    let newShape = Self.shape(new)
    rowsAreIDs = oldShape.plain && newShape.plain
    if oldShape.integers, newShape.integers {
      // Integer rows (every generated case): numbered through an array when
      // their values lie close together, else a table of integers; no `Hasher`.
      let bounds = Self.bounds(old, new)
      var ids = IntegerNumbers(
        first: bounds.ids, second: bounds.ids.lowerBound...bounds.ids.lowerBound,
        capacity: rowCount)
      if rowsAreIDs {
        oldIDs = old.map { $0.map { ids.number(Self.integer($0.id), bounds.ids.lowerBound) } }
        newIDs = new.map { $0.map { ids.number(Self.integer($0.id), bounds.ids.lowerBound) } }
        distinctIDs = ids.count
        (oldRows, newRows, distinctRows) = (oldIDs, newIDs, distinctIDs)
        return
      }
      // Rows first; an id is numbered at its first row's first sight, which
      // is its own first sight: the same numbers, one lookup per distinct row.
      var rows = IntegerNumbers(first: bounds.ids, second: bounds.contents, capacity: rowCount)
      var idOfRow: [Int] = []
      idOfRow.reserveCapacity(rowCount)
      // Plain loops, not a local function: one that captured the tables
      // would check exclusive access to them at run time, row by row.
      var numbered: [[[Int]]] = [[], []]
      for (side, sections) in [old, new].enumerated() {
        numbered[side].reserveCapacity(sections.count)
        for section in sections {
          var numbers: [Int] = []
          numbers.reserveCapacity(section.count)
          for row in section {
            let id = Self.integer(row.id)
            let number = rows.number(id, Self.integer(row.content))
            if number == idOfRow.count { idOfRow.append(ids.number(id, bounds.ids.lowerBound)) }
            numbers.append(number)
          }
          numbered[side].append(numbers)
        }
      }
      (oldRows, newRows) = (numbered[0], numbered[1])
      oldIDs = oldRows.map { $0.map { idOfRow[$0] } }
      newIDs = newRows.map { $0.map { idOfRow[$0] } }
      distinctIDs = ids.count
      distinctRows = rows.count
      return
    }
    var ids = DenseNumbers<RowValue>()
    oldIDs = old.map { $0.map { ids.number($0.id) } }
    newIDs = new.map { $0.map { ids.number($0.id) } }
    distinctIDs = ids.count
    if rowsAreIDs {
      (oldRows, newRows, distinctRows) = (oldIDs, newIDs, distinctIDs)
      return
    }
    var rows = DenseNumbers<Row>()
    oldRows = old.map { $0.map { rows.number($0) } }
    newRows = new.map { $0.map { rows.number($0) } }
    distinctRows = rows.count
  }

  /// Whether every row's id and content are integers, and whether every
  /// row's content is its id.
  private static func shape(_ sections: [[Row]]) -> (integers: Bool, plain: Bool) {
    var shape = (integers: true, plain: true)
    for rows in sections {
      for row in rows {
        switch (row.id, row.content) {
        case (.int, .int): break
        default: shape.integers = false
        }
        if shape.plain && row.id != row.content { shape.plain = false }
        if !shape.integers && !shape.plain { return shape }
      }
    }
    return shape
  }

  /// The smallest and largest integer id, and content, of integer rows
  /// (0...0 when there is none).
  private static func bounds(_ old: [[Row]], _ new: [[Row]]) -> (
    ids: ClosedRange<Int>, contents: ClosedRange<Int>
  ) {
    var (lowID, highID, lowContent, highContent) = (Int.max, Int.min, Int.max, Int.min)
    for sections in [old, new] {
      for row in sections.joined() {
        let (id, content) = (integer(row.id), integer(row.content))
        (lowID, highID) = (min(lowID, id), max(highID, id))
        (lowContent, highContent) = (min(lowContent, content), max(highContent, content))
      }
    }
    guard lowID <= highID else { return (0...0, 0...0) }
    return (lowID...highID, lowContent...highContent)
  }

  /// The integer of a value `shape` vouched for.
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
    return Self.kept(oldRows: oldIDs, newRows: newIDs, distinct: distinctIDs)
      - Self.kept(oldRows: oldRows, newRows: newRows, distinct: distinctRows)
  }

  /// The rows two sides keep when numbers are matched as multisets: per
  /// number, the fewer of its old and new rows.
  private static func kept(oldRows: [[Int]], newRows: [[Int]], distinct: Int) -> Int {
    withUnsafeTemporaryAllocation(of: Int.self, capacity: distinct) { counts in
      counts.initialize(repeating: 0)
      for rows in oldRows {
        for number in rows { counts[number] += 1 }
      }
      var kept = 0
      for rows in newRows {
        for number in rows where counts[number] > 0 {
          counts[number] -= 1
          kept += 1
        }
      }
      return kept
    }
  }
}

/// Dense numbers for pairs of integers, in order of first sight: through an
/// array indexed by the pair when both lie in ranges whose product is small
/// (a few times the rows to number, as with generated cases), else through
/// `IntPairNumbers`. The same numbers either way.
struct IntegerNumbers {
  /// The number of each pair of the ranges, -1 when unseen; empty when the
  /// pairs go through `table`.
  private var direct: [Int] = []
  private let first: Int
  private let second: Int
  private let width: Int
  private var table: IntPairNumbers?
  private var directCount = 0

  /// Numbers for pairs whose first value lies in `first` and second in
  /// `second`; `capacity` is about how many pairs will be numbered.
  init(first: ClosedRange<Int>, second: ClosedRange<Int>, capacity: Int) {
    self.first = first.lowerBound
    self.second = second.lowerBound
    let (span, spanOverflow) = first.upperBound.subtractingReportingOverflow(first.lowerBound)
    let (depth, depthOverflow) = second.upperBound.subtractingReportingOverflow(
      second.lowerBound)
    let (cells, cellsOverflow) = (span &+ 1).multipliedReportingOverflow(by: depth &+ 1)
    width = depth &+ 1
    if !spanOverflow && !depthOverflow && !cellsOverflow && span < Int.max && depth < Int.max
      && cells <= 4 * capacity + 256
    {
      direct = [Int](repeating: -1, count: cells)
    } else {
      table = IntPairNumbers(capacity: capacity)
    }
  }

  /// How many pairs have a number.
  var count: Int { table?.count ?? directCount }

  /// The number of (`a`, `b`): a new one, the count so far, at its first sight.
  @inline(__always)
  mutating func number(_ a: Int, _ b: Int) -> Int {
    guard table == nil else { return table!.number(a, b) }
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
  private let mask: Int
  /// How many distinct pairs have a number.
  private(set) var count = 0

  /// A table for up to `capacity` distinct pairs.
  init(capacity: Int) {
    var size = 16
    while size < 2 * capacity + 2 { size <<= 1 }
    mask = size - 1
    slots = [Int](repeating: -1, count: 3 * size)
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
