/// The order in which shrinking minimizes a case: a pair is smaller when it
/// has fewer rows, then fewer distinct values, then fewer sections, then fewer
/// rows with a separate content, then a smaller shape, then smaller values.
///
///     let big = ShrinkOrder(old: [[Row("a")]], new: [[Row("b"), Row("a"), Row("b")]])
///     let small = ShrinkOrder(old: [], new: [[Row("a"), Row("a")]])
///     small < big  // true: 2 rows against 4
///
/// The components, compared in this order:
/// 1. `rows`: the number of rows, old and new, every section.
/// 2. `values`: the number of distinct values among the ids and contents.
/// 3. `sections`: the number of sections, old and new.
/// 4. `contents`: the number of rows whose content differs from their id
///    (a plain row, `Row("a")`, is simpler than `{"id":"a","content":"b"}`).
/// 5. the shape: old's section count and section sizes, then new's, compared
///    lexicographically; for one section a side this puts the shorter old first.
/// 6. the values: every row's id then content, old then new, compared
///    lexicographically in the shrink's value order: the canonical names `a`,
///    `b`, ... `z`, `v26`, `v27`, ... (those of `ExhaustivePairs`) first, in
///    that order, then every other value in `RowValue`'s order.
///
/// Because of the last component, renaming the values to `a`, `b`, `c`, ...
/// in order of first occurrence is the smallest way to name them, and a case
/// with one section a side and plain rows compares like `ExhaustivePairs`
/// orders its pairs within one total and one number of values.
///
/// - Complexity: building one is O(*n* log *v*), where *n* is the number of
///   rows and *v* the number of distinct values; comparing two is O(*n*).
package struct ShrinkOrder: Comparable, Hashable, Sendable, CustomStringConvertible {
  /// The number of rows, old and new, every section.
  package let rows: Int
  /// The number of distinct values among the ids and contents.
  package let values: Int
  /// The number of sections, old and new.
  package let sections: Int
  /// The number of rows whose content differs from their id.
  package let contents: Int
  /// Old's section count and section sizes, then new's.
  let shape: [Int]
  /// Every row's id then content, old then new, in the shrink's value order.
  let ranks: [ValueRank]

  /// The order key of the pair `(old, new)`.
  package init(old: [[Row]], new: [[Row]]) {
    var distinct = Set<RowValue>()
    var rows = 0
    var contents = 0
    var shape: [Int] = []
    var ranks: [ValueRank] = []
    for side in [old, new] {
      shape.append(side.count)
      for section in side {
        shape.append(section.count)
        rows += section.count
        for row in section {
          distinct.insert(row.id)
          distinct.insert(row.content)
          if row.id != row.content { contents += 1 }
          ranks.append(ValueRank(row.id))
          ranks.append(ValueRank(row.content))
        }
      }
    }
    self.rows = rows
    self.values = distinct.count
    self.sections = old.count + new.count
    self.contents = contents
    self.shape = shape
    self.ranks = ranks
  }

  package static func < (lhs: ShrinkOrder, rhs: ShrinkOrder) -> Bool {
    let left = (lhs.rows, lhs.values, lhs.sections, lhs.contents)
    let right = (rhs.rows, rhs.values, rhs.sections, rhs.contents)
    if left != right { return left < right }
    if lhs.shape != rhs.shape { return lhs.shape.lexicographicallyPrecedes(rhs.shape) }
    return lhs.ranks.lexicographicallyPrecedes(rhs.ranks)
  }

  /// `4 rows, 2 values, 2 sections, 0 contents`.
  package var description: String {
    "\(rows) rows, \(values) values, \(sections) sections, \(contents) contents"
  }
}

/// A value's place in the shrink's value order: the canonical names first
/// (`a` = 0, `b` = 1, ... as `ExhaustivePairs` names values), then any other
/// value in `RowValue`'s order.
///
///     ValueRank(.string("b")) < ValueRank(.int(0))  // true: a name before an int
enum ValueRank: Hashable, Comparable, Sendable {
  /// `ExhaustivePairs.Iterator.name(index)`.
  case canonical(Int)
  /// Any other value.
  case other(RowValue)

  init(_ value: RowValue) {
    if let index = Self.canonicalIndex(of: value) {
      self = .canonical(index)
    } else {
      self = .other(value)
    }
  }

  /// The value `ExhaustivePairs` names `index`: `a` ... `z`, then `v26`, ...
  static func name(_ index: Int) -> RowValue {
    .string(ExhaustivePairs.Iterator.name(index))
  }

  /// The index whose canonical name is `value`, or nil.
  ///
  ///     canonicalIndex(of: "c")    // 2
  ///     canonicalIndex(of: "v30")  // 30
  ///     canonicalIndex(of: "v3")   // nil: `d` is the name of 3
  static func canonicalIndex(of value: RowValue) -> Int? {
    guard case .string(let text) = value else { return nil }
    let scalars = Array(text.unicodeScalars)
    if scalars.count == 1, let first = scalars.first, first.value >= 97, first.value < 123 {
      return Int(first.value) - 97
    }
    guard text.hasPrefix("v"), let index = Int(text.dropFirst()), index >= 26 else { return nil }
    return name(index) == value ? index : nil
  }
}
