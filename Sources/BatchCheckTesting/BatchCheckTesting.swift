@_exported import BatchCheck
import Synchronization
import Testing
import XCTest

/// Where the Swift Testing helpers record a failing report: as an issue of
/// the current test, unless a test of this package captures it
/// (`capturingRecordedFailures`) to check its text without a failure in
/// the log.
private enum FailureRecorder {
  @TaskLocal static var capture: CapturedFailures? = nil
}

/// The failure texts captured in one `capturingRecordedFailures` call.
private final class CapturedFailures: Sendable {
  let texts = Mutex<[String]>([])
}

/// Records `text` as an issue at `sourceLocation`, or captures it.
private func recordFailure(_ text: String, sourceLocation: SourceLocation) {
  if let capture = FailureRecorder.capture {
    capture.texts.withLock { $0.append(text) }
  } else {
    Issue.record(Comment(rawValue: text), sourceLocation: sourceLocation)
  }
}

/// Runs `body` with the Swift Testing helpers' failures captured instead of
/// recorded: the texts they would have recorded, in order. For this
/// package's own tests of the helpers.
package func capturingRecordedFailures(_ body: () -> Void) -> [String] {
  let capture = CapturedFailures()
  FailureRecorder.$capture.withValue(capture) { body() }
  return capture.texts.withLock { $0 }
}

/// Checks `diff` with BatchCheck and records the report as a Swift Testing
/// issue when it fails.
///
///     @Test func myDiffSurvivesBatchCheck() {
///       expectValidBatchUpdates(named: "my-diff") { old, new in myDiff(old, new) }
///     }
///
/// - Parameters:
///   - name: the diff's name in the report.
///   - seed: the run seed; the same seed gives the same report.
///   - count: how many random cases.
///   - identityOnly: judge identities only (a diff with no notion of content).
///   - uikit: the UIKit whose rules judge: iOS 18 (the default) or iOS 12.
///   - sourceLocation: where the issue is recorded; the caller's line by default.
///   - diff: the diff under test: old and new rows of section 0 to a batch update.
/// - Returns: the report, for further checks.
@discardableResult
public func expectValidBatchUpdates(
  named name: String = "diff", seed: UInt64 = CheckOptions.defaultSeed,
  count: Int = CheckOptions.defaultCount, identityOnly: Bool = false,
  uikit: UIKitProfile = .ios18, sourceLocation: SourceLocation = #_sourceLocation,
  _ diff: @escaping @Sendable ([Row], [Row]) -> BatchUpdate
) -> CheckReport {
  let report = checkDiff(
    named: name, seed: seed, count: count, identityOnly: identityOnly, uikit: uikit, diff)
  if let text = report.failureText {
    recordFailure(text, sourceLocation: sourceLocation)
  }
  return report
}

/// Checks `diff` with BatchCheck and fails the current XCTest test with the
/// report when it fails.
///
///     func testMyDiffSurvivesBatchCheck() {
///       XCTAssertValidBatchUpdates(named: "my-diff") { old, new in myDiff(old, new) }
///     }
///
/// - Parameters: as `expectValidBatchUpdates`; `file` and `line` are where
///   the failure is reported.
/// - Returns: the report, for further checks.
@discardableResult
public func XCTAssertValidBatchUpdates(
  named name: String = "diff", seed: UInt64 = CheckOptions.defaultSeed,
  count: Int = CheckOptions.defaultCount, identityOnly: Bool = false,
  uikit: UIKitProfile = .ios18, file: StaticString = #filePath, line: UInt = #line,
  _ diff: @escaping @Sendable ([Row], [Row]) -> BatchUpdate
) -> CheckReport {
  let report = checkDiff(
    named: name, seed: seed, count: count, identityOnly: identityOnly, uikit: uikit, diff)
  if let text = report.failureText {
    XCTFail(text, file: file, line: line)
  }
  return report
}

/// Checks a generator of any of the three shapes (one batch, staged batches,
/// sequential steps) under its contract, and records the report as a Swift
/// Testing issue when it fails.
///
///     @Test func myStagedDiff() {
///       expectValidBatchUpdates(ContractGenerator(name: "my-staged") { old, new in myStages(old, new) })
///     }
///
/// - Parameters:
///   - generator: the generator and its shape; its `identityOnly` is the mode.
///   - contract: the contract to judge under; nil for the generator's own.
///   - seed: the run seed.
///   - count: how many random cases.
///   - uikit: the UIKit whose rules judge: iOS 18 (the default) or iOS 12.
///   - sourceLocation: where the issue is recorded.
/// - Returns: the report.
@discardableResult
public func expectValidBatchUpdates(
  _ generator: ContractGenerator, under contract: Contract? = nil,
  seed: UInt64 = CheckOptions.defaultSeed, count: Int = CheckOptions.defaultCount,
  uikit: UIKitProfile = .ios18, sourceLocation: SourceLocation = #_sourceLocation
) -> CheckReport {
  let report = checkDiff(generator, under: contract, seed: seed, count: count, uikit: uikit)
  if let text = report.failureText {
    recordFailure(text, sourceLocation: sourceLocation)
  }
  return report
}

