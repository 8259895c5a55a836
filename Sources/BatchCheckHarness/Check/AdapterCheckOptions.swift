import BatchCheck

/// How `checkAdapter(named:options:apply:)` runs: its seed, how many model
/// pairs, how large, the UIKit the view follows, and the shrink budget.
///
///     var options = AdapterCheckOptions()
///     options.count = 2_000              // more trials
///     options.harness.uikit = .ios12     // iOS 12's rules
///
/// The defaults are modest, so that a check takes well under a second for
/// apply code of a few dozen lines.
public struct AdapterCheckOptions: Hashable, Sendable {
  /// The default number of trials.
  public static let defaultCount = 300
  /// The default largest old model, in rows.
  public static let defaultMaxSize = 8
  /// The default most runs of the apply code per shrink.
  public static let defaultShrinkBudget = 500

  /// The run seed: trial *i* is made from
  /// `SplitMix64.caseSeed(run: seed, index: i)`, its model pair as the
  /// property engine makes case *i* (`GeneratedCase`), its schedule from
  /// the same seed.
  public var seed: UInt64
  /// How many trials run.
  public var count: Int
  /// The most rows the old model of a trial starts from (clamped to
  /// 0...100,000); new is made from it by edits.
  public var maxSize: Int
  /// Whether models have several sections (half of them).
  public var sections: Bool
  /// Whether every row's content is its id, so no reload is ever owed.
  public var identityOnly: Bool
  /// The UIKit, SDK and data source of the view.
  public var harness: HarnessOptions
  /// The most runs of the apply code a shrink may make, per kind of failure.
  public var shrinkBudget: Int

  /// Options with the given values; every argument has its default.
  public init(
    seed: UInt64 = CheckOptions.defaultSeed, count: Int = Self.defaultCount,
    maxSize: Int = Self.defaultMaxSize, sections: Bool = true, identityOnly: Bool = false,
    harness: HarnessOptions = HarnessOptions(), shrinkBudget: Int = Self.defaultShrinkBudget
  ) {
    self.seed = seed
    self.count = count
    self.maxSize = maxSize
    self.sections = sections
    self.identityOnly = identityOnly
    self.harness = harness
    self.shrinkBudget = shrinkBudget
  }
}
