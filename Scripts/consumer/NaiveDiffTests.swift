import BatchCheckTesting
import NaiveDiff
import Testing
import XCTest

@Sendable func naiveUpdate(_ old: [Row], _ new: [Row]) -> BatchUpdate {
  let diff = naiveDiff(old.map(\.id), new.map(\.id))
  return BatchUpdate(
    deleteRows: diff.deletes.map { RowPath(0, $0) }, insertRows: diff.inserts.map { RowPath(0, $0) })
}

@Test func naiveDiffSurvivesBatchCheck() {
  expectValidBatchUpdates(named: "naive-diff", naiveUpdate)  // CONSUMER-SWIFT-TESTING-LINE
}

final class NaiveDiffXCTests: XCTestCase {
  func testNaiveDiffSurvivesBatchCheck() {
    XCTAssertValidBatchUpdates(named: "naive-diff", naiveUpdate)  // CONSUMER-XCTEST-LINE
  }
}
