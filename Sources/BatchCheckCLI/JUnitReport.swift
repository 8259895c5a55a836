import BatchCheck
import BatchCheckCommandLine
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
      (.corpus, report.corpusCases), (.exhaustive, report.exhaustiveCases),
      (.random, report.randomCases),
    ]
    let ran = phases.filter { $0.1 > 0 || failures(report, in: $0.0).count > 0 }
    let suite = Suite(
      name: "batchcheck.\(report.generator)",
      properties: [("seed", hexSeed(report.seed)), ("cases", "\(report.casesRun)")],
      cases: ran.map { phase, cases in
        TestCase(
          classname: "batchcheck.\(report.generator)", name: "\(phase.rawValue) (\(cases) cases)",
          failures: failures(report, in: phase).map { failure in
            // One failure element per kind of failure, holding that failure's report.
            return Failure(
              type: failure.kind.name, message: "\(failure.kind): " + failure.message,
              body: failure.textLines(
                runSeed: report.seed, sectioned: report.sectioned, naming: .commandLine
              )
              .joined(separator: "\n"))
          })
      })
    return document([suite])
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

  /// One `<testsuite>`: a name, its properties, and its test cases.
  struct Suite {
    var name: String
    /// `<property>` elements, in order; none leaves out `<properties>`.
    var properties: [(name: String, value: String)] = []
    /// The `skipped` attribute.
    var skipped = 0
    var cases: [TestCase]
  }

  /// One `<testcase>`: it failed when `failures` is not empty.
  struct TestCase {
    var classname: String
    var name: String
    var failures: [Failure]
  }

  /// One `<failure>`: its type and message attributes, and its text.
  struct Failure {
    var type: String
    var message: String
    var body: String
  }

  /// The JUnit XML document of `suites`, every name and text escaped
  /// (`escape`): the one writer of `--junit` for `check` and `corpus check`.
  /// - Complexity: O(*n*), *n* the length of the text written.
  static func document(_ suites: [Suite]) -> String {
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
    for suite in suites {
      let failing = suite.cases.filter { !$0.failures.isEmpty }.count
      xml += "  <testsuite name=\"\(escape(suite.name))\" tests=\"\(suite.cases.count)\""
      xml += " failures=\"\(failing)\" errors=\"0\" skipped=\"\(suite.skipped)\">\n"
      if !suite.properties.isEmpty {
        xml += "    <properties>\n"
        for property in suite.properties {
          xml +=
            "      <property name=\"\(escape(property.name))\" value=\"\(escape(property.value))\"/>\n"
        }
        xml += "    </properties>\n"
      }
      for testCase in suite.cases {
        xml +=
          "    <testcase classname=\"\(escape(testCase.classname))\" name=\"\(escape(testCase.name))\""
        if testCase.failures.isEmpty {
          xml += "/>\n"
          continue
        }
        xml += ">\n"
        for failure in testCase.failures {
          xml +=
            "      <failure type=\"\(escape(failure.type))\" message=\"\(escape(failure.message))\">"
          xml += escape(failure.body) + "</failure>\n"
        }
        xml += "    </testcase>\n"
      }
      xml += "  </testsuite>\n"
    }
    xml += "</testsuites>\n"
    return xml
  }
}
