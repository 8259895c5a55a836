/// Every pair of single-section arrays up to a total size, values canonicalised:
/// the exhaustive phase of a generator check.
///
///     ExhaustivePairs(maxTotal: 2).map { "\($0.old) -> \($0.new)" }
///     // [] -> [], [] -> ["a"], ["a"] -> [], [] -> ["a","a"], [] -> ["a","b"], ...
///
/// Two pairs that differ only by renaming values behave the same under any
/// generator that compares values by equality, so only one of each is made:
/// old followed by new is a restricted growth string (the first value is `a`,
/// and each value is at most one past the largest before it). Pairs come in
/// order of total size, so the first failing pair is a smallest one.
///
/// - Complexity: the number of pairs with total size *t* is (*t* + 1) ×
///   Bell(*t*): 46,113 pairs up to a total of 8.
public struct ExhaustivePairs: Sequence, Sendable {
  /// The largest `old.count + new.count`.
  public let maxTotal: Int

  public init(maxTotal: Int) {
    self.maxTotal = Swift.max(0, maxTotal)
  }

  public func makeIterator() -> Iterator {
    Iterator(maxTotal: maxTotal)
  }

  /// Walks the pairs in order: total size, then the split, then the values.
  public struct Iterator: IteratorProtocol {
    let maxTotal: Int
    var total = 0
    var split = 0
    /// The current restricted growth string, or nil before the first one of a total.
    var values: [Int]?

    init(maxTotal: Int) {
      self.maxTotal = maxTotal
    }

    public mutating func next() -> (old: [Row], new: [Row])? {
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
        let rows = (values ?? []).map { Row(.string(Self.name($0))) }
        return (Array(rows[..<split]), Array(rows[split...]))
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
