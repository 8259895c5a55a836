import BatchCheck
import BatchCheckHarness
import Foundation
import Testing

/// What a scenario of the adapter model expects of its run: the case's
/// verdict and, when given, its rule, cause, step, basis and a piece of its
/// message.
struct Expected {
  var verdict: AdapterVerdictKind
  var rule: Rule? = nil
  var cause: AdapterCause? = nil
  var step: [Int]? = nil
  var basis: AdapterBasis? = nil
  var message: String? = nil

  /// The fields of `report` that differ from these, as text; empty when it agrees.
  func mismatches(_ report: AdapterReport) -> [String] {
    var found: [String] = []
    if report.verdict != verdict { found.append("verdict \(report.verdict)") }
    if let rule, report.rule != rule { found.append("rule \(String(describing: report.rule))") }
    if let cause, report.cause != cause {
      found.append("cause \(String(describing: report.cause))")
    }
    if let step, report.step != step { found.append("step \(String(describing: report.step))") }
    if let basis, report.basis != basis { found.append("basis \(report.basis)") }
    if let message, !Self.loose(report.message ?? "").contains(Self.loose(message)) {
      found.append("message \(report.message ?? "nil")")
    }
    return found
  }

  /// `text` with every run of white space made one space.
  static func loose(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}

/// Twenty rows, `r0` to `r19`, in one section.
private let twenty = [(0..<20).map { Row(.string("r\($0)")) }]

@MainActor
@Suite("Staged scenarios through the harness (H11, H12, H13, H23)")
struct HarnessScenarioTests {
  @Test("H11: a delete whose block never moves the model: R2, A4")
  func h11() {
    let model = twenty
    let table = HarnessTableView { model }
    table.performBatchUpdates {
      table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
    }
    let expected = Expected(
      verdict: .exception, rule: .r2, cause: .a4, step: [0], basis: .settled,
      message:
        "after the update (20) must be equal to the number of rows contained in that section before the update (20), plus or minus the number of rows inserted or deleted from that section (0 inserted, 1 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out)."
    )
    #expect(expected.mismatches(table.report).isEmpty, "\(table.report.outcomes)")
    #expect(
      table.script.steps == [.performBatchUpdates([.mutation(.deleteRows([RowPath(0, 0)]))])])
  }

  @Test("H12: a delete of one row while the model loses five: R2b, no cause")
  func h12() {
    var model = twenty
    let table = HarnessTableView { model }
    table.performBatchUpdates {
      table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
      model[0].removeFirst(5)
    }
    let expected = Expected(
      verdict: .exception, rule: .r2b, step: [0], basis: .settled,
      message:
        "Data source before updates = { 1 section with row counts: [20] } Data source after updates = { 1 section with row counts: [15] } Updates = [ Delete row (0 - 0) ]"
    )
    #expect(expected.mismatches(table.report).isEmpty, "\(table.report.outcomes)")
    #expect(table.report.cause == nil)
    #expect(
      table.script.steps == [
        .performBatchUpdates([.mutation(.deleteRows([RowPath(0, 0)])), .dataSource(model)])
      ])
  }

  @Test("H13: stages given the final data fail at the first stage (A5); given their own, pass")
  func h13() {
    var model = rows("abc")
    let final = rows("dac")
    let table = HarnessTableView { model }
    table.reload(using: stages(model, final), with: .automatic) { _ in model = final }
    // The scenario's one inference, the closure that stores the final
    // data, is written out as model changes: what is left is settled.
    let failing = Expected(
      verdict: .exception, rule: .r2, cause: .a5, step: [0], basis: .settled,
      message:
        "after the update (3) must be equal to the number of rows contained in that section before the update (3), plus or minus the number of rows inserted or deleted from that section (0 inserted, 1 deleted)"
    )
    #expect(failing.mismatches(table.report).isEmpty, "\(table.report.outcomes)")
    // The scenario's own script, with the final data set again in the
    // second block, gives the same case.
    let written = AdapterScript(
      start: AdapterStart(rows: rows("abc")),
      steps: [
        .performBatchUpdates([.dataSource(final), .mutation(.deleteRows([RowPath(0, 1)]))]),
        .performBatchUpdates([.dataSource(final), .mutation(.insertRows([RowPath(0, 0)]))]),
      ]
    ).run()
    #expect(written.firstFailure == table.report.firstFailure)
    // The model stored once: the second block's setData changes nothing.
    #expect(
      table.script.steps == [
        .performBatchUpdates([.dataSource(final), .mutation(.deleteRows([RowPath(0, 1)]))]),
        .performBatchUpdates([.mutation(.insertRows([RowPath(0, 0)]))]),
      ])

    model = rows("abc")
    let right = HarnessTableView { model }
    right.reload(using: stages(model, final), with: .automatic) { model = $0 }
    #expect(Expected(verdict: .valid, basis: .settled).mismatches(right.report).isEmpty)
    #expect(right.report.outcomes.count == 2)
    #expect(
      right.script.steps == [
        .performBatchUpdates([.dataSource(rows("ac")), .mutation(.deleteRows([RowPath(0, 1)]))]),
        .performBatchUpdates([.dataSource(final), .mutation(.insertRows([RowPath(0, 0)]))]),
      ])
  }

  @Test("H23: out of a window the staged apply sets the final data and reloads: valid")
  func h23() {
    var model = rows("abc")
    let table = HarnessTableView(start: .notInWindow) { model }
    #expect(table.window == nil)
    table.reload(using: stages(model, rows("dac")), with: .automatic) { model = $0 }
    #expect(Expected(verdict: .valid, basis: .settled).mismatches(table.report).isEmpty)
    #expect(table.script.steps == [.dataSource(rows("dac")), .reloadData])
    #expect(table.report.reads.map(\.by) == [.reloadData])
  }

  @Test("each scenario's recorded script, replayed without the code, gives the same report")
  func scenariosReplay() {
    var model = rows("abc")
    for start in HarnessStart.allCases {
      model = rows("abc")
      let table = HarnessTableView(start: start) { model }
      table.reload(using: stages(model, rows("dac")), with: .automatic) { _ in model = rows("dac") }
      table.drain()
      #expect(table.script.run() == table.report, "\(start)")
    }
  }
}
