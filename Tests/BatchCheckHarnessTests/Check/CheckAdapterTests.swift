import BatchCheck
import BatchCheckHarness
import Foundation
import Testing

extension BatchTableView {
  /// The staged apply with `setData` called after each block: the model
  /// lags one stage behind the calls.
  func reloadSettingDataLate(using stages: [Stage], setData: ([[Row]]) -> Void) {
    for stage in stages {
      performBatchUpdates { apply(stage.update, with: .automatic) }
      setData(stage.data)
    }
  }
}

@MainActor
@Suite("checkAdapter: apply code over random models and schedules")
struct CheckAdapterTests {
  static let options = AdapterCheckOptions(count: 200)

  @Test("the staged apply in BatchCheck's words passes, on a table and on a collection view")
  func stagedApplyPasses() {
    let report = checkAdapter(named: "staged", options: Self.options) {
      (table: HarnessTableView, old, new, setData) in
      table.reload(using: stages(old, new), with: .automatic, setData: setData)
    }
    #expect(report.passed, "\(report)")
    #expect(report.cases == 200 && report.failedCases == 0 && report.codeRuns == 200)
    let grid = checkAdapter(named: "staged grid", options: Self.options) {
      (grid: HarnessCollectionView, old, new, setData) in
      grid.reload(using: stages(old, new), setData: setData)
    }
    #expect(grid.passed, "\(grid)")
  }

  @Test("setData given the final data: A5 at a minimal pair, with a script that replays it")
  func finalData() throws {
    let report = checkAdapter(named: "final data", options: Self.options) {
      (table: HarnessTableView, old, new, setData) in
      table.reload(using: stages(old, new), with: .automatic) { _ in setData(new) }
    }
    let failure = try #require(report.failures.first { $0.kind.cause == .a5 }, "\(report)")
    #expect(failure.kind.verdict == .exception)
    #expect(failure.isProvenMinimal)
    #expect(failure.replayAgrees)
    #expect(failure.schedule == .simplest)
    let replayed = failure.script.run()
    #expect(replayed == failure.report)
    #expect(replayed.firstFailure == failure.outcome)
    let slug = failure.kind.description.replacingOccurrences(of: " ", with: "-")
    #expect(
      failure.replayLine
        == failure.script.caseLine(name: "final data-\(slug)", expecting: replayed))
    #expect(failure.replayLine.contains(#""expect":{"verdict":"exception""#))
    // Run again by hand: the pair fails this way, and no pair with one row
    // fewer (any row of either side dropped) does.
    #expect(Self.finalDataKinds(failure.old, failure.new).contains(failure.kind))
    for (side, sections) in [failure.old, failure.new].enumerated() {
      for (section, rows) in sections.enumerated() {
        for row in rows.indices {
          var smaller = sections
          smaller[section].remove(at: row)
          let pair = side == 0 ? (smaller, failure.new) : (failure.old, smaller)
          #expect(!Self.finalDataKinds(pair.0, pair.1).contains(failure.kind), "\(pair)")
        }
      }
    }
  }

  /// The failure kinds of the final-data apply on a view on screen.
  static func finalDataKinds(_ old: [[Row]], _ new: [[Row]]) -> [AdapterFailureKind] {
    var model = old
    let table = HarnessTableView { model }
    table.reload(using: stages(old, new), with: .automatic) { _ in model = new }
    table.drain()
    return table.report.outcomes.filter { $0.kind != .valid }.map(AdapterFailureKind.init)
  }

  @Test("setData called after each block: the model does not move inside it (A4)")
  func lateData() {
    let report = checkAdapter(named: "late data", options: Self.options) {
      (table: HarnessTableView, old, new, setData) in
      table.reloadSettingDataLate(using: stages(old, new), setData: setData)
    }
    let causes = Set(report.failures.compactMap(\.kind.cause))
    #expect(causes.contains(.a4) || causes.contains(.a1), "\(report)")
    #expect(report.failures.allSatisfy { $0.replayAgrees })
    #expect(report.failures.allSatisfy { $0.script.run().firstFailure != nil })
  }

  @Test("the same options give the same report; another seed other trials")
  func deterministic() {
    func run(_ seed: UInt64) -> String {
      checkAdapter(options: AdapterCheckOptions(seed: seed, count: 60)) {
        (table: HarnessTableView, old, new, setData) in
        table.reload(using: stages(old, new), with: .automatic) { _ in setData(new) }
      }.renderJSON()
    }
    #expect(run(1) == run(1))
    #expect(run(1) != run(2))
  }

  @Test("the text and JSON reports name each kind, its schedule and replay line")
  func rendering() throws {
    let report = checkAdapter(named: "final data", options: AdapterCheckOptions(count: 60)) {
      (table: HarnessTableView, old, new, setData) in
      table.reload(using: stages(old, new), with: .automatic) { _ in setData(new) }
    }
    let failure = try #require(report.failures.first)
    let text = report.renderText()
    #expect(
      text.hasPrefix("final data on a table view (ios18): 60 trials, \(report.failedCases) failed"))
    #expect(text.contains("  replay:   " + failure.replayLine))
    #expect(text.contains("  schedule: \(failure.schedule)"))
    // iOS 18's texts run over several lines; each stays under its heading.
    #expect(report.failures.contains { $0.outcome.message?.contains("\n") == true })
    #expect(!text.split(separator: "\n").contains { $0.hasPrefix("Data source") })
    let json = report.renderJSON()
    #expect(json.hasPrefix(#"{"name":"final data","semantics":"tableView","uikit":"ios18""#))
    #expect(json.contains(#""provenMinimal":true"#))
  }
}
