import BatchCheck
import BatchCheckHarness
import XCTest

// XCTest names its assertions XCTAssert...; this one follows them.
// swift-format-ignore: AlwaysUseLowerCamelCase
/// Checks `diff` with BatchCheck and fails the current XCTest test once per
/// kind of failure, as `expectValidBatchUpdates(named:...)` records issues.
///
///     func testMyDiffSurvivesBatchCheck() {
///       XCTAssertValidBatchUpdates(named: "my-diff") { old, new in myDiff(old, new) }
///     }
///
/// Each failure is reported at `file` and `line` with its kind's smallest
/// pair, the rule and UIKit's message, and a replay to paste into a test.
/// The HTML report, the JSON report and the failing cases as a regression
/// corpus are added as `XCTAttachment`s on Apple platforms; wherever the
/// environment variable `BATCHCHECK_ATTACHMENTS_DIR` names a folder
/// (corelibs XCTest, on Linux, has no attachments), they are written there
/// as `<file>-<line>-NAME.batchcheck.html`, `<file>-<line>-NAME.batchcheck.json`
/// and `<file>-<line>-NAME.regressions.jsonl`.
///
/// - Parameters: as `expectValidBatchUpdates(named:...)`; `file` and `line`
///   are where the failures are reported.
/// - Returns: the report, for further checks.
@discardableResult
public func XCTAssertValidBatchUpdates(
  named name: String = "diff", seed: UInt64 = CheckOptions.defaultSeed, count: Int? = nil,
  identityOnly: Bool = false, uikit: UIKitProfile = .ios18, file: StaticString = #filePath,
  line: UInt = #line, _ diff: @escaping @Sendable ([Row], [Row]) -> BatchUpdate
) -> CheckReport {
  let options = HelperRun.options(
    seed: seed, count: count, identityOnly: identityOnly, uikit: uikit)
  return XCTAssertValidBatchUpdates(named: name, options: options, file: file, line: line, diff)
}

// XCTest names its assertions XCTAssert...; this one follows them.
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `XCTAssertValidBatchUpdates(named:...)` with every option of
/// `check(_:options:)`, run exactly as given.
///
///     XCTAssertValidBatchUpdates(named: "my-diff", options: .onePair(old: [[Row("a")]], new: [[]])) { old, new in
///       myDiff(old, new)
///     }
///
/// - Parameters: as `expectValidBatchUpdates(named:options:...)`; `file`
///   and `line` are where the failures are reported.
/// - Returns: the report.
@discardableResult
public func XCTAssertValidBatchUpdates(
  named name: String = "diff", options: CheckOptions, file: StaticString = #filePath,
  line: UInt = #line, _ diff: @escaping @Sendable ([Row], [Row]) -> BatchUpdate
) -> CheckReport {
  TrapTrace.install()
  let report = checkDiff(named: name, options: options, diff)
  Recorder.recordInXCTest(
    HelperRun.record(report, options: options, at: HelperRun.place(file, line)),
    summary: HelperSummary.line(report), file: file, line: line)
  return report
}

// XCTest names its assertions XCTAssert...; this one follows them.
// swift-format-ignore: AlwaysUseLowerCamelCase
/// Checks a generator of any of the three shapes under its contract, and
/// fails the current XCTest test once per kind of failure.
///
///     func testMyStepsDiff() {
///       XCTAssertValidBatchUpdates(ContractGenerator(name: "my-steps") { old, new in mySteps(old, new) })
///     }
///
/// - Parameters: as `expectValidBatchUpdates(_:under:seed:count:uikit:)`;
///   `file` and `line` are where the failures are reported.
/// - Returns: the report.
@discardableResult
public func XCTAssertValidBatchUpdates(
  _ generator: ContractGenerator, under contract: Contract? = nil,
  seed: UInt64 = CheckOptions.defaultSeed, count: Int? = nil, uikit: UIKitProfile = .ios18,
  file: StaticString = #filePath, line: UInt = #line
) -> CheckReport {
  let options = HelperRun.options(
    seed: seed, count: count, identityOnly: generator.identityOnly, uikit: uikit)
  return XCTAssertValidBatchUpdates(
    generator, under: contract, options: options, file: file, line: line)
}

