/// How a property check runs: its seed, its phases and their sizes.
///
///     var options = CheckOptions(seed: 42, count: 2_000)
///     options.exhaustiveTotal = 0          // no exhaustive phase
///     check(myGenerator, options: options).passed
///
/// A check runs three phases, in order: the regression corpus
/// (`regressions`), every pair up to `exhaustiveTotal` rows in all
/// (`ExhaustivePairs`), then `count` random cases (`GeneratedCase`). The
/// options decide the report completely: the same options give the same
/// report, bit for bit, whatever the number of workers.
///
/// Out-of-range numbers are clamped, never trapped on: a negative `count`,
/// `maxSize`, `shrinkBudget` or `proofBudget` reads as 0, `maxSize` is at
/// most 100,000, `exhaustiveTotal` at most 10 (1.3 million pairs),
/// `exhaustiveContentTotal` at most `exhaustiveTotal`, `smallAlphabetTotal`
/// at most 10, and `maxMoveRatio`
/// from 1 to `largestMoveRatio` (NaN reads as 1).
public struct CheckOptions: Sendable {
  /// The run seed used when none is given.
  public static let defaultSeed: UInt64 = 0x00BA_7C4E_C4EC_0001
  /// The number of random cases when none is given.
  public static let defaultCount = 10_000
  /// The size cap of random cases when none is given.
  public static let defaultMaxSize = 300
  /// The exhaustive phase's total size when none is given.
  public static let defaultExhaustiveTotal = 8
  /// The most calls of the failure predicate per shrink when none is given.
  public static let defaultShrinkBudget = 500
  /// The exhaustive phase's total size up to which contents vary, when none is given.
  public static let defaultExhaustiveContentTotal = 5
  /// The most calls of the search for a smaller failing pair when none is given.
  public static let defaultProofBudget = 2_000
  /// The most distinct ids of a pair of the small-alphabet family when none is given.
  public static let defaultSmallAlphabet = 3

  /// The run seed; each random case's seed derives from it and the case's
  /// index (`SplitMix64.caseSeed(run:index:)`).
  public var seed: UInt64
  /// How many random cases the random phase generates; 0 skips it.
  public var count: Int
  /// The most rows a random case's sides start from (edits may add a few).
  public var maxSize: Int
  /// The exhaustive phase tries every pair with `old.count + new.count` at
  /// most this; 0 skips the phase.
  public var exhaustiveTotal: Int
  /// Pairs of the exhaustive phase with at most this many rows in all also
  /// come with every way of changing the content of rows whose id is kept
  /// (`ExhaustivePairs.contentTotal`), so that content bugs are found by
  /// exhaustion; 0 for none. At most `exhaustiveTotal`; none in an
  /// identity-only run.
  public var exhaustiveContentTotal = CheckOptions.defaultExhaustiveContentTotal
  /// After the pairs of at most `exhaustiveTotal` rows, the exhaustive
  /// phase also tries every pair of more rows, up to this many in all,
  /// whose rows hold at most `smallAlphabet` distinct ids: the repeated ids
  /// that break diffs, at sizes a whole exhaustion could not afford
  /// (`ExhaustivePairs.smallAlphabetTotal`). 0 (the default) or a total at
  /// most `exhaustiveTotal` adds none; at most 10. The report's edit size
  /// leaves these cases out unless a waste limit measured them.
  ///
  ///     var options = CheckOptions(exhaustiveTotal: 6)
  ///     options.smallAlphabetTotal = 8   // 12,766 more pairs, of 7 and 8 rows
  public var smallAlphabetTotal = 0
  /// The most distinct ids of a pair of the small-alphabet family
  /// (`smallAlphabetTotal`); 3 by default, below 1 for no family.
  public var smallAlphabet = CheckOptions.defaultSmallAlphabet
  /// The regression corpus, replayed first: (old sections, new sections)
  /// pairs, as the command line reads them from case files.
  public var regressions: [(old: [[Row]], new: [[Row]])]
  /// The most calls of the failure predicate while shrinking one failure.
  public var shrinkBudget: Int
  /// The most calls of the failure predicate while searching for a smaller
  /// pair that fails the same way, after shrinking, when the exhaustive phase
  /// did not already try every smaller pair (`CheckFailure.minimality`).
  public var proofBudget = CheckOptions.defaultProofBudget
  /// How the simulated table judges each update.
  ///
  /// Its `identityOnly` is the run's (`CheckOptions.identityOnly`): a
  /// simulation that judges identities only makes the run identity-only.
  public var simulation: SimulationOptions {
    get {
      var simulation = simulationSettings
      simulation.identityOnly = identityOnly
      return simulation
    }
    set {
      simulationSettings = newValue
      if newValue.identityOnly { identityOnly = true }
    }
  }
  /// The simulation as set; its `identityOnly` is not read (`identityOnly` is).
  private var simulationSettings: SimulationOptions
  /// Whether the run ends at its first failing case, and reports that one
  /// failure only. False by default: every case runs, and the report lists
  /// each kind of failure once (verdict, rule and variant, or generator error
  /// kind), smallest first, each shrunk on its own, with how many cases
  /// failed that way.
  public var stopAtFirstFailure: Bool
  /// Whether the run is identity-only: random cases carry identity only
  /// (every row's content is its id, so no reload is ever owed), and every
  /// update is judged on identities only (`SimulationOptions.identityOnly`),
  /// so corpus pairs with content changes are not held against the
  /// generator either. For generators with no notion of content (`lcs`,
  /// `collection-difference`), which otherwise fail on the first content
  /// change (C2). The content-changes floor is then not enforced. Case *i*
  /// has the same shape either way.
  ///
  /// The run holds this one fact: `simulation.identityOnly` reads it, and
  /// a simulation set with `identityOnly` true sets it.
  public var identityOnly: Bool = false

