import BatchCheck
import BatchCheckCommandLine
import BatchCheckCorpus

extension CorpusRun {
  /// The human report: per-file totals, the first disagreements in full,
  /// the closing `N passed, N failed`.
  func summary(shard: Shard?) -> String {
    var lines: [String] = []
    let mode = CheckReport.mode(
      contract: contract, ownContract: generator.contract, identityOnly: generator.identityOnly,
      uikit: simulation.uikit)
    var head = "corpus check \(generator.name) (\(mode))"
    if let shard { head += ", shard \(shard)" }
    lines.append(head)
    for total in totals {
      let failedHere = total.cases - total.passed - total.skipped
      var text =
        "\(total.file): \(counted(total.cases, "case")),"
        + " \(total.passed) passed, \(failedHere) failed"
      var notes: [String] = []
      if total.expectedFailures > 0 { notes.append("\(total.expectedFailures) fail as expected") }
      if total.skipped > 0 { notes.append("\(total.skipped) skipped: several sections") }
      if total.notRun > 0 { notes.append("\(total.notRun) not run") }
      if !notes.isEmpty { text += " (" + notes.joined(separator: ", ") + ")" }
      lines.append(text)
    }
    if let edits { lines.append(edits.size.summary(over: edits.cases)) }
    if let limits = CheckReport.limitsText(
      maxMoveRatio: waste.maxMoveRatio, rejectsUnneededDeletes: waste.noUnneededDeletes)
    {
      lines.append("limits: " + limits)
    }
    for disagreement in disagreements {
      lines.append("")
      var head =
        "FAIL \(disagreement.file):\(disagreement.line) \(ValidateReport.printable(disagreement.name)): "
      head += "\(disagreement.actual), expected \(disagreement.expected)"
      lines.append(head)
      if let failure = disagreement.failure {
        lines += failure.textLines(runSeed: nil, naming: .commandLine).dropFirst()
      } else if let sameAs = disagreement.sameAs {
        lines.append("  the same failure as \(sameAs.file):\(sameAs.line) above")
      }
    }
    if disagreementCount > disagreements.count {
      lines.append("")
      lines.append(
        "... and \(disagreementCount - disagreements.count) more disagreements"
          + " (--format json or --junit has them all)")
    }
    if notRunCount > 0 {
      lines.append("")
      lines.append(
        "INCOMPLETE: \(counted(notRunCount, "case")) not run: \(notRunReason)."
          + " Fix the crash first, or raise the limit.")
    }
    lines.append("")
    lines.append(resultLine)
    return lines.joined(separator: "\n") + "\n"
  }

  /// `3 passed, 1 failed`, `(1 not run)` when the generator failed too
  /// often (`--max-crashes`), and `, 1 file not read` when one could not be.
  var resultLine: String {
    var text = "\(passedAndFailed.passed) passed, \(passedAndFailed.failed) failed"
    if notRunCount > 0 { text += " (\(notRunCount) not run)" }
    if unreadableFiles > 0 { text += ", \(counted(unreadableFiles, "file")) not read" }
    return text
  }

  /// The cases that agree, and those that do not (lines that could not be
  /// read and cases not run included; files that could not be read are
  /// counted apart).
  var passedAndFailed: (passed: Int, failed: Int) {
    totals.reduce((0, 0)) { sum, total in
      (sum.0 + total.passed, sum.1 + total.cases - total.passed - total.skipped)
    }
  }

  /// JUnit XML: one test suite per file, one test case per corpus case.
  func junit() -> String {
    JUnitReport.document(
      totals.map { total in
        JUnitReport.Suite(
          name: "batchcheck.\(generator.name).\(total.file)", skipped: total.skipped,
          cases: results.filter { $0.file == total.file }.map { result in
            JUnitReport.TestCase(
              classname: total.file, name: "\(result.name) (line \(result.line))",
              failures: result.failure.map { [$0] } ?? [])
          })
      })
  }
}
