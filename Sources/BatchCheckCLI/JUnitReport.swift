import BatchCheck
import BatchCheckHTML

/// A check report as JUnit XML, which CI systems display: one test suite for
/// the generator, one test case per phase that ran, failures attached to the
/// phase that found them (coverage failures to the random phase).
///
///     JUnitReport.xml(for: check(LCS2013Generator()))
///     // <testsuite name="batchcheck.lcs-2013" tests="2" failures="1"> ...
enum JUnitReport {
  /// The XML document.
  static func xml(for report: CheckReport) -> String {
    let phases: [(CheckPhase, Int)] = [
      (.corpus, report.corpusCases), (.exhaustive, report.exhaustiveCases), (.random, report.randomCases),
    ]
    let ran = phases.filter { $0.1 > 0 || failures(report, in: $0.0).count > 0 }
    let failing = ran.filter { !failures(report, in: $0.0).isEmpty }.count
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
    xml += "  <testsuite name=\"batchcheck.\(escape(report.generator))\" tests=\"\(ran.count)\""
    xml += " failures=\"\(failing)\" errors=\"0\" skipped=\"0\">\n"
    xml += "    <properties>\n"
    xml += "      <property name=\"seed\" value=\"\(hexSeed(report.seed))\"/>\n"
    xml += "      <property name=\"cases\" value=\"\(report.casesRun)\"/>\n"
    xml += "    </properties>\n"
    for (phase, cases) in ran {
      xml += "    <testcase classname=\"batchcheck.\(escape(report.generator))\""
      xml += " name=\"\(phase.rawValue) (\(cases) cases)\""
      let found = failures(report, in: phase)
      if found.isEmpty {
        xml += "/>\n"
        continue
      }
      xml += ">\n"
      for failure in found {
        // One failure element per kind of failure, holding that failure's report.
        let head = [failure.kind, failure.rule?.rawValue, failure.variant.map { "(\($0))" }]
          .compactMap { $0 }.joined(separator: " ")
        xml += "      <failure type=\"\(escape(failure.kind))\" message=\"\(escape(head + ": " + failure.message))\">"
        xml += escape(failure.textLines(runSeed: report.seed, sectioned: report.sectioned).joined(separator: "\n"))
        xml += "</failure>\n"
      }
      xml += "    </testcase>\n"
    }
    xml += "  </testsuite>\n</testsuites>\n"
    return xml
  }

  private static func failures(_ report: CheckReport, in phase: CheckPhase) -> [CheckFailure] {
    report.failures.filter { $0.coverage == nil ? $0.phase == phase : phase == .random }
  }

  /// `text` ready for XML 1.0 text or a quoted attribute value
  /// (`markupEscaped`): `& < > " '` escaped, and every character XML 1.0
  /// cannot hold at all replaced by U+FFFD REPLACEMENT CHARACTER, so the
  /// document is always well-formed. The case itself, in the JSON output or
  /// the regression file, keeps the original character.
  ///
  ///     JUnitReport.escape("a<b\u{0}\u{FFFE}")   // "a&lt;b\u{FFFD}\u{FFFD}"
  static func escape(_ text: String) -> String { markupEscaped(text) }
}
