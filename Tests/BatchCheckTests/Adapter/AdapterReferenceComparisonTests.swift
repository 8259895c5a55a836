import BatchCheck
import BatchCheckCorpus
import Foundation
import Testing

/// The adapter state machine against an independent reading of its rules
/// (the reference model in `Support/`), on random recorded scripts: every
/// outcome (step, verdict, rule, cause, basis, message), every read, and the
/// case's verdict must be the same. The scripts pass through the case
/// reader, so the comparison covers the case format too.
@Suite("Adapter machine against the reference model")
struct AdapterReferenceComparisonTests {
  /// Random scripts per run; `BATCHCHECK_TEST_SCALE=full` runs twenty times more.
  static let count =
    ProcessInfo.processInfo.environment["BATCHCHECK_TEST_SCALE"] == "full" ? 40_000 : 2_000

  @Test("random scripts: the same outcomes, reads and case verdict as the reference")
  func randomScripts() throws {
    var mismatches: [String] = []
    var causes: Set<AdapterCause> = []
    for (line, expected) in referenceAdapterLines(count: Self.count, seed: 0xADA9) {
      let testCase = try AdapterCase(jsonLine: line)
      let report = testCase.script().run()
      if let cause = report.cause { causes.insert(cause) }
      if let difference = Self.difference(report, expected) {
        mismatches.append(line + "\n  " + difference)
        if mismatches.count >= 5 { break }
      }
      // The line's expect is the reference's result; a skipped outcome's
      // text is each program's own, so its message is not compared there.
      if report.verdict != .skipped { #expect(testCase.agrees, "\(line)") }
    }
    #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
    #expect(causes == Set(AdapterCause.allCases), "causes met: \(causes.sorted())")
  }

  @Test("the comparison sees a difference: a changed cause, basis or read is reported")
  func comparisonCanFail() throws {
    let (line, expected) = try #require(
      referenceAdapterLines(count: 200, seed: 7).first { $0.result.cause != nil })
    let report = try AdapterCase(jsonLine: line).script().run()
    #expect(Self.difference(report, expected) == nil)
    var wrong = expected
    let index = try #require(wrong.outcomes.firstIndex { $0.cause != nil })
    wrong.outcomes[index].cause = wrong.outcomes[index].cause == "A1" ? "A2" : "A1"
    #expect(Self.difference(report, wrong) != nil)
    wrong = expected
    wrong.reads.append(ReferenceAdapterRead(step: [0], by: "layout", counts: []))
    #expect(Self.difference(report, wrong) != nil)
  }

  /// Where a report and the reference's result differ, in words; nil when
  /// they agree. Messages are compared where UIKit writes them; BatchCheck's
  /// own texts (skipped outcomes) by the words both must hold.
  static func difference(_ report: AdapterReport, _ expected: ReferenceAdapterResult) -> String? {
    let reads = report.reads.map {
      ReferenceAdapterRead(step: $0.step, by: $0.by.rawValue, counts: $0.counts)
    }
    if reads != expected.reads { return "reads \(reads) != \(expected.reads)" }
    guard report.outcomes.count == expected.outcomes.count else {
      return "outcomes \(report.outcomes) != \(expected.outcomes)"
    }
    for (actual, wanted) in zip(report.outcomes, expected.outcomes) {
      let same =
        actual.step == wanted.step && actual.kind.rawValue == wanted.verdict
        && actual.rule?.rawValue == wanted.rule && actual.cause?.rawValue == wanted.cause
        && actual.basis.rawValue == wanted.basis && sameMessage(actual, wanted)
      if !same { return "outcome \(actual) != \(wanted)" }
    }
    if report.finalBasis.rawValue != expected.finalBasis {
      return "final basis \(report.finalBasis) != \(expected.finalBasis)"
    }
    return nil
  }

  static func sameMessage(_ actual: AdapterOutcome, _ wanted: ReferenceAdapterOutcome) -> Bool {
    guard actual.kind == .skipped else { return actual.message == wanted.message }
    let words = actual.cause == .a13 ? "unbalanced" : "not validated"
    return actual.message?.contains(words) == true && wanted.message?.contains(words) == true
  }
}
