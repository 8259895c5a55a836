import BatchCheck
import Foundation
import ReferenceDiffs

/// What `batchcheck` does with no arguments: checks every built-in generator
/// with the default seed and prints one row per generator.
///
///     batchcheck
///     // generator              cases  verdict          smallest counterexample
///     // lcs                    56113  valid (identity only)  -
///     // lcs-2013                  51  wrongRows C1     ["a"] -> ["b","a","b"]
///     // ...
///
/// Each generator runs as `batchcheck check --generator NAME` would: every
/// pair with at most 8 rows in all (contents varied up to 5), smallest first,
/// then 10,000 seeded random cases; each kind of failure is shrunk, searched
/// below, and listed on its own row, smallest first. A counterexample is
/// proven minimal unless its row says otherwise. Under the table, one line
/// per generator gives the edit size of its valid updates, as `check` does.
/// Then the reference snapshot generators get a table of their own
/// (`snapshotPart(uikit:)`), before the last line, which counts the batch
/// generators.
struct DefaultRun {
  /// The UIKit whose rules judge (`--uikit`).
  var uikit = UIKitProfile.ios18
  /// `--first-failure` and `--keep-going`.
  var failures = FailureOptions()

  /// The main job's options: `batchcheck [<options>]`.
  static var options: [CommandOption<Self>] {
    [GeneratorOptions.uikitOption(\.uikit)] + FailureOptions.options.map { $0.lifted(\.failures) }
  }

  /// Parses the main job's options (the whole command line).
  init(arguments: [String]) throws(CommandError) {
    if let extra = try parseOptions(Self.options, arguments, command: nil, into: &self).first {
      throw .unexpectedArgument(extra, command: nil)
    }
    try failures.validate(command: nil)
  }

  init() {}

  /// Whether to say on standard error, as each generator finishes, one
  /// line (`heckel (6/9): valid, 57809 cases, 9.1 s`); nil: when standard
  /// error is not a terminal, where no progress line is drawn (a CI log, a
  /// pipe). Standard output is the same either way.
  var saysEachGenerator: Bool?

  /// Prints the table, then the failing generators' messages and updates.
  ///
  /// - Returns: `.success`: the built-in generators' failures are known
  ///   findings, shown rather than judged.
  func run(output: inout some OutputSink) async -> ExitCode {
    var text =
      "Every built-in generator, default seed, judged by \(uikit)'s UIKit: every pair with at most"
      + " \(CheckOptions.defaultExhaustiveTotal) rows in all (contents varied up to"
      + " \(CheckOptions.defaultExhaustiveContentTotal)), then \(CheckOptions.defaultCount) random cases;"
      + (failures.firstFailure
        ? " each generator stops at its first failure.\n\n"
        : " every kind of failure, smallest first, proven minimal unless marked.\n\n")
    text += Self.row("generator", "cases", "verdict", "smallest counterexample") + "\n"
    var details = ""
    var editLines = ""
    var failing = 0
    let workers = ProcessInfo.processInfo.activeProcessorCount
    let progress = ProgressLine.make()
    let saysEach = saysEachGenerator ?? (isatty(STDERR_FILENO) == 0)
    let generators = ReferenceGenerators.allContracts
    for (number, generator) in generators.enumerated() {
      let started = ContinuousClock.now
      var shared = GeneratorOptions()
      shared.simulation.uikit = uikit
      var options = shared.checkOptions(for: generator)
      failures.apply(to: &options)
      let prefix = "\(generator.name) (\(number + 1)/\(generators.count))"
      progress?.expect(options, prefix: prefix)
      progress?.install(in: &options)
      let report = await check(generator, options: options, workers: workers)
      let rendered = Self.rows(
        for: report, generator: generator, identityOnly: options.identityOnly)
      text += rendered.rows
      details += rendered.details
      editLines += Self.editSizeLine(for: report, generator: generator) + "\n"
      if !report.failures.isEmpty { failing += 1 }
      if saysEach {
        output.writeError(
          Self.finishedLine(prefix, report: report, seconds: started.duration(to: .now)))
      }
    }
    progress?.clear()
    text += "\nEdit size of each generator's valid updates (EditSize):\n" + editLines
    text += "\n" + details
    if !details.isEmpty {
      text += "\nFull report, trace and corpus line: batchcheck check --generator NAME\n\n"
    }
    text += Self.snapshotPart(uikit: uikit) + "\n"
    let count = ReferenceGenerators.allContracts.count
    text += "\(count) generators: \(count - failing) valid, \(failing) failing\n"
    output.writeOutput(text)
    return .success
  }

