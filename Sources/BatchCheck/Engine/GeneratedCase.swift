/// One random case of the property engine: old and new sections, made from a seed.
///
///     let c = GeneratedCase.make(seed: 0x2a)
///     GeneratedCase.make(seed: 0x2a) == c   // true: the seed is the case
///
/// The mixture, drawn per case with `SplitMix64(seed:)` (probabilities exact):
///
/// 1. **Alphabet**, uniformly one of 1, 2, 3, 4, 8, 16 and "huge"
///    (1,000,000): row ids are `.int` values in `0..<alphabet`, so small
///    alphabets repeat rows and the huge one almost never does.
/// 2. **Size** of old (in rows): 50% uniform in 0...4, 35% in 0...32,
///    15% in 0...`maxSize` (each capped at `maxSize`).
/// 3. **Rows**: id drawn from the alphabet; content equal to the id, except
///    one row in 8 whose content is `-1` (a row already showing other content).
/// 4. **Sections**, only when `sections` is true: half of the cases have 2 to
///    4 old sections (uniformly), cut at random points, so empty sections occur.
/// 5. **New**, from old:
///    - 60% **edits**: 1 to 4 runs (uniformly), each of 1 to 3 adjacent rows
///      (uniformly, as many as there are). One section: insert 25%, delete
///      25%, move 20%, replace (a fresh id) 15%, content change 15% (the id
///      stays, the content toggles between the id and `-1`: an owed reload).
///      Several sections: insert 20%, delete 20%, move 15% (to any section,
///      so rows cross sections), replace 10%, content change 10%, section
///      insert 8% (0 to 3 fresh rows), section delete 8%, section move 9%.
///    - 15% **independent**: fresh rows, a fresh size drawn as in 2 (and 1
///      to 4 sections when sectioned).
///    - 10% **shuffled**: old's rows permuted, each section keeping its size.
///    - 15% **extreme**, a third each: empty (no rows; with sections, half
///      the time no sections either), identical, reversed (sections and rows).
/// 6. **Sides swapped** half the time.
///
/// Without `sections`, both sides always have exactly one section. With
/// `identityOnly`, every row's content is its id (the draws are the same, so
/// the case has the same shape; content changes just do not happen).
public struct GeneratedCase: Hashable, Sendable {
  /// The rows before the update, as sections.
  public var old: [[Row]]
  /// The rows after the update, as sections.
  public var new: [[Row]]

  /// A case of these old and new sections.
  public init(old: [[Row]], new: [[Row]]) {
    self.old = old
    self.new = new
  }

  /// The alphabet size standing for "huge": rows almost always distinct.
  static let hugeAlphabet = 1_000_000

  /// The case made from `seed`; the same seed gives the same case everywhere.
  ///
  ///     GeneratedCase.make(seed: SplitMix64.caseSeed(run: 1, index: 7))
  ///     // case 7 of a run with seed 1, exactly as the run made it
  ///
  /// - Parameters:
  ///   - seed: the case seed (`SplitMix64.caseSeed(run:index:)` in a run).
  ///   - maxSize: the most rows old starts from, clamped to 0...100,000.
  ///   - sections: whether to make cases of several sections (for a
  ///     `SectionedDeltaGenerator`).
  ///   - identityOnly: whether every row's content is its id, so no reload
  ///     is ever owed (for generators with no notion of content).
  /// - Complexity: O(*n*), where *n* is the number of rows made (at most
  ///   about 2 × `maxSize` + 12).
  public static func make(
    seed: UInt64, maxSize: Int = CheckOptions.defaultMaxSize, sections: Bool = false,
    identityOnly: Bool = false
  ) -> GeneratedCase {
    make(
      seed: seed, maxSize: maxSize, sections: sections, mixture: .standard,
      identityOnly: identityOnly)
  }

  /// `make(seed:maxSize:sections:identityOnly:)` with a mixture
  /// other than the standard one.
  static func make(
    seed: UInt64, maxSize: Int, sections: Bool, mixture: GenerationMixture, identityOnly: Bool
  ) -> GeneratedCase {
    var builder = CaseBuilder(
      seed: seed, maxSize: clampSize(maxSize), mixture: mixture, identityOnly: identityOnly)
    return builder.build(sections: sections)
  }

  /// The case of `seed` as a run with `options` makes it: its size limit,
  /// mixture and mode.
  static func make(seed: UInt64, sections: Bool, options: CheckOptions) -> GeneratedCase {
    make(
      seed: seed, maxSize: options.maxSize, sections: sections, mixture: options.mixture,
      identityOnly: options.identityOnly)
  }

  /// `maxSize` inside 0...100,000.
  static func clampSize(_ size: Int) -> Int { min(100_000, max(0, size)) }

  /// The number of rows in old and new together.
  var rowCount: Int {
    old.reduce(0) { $0 &+ $1.count } &+ new.reduce(0) { $0 &+ $1.count }
  }
}

/// The knobs of the mixture that the engine's tests turn to cripple
/// generation on purpose (and see the coverage floors trip).
struct GenerationMixture: Hashable, Sendable {
  /// The alphabet sizes, drawn uniformly.
  var alphabets: [Int]
  /// The percentage of sectioned cases with several old sections.
  var severalSectionsPercent = 50

  /// The mixture `GeneratedCase` documents.
  static let standard = GenerationMixture(alphabets: [
    1, 2, 3, 4, 8, 16, GeneratedCase.hugeAlphabet,
  ])
}

