// What a test's log shows of the helpers, as a diff library's test target
// sees it: each issue's title, the replay pasted back into the failing call,
// and the one line every helper prints.
import BatchCheckTesting
import Foundation
import Testing

/// The issues Swift Testing hands a known-issue matcher, kept in order.
final class IssueLog: @unchecked Sendable {
  private let lock = NSLock()
  private var kept: [Issue] = []

  func add(_ issue: Issue) {
    lock.lock()
    defer { lock.unlock() }
    kept.append(issue)
  }

  var issues: [Issue] {
    lock.lock()
    defer { lock.unlock() }
    return kept
  }
}

@Suite("What a test's log shows of the helpers")
struct HelperOutputTests {
  @Test("each issue is titled with its kind, size and minimality; the rest is its comment")
  func issueTitles() throws {
    // One call site for both runs, so that their replays name the same line.
    let run = { _ = expectValidBatchUpdates(named: "set-diff", count: 500, setDiff) }
    let log = IssueLog()
    withKnownIssue {
      run()
    } matching: { issue in
      log.add(issue)
      return true
    }
    // The same call, captured: the texts the issues were made from.
    let texts = capturingRecords(run).issues
    let report = checkDiff(named: "set-diff", count: 500, setDiff)
    #expect(log.issues.count == report.failures.count && texts.count == report.failures.count)
    for ((issue, text), failure) in zip(zip(log.issues, texts), report.failures) {
      let lines = text.split(separator: "\n", maxSplits: 1).map(String.init)
      let title = try #require(issue.error.map { "\($0)" })
      #expect(title == lines.first)
      #expect(
        title.hasPrefix("BatchCheck: set-diff fails: \(failure.kind) at \(failure.rowCount) rows"))
      #expect(title.contains(failure.isProvenMinimal ? ", proven minimal" : ", not proven minimal"))
      // Swift Testing prints the error's description on the issue's own line.
      #expect("\(issue.kind)" == "Caught error: \(title)")
      #expect(issue.comments.map(\.rawValue) == [try #require(lines.last)])
    }
  }

  @Test("the printed replay, pasted into the failing call, compiles and fails the same way")
  func pastedReplay() throws {
    var line = 0
    let recorded = capturingRecords {
      line = #line + 1
      expectValidBatchUpdates(named: "set-diff", count: 500, setDiff)
    }
    let first = try #require(recorded.issues.first)
    // The call above, its count: replaced by the argument the issue prints.
    var pasted: CheckReport?
    let again = capturingRecords {
      pasted = expectValidBatchUpdates(
        named: "set-diff", options: .onePair(old: [[]], new: [[Row("a"), Row("a")]]), setDiff)
    }
    let printed = #"options: .onePair(old: [[]], new: [[Row("a"), Row("a")]])"#
    #expect(
      first.contains(
        "  replay:  add `\(printed)` to the call at HelperOutputTests.swift:\(line)"
          + " (in place of any seed:, count:, identityOnly: or uikit:) to check this pair alone"),
      "\(first)")
    let report = checkDiff(named: "set-diff", count: 500, setDiff)
    #expect(pasted?.failures.map(\.kind) == report.failures.first.map { [$0.kind] })
    #expect(again.issues.count == 1)
    // A generator helper's call takes the same argument, next to `under:`.
    let steps = ContractGenerator(name: "replace-all-steps", replaceAllSteps)
    var stepsReport: CheckReport?
    _ = capturingRecords {
      stepsReport = expectValidBatchUpdates(
        steps, under: .batch, options: .onePair(old: [[]], new: [[Row("a"), Row("a")]]))
    }
    #expect(stepsReport?.casesRun == 1)
  }

  @Test("every helper prints one line, pass or fail, saying what it checked")
  func summaryLines() {
    var passing: CheckReport?
    var failing: CheckReport?
    let recorded = capturingRecords {
      passing = expectValidBatchUpdates(named: "replace-all", count: 300, replaceAll)
      failing = expectValidBatchUpdates(named: "set-diff", count: 300, setDiff)
      expectLawfulIdentifiers([1, 2, 3])
    }
    let lines = [passing, failing].compactMap { $0 }.map { report in
      "BatchCheck: \(report.generator) checked \(grouped(report.casesRun)) cases"
        + " (\(grouped(report.exhaustiveCases)) exhaustive, \(report.randomCases) random): "
        + (report.failures.isEmpty ? "passed" : "\(report.failures.count) kinds of failure")
    }
    #expect(
      recorded.summaries
        == lines + ["BatchCheck: Swift.Int checked over 3 values: kept the Hashable laws"])
  }
}
