// Uses BatchCheck the way a diff library's test target does: plain imports,
// no @testable, only the public API.
import BatchCheckTesting
import Testing
import XCTest

/// A correct diff: delete every old row, insert every new one.
@Sendable func replaceAll(_ old: [Row], _ new: [Row]) -> BatchUpdate {
  BatchUpdate(deleteRows: old.indices.map { RowPath(0, $0) }, insertRows: new.indices.map { RowPath(0, $0) })
}

/// A broken diff: inserts only the rows whose value is new, deletes only the
/// rows that are gone, and ignores repeats.
@Sendable func setDiff(_ old: [Row], _ new: [Row]) -> BatchUpdate {
  let oldIDs = Set(old.map(\.id))
  let newIDs = Set(new.map(\.id))
  var seen = Set<RowValue>()
  return BatchUpdate(
    deleteRows: old.indices.filter { !newIDs.contains(old[$0].id) }.map { RowPath(0, $0) },
    insertRows: new.indices.filter { !oldIDs.contains(new[$0].id) && seen.insert(new[$0].id).inserted }
      .map { RowPath(0, $0) })
}

@Suite("Import API, Swift Testing")
struct SwiftTestingHelperTests {
  @Test("a correct diff passes and records nothing")
  func correctDiff() {
    let report = expectValidBatchUpdates(named: "replace-all", count: 2_000, replaceAll)
    #expect(report.passed)
    #expect(report.failureText == nil)
  }

  @Test("a broken diff is recorded as an issue with the smallest counterexample")
  func brokenDiff() {
    var report: CheckReport?
    withKnownIssue {
      report = expectValidBatchUpdates(named: "set-diff", count: 2_000, setDiff)
    }
    #expect(report?.passed == false)
    #expect(report?.failureText?.hasPrefix("BatchCheck: set-diff fails (") == true)
    #expect(report?.failureText?.contains("new:     [[\"a\",\"a\"]]") == true)
  }

  @Test("checkDiff gives the same report for the same seed")
  func sameSeedSameReport() {
    let first = checkDiff(named: "set-diff", seed: 7, count: 500, setDiff)
    let second = checkDiff(named: "set-diff", seed: 7, count: 500, setDiff)
    #expect(first.renderText() == second.renderText())
  }
}

final class XCTestHelperTests: XCTestCase {
  func testCorrectDiffPasses() {
    let report = XCTAssertValidBatchUpdates(named: "replace-all", count: 2_000, replaceAll)
    XCTAssertTrue(report.passed)
  }

  func testBrokenDiffReportText() {
    // The helper calls XCTFail with this text; XCTest on Linux cannot expect a
    // failure, so the text is checked through the same public property.
    let report = checkDiff(named: "set-diff", count: 500, setDiff)
    XCTAssertFalse(report.passed)
    XCTAssertEqual(report.failureText?.hasPrefix("BatchCheck: set-diff fails ("), true)
  }
}
