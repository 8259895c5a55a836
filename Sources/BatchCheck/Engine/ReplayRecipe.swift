/// How to run a failing case again, as data: which generator, the case
/// (its seed, and the minimal pair), and the options that change the case
/// or its verdict. Each front end renders it in its own form: Swift as the
/// one-pair check of the minimal pair (`swiftCall`, `onePairOptions`), the
/// `batchcheck` command line as its `replay` command (the command line
/// renders it itself; the core spells none of its options).
///
///     let failure = check(LCS2013Generator()).failures[0]
///     failure.replay?.swiftCall
///     // check(generator, options: .onePair(old: [[Row(0)]], new: [[...]]))  // generator: ...
///
/// A random case replays from its seed alone (`replay(_:caseSeed:options:)`);
/// a corpus or exhaustive case only from its pair (or its corpus line).
public struct ReplayRecipe: Hashable, Sendable {
  /// The name of the generator the run checked.
  public let generator: String
  /// The external generator the command line started, when the run checked
  /// one: the command line's replay names it instead of `generator`. nil
  /// for a generator in process; the engine leaves it nil and the command
  /// line, which started the process, fills it in.
  public package(set) var external: ExternalCommand?
  /// The random case's seed; nil for a corpus or exhaustive case.
  public let caseSeed: UInt64?
  /// The minimal old sections (old space).
  public let old: [[Row]]
  /// The minimal new sections (new space).
  public let new: [[Row]]
  /// The contract the run judged the changes under, when it is not the
  /// generator's own; nil when it is.
  public let judgedAs: Contract?
  /// The largest random case of the run (`CheckOptions.maxSize`): a case
  /// seed gives the same case only under the same maximum.
  public let maxSize: Int
  /// Whether the run judged identities only (`CheckOptions.identityOnly`).
  public package(set) var identityOnly: Bool
  /// The simulation that judged the failure, its rows on screen included.
  public let simulation: SimulationOptions
  /// The run's move-ratio limit (`CheckOptions.maxMoveRatio`).
  public let maxMoveRatio: Double?
  /// Whether the run rejected unneeded deletes (`CheckOptions.rejectsUnneededDeletes`).
  public let rejectsUnneededDeletes: Bool

  /// A recipe of every part given.
  package init(
    generator: String, external: ExternalCommand?, caseSeed: UInt64?, old: [[Row]], new: [[Row]],
    judgedAs: Contract?, maxSize: Int, identityOnly: Bool, simulation: SimulationOptions,
    maxMoveRatio: Double?, rejectsUnneededDeletes: Bool
  ) {
    self.generator = generator
    self.external = external
    self.caseSeed = caseSeed
    self.old = old
    self.new = new
    self.judgedAs = judgedAs
    self.maxSize = maxSize
    self.identityOnly = identityOnly
    self.simulation = simulation
    self.maxMoveRatio = maxMoveRatio
    self.rejectsUnneededDeletes = rejectsUnneededDeletes
  }

  /// An external generator as the command line starts it: the command and
  /// those of its settings that differ from the command line's defaults.
  public struct ExternalCommand: Hashable, Sendable {
    /// The command the process runs.
    public let command: String
    /// The contract the process answers in; nil for one batch.
    public let contract: Contract?
    /// Seconds the process may take per case; nil for the default.
    public let timeout: Double?
    /// The generator's name in reports; nil for the default.
    public let name: String?
    /// Whether the process gets cases of several sections.
    public let sections: Bool

    /// The external command of every part given.
    package init(
      command: String, contract: Contract?, timeout: Double?, name: String?, sections: Bool
    ) {
      self.command = command
      self.contract = contract
      self.timeout = timeout
      self.name = name
      self.sections = sections
    }
  }
}