/// Makes one case from a seed; every random choice comes from `random`, in a
/// fixed order, so the seed decides the case.
struct CaseBuilder {
  var random: SplitMix64
  let maxSize: Int
  let mixture: GenerationMixture
  /// Whether every row's content stays its id (`CheckOptions.identityOnly`).
  let identityOnly: Bool
  /// This case's alphabet size, at least 1.
  var alphabet = 1

  init(seed: UInt64, maxSize: Int, mixture: GenerationMixture, identityOnly: Bool) {
    random = SplitMix64(seed: seed)
    self.maxSize = maxSize
    self.mixture = mixture
    self.identityOnly = identityOnly
  }

  mutating func build(sections: Bool) -> GeneratedCase {
    let alphabets = mixture.alphabets
    alphabet = alphabets.isEmpty ? 1 : max(1, alphabets[random.below(alphabets.count)])
    let multi = sections && random.below(100) < mixture.severalSectionsPercent
    let oldRows = freshRows(drawSize(), changingContent: true)
    let old = multi ? split(oldRows, into: 2 + random.below(3)) : [oldRows]
    let new: [[Row]]
    let draw = random.below(100)
    if draw < 60 {
      var edited = old
      for _ in 0...random.below(4) { applyRun(&edited, multi: multi) }
      new = edited
    } else if draw < 75 {
      let rows = freshRows(drawSize(), changingContent: true)
      new = multi ? split(rows, into: 1 + random.below(4)) : [rows]
    } else if draw < 85 {
      new = shuffled(old)
    } else {
      switch random.below(3) {
      case 0: new = multi && random.below(2) == 0 ? [] : old.map { _ in [] }
      case 1: new = old
      default: new = old.reversed().map { $0.reversed() }
      }
    }
    return random.below(2) == 0
      ? GeneratedCase(old: new, new: old) : GeneratedCase(old: old, new: new)
  }

  /// 50% in 0...4, 35% in 0...32, 15% in 0...maxSize; capped at maxSize.
  mutating func drawSize() -> Int {
    let band = random.below(100)
    let top = band < 50 ? 4 : band < 85 ? 32 : maxSize
    return random.upTo(min(top, maxSize))
  }

  /// A row with a fresh id from the alphabet, its content the id.
  @inline(__always)
  mutating func freshRow() -> Row {
    let id = RowValue.int(random.below(alphabet))
    return Row(id: id, content: id)
  }

  /// `count` fresh rows; with `changingContent`, one in 8 has content `-1`.
  mutating func freshRows(_ count: Int, changingContent: Bool) -> [Row] {
    var rows: [Row] = []
    rows.reserveCapacity(count)
    for _ in 0..<count {
      var row = freshRow()
      if changingContent, random.below(8) == 0, !identityOnly { row.content = .int(-1) }
      rows.append(row)
    }
    return rows
  }

  /// `rows` cut into `count` sections at random points (empty sections allowed).
  mutating func split(_ rows: [Row], into count: Int) -> [[Row]] {
    var cuts = (1..<max(1, count)).map { _ in random.upTo(rows.count) }
    cuts.sort()
    var sections: [[Row]] = []
    var start = 0
    for cut in cuts {
      sections.append(Array(rows[start..<cut]))
      start = cut
    }
    sections.append(Array(rows[start...]))
    return sections
  }

  /// The rows of `sections` permuted (Fisher–Yates), each section keeping its size.
  mutating func shuffled(_ sections: [[Row]]) -> [[Row]] {
    var rows = Array(sections.joined())
    var index = rows.count - 1
    while index > 0 {
      rows.swapAt(index, random.upTo(index))
      index -= 1
    }
    var result: [[Row]] = []
    var start = 0
    for section in sections {
      result.append(Array(rows[start..<(start + section.count)]))
      start += section.count
    }
    return result
  }
}

extension GeneratedCase {
  /// The rows on screen that random case `seed` is also judged with, when
  /// its generator reloads or reconfigures rows; nil for most cases.
  ///
  /// One case in eight with at least two old rows gets a window: a run of
  /// its old rows, in (section, row) order, that leaves at least one row off
  /// screen (or, now and then, no row on screen at all). It comes from a
  /// stream of its own, so the case's rows are those of a run without
  /// windows, and it depends on the seed and the old rows alone, so replays
  /// and shrinks see the same window.
  ///
  /// - Complexity: O(*s*), where *s* is the number of old sections.
  static func window(seed: UInt64, old: [[Row]]) -> VisibleRows? {
    var random = SplitMix64(seed: seed ^ 0x0E57_0FF5_C4EE_4EE1)
    guard random.next() % 8 == 0 else { return nil }
    let total = old.reduce(0) { $0 &+ $1.count }
    guard total >= 2 else { return nil }
    if random.next() % 8 == 0 { return VisibleRows.none }
    let length = 1 + Int(random.next() % UInt64(total - 1))  // 1...total - 1
    let first = Int(random.next() % UInt64(total - length + 1))
    /// The old row at position `index` of the (section, row) order.
    func path(_ index: Int) -> RowPath {
      var rest = index
      for (section, rows) in old.enumerated() {
        if rest < rows.count { return RowPath(section: section, row: rest) }
        rest -= rows.count
      }
      return RowPath(section: old.count, row: 0)
    }
    return .range(first: path(first), last: path(first + length - 1))
  }
}
