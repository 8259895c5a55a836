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
/// A small-alphabet family may follow (`smallAlphabetTotal`): every pair
/// with more than `maxTotal` rows and at most `smallAlphabetTotal`, drawn
/// from at most `smallAlphabet` distinct values, plain. Repeated ids in
/// small tables are what break diffs; the family reaches them at sizes the
/// whole exhaustion could not afford.
///
///     ExhaustivePairs(maxTotal: 6, smallAlphabetTotal: 8, smallAlphabet: 3).count
///     // 12,766 more pairs than ExhaustivePairs(maxTotal: 6)
///
/// - Complexity: the number of pairs with total size *t* is (*t* + 1) ×
///   Bell(*t*) without content changes: 46,113 pairs up to a total of 8;
///   with content changes up to 5 rows, 47,809. With at most 3 values, (*t*
///   + 1) × (1 + S(*t*, 2) + S(*t*, 3)), S the Stirling numbers of the
///   second kind: 2,920 pairs of 7 rows and 9,846 of 8.
public struct ExhaustivePairs: Sequence, Sendable {
  /// The largest `old.count + new.count`.
  public let maxTotal: Int
  /// The largest `old.count + new.count` of a pair that also comes with its
  /// content changes; 0 for none. At most `maxTotal`.
  public let contentTotal: Int
  /// The largest `old.count + new.count` of the small-alphabet family, which
  /// follows the pairs of at most `maxTotal` rows; 0 when there is none
  /// (never in 1...`maxTotal`).
  public let smallAlphabetTotal: Int
  /// How many distinct values a pair of the small-alphabet family holds at
  /// most; 0 when there is no family.
  public let smallAlphabet: Int

  /// Every pair with at most `maxTotal` rows in all (negative counts as 0),
  /// those with at most `contentTotal` rows also with their content changes
  /// (clamped to 0...`maxTotal`).
  public init(maxTotal: Int, contentTotal: Int = 0) {
    self.init(maxTotal: maxTotal, contentTotal: contentTotal, smallAlphabetTotal: 0)
  }

  /// Every pair with at most `maxTotal` rows in all, then every pair of
  /// more rows, up to `smallAlphabetTotal` (at most 10), whose old and new
  /// rows hold at most `smallAlphabet` distinct values in all. No family
  /// when `smallAlphabetTotal` is at most `maxTotal` or `smallAlphabet` is
  /// below 1.
  ///
  ///     ExhaustivePairs(maxTotal: 0, smallAlphabetTotal: 2, smallAlphabet: 1).map {
  ///       "\($0.old) -> \($0.new)"
  ///     }
  ///     // [] -> [], [] -> ["a"], ["a"] -> [], [] -> ["a","a"], ["a"] -> ["a"], ["a","a"] -> []
  public init(maxTotal: Int, contentTotal: Int = 0, smallAlphabetTotal: Int, smallAlphabet: Int = 3)
  {
    self.maxTotal = Swift.max(0, maxTotal)
    self.contentTotal = Swift.min(self.maxTotal, Swift.max(0, contentTotal))
    let family = Swift.min(10, smallAlphabetTotal) > self.maxTotal && smallAlphabet > 0
    self.smallAlphabetTotal = family ? Swift.min(10, smallAlphabetTotal) : 0
    self.smallAlphabet = family ? smallAlphabet : 0
  }

  public func makeIterator() -> Iterator {
    Iterator(
      maxTotal: maxTotal, contentTotal: contentTotal, smallAlphabetTotal: smallAlphabetTotal,
      smallAlphabet: smallAlphabet)
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
    let smallAlphabetTotal: Int
    let smallAlphabet: Int
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

    init(maxTotal: Int, contentTotal: Int = 0, smallAlphabetTotal: Int = 0, smallAlphabet: Int = 0)
    {
      self.maxTotal = maxTotal
      self.contentTotal = contentTotal
      self.smallAlphabetTotal = smallAlphabetTotal
      self.smallAlphabet = smallAlphabet
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

    /// Steps to the next restricted growth string and split: every one up
    /// to `maxTotal` rows, then those of at most `smallAlphabet` values.
    private mutating func nextValues() -> [Int]? {
      while total <= Swift.max(maxTotal, smallAlphabetTotal) {
        let alphabet = total > maxTotal ? smallAlphabet : Int.max
        if let current = values, let following = Self.successor(of: current, alphabet: alphabet) {
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

    /// The next restricted growth string of the same length whose values
    /// are below `alphabet`, or nil after the last.
    static func successor(of values: [Int], alphabet: Int = Int.max) -> [Int]? {
      var next = values
      var index = next.count - 1
      while index > 0 {
        let largestBefore = next[..<index].max() ?? 0
        if next[index] <= largestBefore, next[index] + 1 < alphabet {
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