/// Checks a generator of any of the three shapes under its contract, and
/// fails the current XCTest test with the report when it fails.
///
///     func testMyStepsDiff() {
///       XCTAssertValidBatchUpdates(ContractGenerator(name: "my-steps") { old, new in mySteps(old, new) })
///     }
///
/// - Parameters: as `expectValidBatchUpdates(_:under:seed:count:)`; `file`
///   and `line` are where the failure is reported.
/// - Returns: the report.
@discardableResult
public func XCTAssertValidBatchUpdates(
  _ generator: ContractGenerator, under contract: Contract? = nil,
  seed: UInt64 = CheckOptions.defaultSeed, count: Int = CheckOptions.defaultCount,
  uikit: UIKitProfile = .ios18, file: StaticString = #filePath, line: UInt = #line
) -> CheckReport {
  let report = checkDiff(generator, under: contract, seed: seed, count: count, uikit: uikit)
  if let text = report.failureText {
    XCTFail(text, file: file, line: line)
  }
  return report
}

/// `expectValidBatchUpdates(named:...)` with every option of
/// `check(_:options:)`: size cap, exhaustive bound, `stopAtFirstFailure`,
/// profile and semantics (`options.simulation`), budgets, corpus.
///
///     @Test func myDiffOnCollectionViews() {
///       var options = CheckOptions(maxSize: 50, stopAtFirstFailure: true)
///       options.simulation = SimulationOptions(semantics: .collectionView)
///       expectValidBatchUpdates(named: "my-diff", options: options) { old, new in myDiff(old, new) }
///     }
@discardableResult
public func expectValidBatchUpdates(
  named name: String = "diff", options: CheckOptions,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ diff: @escaping @Sendable ([Row], [Row]) -> BatchUpdate
) -> CheckReport {
  let report = checkDiff(named: name, options: options, diff)
  if let text = report.failureText {
    recordFailure(text, sourceLocation: sourceLocation)
  }
  return report
}

/// `XCTAssertValidBatchUpdates(named:...)` with every option of `check(_:options:)`.
@discardableResult
public func XCTAssertValidBatchUpdates(
  named name: String = "diff", options: CheckOptions, file: StaticString = #filePath,
  line: UInt = #line, _ diff: @escaping @Sendable ([Row], [Row]) -> BatchUpdate
) -> CheckReport {
  let report = checkDiff(named: name, options: options, diff)
  if let text = report.failureText {
    XCTFail(text, file: file, line: line)
  }
  return report
}

/// `expectValidBatchUpdates(_:under:...)` for a generator of any shape,
/// with every option of `check(_:under:options:)`.
@discardableResult
public func expectValidBatchUpdates(
  _ generator: ContractGenerator, under contract: Contract? = nil, options: CheckOptions,
  sourceLocation: SourceLocation = #_sourceLocation
) -> CheckReport {
  let report = checkDiff(generator, under: contract, options: options)
  if let text = report.failureText {
    recordFailure(text, sourceLocation: sourceLocation)
  }
  return report
}

/// `XCTAssertValidBatchUpdates(_:under:...)` for a generator of any shape,
/// with every option of `check(_:under:options:)`.
@discardableResult
public func XCTAssertValidBatchUpdates(
  _ generator: ContractGenerator, under contract: Contract? = nil, options: CheckOptions,
  file: StaticString = #filePath, line: UInt = #line
) -> CheckReport {
  let report = checkDiff(generator, under: contract, options: options)
  if let text = report.failureText {
    XCTFail(text, file: file, line: line)
  }
  return report
}

extension CheckReport {
  /// What a test failure says: nil when the run passed, else the first line
  /// (the smallest failure, and how many kinds there are) and the whole report.
  ///
  ///     report.failureText  // "BatchCheck: diff fails (exception R2) ...\n\ncheck diff, run seed ..."
  public var failureText: String? {
    guard let first = failures.first else { return nil }
    let verdict = [first.kind, first.rule?.rawValue].compactMap { $0 }.joined(separator: " ")
    let kinds = failures.filter { $0.coverage == nil }.count
    let more = kinds > 1 ? " (and \(kinds - 1) more kind\(kinds == 2 ? "" : "s") of failure)" : ""
    return "BatchCheck: \(generator) fails (\(verdict)): \(first.message)\(more)\n\n" + renderText()
  }
}
