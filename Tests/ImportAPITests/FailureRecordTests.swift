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
}
