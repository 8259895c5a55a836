/// How a snapshot check runs: its seed, the size of its phases, how ids
/// are made, how the snapshot is applied, and the shrink budget.
///
///     var options = SnapshotCheckOptions()
///     options.count = 5_000                 // more random models
///     options.contentInIdentity = true      // ids embed content: Q1 warnings
///     let report = checkSnapshotBuilder(options: options) { (model: SnapshotCheckModel) in
///       buildSnapshot(model) as SimulatedSnapshot<Int, String>
///     }
///
/// The defaults are modest, so that a check takes well under a second for
/// code of a few dozen lines: every model of at most 4 rows in all, then
/// 1,000 random models.
///
/// - Complexity: a check runs O(models × cost of the code and the judge),
///   plus at most `shrinkBudget` runs per kind of failure.
public struct SnapshotCheckOptions: Hashable, Sendable {
  /// The default run seed, the engine's (`CheckOptions.defaultSeed`).
  public static let defaultSeed = CheckOptions.defaultSeed
  /// The default number of random models.
  public static let defaultCount = 1_000
  /// The default largest old model, in rows, a random model starts from.
  public static let defaultMaxSize = 32
  /// The default bound of the exhaustive phase, in rows old and new.
  public static let defaultExhaustiveTotal = 4
  /// The default bound up to which the exhaustive phase also varies contents.
  public static let defaultExhaustiveContentTotal = 3
  /// The default most runs of the code per shrink.
  public static let defaultShrinkBudget = 500

  /// The run seed: random model *i* is made from
  /// `SplitMix64.caseSeed(run: seed, index: i)`.
  public var seed: UInt64
  /// How many random models run after the exhaustive phase.
  public var count: Int
  /// The most rows the old side of a random model starts from (clamped to
  /// 0...100,000); new is made from it by edits, so it can be a few larger.
  public var maxSize: Int
  /// Every model with at most this many rows, old and new, runs first, in
  /// every layout of up to two sections a side; 0 skips the phase.
  public var exhaustiveTotal: Int
  /// The models of at most this many rows also run with every choice of a
  /// changed content for the rows whose key is on both sides.
  public var exhaustiveContentTotal: Int
  /// Whether a row's item id embeds its content (`"a-1"`), as code that
  /// derives its ids from the whole value does: a content change is then
  /// a new item, and the judge warns with Q1 (never a failure).
  public var contentInIdentity: Bool
  /// How the snapshot is applied: `.animated` (the default) or
  /// `.reloadData`, under which no content is stale.
  public var apply: SnapshotApply
  /// The most runs of the code a shrink may make, per kind of failure.
  public var shrinkBudget: Int

  /// Options with the given values; every argument has its default.
  public init(
    seed: UInt64 = Self.defaultSeed, count: Int = Self.defaultCount,
    maxSize: Int = Self.defaultMaxSize, exhaustiveTotal: Int = Self.defaultExhaustiveTotal,
    exhaustiveContentTotal: Int = Self.defaultExhaustiveContentTotal,
    contentInIdentity: Bool = false, apply: SnapshotApply = .animated,
    shrinkBudget: Int = Self.defaultShrinkBudget
  ) {
    self.seed = seed
    self.count = count
    self.maxSize = maxSize
    self.exhaustiveTotal = exhaustiveTotal
    self.exhaustiveContentTotal = exhaustiveContentTotal
    self.contentInIdentity = contentInIdentity
    self.apply = apply
    self.shrinkBudget = shrinkBudget
  }
}
