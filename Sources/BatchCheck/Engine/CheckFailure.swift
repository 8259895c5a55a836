/// The phase of a check a case belongs to.
public enum CheckPhase: String, Hashable, Sendable, CaseIterable {
  /// The regression corpus, replayed first.
  case corpus
  /// Every pair up to a small total size (`ExhaustivePairs`).
  case exhaustive
  /// The seeded random cases (`GeneratedCase`).
  case random
}

/// One failure of a check, shrunk, with what a person needs to act on it.
///
///     let failure = check(LCS2013Generator()).failures[0]
///     failure.verdict?.rule   // C1
///     failure.old             // [[0]]
///     failure.new             // [[1, 0, 1]]
///     failure.corpusLine      // {"name":"lcs-2013-exhaustive-...",...}
///
/// A case failure has a `verdict` (the update was not valid) or an `error`
/// (the generator threw); a waste failure has a valid `verdict` and `waste`
/// (the update breached a waste limit of the run: `CheckOptions.maxMoveRatio`,
/// `CheckOptions.rejectsUnneededDeletes`). A coverage failure has
/// `coverage` instead, and no rows: the random phase stopped generating
/// something it must.
public struct CheckFailure: Hashable, Sendable {
  /// The phase the failing case came from.
  public let phase: CheckPhase
  /// The failing case's index in its phase: its position in the regression
  /// list, in `ExhaustivePairs` order, or its random case index. nil for a
  /// coverage failure and for a replayed case.
  public let index: Int?
  /// The random case's seed; nil in the corpus and exhaustive phases.
  public let caseSeed: UInt64?
  /// The verdict on the generator's update for the minimal pair (valid for
  /// a waste failure); nil when the generator threw, and for coverage.
  public package(set) var verdict: Verdict?
  /// Why the generator gave no update for the minimal pair.
  public let error: GeneratorError?
  /// The statistic below its floor, for a coverage failure.
  public let coverage: CoverageStatistic?
  /// The minimal old sections found by shrinking.
  public let old: [[Row]]
  /// The minimal new sections found by shrinking.
  public let new: [[Row]]
  /// The generator's update for the minimal pair, when its changes are one
  /// batch; nil when it threw.
  public let update: BatchUpdate?
  /// The generator's changes for the minimal pair, when the run judged them
  /// through `ContractGenerator` (staged batches, sequential steps, or any
  /// changes under a contract other than their own); nil otherwise.
  public package(set) var changes: ContractChanges? = nil
  /// Another contract under which the same changes are valid; nil when none
  /// is (or the run was not a contract run).
  public package(set) var validUnder: Contract? = nil
  /// What to do when `validUnder` is set: `valid as sequential steps, not as
  /// one batch: apply it step by step or convert it`.
  public package(set) var advice: String? = nil
  /// Rows of old and new together, before shrinking.
  public package(set) var originalSize: Int
  /// How many times shrinking ran the case.
  public package(set) var shrinkCalls: Int
  /// How many smaller cases shrinking accepted.
  public package(set) var shrinkImprovements: Int
  /// How many cases of the phase failed this way (1 when the run stops at
  /// the first failure).
  public package(set) var occurrences: Int
  /// The simulation of `update` on the minimal pair, step by step
  /// (`SimulatedTableView.trace`); empty when the generator threw.
  public package(set) var trace: [String]
  /// How to run the failure again, as data: the generator, the case seed,
  /// the minimal pair and the options that matter. nil for coverage; a
  /// report's JSON keeps it (`recipe`). The package sets it, which renders
  /// `replayCommand` in Swift (`ReplayRecipe.swiftCall`).
  public package(set) var replay: ReplayRecipe? {
    get { replayStore.recipe }
    set { replayStore = ReplayStore(recipe: newValue, text: newValue?.swiftCall) }
  }
  /// How to run the failure again, as the report's front end gives it: in
  /// Swift (the engine's own form), for every case failure, the one-pair
  /// check of the minimal pair as literals (`ReplayRecipe.swiftCall`); the
  /// command line replaces it with its `batchcheck replay` command for a
  /// random-phase failure, nil otherwise (`corpusLine` replays it). Text
  /// the package sets here replaces the recipe.
  public package(set) var replayCommand: String? {
    get { replayStore.text }
    set { replayStore = ReplayStore(recipe: nil, text: newValue) }
  }
  /// The replay: a recipe and its text as the front end rendered it, or
  /// text read back from a report.
  private var replayStore = ReplayStore(recipe: nil, text: nil)
  /// The minimal pair as a regression case, one line of the case format:
  /// the pair with no changes and `"expect":{"verdict":"valid"}`, what a
  /// right diff gives. Added to a regression corpus and run by `batchcheck
  /// corpus check`, it fails while the bug lives and passes once it is
  /// fixed. nil for coverage.
  public package(set) var corpusLine: String?
  /// The failing case as it happened, one line of the case format: the
  /// pair, the generator's changes for it and, as `expect`, the verdict they
  /// got, so that `batchcheck validate` shows the failure without the
  /// generator. nil for coverage.
  public package(set) var caseLine: String? = nil
  /// The rows on screen (old space) the failing case was judged with: a
  /// random case's window, or every row.
  public package(set) var visibleRows: VisibleRows = .all
  /// What went wrong, in a sentence: UIKit's message, BatchCheck's, the
  /// generator error's, or the coverage shortfall.
  public package(set) var message: String
  /// What tells a failing verdict apart from others of its kind and rule
  /// (`FailureKind.variant` gives every kind's): the failing stage's or
  /// step's work, or reordered rows; nil otherwise.
  package var verdictVariant: FailureVariant? = nil
  /// Where in the changes the failure happened, when the contract has
  /// stages or steps: the failing stage's or step's number, from 1; nil for
  /// one batch, for changes that failed as a whole, and when not known.
  public package(set) var position: ChangesPosition? = nil
  /// The waste limit the valid update for the minimal pair breaches, with
  /// its numbers; nil for every other kind of failure.
  public package(set) var waste: WasteBreach? = nil
  /// How far the search for a smaller pair that fails the same way went,
  /// after shrinking; nil when it is left to `CheckReport.merging(_:)` (a
  /// shard's report) or for coverage.
  public package(set) var minimality: MinimalitySearch? = nil

