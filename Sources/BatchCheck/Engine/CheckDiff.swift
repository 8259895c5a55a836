/// Checks a diff given as a closure: the one call a diff library's test needs.
///
///     let report = checkDiff(named: "my-diff", count: 5_000) { old, new in
///       MyDiff(old.map(\.id), new.map(\.id)).batchUpdate(section: 0)
///     }
///     report.passed   // false: report.renderText() says what broke, smallest case first
///
/// The closure gets the old and new rows of section 0 and returns the batch
/// update it would hand to `performBatchUpdates`. The run is `check(_:options:)`:
/// every pair with at most 8 rows in all, then `count` seeded random cases;
/// every kind of failure is shrunk and listed, smallest first. For every
/// other option (size cap, exhaustive bound, `stopAtFirstFailure`,
/// semantics), pass a `CheckOptions`: `checkDiff(named:options:_:)`.
///
/// - Parameters:
///   - name: the diff's name in the report.
///   - seed: the run seed; the same seed gives the same report.
///   - count: how many random cases.
///   - identityOnly: judge identities only, for a diff with no notion of
///     content (it then owes no reloads).
///   - uikit: the UIKit whose rules judge: iOS 18 (the default) or iOS 12.
///   - diff: the diff under test.
/// - Returns: the report.
/// - Complexity: as `check(_:options:)`.
public func checkDiff(
  named name: String = "diff", seed: UInt64 = CheckOptions.defaultSeed,
  count: Int = CheckOptions.defaultCount, identityOnly: Bool = false,
  uikit: UIKitProfile = .ios18,
  _ diff: @escaping @Sendable ([Row], [Row]) -> BatchUpdate
) -> CheckReport {
  check(
    ClosureGenerator(name: name, diff),
    options: CheckOptions(
      seed: seed, count: count, simulation: SimulationOptions(uikit: uikit),
      identityOnly: identityOnly))
}

/// Checks a diff that hands over staged batches (DifferenceKit's
/// `StagedChangeset`): each stage one UIKit batch from the previous stage's
/// data, the last stage's data the new rows.
///
///     let report = checkDiff(named: "my-staged") { old, new in myStages(old, new) }  // -> [Stage]
///
/// The parameters and the run are `checkDiff`'s for a batch update; see
/// `check(_:under:options:)`.
public func checkDiff(
  named name: String = "diff", seed: UInt64 = CheckOptions.defaultSeed,
  count: Int = CheckOptions.defaultCount, identityOnly: Bool = false,
  uikit: UIKitProfile = .ios18,
  _ diff: @escaping @Sendable ([Row], [Row]) -> [Stage]
) -> CheckReport {
  checkDiff(
    ContractGenerator(name: name, identityOnly: identityOnly, diff), seed: seed, count: count,
    uikit: uikit)
}

/// Checks a diff that hands over sequential steps (Differ's patches, Dwifft's
/// steps, DiffUtil's callbacks): each index relative to the rows the previous
/// step left.
///
///     let report = checkDiff(named: "my-steps") { old, new in mySteps(old, new) }  // -> [Step]
///
/// The parameters and the run are `checkDiff`'s for a batch update; see
/// `check(_:under:options:)`.
public func checkDiff(
  named name: String = "diff", seed: UInt64 = CheckOptions.defaultSeed,
  count: Int = CheckOptions.defaultCount, identityOnly: Bool = false,
  uikit: UIKitProfile = .ios18,
  _ diff: @escaping @Sendable ([Row], [Row]) -> [Step]
) -> CheckReport {
  checkDiff(
    ContractGenerator(name: name, identityOnly: identityOnly, diff), seed: seed, count: count,
    uikit: uikit)
}

/// Checks a generator of any of the three shapes under the contract it
/// claims, or under `contract` to see what a contract mix-up does.
///
///     checkDiff(ContractGenerator(MyStagedDiff())).passed
///     checkDiff(ContractGenerator(MyStepsDiff()), under: .batch).failures.first?.advice
///     // "valid as sequential steps, not as one batch: apply it step by step or convert it"
///
/// - Parameters:
///   - generator: the generator and its shape; its `identityOnly` is the mode.
///   - contract: the contract to judge under; nil for the generator's own.
///   - seed: the run seed.
///   - count: how many random cases.
///   - uikit: the UIKit whose rules judge: iOS 18 (the default) or iOS 12.
/// - Returns: the report (`check(_:under:options:)`).
public func checkDiff(
  _ generator: ContractGenerator, under contract: Contract? = nil,
  seed: UInt64 = CheckOptions.defaultSeed, count: Int = CheckOptions.defaultCount,
  uikit: UIKitProfile = .ios18
) -> CheckReport {
  check(
    generator, under: contract,
    options: CheckOptions(seed: seed, count: count, simulation: SimulationOptions(uikit: uikit)))
}

/// `checkDiff(named:seed:count:identityOnly:uikit:_:)` with every option of
/// `check(_:options:)`: random cases' size cap, the exhaustive bound and its
/// content changes, `stopAtFirstFailure`, the profile and semantics
/// (`options.simulation`), the budgets, a regression corpus.
///
///     var options = CheckOptions(count: 20_000, maxSize: 50, exhaustiveTotal: 6)
///     options.simulation = SimulationOptions(semantics: .collectionView, uikit: .ios12)
///     let report = checkDiff(named: "my-diff", options: options) { old, new in
///       MyDiff(old.map(\.id), new.map(\.id)).batchUpdate(section: 0)
///     }
///
/// - Parameters:
///   - name: the diff's name in the report.
///   - options: the run's options.
///   - diff: the diff under test.
/// - Returns: the report (`check(_:options:)`).
public func checkDiff(
  named name: String = "diff", options: CheckOptions,
  _ diff: @escaping @Sendable ([Row], [Row]) -> BatchUpdate
) -> CheckReport {
  check(ClosureGenerator(name: name, diff), options: options)
}

/// `checkDiff` of staged batches with every option of `check(_:under:options:)`;
/// `options.identityOnly` is the mode.
public func checkDiff(
  named name: String = "diff", options: CheckOptions,
  _ diff: @escaping @Sendable ([Row], [Row]) -> [Stage]
) -> CheckReport {
  check(ContractGenerator(name: name, identityOnly: options.identityOnly, diff), options: options)
}

/// `checkDiff` of sequential steps with every option of `check(_:under:options:)`;
/// `options.identityOnly` is the mode.
public func checkDiff(
  named name: String = "diff", options: CheckOptions,
  _ diff: @escaping @Sendable ([Row], [Row]) -> [Step]
) -> CheckReport {
  check(ContractGenerator(name: name, identityOnly: options.identityOnly, diff), options: options)
}

/// `checkDiff(_:under:seed:count:uikit:)` with every option of
/// `check(_:under:options:)`. Identity-only mode is used when the generator
/// or `options.identityOnly` asks for it.
public func checkDiff(
  _ generator: ContractGenerator, under contract: Contract? = nil, options: CheckOptions
) -> CheckReport {
  check(generator, under: contract, options: options)
}
