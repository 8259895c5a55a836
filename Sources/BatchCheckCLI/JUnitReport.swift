import BatchCheck

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
        let head = [failure.kind, failure.rule?.rawValue].compactMap { $0 }.joined(separator: " ")
        xml += "      <failure type=\"\(escape(failure.kind))\" message=\"\(escape(head + ": " + failure.message))\">"
        xml += escape(report.renderText()) + "</failure>\n"
      }
      xml += "    </testcase>\n"
    }
    xml += "  </testsuite>\n</testsuites>\n"
    return xml
  }

  private static func failures(_ report: CheckReport, in phase: CheckPhase) -> [CheckFailure] {
    report.failures.filter { $0.coverage == nil ? $0.phase == phase : phase == .random }
  }

  /// `text` with XML's special characters escaped, and control characters
  /// that XML 1.0 cannot hold replaced by U+FFFD.
  static func escape(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      case "\n", "\t", "\r": out.unicodeScalars.append(scalar)
      default:
        out.unicodeScalars.append(scalar.value < 0x20 ? "\u{FFFD}" : scalar)
      }
    }
    return out
  }
}
