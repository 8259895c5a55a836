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
      // Integer rows (every generated case): a table of integers, no `Hasher`.
      var ids = IntPairNumbers(capacity: rowCount)
      if rowsAreIDs {
        oldIDs = old.map { $0.map { ids.number(Self.integer($0.id), 0) } }
        newIDs = new.map { $0.map { ids.number(Self.integer($0.id), 0) } }
        distinctIDs = ids.count
        (oldRows, newRows, distinctRows) = (oldIDs, newIDs, distinctIDs)
        return
      }
      // Rows first; an id is numbered at its first row's first sight, which
      // is its own first sight: the same numbers, one lookup per distinct row.
      var rows = IntPairNumbers(capacity: rowCount)
      var idOfRow: [Int] = []
      idOfRow.reserveCapacity(rowCount)
      func number(_ row: Row) -> Int {
        let id = Self.integer(row.id)
        let number = rows.number(id, Self.integer(row.content))
        if number == idOfRow.count { idOfRow.append(ids.number(id, 0)) }
        return number
      }
      oldRows = old.map { $0.map(number) }
      newRows = new.map { $0.map(number) }
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