  /// Holds every valid change to at most this many row moves per move
  /// needed: an update with more than `maxMoveRatio` ×
  /// `EditSize.fairMinimumMoves` moves (the fewest of an update reloading
  /// no more rows) fails, a failure of kind `waste` (`CheckFailure.waste`),
  /// shrunk like any other. When no move is needed (`fairMinimumMoves` is
  /// 0), any move fails. nil (the default): no limit.
  /// Below 1, or NaN, reads as 1 (exactly the fewest moves); above
  /// `largestMoveRatio`, infinity included, as `largestMoveRatio`.
  ///
  ///     var options = CheckOptions()
  ///     options.maxMoveRatio = 2   // at most twice the moves needed
  ///
  /// Staged batches and steps are measured as the whole change from old
  /// to new (`EditSize.init(old:new:changes:pairBudget:)`). Sections are
  /// compared index by index, as
  /// `EditSize` does: a generator that moves whole sections may issue
  /// fewer row moves than the minimum, never a false failure for that.
  public var maxMoveRatio: Double? = nil

  /// The largest `maxMoveRatio` a run holds to (larger ones read as it).
  public static let largestMoveRatio = 1_000_000_000.0

  /// Whether valid changes (one batch, staged batches or steps, the last two
  /// as the whole change) fail when they delete and insert again a
  /// row present on both sides: more deletes than `EditSize.minimumDeletes`
  /// plus the kept rows whose content changed (UIKit cannot reload a moved
  /// row, so a changed row may need a delete and an insert). A failure of
  /// kind `waste` (`CheckFailure.waste`). False (the default): no limit.
  public var rejectsUnneededDeletes = false

  /// This machine's share of the run (`Shard`); nil runs every case. A
  /// sharded run skips the coverage floors; `CheckReport.merging(_:)`
  /// applies them to the shards' merged report.
  public var shard: Shard?

  /// Called after each chunk of random cases with the number of random cases
  /// run so far and the number the phase will run at most; for progress
  /// displays. Calls come one at a time, from the task running the check.
  /// Reports do not depend on it.
  public var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?

