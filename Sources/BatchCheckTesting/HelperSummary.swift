import BatchCheck
import BatchCheckHarness

/// The one line each helper prints on standard output, pass or fail, so
/// that a test's log shows the helper ran and what it checked: a test that
/// checks nothing (never run, or left out by a stale `LinuxMain.swift`)
/// prints no such line.
///
///     BatchCheck: my-diff checked 15,825 cases (14,825 exhaustive, 1,000 random): passed
///     BatchCheck: set-diff checked 2,559 cases (559 exhaustive, 2,000 random): 2 kinds of failure
enum HelperSummary {
  /// The line of a batch, staged or steps check.
  static func line(_ report: CheckReport) -> String {
    let corpus = report.corpusCases > 0 ? "\(grouped(report.corpusCases)) corpus, " : ""
    return line(
      report.generator,
      checked: "\(cases(report.casesRun)) (\(corpus)\(grouped(report.exhaustiveCases)) exhaustive,"
        + " \(grouped(report.randomCases)) random)", failures: report.failures.count)
  }

  /// The line of a snapshot check.
  static func line(_ report: SnapshotCheckReport) -> String {
    line(
      report.name,
      checked: "\(cases(report.casesRun)) (\(grouped(report.exhaustiveCases)) exhaustive,"
        + " \(grouped(report.randomCases)) random)", failures: report.failures.count)
  }

  /// The line of an adapter check.
  static func line(_ report: AdapterCheckReport) -> String {
    line(report.name, checked: cases(report.cases), failures: report.failures.count)
  }

  /// The line of an identifier law check of `values` values of `type`.
  static func line<ID>(_ type: ID.Type, values: Int, breaches: Int) -> String {
    "BatchCheck: \(String(reflecting: type)) checked over \(grouped(values)) value"
      + "\(values == 1 ? "" : "s"): "
      + (breaches == 0
        ? "kept the Hashable laws" : "breaks \(breaches) Hashable law\(breaches == 1 ? "" : "s")")
  }

  /// `BatchCheck: NAME checked WHAT: passed`, or the number of kinds of
  /// failure, each recorded as an issue.
  static func line(_ name: String, checked what: String, failures: Int) -> String {
    "BatchCheck: \(name) checked \(what): "
      + (failures == 0 ? "passed" : "\(failures) kind\(failures == 1 ? "" : "s") of failure")
  }

  private static func cases(_ count: Int) -> String {
    "\(grouped(count)) case\(count == 1 ? "" : "s")"
  }

}
