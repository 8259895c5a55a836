/// Shrinks a failing pair of snapshot models to one where no single step
/// still fails the same way: sections dropped or merged, the rows of a key
/// dropped from both sides, rows dropped from each side (halves, quarters,
/// ... single rows), contents made 0, keys and section ids merged, and
/// every name made canonical (`a`, `b`, ...; sections `0`, `1`, ...).
///
///     let shrunk = SnapshotShrinker.shrink(pair, budget: 500, contentInIdentity: false) {
///       trial.run($0).kind == kind
///     }
///     shrunk.pair              // the smallest pair found
///     shrunk.isLocalMinimum    // every single step tried and refused
///
/// Every kept candidate is smaller in `SnapshotPairOrder` (rows, then
/// sections, then keys, section ids, changed contents, then the shape and
/// the names), so the shrink ends. A candidate refused once is never asked
/// again. At the fixpoint every step's every candidate was refused or is
/// not smaller: the pair is minimal in the sense of those steps, which is
/// what `isLocalMinimum` says unless the budget ran out first.
///
/// - Complexity: at most `budget` calls of `fails`; a round makes
///   O(*s* + *k*² + *n* + *c*) candidates for *s* sections, *k* keys, *n* rows
///   and *c* changed contents, each O(*n*) to make.
enum SnapshotShrinker {
  static func shrink(
    _ pair: SnapshotModelPair, budget: Int, contentInIdentity: Bool,
    fails: (SnapshotModelPair) -> Bool
  ) -> SnapshotShrinkResult {
    withoutActuallyEscaping(fails) { fails in
      var run = SnapshotShrinkRun(
        start: pair, budget: budget, contentInIdentity: contentInIdentity, fails: fails)
      run.run()
      return SnapshotShrinkResult(
        pair: run.best, calls: run.calls, improvements: run.improvements,
        budgetExhausted: run.exhausted)
    }
  }
}

/// What a snapshot shrink found.
struct SnapshotShrinkResult: Hashable, Sendable {
  /// The smallest pair that still fails the same way.
  let pair: SnapshotModelPair
  /// Runs of the code.
  let calls: Int
  /// Candidates kept.
  let improvements: Int
  /// Whether a candidate went untried for want of budget.
  let budgetExhausted: Bool

  /// Whether every single step of the pair was tried and none still fails.
  var isLocalMinimum: Bool { !budgetExhausted }
}

/// The order a snapshot shrink lowers: rows, sections, distinct keys,
/// distinct section ids, changed contents and their sum, then the shape
/// (each side's section count and sizes), then the names in canonical
/// order (section ids as numbers, keys `a` < `b` < ... < `z` < `v26`...).
///
///     SnapshotPairOrder(pair).rows  // the rows of both sides
struct SnapshotPairOrder: Comparable, Hashable {
  let counts: [Int]
  let shape: [Int]
  let names: [Int]

  var rows: Int { counts[0] }

  init(_ pair: SnapshotModelPair) {
    var keys = Set<String>()
    var sectionIDs = Set<Int>()
    var rows = 0
    var contents = 0
    var contentSum = 0
    var shape: [Int] = []
    var names: [Int] = []
    for side in [pair.old, pair.new] {
      shape.append(side.sections.count)
      for section in side.sections {
        sectionIDs.insert(section.id)
        shape.append(section.rows.count)
        names.append(section.id)
        for row in section.rows {
          rows += 1
          keys.insert(row.key)
          if row.content != 0 { contents += 1 }
          contentSum += row.content
          names.append(Self.rank(row.key))
          names.append(row.content)
        }
      }
    }
    let sections = pair.old.sections.count + pair.new.sections.count
    counts = [rows, sections, keys.count, sectionIDs.count, contents, contentSum]
    self.shape = shape
    self.names = names
  }

  /// A key's place among the canonical names: `a` 0 ... `z` 25, `v26` 26...
  static func rank(_ key: String) -> Int {
    let scalars = Array(key.unicodeScalars)
    if scalars.count == 1, ("a"..."z").contains(scalars[0]) {
      return Int(scalars[0].value) - 97
    }
    if key.hasPrefix("v"), let number = Int(key.dropFirst()), number >= 26 { return number }
    return Int.max
  }

  static func < (lhs: SnapshotPairOrder, rhs: SnapshotPairOrder) -> Bool {
    if lhs.counts != rhs.counts { return lhs.counts.lexicographicallyPrecedes(rhs.counts) }
    if lhs.shape != rhs.shape { return lhs.shape.lexicographicallyPrecedes(rhs.shape) }
    return lhs.names.lexicographicallyPrecedes(rhs.names)
  }
}

/// One shrink: the best pair so far, the calls made, the candidates refused.
struct SnapshotShrinkRun {
  let budget: Int
  let contentInIdentity: Bool
  let fails: (SnapshotModelPair) -> Bool
  var best: SnapshotModelPair
  var bestOrder: SnapshotPairOrder
  var calls = 0
  var improvements = 0
  var exhausted = false
  var refused: Set<SnapshotModelPair> = []

  init(
    start: SnapshotModelPair, budget: Int, contentInIdentity: Bool,
    fails: @escaping (SnapshotModelPair) -> Bool
  ) {
    self.budget = budget
    self.contentInIdentity = contentInIdentity
    self.fails = fails
    best = start
    bestOrder = SnapshotPairOrder(start)
  }

  /// Keeps `candidate` (normalised) when it is smaller than `best`, not
  /// refused before, within budget, and still fails.
  @discardableResult
  mutating func attempt(_ candidate: SnapshotModelPair) -> Bool {
    guard !exhausted else { return false }
    let candidate = candidate.normalized(contentInIdentity: contentInIdentity)
    let order = SnapshotPairOrder(candidate)
    guard order < bestOrder, !refused.contains(candidate) else { return false }
    guard calls < budget else {
      exhausted = true
      return false
    }
    calls += 1
    guard fails(candidate) else {
      refused.insert(candidate)
      return false
    }
    best = candidate
    bestOrder = order
    improvements += 1
    return true
  }

  /// The passes, round after round, until a round keeps nothing.
  mutating func run() {
    while !exhausted {
      let before = improvements
      dropSections()
      mergeSections()
      dropKeys()
      dropRows(\.new)
      dropRows(\.old)
      simplifyContents()
      mergeKeys()
      mergeSectionIDs()
      rename()
      if improvements == before { break }
    }
  }
}
