/// Every pair of single-section arrays up to a total size, values canonicalised,
/// and, up to a smaller total, every way of changing the content of rows
/// whose identity is kept: the exhaustive phase of a generator check.
///
///     ExhaustivePairs(maxTotal: 2).map { "\($0.old) -> \($0.new)" }
///     // [] -> [], [] -> ["a"], ["a"] -> [], [] -> ["a","a"], [] -> ["a","b"], ...
///     ExhaustivePairs(maxTotal: 2, contentTotal: 2).count   // 12: ... ["a"] -> ["a"],
///     // [{"id":"a","content":"a'"}] -> ["a"], ["a"] -> [{"id":"a","content":"a'"}], ...
///
/// Two pairs that differ only by renaming values behave the same under any
/// generator that compares values by equality, so only one of each is made:
/// old followed by new is a restricted growth string (the first value is `a`,
/// and each value is at most one past the largest before it).
///
/// Content variants: in a pair with at most `contentTotal` rows in all, each
/// row whose id is on both sides has its plain content (the id) or a changed
/// one (`a'` for `a`); the plain pair comes first, then every other choice,
/// in binary order of the rows (old first). So a stale cell (C2), a reload
/// that UIKit rejects, and rows of one id in another order are all found by
/// exhaustion. A pair with no id on both sides has no variants.
///
/// Pairs come in order of total size, so the first failing pair of any kind
/// is a smallest one of that kind.
///
/// - Complexity: the number of pairs with total size *t* is (*t* + 1) ×
///   Bell(*t*) without content changes: 46,113 pairs up to a total of 8;
///   with content changes up to 5 rows, 47,809.
public struct ExhaustivePairs: Sequence, Sendable {
  /// The largest `old.count + new.count`.
  public let maxTotal: Int
  /// The largest `old.count + new.count` of a pair that also comes with its
  /// content changes; 0 for none. At most `maxTotal`.
  public let contentTotal: Int

  /// Every pair with at most `maxTotal` rows in all (negative counts as 0),
  /// those with at most `contentTotal` rows also with their content changes
  /// (clamped to 0...`maxTotal`).
  public init(maxTotal: Int, contentTotal: Int = 0) {
    self.maxTotal = Swift.max(0, maxTotal)
    self.contentTotal = Swift.min(self.maxTotal, Swift.max(0, contentTotal))
  }

  public func makeIterator() -> Iterator {
    Iterator(maxTotal: maxTotal, contentTotal: contentTotal)
  }

  /// How many pairs the sequence holds, counted without making them.
  ///
  /// - Complexity: O(*p* × *t*) for *p* plain pairs of at most *t* rows.
  public var count: Int {
    var iterator = makeIterator()
    var count = 0
    while let shared = iterator.nextShape() {
      count += shared < 0 ? 1 : 1 << shared
    }
    return count
  }

  /// Walks the pairs in order: total size, then the split, then the values.
  public struct Iterator: IteratorProtocol {
    let maxTotal: Int
    let contentTotal: Int
    var total = 0
    var split = 0
    /// The current restricted growth string, or nil before the first one of a total.
    var values: [Int]?
    /// The current plain pair's rows (old then new), while its content
    /// variants are being made.
    var rows: [Row] = []
    /// The positions in `rows` whose id is on both sides.
    var shared: [Int] = []
    /// The next content variant of `rows` (a bit per position of `shared`);
    /// 0 once they are all made.
    var variant = 0

    init(maxTotal: Int, contentTotal: Int = 0) {
      self.maxTotal = maxTotal
      self.contentTotal = contentTotal
    }

    public mutating func next() -> (old: [Row], new: [Row])? {
      if variant > 0 {
        var changed = rows
        for (bit, position) in shared.enumerated() where variant & (1 << bit) != 0 {
          let id = changed[position].id
          changed[position] = Row(id: id, content: .string(Self.name(values?[position] ?? 0) + "'"))
        }
        variant = variant + 1 == 1 << shared.count ? 0 : variant + 1
        return (Array(changed[..<split]), Array(changed[split...]))
      }
      guard let shared = nextShape() else { return nil }
      rows = (values ?? []).map { Row(.string(Self.name($0))) }
      if shared > 0 { variant = 1 }
      return (Array(rows[..<split]), Array(rows[split...]))
    }

    /// Steps to the next plain pair without making its rows, and keeps in
    /// `shared` the positions of its rows whose id is on both sides when its
    /// content changes are made: their number, or -1 when they are not;
    /// nil after the last pair.
    mutating func nextShape() -> Int? {
      guard let values = nextValues() else { return nil }
      guard total <= contentTotal else { return -1 }
      shared = Self.sharedPositions(values, split: split)
      return shared.count
    }

    /// The positions of `values` (old is `..<split`) whose value is on both sides.
    static func sharedPositions(_ values: [Int], split: Int) -> [Int] {
      let old = Set(values[..<split])
      let new = Set(values[split...])
      return values.indices.filter { old.contains(values[$0]) && new.contains(values[$0]) }
    }

    /// Steps to the next restricted growth string and split.
    private mutating func nextValues() -> [Int]? {
      while total <= maxTotal {
        if let current = values, let following = Self.successor(of: current) {
          values = following
        } else if values != nil, split < total {
          split += 1
          values = [Int](repeating: 0, count: total)
        } else if values == nil {
          split = 0
          values = [Int](repeating: 0, count: total)
        } else {
          total += 1
          values = nil
          continue
        }
        return values
      }
      return nil
    }

    /// The next restricted growth string of the same length, or nil after the last.
    static func successor(of values: [Int]) -> [Int]? {
      var next = values
      var index = next.count - 1
      while index > 0 {
        let largestBefore = next[..<index].max() ?? 0
        if next[index] <= largestBefore {
          next[index] += 1
          for later in (index + 1)..<next.count { next[later] = 0 }
          return next
        }
        index -= 1
      }
      return nil
    }

    /// `a`, `b`, ... `z`, then `v26`, `v27`, ...
    static func name(_ value: Int) -> String {
      value < 26 ? String(UnicodeScalar(UInt8(97 + value))) : "v\(value)"
    }
  }
}
