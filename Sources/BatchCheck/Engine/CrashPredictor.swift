/// Which cases a generator will crash or hang on, learned from the smallest
/// case of each such kind, so that a phase can skip them instead of
/// restarting the generator for each.
///
/// A case that crashes gives no update, so it cannot show any other kind
/// of failure: skipping the cases that would crash loses nothing, as long as
/// the prediction is right. The prediction: a case that *contains* a
/// smallest crashing case crashes the same way. Containment counts rows by
/// id and ignores order and content: the smallest case's ids can be mapped,
/// one to one, to ids of the case that occur at least as often in old and
/// in new. `[] -> [a, a, a]` (a crash on an id three times over) is
/// contained in every case whose new side holds some id three times.
///
/// The prediction is checked as the phase goes on: some predicted cases
/// run anyway (probes, `isProbe`). A pattern whose probes do not
/// fail as predicted (two misses, and more than one miss in five probes) is
/// dropped, and its cases run again as usual.
struct CrashPredictor: Sendable {
  /// One smallest crashing case, as what it needs of a case.
  struct Pattern: Sendable {
    /// How it fails.
    var kind: FailureKind
    /// Its rows: per id, how many in old and in new, the most demanding first.
    var demands: [(old: Int, new: Int)]
    /// The smallest case itself, for the report, and how the shrinker found it.
    var old: [[Row]]
    var new: [[Row]]
    var shrinkCalls = 0
    var shrinkImprovements = 0
    var hits = 0
    var misses = 0
    /// Whether the probes still agree with it.
    var trusted: Bool { misses < 2 || misses * 5 <= hits + misses }
  }

  /// Whether the `count`th predicted case runs anyway, as a probe: the
  /// 1st, 2nd, 4th, 8th, 16th...: a wrong prediction shows early, and a
  /// right one costs a dozen or so crashes however many cases it skips.
  static func isProbe(_ count: Int) -> Bool {
    count & (count - 1) == 0
  }

  private(set) var patterns: [Pattern] = []
  /// Predicted cases seen, to pick the probes.
  private var predicted = 0
  /// Probes sent whose outcome is not recorded yet.
  private var outstanding = 0

  /// Whether a probe's outcome is awaited: a phase then runs no further
  /// predicted case until it knows (cases in flight would otherwise skip
  /// the rest of a phase on a prediction no probe has checked yet).
  var awaitingProbe: Bool { outstanding > 0 }

  /// Whether it knows `kind`'s smallest case.
  func knows(_ kind: FailureKind) -> Bool {
    patterns.contains { $0.kind == kind }
  }

  /// The learned smallest case of `kind`, if any.
  func learned(_ kind: FailureKind) -> Pattern? {
    patterns.first { $0.kind == kind }
  }

  /// Learns a smallest case of a generator error, as the shrinker found it.
  mutating func learn(_ kind: FailureKind, shrunk: ShrinkResult) {
    learn(kind, old: shrunk.old, new: shrunk.new)
    patterns[patterns.count - 1].shrinkCalls = shrunk.calls
    patterns[patterns.count - 1].shrinkImprovements = shrunk.improvements
  }

  /// Learns a smallest case of a generator error.
  mutating func learn(_ kind: FailureKind, old: [[Row]], new: [[Row]]) {
    guard !knows(kind) else { return }
    let demands = Self.idCounts(old, new).sorted { ($0.old + $0.new) > ($1.old + $1.new) }
    patterns.append(Pattern(kind: kind, demands: demands, old: old, new: new))
  }

  /// What a phase does with a case.
  enum Decision {
    /// Run it as usual: it contains no trusted pattern.
    case run
    /// Run it anyway, as a probe of the pattern at this index.
    case probe(Int)
    /// Skip it: it contains a pattern, so it would crash so.
    case skip
    /// Hold it back: it contains a pattern, and a probe's outcome is awaited.
    case hold
  }

  /// What a phase does with a case: the one place the prediction, the
  /// probes and the wait for them are decided, for every phase.
  mutating func decide(old: [[Row]], new: [[Row]]) -> Decision {
    guard let index = pattern(containedIn: old, new) else { return .run }
    guard !awaitingProbe else { return .hold }
    predicted &+= 1
    guard Self.isProbe(predicted) else { return .skip }
    outstanding &+= 1
    return .probe(index)
  }

  /// The first trusted pattern the case contains, if any.
  func pattern(containedIn old: [[Row]], _ new: [[Row]]) -> Int? {
    guard patterns.contains(where: \.trusted) else { return nil }
    let available = Self.idCounts(old, new)
    return patterns.indices.first {
      patterns[$0].trusted && Self.embeds(patterns[$0].demands, in: available)
    }
  }

  /// Per id of the case, how many rows it has in old and in new.
  private static func idCounts(_ old: [[Row]], _ new: [[Row]]) -> [(old: Int, new: Int)] {
    var counts: [RowValue: (old: Int, new: Int)] = [:]
    for row in old.joined() { counts[row.id, default: (0, 0)].old += 1 }
    for row in new.joined() { counts[row.id, default: (0, 0)].new += 1 }
    return Array(counts.values)
  }

  /// Each pattern in words: `crashed on [[]] -> [["a","a","a"]] and every
  /// case that contains it: 12 of 12 probes failed so`.
  var summary: [String] {
    patterns.map { pattern in
      let outcome: String
      switch pattern.kind {
      case .generatorError(let error): outcome = error.rawValue
      case .verdict(let verdict, _, _): outcome = verdict.rawValue
      case .waste: outcome = "waste"
      case .coverage: outcome = "coverage"
      }
      let probes = pattern.hits + pattern.misses
      return
        "\(outcome) on \(CaseJSON.sections(pattern.old)) -> \(CaseJSON.sections(pattern.new)) and every case"
        + " that contains it: \(pattern.hits) of \(counted(probes, "probe")) failed so"
        + (pattern.trusted ? "" : "; too few, so its cases ran again")
    }
  }

  /// Records a probe's outcome: whether it failed as `pattern` predicted.
  mutating func record(probe pattern: Int, failedAsPredicted: Bool) {
    outstanding = max(0, outstanding - 1)
    guard patterns.indices.contains(pattern) else { return }
    if failedAsPredicted { patterns[pattern].hits += 1 } else { patterns[pattern].misses += 1 }
  }

  /// Whether each demand can be given its own id of `available` with at
  /// least as many rows in old and in new: a bipartite matching, by
  /// augmenting paths (the demands are the few ids of a smallest case).
  ///
  /// - Complexity: O(*d*² × *a*) for *d* demands and *a* ids available.
  static func embeds(_ demands: [(old: Int, new: Int)], in available: [(old: Int, new: Int)])
    -> Bool
  {
    guard demands.count <= available.count else { return false }
    var owner = [Int](repeating: -1, count: available.count)
    for demand in demands.indices {
      var visited = [Bool](repeating: false, count: available.count)
      guard augment(demand, demands, available, &owner, &visited) else { return false }
    }
    return true
  }

  private static func augment(
    _ demand: Int, _ demands: [(old: Int, new: Int)], _ available: [(old: Int, new: Int)],
    _ owner: inout [Int], _ visited: inout [Bool]
  ) -> Bool {
    let need = demands[demand]
    for id in available.indices where !visited[id] {
      guard available[id].old >= need.old, available[id].new >= need.new else { continue }
      visited[id] = true
      if owner[id] < 0 || augment(owner[id], demands, available, &owner, &visited) {
        owner[id] = demand
        return true
      }
    }
    return false
  }
}