  /// One generator's rows of the table (one per kind of failure, smallest
  /// first, its name and cases on the first; one `valid` row when it has
  /// none) and its blocks below the table (update and message per kind).
  static func rows(for report: CheckReport, generator: ContractGenerator, identityOnly: Bool)
    -> (rows: String, details: String)
  {
    var modes: [String] = []
    if generator.contract != .batch { modes.append("as \(generator.contract)") }
    if identityOnly { modes.append("identity only") }
    let mode = modes.isEmpty ? "" : " (" + modes.joined(separator: ", ") + ")"
    guard !report.failures.isEmpty else {
      return (row(generator.name, String(report.casesRun), "valid" + mode, "-") + "\n", "")
    }
    var text = ""
    var details = ""
    for (index, failure) in report.failures.enumerated() {
      let name = index == 0 ? generator.name : ""
      let cases = index == 0 ? String(report.casesRun) : ""
      guard failure.coverage == nil else {
        text += row(name, cases, failure.kind.description, "-") + "\n"
        continue
      }
      let verdict = failure.kind.description + (index == 0 ? mode : "")
      let pair = "\(describe(failure.old)) -> \(describe(failure.new))"
      let proof = failure.isProvenMinimal ? "" : " (not proven minimal)"
      text += row(name, cases, verdict, pair + proof) + "\n"
      details += "\(generator.name), \(verdict): \(pair)\n"
      if let changes = failure.changes {
        details += "  changes: \(CaseJSON.field(changes))\n"
      } else if let update = failure.update {
        details += "  update:  \(CaseJSON.update(update))\n"
      }
      // UIKit's R2b text spans lines: each stays under the label.
      details += "  message: " + failure.message.indentingContinuationLines(by: 11) + "\n"
      details +=
        "  cases:   \(counted(failure.occurrences, "case")) failed this way;"
        + " minimal: \(failure.minimalityText(sectioned: report.sectioned))\n"
    }
    return (text, details)
  }

  /// A generator's edit-size line under the table: its name in the table's
  /// first column, then the line `check` prints for the run's totals.
  ///
  ///     // "heckel                 edit size: 107,282 moves where 29,588 suffice (3.7×), 77,912 extra; ..., over 57809 valid updates"
  static func editSizeLine(for report: CheckReport, generator: ContractGenerator) -> String {
    let line: String
    if let edits = report.edits {
      line = edits.summary(over: report.editCases)
    } else {
      line = "edit size: no valid update to measure"
    }
    return pad(generator.name, 23) + line
  }

  /// The line said on standard error as a generator finishes, when no
  /// progress line is drawn:
  ///
  ///     DefaultRun.finishedLine("heckel (6/9)", report: report, seconds: .seconds(9.14))
  ///     // "heckel (6/9): valid, 57809 cases, 9.1 s\n"
  static func finishedLine(_ prefix: String, report: CheckReport, seconds: Duration) -> String {
    let verdict =
      report.failures.isEmpty
      ? "valid" : counted(report.failures.count, "kind of failure", "kinds of failure")
    let tenths = Int(
      (Double(seconds.components.seconds) + Double(seconds.components.attoseconds) * 1e-18) * 10)
    return
      "\(prefix): \(verdict), \(counted(report.casesRun, "case")), \(tenths / 10).\(tenths % 10) s\n"
  }

  /// One table row, padded to fixed columns.
  static func row(_ name: String, _ cases: String, _ verdict: String, _ example: String) -> String {
    pad(name, 22) + String(repeating: " ", count: max(0, 6 - cases.count)) + cases + "  "
      + pad(verdict, 34) + example
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(1, width - text.count))
  }

  /// One section as a flat JSON array (`["a","b"]`); several as sections.
  static func describe(_ sections: [[Row]]) -> String {
    sections.count == 1
      ? "[" + sections[0].map(\.description).joined(separator: ",") + "]"
      : CaseJSON.sections(sections)
  }
}
