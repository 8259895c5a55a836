/// The outcome of checking one generator: cases run per phase, failures,
/// and what the random phase generated.
///
///     let report = check(HeckelGenerator(), options: CheckOptions(count: 2_000))
///     report.passed        // true
///     report.renderText()  // ends with "49809 passed, 0 failed"
///
/// The options decide it completely: the same options give the same report,
/// for any number of workers.
public struct CheckReport: Hashable, Sendable {
  /// The generator's name.
  public package(set) var generator: String
  /// The contract the generator's changes were judged under.
  public package(set) var contract: Contract = .batch
  /// The contract the generator claims: its shape's. When it differs from
  /// `contract`, the run checked a contract mix-up on purpose.
  public package(set) var ownContract: Contract = .batch
  /// Whether identity-only mode was used (a content change owed no reload).
  public package(set) var identityOnly: Bool
  /// The UIKit whose rules judged the run.
  public package(set) var uikit: UIKitProfile = .ios18
  /// The run seed.
  public package(set) var seed: UInt64
  /// The share of the run this report covers; nil for a whole run.
  public package(set) var shard: Shard?
  /// Whether the generator diffs several sections (its random cases then
  /// have several sections, and the severalSections floor applies).
  public package(set) var sectioned = false
  /// The random phase's size cap (`CheckOptions.maxSize`, clamped).
  public package(set) var maxSize: Int
  /// The exhaustive phase's total size; 0 when it was skipped.
  public package(set) var exhaustiveTotal: Int
  /// The exhaustive phase's total size up to which contents varied
  /// (`CheckOptions.exhaustiveContentTotal`); 0 for none.
  public package(set) var exhaustiveContentTotal = 0
  /// The largest total size of the exhaustive phase's small-alphabet
  /// family (`CheckOptions.smallAlphabetTotal`); 0 for none.
  public package(set) var smallAlphabetTotal = 0
  /// The most distinct ids of a pair of that family; 0 for none.
  public package(set) var smallAlphabet = 0

  /// The small-alphabet family as the text and HTML reports name it after
  /// the exhaustive bound: `", then up to 8 rows of at most 3 ids"`, or
  /// empty when the run had none.
  package var smallAlphabetPhrase: String {
    smallAlphabetTotal > 0
      ? ", then up to \(smallAlphabetTotal) rows of at most \(smallAlphabet) ids" : ""
  }
  /// Regression pairs run.
  public package(set) var corpusCases = 0
  /// Exhaustive pairs run.
  public package(set) var exhaustiveCases = 0
  /// Random cases run.
  public package(set) var randomCases = 0
  /// Cases that could not be given to the generator (several sections for
  /// a generator that diffs one); not counted as run.
  public package(set) var skippedCases = 0
  /// Cases that failed, over all phases.
  public package(set) var failedCases = 0
  /// The failures, in phase order, then by index; coverage failures last.
  public package(set) var failures: [CheckFailure] = []
  /// What the random phase generated.
  public package(set) var statistics = CaseStatistics()
  /// The case seed, when the report is of one replayed case (`replay`).
  public package(set) var replayedCaseSeed: UInt64?
  /// The edit size of the run's valid changes, added up case by case (no
  /// per-section figures; staged batches and steps measured as the whole
  /// change); nil when none was valid.
  public package(set) var edits: EditSize?
  /// How many valid changes `edits` adds up.
  public package(set) var editCases = 0
  /// The run's maximum move ratio (`CheckOptions.maxMoveRatio`, clamped);
  /// nil when it set none.
  public package(set) var maxMoveRatio: Double?
  /// Whether the run failed rows deleted and inserted again needlessly
  /// (`CheckOptions.rejectsUnneededDeletes`).
  public package(set) var rejectsUnneededDeletes = false

  /// The phases that ended before their last case (a crash limit, an
  /// interruption); empty for a whole run.
  public package(set) var incomplete: [IncompletePhase] = []

  /// Whether the report covers less than the run asked for: a phase ended
  /// early (`incomplete`).
  public var isPartial: Bool { !incomplete.isEmpty }

  /// Whether nothing failed (no failing case, no coverage shortfall) and
  /// every phase ran in full: a partial report is never a pass.
  public var passed: Bool { failures.isEmpty && incomplete.isEmpty }

  /// Cases run over all phases.
  public var casesRun: Int { corpusCases &+ exhaustiveCases &+ randomCases }

  /// Cases run that passed.
  public var passedCases: Int { casesRun &- failedCases }

  /// The `failed` of the last line: failing cases plus coverage failures.
  var failedCount: Int { failedCases &+ failures.filter { $0.coverage != nil }.count }

  /// A report with nothing run yet, for `options` (clamped by the caller):
  /// what a run starts from, and what a reader fills in.
  package init(generator: String, options: CheckOptions) {
    self.generator = generator
    self.identityOnly = options.identityOnly
    self.uikit = options.simulation.uikit
    self.seed = options.seed
    self.shard = options.shard
    self.maxSize = options.maxSize
    self.exhaustiveTotal = options.exhaustiveTotal
    self.maxMoveRatio = options.maxMoveRatio
    self.rejectsUnneededDeletes = options.rejectsUnneededDeletes
  }
}
