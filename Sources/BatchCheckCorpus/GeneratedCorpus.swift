import BatchCheck

/// A corpus made from a seed: every small pair, then random cases exactly as
/// the property engine's random phase makes them. What `batchcheck corpus
/// generate` writes.
///
///     let corpus = GeneratedCorpus(seed: 42, count: 2, maxSize: 12, exhaustiveTotal: 1)
///     corpus.map { $0.name ?? "" }
///     // ["exhaustive-0", "exhaustive-1", "exhaustive-2",
///     //  "random-0-0xbdd732262feb6e95", "random-1-0x28efe333b266f103"]
///     corpus.text
///     // {"name":"exhaustive-0","old":[[]],"new":[[]]}
///     // {"name":"exhaustive-1","old":[[]],"new":[["a"]]}   ... one line per case
///
/// The cases, in this order:
///
/// 1. Every pair of `ExhaustivePairs(maxTotal: exhaustiveTotal)`, one section
///    a side, named `exhaustive-<i>`, where *i* counts from 0 in the order of
///    the engine's exhaustive phase (a check report's "exhaustive phase, pair
///    *i*"). These are all the shapes of tiny inputs, values canonicalised:
///    416 pairs up to a total of 5 rows (the default), 46,113 up to 8 (what
///    `batchcheck check` runs), none when `exhaustiveTotal` is 0.
/// 2. `count` random cases. Random case *i* is
///    `GeneratedCase.make(seed: SplitMix64.caseSeed(run: seed, index: i),
///    maxSize: maxSize, sections: sections)`: exactly random case *i* of a
///    check with the same run seed and maximum size, of a generator that
///    diffs several sections when `sections` is true (an `--exec` generator)
///    and of one that does not otherwise. It is named
///    `random-<i>-<case seed>`, the case seed as `0x` and 16 lower-case
///    hexadecimal digits, which is what `batchcheck replay --case-seed` takes.
///
/// The pairs come first and do not count toward `count`, as in a check,
/// whose `--count` is its random cases.
///
/// Cases carry `name`, `old` and `new` only: no update (a generator under
/// test is to produce it) and no expectation. The same arguments give the
/// same cases, and `text` the same bytes, on every machine: every choice
/// comes from `SplitMix64`, and `Case.jsonLine` writes numbers and strings
/// by hand, in a fixed key order.
///
/// Out-of-range numbers are clamped as `CheckOptions` clamps them: a
/// negative `count` reads as 0, `maxSize` lies in 0...100,000 and
/// `exhaustiveTotal` in 0...10.
///
/// - Complexity: iterating makes one case at a time, O(*n*) for *n* rows,
///   and holds none of the cases before it.
public struct GeneratedCorpus: Sequence, Sendable {
  /// The total size of the exhaustive pairs when none is given: every pair
  /// with at most 5 rows in all, 416 pairs.
  public static let defaultExhaustiveTotal = 5

  /// The run seed; random case *i*'s seed is `SplitMix64.caseSeed(run: seed, index: i)`.
  public let seed: UInt64
  /// How many random cases follow the exhaustive pairs.
  public let count: Int
  /// The most rows a random case's sides start from (edits may add a few).
  public let maxSize: Int
  /// Whether random cases may have several sections a side.
  public let sections: Bool
  /// The exhaustive pairs are every pair with `old.count + new.count` at
  /// most this; 0 makes none (as 0 skips the engine's exhaustive phase).
  public let exhaustiveTotal: Int

  /// A corpus with the documented defaults, each overridable: the engine's
  /// default seed, count (10,000) and maximum size (300), one section a side,
  /// every pair up to 5 rows in all.
  public init(
    seed: UInt64 = CheckOptions.defaultSeed,
    count: Int = CheckOptions.defaultCount,
    maxSize: Int = CheckOptions.defaultMaxSize,
    sections: Bool = false,
    exhaustiveTotal: Int = GeneratedCorpus.defaultExhaustiveTotal
  ) {
    self.seed = seed
    self.count = Swift.max(0, count)
    self.maxSize = Swift.min(100_000, Swift.max(0, maxSize))
    self.sections = sections
    self.exhaustiveTotal = Swift.min(10, Swift.max(0, exhaustiveTotal))
  }

  /// The number of exhaustive pairs: the sum over *t* in 0...`exhaustiveTotal`
  /// of (*t* + 1) × Bell(*t*); 0 when `exhaustiveTotal` is 0.
  ///
  ///     GeneratedCorpus(exhaustiveTotal: 5).exhaustiveCount  // 416
  ///
  /// - Complexity: O(*t*²), where *t* is `exhaustiveTotal`.
  public var exhaustiveCount: Int {
    // Bell numbers by the Bell triangle: each row starts with the last
    // number of the row before, and its first number is Bell(t).
    var row = [1]
    var pairs = 0
    for total in 0...exhaustiveTotal where exhaustiveTotal > 0 {
      pairs += (total + 1) * row[0]
      var next = [row[row.count - 1]]
      for value in row { next.append(next[next.count - 1] + value) }
      row = next
    }
    return pairs
  }

  /// The number of cases: `exhaustiveCount + count`.
  public var caseCount: Int { exhaustiveCount + count }

  /// Random case `index` alone, named as in the corpus.
  ///
  ///     GeneratedCorpus(seed: 42, maxSize: 12).randomCase(7).name
  ///     // "random-7-0xccf635ee9e9e2fa4": case 7 of a run seeded 42, and its case seed
  ///
  /// - Parameter index: the case's index among the random cases, from 0.
  /// - Returns: the case; its rows are `GeneratedCase.make`'s.
  /// - Complexity: O(*n*), where *n* is the number of rows made.
  public func randomCase(_ index: Int) -> Case {
    let caseSeed = SplitMix64.caseSeed(run: seed, index: index)
    let generated = GeneratedCase.make(seed: caseSeed, maxSize: maxSize, sections: sections)
    return Case(
      name: "random-\(index)-\(hexSeed(caseSeed))", old: generated.old, new: generated.new)
  }

  /// The case file holding every case: one `Case.jsonLine` per case, each
  /// ending in a line break. Writing a large corpus line by line from the
  /// sequence keeps memory bounded; this holds it all.
  ///
  /// - Complexity: O(*n*), where *n* is the number of rows of all cases.
  public var text: String {
    var text = ""
    for testCase in self {
      text += testCase.jsonLine
      text += "\n"
    }
    return text
  }

  public func makeIterator() -> Iterator {
    Iterator(corpus: self)
  }

  /// Walks the exhaustive pairs, then the random cases, making each when asked.
  public struct Iterator: IteratorProtocol {
    let corpus: GeneratedCorpus
    var pairs: ExhaustivePairs.Iterator?
    var pairIndex = 0
    var randomIndex = 0

    init(corpus: GeneratedCorpus) {
      self.corpus = corpus
      if corpus.exhaustiveTotal > 0 {
        pairs = ExhaustivePairs(maxTotal: corpus.exhaustiveTotal).makeIterator()
      }
    }

    public mutating func next() -> Case? {
      if let pair = pairs?.next() {
        defer { pairIndex += 1 }
        return Case(name: "exhaustive-\(pairIndex)", old: [pair.old], new: [pair.new])
      }
      pairs = nil
      guard randomIndex < corpus.count else { return nil }
      defer { randomIndex += 1 }
      return corpus.randomCase(randomIndex)
    }
  }
}
