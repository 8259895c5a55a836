import BatchCheckHarness
import BatchCheckTesting
import Foundation
import Testing
import XCTest

extension BatchTableView {
  /// Replaces every section in one batch: deletes the old ones, inserts the
  /// new ones. With `late`, the model is set after the block, as an app
  /// that forgets to set it inside does.
  func replaceAll(
    _ old: [[Row]], _ new: [[Row]], late: Bool, setData: ([[Row]]) -> Void
  ) {
    performBatchUpdates {
      if !late { setData(new) }
      deleteSections(IndexSet(old.indices), with: .automatic)
      insertSections(IndexSet(new.indices), with: .automatic)
    }
    if late { setData(new) }
  }
}

@MainActor
@Suite("Test helpers: apply code on the harness")
struct AdapterHelpersTests {
  static let options = AdapterCheckOptions(count: 100)

  @Test("a model set after the block: one issue per kind at the caller, JSON and replay lines")
  func lateModel() throws {
    var report: AdapterCheckReport?
    let recorded = capturingRecords {
      report = expectConsistentAdapter(
        checkAdapter(named: "late model", options: Self.options) {
          (table: HarnessTableView, old, new, setData) in
          table.replaceAll(old, new, late: true, setData: setData)
        })
    }
    let failures = try #require(report?.failures)
    #expect(failures.contains { $0.kind.cause == .a4 })
    #expect(recorded.issues.count == failures.count)
    for (issue, failure) in zip(recorded.issues, failures) {
      // The title: the kind, the smallest models' size, whether proven minimal.
      let minimal = failure.isProvenMinimal ? "proven minimal" : "not proven minimal"
      let title =
        "BatchCheck: late model fails: \(failure.kind) at \(failure.rows) row\(failure.rows == 1 ? "" : "s"), \(minimal)"
      #expect(issue.hasPrefix(title), "\(issue)")
      #expect(issue.contains("\n  replay:   \(failure.replayLine)"))
    }
    #expect(
      recorded.attachments.map(\.name) == [
        "late_model.batchcheck.html", "late_model.batchcheck.json", "late_model.regressions.jsonl",
      ])
    // The timeline draws each failure's steps and its replay line.
    let page = recorded.attachments.first?.contents ?? ""
    #expect(page.hasPrefix("<!DOCTYPE html>") || page.hasPrefix("<!doctype html>"))
    for failure in failures {
      #expect(page.contains("\(failure.kind)"), "\(failure.kind)")
    }
    let lines = recorded.attachments.last?.contents.split(separator: "\n") ?? []
    #expect(lines.count == failures.count)
    #expect(lines.allSatisfy { $0.contains(#""contract":"adapter""#) })
    #expect(recorded.attachments[1].contents.hasPrefix(#"{"name":"late model""#))
  }

  @Test(
    "the README's apply-code example: the model set after the block fails as A4; inside, it passes")
  func readmeExample() {
    let late = checkAdapter(named: "replace all") { (table: HarnessTableView, old, new, setData) in
      table.replaceAll(old, new, late: true, setData: setData)
    }
    #expect(late.failures.contains { $0.kind.cause == .a4 })
    #expect(late.failures.allSatisfy { $0.replayAgrees })
    let inBlock = checkAdapter(named: "replace all") {
      (table: HarnessTableView, old, new, setData) in
      table.replaceAll(old, new, late: false, setData: setData)
    }
    #expect(inBlock.passed, "\(inBlock.failures.map(\.kind))")
  }

  @Test("the model set inside the block passes and records nothing, through the closure form")
  func modelInBlock() {
    let recorded = capturingRecords {
      let report = expectConsistentAdapter(options: Self.options) {
        (grid: HarnessTableView, old, new, setData) in
        grid.replaceAll(old, new, late: false, setData: setData)
      }
      #expect(report.passed && report.cases == 100)
    }
    #expect(recorded.issues.isEmpty && recorded.attachments.isEmpty)
  }
}

/// The XCTest helper records what the Swift Testing one records.
final class AdapterHelpersXCTests: XCTestCase {
  // corelibs XCTest runs tests on the main thread but calls no
  // main-actor method: the test says where it runs.
  func testLateModelFailsOncePerKind() {
    var report: AdapterCheckReport?
    let recorded = capturingRecords {
      report = MainActor.assumeIsolated {
        XCTAssertConsistentAdapter(options: AdapterHelpersTests.options) {
          (table: HarnessTableView, old, new, setData) in
          table.replaceAll(old, new, late: true, setData: setData)
        }
      }
    }
    XCTAssertEqual(recorded.issues.count, report?.failures.count)
    XCTAssertFalse(recorded.issues.isEmpty)
    XCTAssertEqual(recorded.attachments.count, 3)
  }
}
