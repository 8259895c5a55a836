import BatchCheck
import Testing

@testable import BatchCheckTesting

/// The helpers' record of a failing run, built with the helper's call from
/// the replay recipe or, as before the recipe, from the one-pair options.
@Suite("The helpers' failure record")
struct FailureRecordTests {
  @Test("a call given the one-pair options text records what the recipe's call records")
  func bothCalls() throws {
    var options = CheckOptions(count: 200, exhaustiveTotal: 3)
    options.stopAtFirstFailure = true
    // Deletes nothing and inserts nothing: wrong whenever the rows change.
    let report = checkDiff(named: "nothing", options: options) { _, _ in BatchUpdate() }
    #expect(!report.passed)
    let byText = try #require(
      FailureRecord(report, options: options, call: { "replay(\($0))" }))
    let byRecipe = try #require(
      FailureRecord(report, options: options, replayCall: { "replay(\($0.onePairOptions))" }))
    #expect(byText.issues == byRecipe.issues)
    #expect(byText.issues.first?.contains("replay(.onePair(") == true)
  }

  @Test("an issue splits into its title and its details; a one-line issue has none")
  func titledIssues() {
    let record = FailureRecord(
      issues: ["BatchCheck: one line", "BatchCheck: a title\n  details\n  more"], attachments: [])
    #expect(record.titledIssues.map(\.title) == ["BatchCheck: one line", "BatchCheck: a title"])
    #expect(record.titledIssues.map(\.details) == [nil, "  details\n  more"])
  }

  @Test("a title gives the size in rows, singular for one, and says when it is not proven minimal")
  func headlineSizes() {
    let one = FailureRecord.headline(
      "d", fails: "exception R2", size: (rows: 1, provenMinimal: false), position: 0, of: 1)
    #expect(one == "BatchCheck: d fails: exception R2 at 1 row, not proven minimal")
    let coverage = FailureRecord.headline(
      "d", fails: "coverage", size: nil, position: 1, of: 2)
    #expect(coverage == "BatchCheck: d fails: coverage (kind 2 of 2, smallest first)")
  }
}