  /// A failure with every field given, as a report's JSON holds it.
  package init(
    phase: CheckPhase, index: Int?, caseSeed: UInt64?, verdict: Verdict?, error: GeneratorError?,
    coverage: CoverageStatistic?, old: [[Row]], new: [[Row]], update: BatchUpdate?,
    changes: ContractChanges? = nil, validUnder: Contract? = nil, advice: String? = nil,
    originalSize: Int, shrinkCalls: Int, shrinkImprovements: Int, occurrences: Int,
    trace: [String], replayCommand: String?, corpusLine: String?, message: String
  ) {
    self.phase = phase
    self.index = index
    self.caseSeed = caseSeed
    self.verdict = verdict
    self.error = error
    self.coverage = coverage
    self.old = old
    self.new = new
    self.update = update
    self.changes = changes
    self.validUnder = validUnder
    self.advice = advice
    self.originalSize = originalSize
    self.shrinkCalls = shrinkCalls
    self.shrinkImprovements = shrinkImprovements
    self.occurrences = occurrences
    self.trace = trace
    self.corpusLine = corpusLine
    self.message = message
    self.replayCommand = replayCommand
  }

  /// Sets the replay to `recipe`, which a front end's reports give as
  /// `text` (`replayCommand`): the command line's own rendering of it.
  package mutating func setReplay(_ recipe: ReplayRecipe, text: String?) {
    replayStore = ReplayStore(recipe: recipe, text: text)
  }

  /// What a report says as the replay of a failure that has no replay
  /// command: its corpus line replays it.
  package static let corpusReplay =
    "add the corpus line below to a regression corpus and run batchcheck corpus check on it:"
    + " it fails until the diff is right"

  /// The rows of `old` and `new` together: the failure's size.
  public var rowCount: Int { GeneratedCase(old: old, new: new).rowCount }

  /// Whether no pair with fewer rows fails this way: every pair of one
  /// section a side with fewer rows was tried (`minimality`): values
  /// canonicalised, contents varied up to `MinimalitySearch.contentRows`.
  /// For a generator that diffs several sections, pairs of several sections
  /// are not part of the search.
  public var isProvenMinimal: Bool {
    guard let minimality else { return false }
    return minimality.rows >= rowCount - 1
  }

  /// What kind of failure this is: a failing verdict with its rule and
  /// variant, a generator error, a waste breach or a coverage shortfall.
  /// Its `description` is the failure's headline in every report.
  public var kind: FailureKind {
    if let coverage { return .coverage(coverage) }
    return FailureKind(verdict: verdict, error: error, variant: verdictVariant, waste: waste)
      ?? .verdict(verdict?.kind ?? .valid, verdict?.rule, verdictVariant)
  }

  /// What tells the failure apart from others of its kind and rule
  /// (`FailureKind.variant`): the failing stage's or step's work, reordered
  /// rows, or the waste limit breached; nil otherwise.
  public var variant: FailureVariant? { kind.variant }

  /// The verdict's rule (`R2`, `C1`); nil otherwise.
  public var rule: Rule? { verdict?.rule }

  /// What a report says as the replay: `replayCommand`, else how the corpus
  /// line replays the failure (`corpusReplay`, or for a waste failure the
  /// limit to give with it: `WasteBreach.corpusReplay(naming:)`, the option
  /// named as `spelling` names it).
  package func replayText(naming spelling: OptionSpelling = .swift) -> String {
    replayCommand ?? waste?.corpusReplay(naming: spelling) ?? CheckFailure.corpusReplay
  }
}

/// How far the search for a smaller failing pair went: every pair of one
/// section a side with at most `rows` rows in all, values canonicalised
/// (`ExhaustivePairs`), contents varied up to `contentRows`, was tried, by
/// the exhaustive phase or by a search of its own, and none failed the same
/// way.
///
///     check(LCS2013Generator()).failures[0].minimality
///     // MinimalitySearch(rows: 3, contentRows: 3, calls: 0, ...): no pair with fewer rows
public struct MinimalitySearch: Hashable, Sendable {
  /// The most rows (old and new) of the pairs tried; -1 when none was.
  public let rows: Int
  /// The most rows of the pairs whose content changes were tried.
  public let contentRows: Int
  /// Whether the run judged identities only, so that contents do not matter.
  public let identityOnly: Bool
  /// The calls of the failure predicate the search made: 0 when the
  /// exhaustive phase had already run every pair it needed.
  public let calls: Int

  /// A search that tried every pair up to `rows` rows, contents varied up to
  /// `contentRows` (at most `rows`), with `calls` calls of its own.
  package init(rows: Int, contentRows: Int, identityOnly: Bool, calls: Int) {
    self.rows = rows
    self.contentRows = min(rows, contentRows)
    self.identityOnly = identityOnly
    self.calls = calls
  }
}

/// A failure's replay: a recipe with its text as the front end rendered it.
/// A report's JSON holds both, so a failure read back has the same replay;
/// a replay command set as text alone has no recipe.
struct ReplayStore: Hashable, Sendable {
  /// The recipe, when the failure comes from a run or a report that holds it.
  var recipe: ReplayRecipe?
  /// The replay as reports give it (`CheckFailure.replayCommand`).
  var text: String?
}