// XCTest names its assertions XCTAssert...; this one follows them.
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `XCTAssertValidBatchUpdates(_:under:...)` for a generator of any shape,
/// with every option of `check(_:under:options:)`, run exactly as given.
///
/// - Parameters: as `expectValidBatchUpdates(_:under:options:)`; `file`
///   and `line` are where the failures are reported.
/// - Returns: the report.
@discardableResult
public func XCTAssertValidBatchUpdates(
  _ generator: ContractGenerator, under contract: Contract? = nil, options: CheckOptions,
  file: StaticString = #filePath, line: UInt = #line
) -> CheckReport {
  TrapTrace.install()
  let report = checkDiff(generator, under: contract, options: options)
  Recorder.recordInXCTest(
    HelperRun.record(report, options: options, at: HelperRun.place(file, line)),
    summary: HelperSummary.line(report), file: file, line: line)
  return report
}

// XCTest names its assertions XCTAssert...; this one follows them.
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `expectLawfulIdentifiers(_:)` for XCTest: one failure per broken
/// `Hashable` law of the id type, with UIKit's text (S12, S13).
///
///     func testPostIDsAreLawful() {
///       XCTAssertLawfulIdentifiers([Post(id: 1, likes: 0), Post(id: 1, likes: 5)])
///     }
@discardableResult
public func XCTAssertLawfulIdentifiers<ID: Hashable>(
  _ values: [ID], section: Bool = false, file: StaticString = #filePath, line: UInt = #line
) -> [IdentifierLawBreach] {
  let breaches = identifierLawBreaches(in: values, section: section)
  Recorder.recordInXCTest(
    IdentifierLawRecord.record(breaches, type: ID.self, values: values),
    summary: HelperSummary.line(ID.self, values: values.count, breaches: breaches.count),
    file: file, line: line)
  return breaches
}

// XCTest names its assertions XCTAssert...; this one follows them.
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `expectValidSnapshots(_:)` for XCTest: one failure per kind of failure
/// of a snapshot check, at `file` and `line`, with the same attachments
/// (`XCTAttachment` on Apple platforms; files in `BATCHCHECK_ATTACHMENTS_DIR`
/// wherever it is set).
///
///     func testFeedSnapshots() {
///       XCTAssertValidSnapshots(checkSnapshotBuilder { (model: SnapshotCheckModel) -> SimulatedSnapshot<Int, String> in
///         feedSnapshot(model)
///       })
///     }
@discardableResult
public func XCTAssertValidSnapshots(
  _ report: SnapshotCheckReport, file: StaticString = #filePath, line: UInt = #line
) -> SnapshotCheckReport {
  Recorder.recordInXCTest(
    SnapshotFailureRecord.record(report), summary: HelperSummary.line(report), file: file,
    line: line)
  return report
}

// XCTest names its assertions XCTAssert...; this one follows them.
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `expectConsistentAdapter(_:)` for XCTest: one failure per kind of
/// failure of an adapter check, at `file` and `line`, with the same
/// attachments (`XCTAttachment` on Apple platforms; files in
/// `BATCHCHECK_ATTACHMENTS_DIR` wherever it is set).
///
///     @MainActor func testStagedReload() {
///       XCTAssertConsistentAdapter(checkAdapter { (table: HarnessTableView, old, new, setData) in
///         table.reload(using: stagedChanges(old, new), with: .automatic, setData: setData)
///       })
///     }
@discardableResult
public func XCTAssertConsistentAdapter(
  _ report: AdapterCheckReport, file: StaticString = #filePath, line: UInt = #line
) -> AdapterCheckReport {
  Recorder.recordInXCTest(
    AdapterFailureRecord.record(report), summary: HelperSummary.line(report), file: file, line: line
  )
  return report
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Checks apply code and records one XCTest failure per kind of failure:
/// `checkAdapter(named:options:apply:)` and `XCTAssertConsistentAdapter(_:)`
/// in one call.
///
///     @MainActor func testStagedReload() {
///       XCTAssertConsistentAdapter { (table: HarnessTableView, old, new, setData) in
///         table.reload(using: stagedChanges(old, new), with: .automatic, setData: setData)
///       }
///     }
@MainActor
@discardableResult
public func XCTAssertConsistentAdapter<View: HarnessView>(
  named name: String = "apply code", options: AdapterCheckOptions = AdapterCheckOptions(),
  file: StaticString = #filePath, line: UInt = #line, apply: AdapterApply<View>
) -> AdapterCheckReport {
  XCTAssertConsistentAdapter(
    checkAdapter(named: name, options: options, apply: apply), file: file, line: line)
}
