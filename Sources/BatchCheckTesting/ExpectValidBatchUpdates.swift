@_exported import BatchCheck
import Testing

/// Checks `diff` with BatchCheck and records one Swift Testing issue per
/// kind of failure, with the HTML and JSON reports and the failing cases attached.
///
///     @Test func myDiffSurvivesBatchCheck() {
///       expectValidBatchUpdates(named: "my-diff") { old, new in myDiff(old, new) }
///     }
///
/// Each issue is recorded at the caller's line, titled with its kind, the
/// size of its smallest pair and whether that is proven minimal, and gives
/// the pair, the rule and UIKit's message, and a replay to paste: the
/// argument `options: .onePair(old: ..., new: ...)` to give this call, the
/// pair as literals. The helper prints one line saying what it checked,
/// pass or fail (`BatchCheck: my-diff checked 15,825 cases (...): passed`).
/// Three attachments come with a failing run, which `swift test
/// --attachments-path DIR` writes out: `NAME.batchcheck.html` (the HTML
/// report, a picture per failure), `NAME.batchcheck.json` (the JSON report,
/// as `batchcheck check --format json` writes it) and
/// `NAME.regressions.jsonl` (the failing pairs as a regression corpus, each
/// expecting valid).
///
/// The run is the `CheckBudget` the environment asks for: `quick` (every
/// pair of at most 6 rows, 1,000 random cases: seconds in a debug build)
/// unless `BATCHCHECK_BUDGET=full`, the command line's defaults.
///
/// - Parameters:
///   - name: the diff's name in the report.
///   - seed: the run seed; the same seed gives the same report.
///   - count: how many random cases; nil for the budget's.
///   - identityOnly: judge identities only (a diff with no notion of content).
///   - uikit: the UIKit whose rules judge: iOS 18 (the default) or iOS 12.
///   - sourceLocation: where the issues are recorded; the caller's line by default.
///   - diff: the diff under test: old and new rows of section 0 to a batch update.
/// - Returns: the report, for further checks.
@discardableResult
public func expectValidBatchUpdates(
  named name: String = "diff", seed: UInt64 = CheckOptions.defaultSeed, count: Int? = nil,
  identityOnly: Bool = false, uikit: UIKitProfile = .ios18,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ diff: @escaping @Sendable ([Row], [Row]) -> BatchUpdate
) -> CheckReport {
  let options = HelperRun.options(
    seed: seed, count: count, identityOnly: identityOnly, uikit: uikit)
  return expectValidBatchUpdates(
    named: name, options: options, sourceLocation: sourceLocation, diff)
}

/// `expectValidBatchUpdates(named:...)` with every option of
/// `check(_:options:)`, run exactly as given, whatever the budget: size
/// cap, exhaustive bound, `stopAtFirstFailure`, profile and semantics
/// (`options.simulation`), budgets, corpus.
///
///     @Test func myDiffOnCollectionViews() {
///       var options = CheckOptions(maxSize: 50, stopAtFirstFailure: true)
///       options.simulation = SimulationOptions(semantics: .collectionView)
///       expectValidBatchUpdates(named: "my-diff", options: options) { old, new in myDiff(old, new) }
///     }
///
/// - Parameters:
///   - name: the diff's name in the report.
///   - options: the run's options; `.onePair(old:new:)` runs one pair.
///   - sourceLocation: where the issues are recorded.
///   - diff: the diff under test.
/// - Returns: the report.
@discardableResult
public func expectValidBatchUpdates(
  named name: String = "diff", options: CheckOptions,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ diff: @escaping @Sendable ([Row], [Row]) -> BatchUpdate
) -> CheckReport {
  TrapTrace.install()
  let report = checkDiff(named: name, options: options, diff)
  Recorder.recordInSwiftTesting(
    HelperRun.record(report, options: options, at: HelperRun.place(sourceLocation)),
    summary: HelperSummary.line(report), sourceLocation: sourceLocation)
  return report
}

/// Checks a generator of any of the three shapes (one batch, staged
/// batches, sequential steps) under its contract, and records one Swift
/// Testing issue per kind of failure, with the HTML and JSON reports and the failing
/// cases attached, as `expectValidBatchUpdates(named:...)` does.
///
///     @Test func myStagedDiff() {
///       expectValidBatchUpdates(ContractGenerator(name: "my-staged") { old, new in myStages(old, new) })
///     }
///
/// - Parameters:
///   - generator: the generator and its shape; its `identityOnly` is the mode.
///   - contract: the contract to judge under; nil for the generator's own.
///   - seed: the run seed.
///   - count: how many random cases; nil for the budget's.
///   - uikit: the UIKit whose rules judge: iOS 18 (the default) or iOS 12.
///   - sourceLocation: where the issues are recorded.
/// - Returns: the report.
@discardableResult
public func expectValidBatchUpdates(
  _ generator: ContractGenerator, under contract: Contract? = nil,
  seed: UInt64 = CheckOptions.defaultSeed, count: Int? = nil, uikit: UIKitProfile = .ios18,
  sourceLocation: SourceLocation = #_sourceLocation
) -> CheckReport {
  let options = HelperRun.options(
    seed: seed, count: count, identityOnly: generator.identityOnly, uikit: uikit)
  return expectValidBatchUpdates(
    generator, under: contract, options: options, sourceLocation: sourceLocation)
}

/// `expectValidBatchUpdates(_:under:...)` for a generator of any shape,
/// with every option of `check(_:under:options:)`, run exactly as given.
///
///     expectValidBatchUpdates(generator, options: .onePair(old: [[Row("a")]], new: [[]]))
///
/// - Parameters:
///   - generator: the generator and its shape.
///   - contract: the contract to judge under; nil for the generator's own.
///   - options: the run's options.
///   - sourceLocation: where the issues are recorded.
/// - Returns: the report.
@discardableResult
public func expectValidBatchUpdates(
  _ generator: ContractGenerator, under contract: Contract? = nil, options: CheckOptions,
  sourceLocation: SourceLocation = #_sourceLocation
) -> CheckReport {
  TrapTrace.install()
  let report = checkDiff(generator, under: contract, options: options)
  Recorder.recordInSwiftTesting(
    HelperRun.record(report, options: options, at: HelperRun.place(sourceLocation)),
    summary: HelperSummary.line(report), sourceLocation: sourceLocation)
  return report
}
