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

  /// Numbers the ids and rows of `old` and `new`: two hash lookups a row.
  ///
  /// - Complexity: O(*n* + *m*), where *n* and *m* are the old and new rows.
  init(old: [[Row]], new: [[Row]]) {
    var ids = DenseNumbers<RowValue>()
    var rows = DenseNumbers<Row>()
    oldIDs = old.map { $0.map { ids.number($0.id) } }
    newIDs = new.map { $0.map { ids.number($0.id) } }
    oldRows = old.map { $0.map { rows.number($0) } }
    newRows = new.map { $0.map { rows.number($0) } }
    distinctIDs = ids.count
    distinctRows = rows.count
  }

  /// The rows kept by id but not by id and content: a row of each such
  /// pair must be reloaded, or deleted and inserted
  /// (`EditSize.changedRows(old:new:)`).
  ///
  /// - Complexity: O(*n* + *m* + distinct ids and rows).
  var changedRows: Int {
    Self.kept(oldRows: oldIDs, newRows: newIDs, distinct: distinctIDs)
      - Self.kept(oldRows: oldRows, newRows: newRows, distinct: distinctRows)
  }

  /// The rows two sides keep when numbers are matched as multisets: per
  /// number, the fewer of its old and new rows.
  private static func kept(oldRows: [[Int]], newRows: [[Int]], distinct: Int) -> Int {
    var counts = [Int](repeating: 0, count: distinct)
    for number in oldRows.joined() { counts[number] += 1 }
    var kept = 0
    for number in newRows.joined() where counts[number] > 0 {
      counts[number] -= 1
      kept += 1
    }
    return kept
  }
}