  /// Called every 512 cases of the corpus and exhaustive phases, and once at
  /// the end of each (then `done == total`), with the phase, the cases it has
  /// run or skipped so far and, when known, how many it will run (nil for
  /// the exhaustive phase: `ExhaustivePairs` is walked, not counted); for
  /// progress displays. Calls come one at a time, from the task running the
  /// check. Reports do not depend on it.
  public var phaseProgress: (@Sendable (_ phase: CheckPhase, _ done: Int, _ total: Int?) -> Void)?

  /// The most cases of one phase the generator may fail with an error
  /// (`GeneratorError`: it crashed, hung, or answered something that is not
  /// an update) before the rest of the phase is skipped; nil (the default)
  /// for no limit. Each such case costs an external generator a restart, so
  /// a generator that crashes on a common class of input would otherwise
  /// take minutes: with a limit, the report lists the crash (shrunk as any
  /// failure), says how many cases did not run (`CheckReport.incomplete`)
  /// and is not a pass. Below 1 reads as 1. The command line sets it, with
  /// a default of its own.
  public var maxCrashes: Int?

  /// Asked before each case; once it answers true the run ends where it
  /// is: cases still in flight are dropped, failures found so far are
  /// listed unshrunk, and the report is marked partial
  /// (`IncompletePhase.Reason.interrupted`). The command line sets it on
  /// Ctrl-C, SIGTERM and SIGHUP. Nil (the default) never stops.
  public var shouldStop: (@Sendable () -> Bool)?

  /// The generation mixture; `.standard` except in the engine's own tests.
  var mixture: GenerationMixture = .standard

  /// Options with the documented defaults, each overridable.
  public init(
    seed: UInt64 = CheckOptions.defaultSeed,
    count: Int = CheckOptions.defaultCount,
    maxSize: Int = CheckOptions.defaultMaxSize,
    exhaustiveTotal: Int = CheckOptions.defaultExhaustiveTotal,
    regressions: [(old: [[Row]], new: [[Row]])] = [],
    shrinkBudget: Int = CheckOptions.defaultShrinkBudget,
    simulation: SimulationOptions = .default,
    stopAtFirstFailure: Bool = false,
    identityOnly: Bool = false
  ) {
    self.seed = seed
    self.count = count
    self.maxSize = maxSize
    self.exhaustiveTotal = exhaustiveTotal
    self.regressions = regressions
    self.shrinkBudget = shrinkBudget
    self.simulationSettings = simulation
    self.stopAtFirstFailure = stopAtFirstFailure
    // Asked for either way, by the option or by the simulation's.
    self.identityOnly = identityOnly || simulation.identityOnly
  }

  /// The exhaustive phase's pairs as a run of these options makes them
  /// (clamped, no content changes in an identity-only run, the
  /// small-alphabet family last); nil when the phase is skipped.
  package var exhaustivePairs: ExhaustivePairs? {
    let options = clamped
    guard options.exhaustiveTotal > 0 else { return nil }
    return ExhaustivePairs(
      maxTotal: options.exhaustiveTotal, contentTotal: options.exhaustiveContentTotal,
      smallAlphabetTotal: options.smallAlphabetTotal, smallAlphabet: options.smallAlphabet)
  }

  /// The options with every number inside its documented range.
  var clamped: CheckOptions {
    var options = self
    options.count = max(0, count)
    options.maxSize = GeneratedCase.clampSize(maxSize)
    options.exhaustiveTotal = min(10, max(0, exhaustiveTotal))
    options.smallAlphabetTotal = min(10, max(0, smallAlphabetTotal))
    options.shrinkBudget = max(0, shrinkBudget)
    options.proofBudget = max(0, proofBudget)
    options.maxCrashes = maxCrashes.map { max(1, $0) }
    options.exhaustiveContentTotal =
      identityOnly ? 0 : min(options.exhaustiveTotal, max(0, exhaustiveContentTotal))
    if let ratio = maxMoveRatio {
      options.maxMoveRatio = ratio >= 1 ? min(ratio, Self.largestMoveRatio) : 1
    }
    return options
  }

  /// The waste limits of the run.
  var wasteLimits: WasteLimits {
    WasteLimits(maxMoveRatio: maxMoveRatio, rejectsUnneededDeletes: rejectsUnneededDeletes)
  }
}
