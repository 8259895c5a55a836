import BatchCheck
import BatchCheckCorpus

/// `batchcheck corpus check`: runs one generator on every case of corpus
/// files, judges its changes, compares each outcome with the expected one,
/// and shrinks what disagrees.
///
///     batchcheck corpus check Corpus/generated/*.jsonl --generator lcs-2013 \
///       --expect Corpus/expectations/lcs-2013.jsonl
///     // Corpus/generated/one-section.jsonl: 2416 cases, 2416 passed, 0 failed (... as expected)
///     // 3416 passed, 0 failed
///
/// Exit status: 0 every case agrees; 1 one does not; 65 a line or file that
/// cannot be read (the other cases still run); 64 a usage error; 74 a file
/// that cannot be written.
struct CorpusCheckCommand: FilesCommand {
  static let name = "check"
  /// The words after `batchcheck` that name this command in errors.
  static let path = "corpus check"
  static let abstract = "Run a generator on every case of corpus files; compare with the expectations."
  static let usage = """
    OVERVIEW: Run one generator on every case of corpus files (each case's old and
    new; an update, stages or steps in the file are ignored), judge its changes
    with the simulated table, and compare each outcome with the expected one:
    the --expect file's, else the case's own "expect", else valid. Each case that
    disagrees is shrunk to a smallest pair that fails the same way. Every case
    runs; --first-failure stops at the first case that disagrees.

    USAGE: batchcheck corpus check <file>... (--generator <name> | --exec <command>) [<options>]

    ARGUMENTS:
      <file>              Case files (JSON Lines, Corpus/README.md); any readable
                          stream (a FIFO, <(command)); - reads standard input.

    OPTIONS:
    \(optionsHelp)

    Each case's own "semantics" and "duplicates" apply when it sets them, and its
    "identityOnly": true adds identity-only mode. A case line cannot hold a waste
    limit: --max-move-ratio and --no-unneeded-deletes hold every case of the run,
    and a valid update that breaches one disagrees with any expectation but a
    "waste" line of the --expect file.

    EXIT STATUS:
      0 every case agrees with its expectation; 1 one does not; 65 a line or file
      could not be read; 64 a usage error; 74 a file could not be written.

    """

  /// How many disagreements the human format lists; the first of each kind
  /// among them is shown in full.
  static let detailed = 10

  var files: [String] = []
  var shared = GeneratorOptions()
  var expectPath: String?
  var writeExpectationsPath: String?
  var shard: Shard?
  var format = OutputFormat.human
  var junit: String?
  var html: String?
  var failures = FailureOptions()
  var waste = WasteOptions()

  static var options: [CommandOption<Self>] {
    GeneratorOptions.options.map { $0.lifted(\.shared) } + [
      .path(
        "--expect", \.expectPath,
        help: "The expected failures of this generator (an expectations file, Corpus/README.md); every case"
          + " not listed is expected to be valid, and the cases' own \"expect\" are not used."),
      .path(
        "--write-expectations", \.writeExpectationsPath,
        help: "Write this run's failures as an expectations file (atomically), instead of comparing; not with"
          + " --expect."),
    ] + FailureOptions.options.map { $0.lifted(\.failures) } + WasteOptions.options.map { $0.lifted(\.waste) } + [
      .shard(
        \.shard, help: "Run shard i of n: case k (counting over all files, from 0) runs on shard k % n + 1."),
      .format(\.format, json: "one object per case."),
      .path("--junit", \.junit, help: "Also write JUnit XML: one test case per corpus case."),
      .path(
        "--html", \.html,
        help: "Also write an HTML report: one row per disagreeing case, linking to a picture of its smallest"
          + " failure."),
    ]
  }

  func validate() throws(CommandError) {
    if files.isEmpty { throw .missingArgument("<file>", command: Self.path) }
    try shared.validate(command: Self.path)
    try failures.validate(command: Self.path)
    // Comparing with expectations and recording new ones exclude each other.
    if expectPath != nil, writeExpectationsPath != nil {
      throw .conflictingOptions("Give --expect or --write-expectations, not both", command: Self.path)
    }
  }

  func run(output: inout some OutputSink) async throws(CommandError) -> ExitCode {
    for output in [junit, writeExpectationsPath] {
      try checkOutput(output, inputs: files + [expectPath])
    }
    guard let (generator, external) = shared.makeGenerator() else { return .usage }
    defer { external?.close() }
    var expectations: CorpusExpectations?
    if let expectPath {
      expectations = try readFile(expectPath) { bytes throws(CaseDataError) in
        try CorpusExpectations(bytes, file: expectPath)
      }
    }
    var run = CorpusRun(
      fileNames: CorpusExpectations.Key.fileNames(for: files),
      generator: generator, contract: shared.judgedContract(for: generator),
      simulation: shared.simulation, expectations: expectations,
      comparing: writeExpectationsPath == nil, format: format, junit: junit != nil)
    run.stopAtFirstFailure = failures.firstFailure
    run.waste = waste
    let progress = format == .human ? ProgressLine.make() : nil
    var index = 0
    files: for file in files {
      let lines: [CaseLine]
      do throws(CaseFileError) {
        lines = try CaseFile.read(atPath: file)
      } catch {
        run.unreadable(file: file, error: error, output: &output, format: format)
        continue
      }
      run.startFile(file)
      for (number, line) in lines.enumerated() {
        defer { index += 1 }
        progress?.update(file, done: number, total: lines.count)
        guard shard?.contains(index) ?? true else { continue }
        run.check(line, output: &output)
        // --first-failure: the run ends at the first case that disagrees.
        if failures.firstFailure, run.disagreementCount > 0 { break files }
      }
    }
    progress?.clear()
    if format == .human {
      output.writeOutput(run.summary(shard: shard))
    }
    if let junit {
      try writeAtomically(run.junit(), to: junit)
    }
    if let html {
      try writeAtomically(run.html(shard: shard), to: html)
    }
    if let writeExpectationsPath {
      try writeAtomically(run.recorded.text, to: writeExpectationsPath)
      let note =
        "--write-expectations: \(counted(run.recorded.entries.count, "failing case")) written to"
        + " \(writeExpectationsPath) (every other case is expected valid)\n"
      if format == .json { output.writeError(note) } else { output.writeOutput(note) }
    }
    if run.unreadableCount > 0 { return .dataError }
    return run.disagreementCount == 0 ? .success : .failure
  }
}

/// One `corpus check` run: the checkers, the totals per file, the
/// disagreements.
///
/// Memory stays flat over a run: a case's data is let go once its outcome is
/// counted and printed. The run keeps the first `detailed` disagreements
/// for the human report, the shrunk failure only of the first of each kind
/// (actual and expected outcome) among them, and with `--junit` one entry
/// per case, each disagreement's text already rendered (its trace bounded).
struct CorpusRun {
  /// Each input file's name in expectation keys (`Key.fileNames(for:)`).
  let fileNames: [String: String]
  /// The names of the current file's cases so far, and their lines.
  private var namesInFile: [String: Int] = [:]
  let generator: ContractGenerator
  let contract: Contract
  let simulation: SimulationOptions
  let expectations: CorpusExpectations?
  /// Whether outcomes are compared with expectations (not when writing them).
  let comparing: Bool
  /// How each case is printed as it runs (JSON) or the report at the end.
  let format: OutputFormat
  /// Whether the run keeps what JUnit XML needs of every case.
  let keepsJUnit: Bool
  /// Whether each case's check stops at its first failure (`--first-failure`).
  var stopAtFirstFailure = false
  /// The waste limits every case is held to (`--max-move-ratio`, `--no-unneeded-deletes`).
  var waste = WasteOptions()
  /// The edit size of the valid batch updates so far, and how many.
  private(set) var edits: (size: EditSize, cases: Int)?

  /// One checker per simulation the cases ask for.
  private var checkers: [SimulationOptions: CaseChecker] = [:]
  /// Per file, in order: cases, agreements, expected failures, skipped.
  private(set) var totals: [(file: String, cases: Int, passed: Int, expectedFailures: Int, skipped: Int)] = []
  /// The first `detailed` cases that disagree.
  private(set) var disagreements: [Disagreement] = []
  /// Every case that disagrees, listed or not.
  private(set) var disagreementCount = 0
  /// With `--junit`, every case run: file, line, name, and its failure if any.
  private(set) var results: [(file: String, line: Int, name: String, failure: JUnitFailure?)] = []
  /// Lines and files that could not be read.
  private(set) var unreadableCount = 0
  /// Files that could not be read.
  private(set) var unreadableFiles = 0
  /// This run's failures, as an expectations file.
  private(set) var recorded = CorpusExpectations()

  /// A case whose outcome is not the expected one.
  struct Disagreement {
    var file: String
    var line: Int
    var name: String
    /// What the case got: `valid`, `exception R2`, ...
    var actual: String
    /// What was expected: `valid`, `wrongRows C1`, ...
    var expected: String
    /// The shrunk failure, for the first disagreement of its kind only.
    var failure: CheckFailure?
    /// The listed disagreement of the same kind shown in full, if not this one.
    var sameAs: (file: String, line: Int)?
  }

  /// A JUnit test case's failure: type, message and text.
  struct JUnitFailure {
    var actual: String
    var message: String
    var body: String
  }

  init(
    fileNames: [String: String] = [:],
    generator: ContractGenerator, contract: Contract, simulation: SimulationOptions,
    expectations: CorpusExpectations?, comparing: Bool, format: OutputFormat = .human,
    junit: Bool = false
  ) {
    self.fileNames = fileNames
    self.generator = generator
    self.contract = contract
    self.simulation = simulation
    self.expectations = expectations
    self.comparing = comparing
    self.format = format
    self.keepsJUnit = junit
  }

  mutating func startFile(_ file: String) {
    totals.append((file, 0, 0, 0, 0))
    namesInFile = [:]
  }

  mutating func unreadable(
    file: String, error: CaseFileError, output: inout some OutputSink, format: OutputFormat
  ) {
    unreadableCount += 1
    unreadableFiles += 1
    // Said once, on standard error (`Error: cannot read FILE: REASON`); the
    // summary counts it (`1 file not read`), and JSON has its record.
    _ = BatchCheckCommand.report(.unreadableFile(error), output: &output)
    if format == .json {
      output.writeOutput(ValidateReport.jsonLine(unreadable: error) + "\n")
    }
  }

  /// The simulation for a case: its own view semantics, duplicates policy
  /// and UIKit profile when it sets them, its rows on screen, its
  /// identity-only mode added to the run's.
  private func simulation(for testCase: Case) -> SimulationOptions {
    var options = simulation
    if testCase.semantics != .tableView { options.semantics = testCase.semantics }
    if testCase.duplicates != .reject { options.duplicates = testCase.duplicates }
    if let uikit = testCase.uikit { options.uikit = uikit }
    options.visibleRows = testCase.visibleRows
    options.identityOnly = generator.identityOnly || testCase.identityOnly
    return options
  }

  private mutating func checker(for options: SimulationOptions) -> CaseChecker {
    if let checker = checkers[options] { return checker }
    var judged = generator
    judged.identityOnly = options.identityOnly
    var checkOptions = CheckOptions(simulation: options)
    checkOptions.stopAtFirstFailure = stopAtFirstFailure
    waste.apply(to: &checkOptions)
    let checker = CaseChecker(judged, under: contract, options: checkOptions)
    checkers[options] = checker
    return checker
  }

  /// A line that cannot run: counted and printed, and the run goes on.
  private mutating func dataError(_ error: CaseDataError, output: inout some OutputSink) {
    unreadableCount += 1
    totals[totals.count - 1].cases += 1
    output.writeOutput(
      (format == .json ? ValidateReport.jsonLine(error) : ValidateReport.humanLine(error)) + "\n")
  }

  /// Runs one line of a corpus file.
  mutating func check(_ line: CaseLine, output: inout some OutputSink) {
    let testCase: Case
    switch line.result {
    case .failure(let error):
      dataError(error, output: &output)
      return
    case .success(let read):
      testCase = read
    }
    if let name = testCase.name {
      // A name keys the case's expectation: two cases of one file cannot share it.
      if let first = namesInFile[name] {
        let error = CaseDataError(
          file: line.file, line: line.line, column: 1,
          message: "the case name \(jsonQuoted(name)) is already the name of line \(first): names are unique in a file")
        dataError(error, output: &output)
        return
      }
      namesInFile[name] = line.line
    }
    let checker = checker(for: simulation(for: testCase))
    let outcome = checker.run(old: testCase.old, new: testCase.new)
    let key = CorpusExpectations.Key(
      file: fileNames[line.file] ?? line.file, name: testCase.name, line: line.line)
    let name = testCase.name ?? "#\(line.line)"
    if outcome.verdict?.isValid == true, case .batch(let update)? = outcome.changes {
      let size = EditSize(old: testCase.old, new: testCase.new, update: update)
      edits = ((edits?.size ?? EditSize()) + size, (edits?.cases ?? 0) + 1)
    }
    let failing = ExpectedOutcome(outcome)
    if let failing { recorded.record(key, failing) }
    totals[totals.count - 1].cases += 1
    if outcome.skipped {
      totals[totals.count - 1].skipped += 1
      if format == .json { output.writeOutput(caseJSON(line, name, outcome, nil, nil, skipped: true)) }
      return
    }
    var agrees = true
    var expectedText = "valid"
    if comparing {
      if let expectations {
        let expected = expectations[key]
        expectedText = expected?.description ?? "valid"
        agrees = expected == failing
      } else if let expect = testCase.expect {
        expectedText = [expect.verdict.rawValue, expect.rule?.rawValue].compactMap { $0 }
          .joined(separator: " ")
        // A case line cannot expect a waste breach.
        agrees = outcome.waste == nil && (outcome.verdict.map(expect.agrees(with:)) ?? false)
      } else {
        agrees = failing == nil
      }
    }
    var failure: CheckFailure?
    var junitFailure: JUnitFailure?
    if agrees {
      totals[totals.count - 1].passed += 1
      if failing != nil { totals[totals.count - 1].expectedFailures += 1 }
    } else {
      disagreementCount += 1
      let actual = failing?.description ?? "valid"
      let listed = disagreements.count < CorpusCheckCommand.detailed
      let shownBefore =
        listed ? disagreements.first { $0.actual == actual && $0.expected == expectedText } : nil
      // Shrunk only when something prints it: JSON, JUnit, or the first listed of its kind.
      if format == .json || keepsJUnit || (listed && shownBefore == nil) {
        failure = checker.failure(
          old: testCase.old, new: testCase.new, name: testCase.name, index: line.line,
          outcome: outcome)
      }
      if listed {
        disagreements.append(
          Disagreement(
            file: line.file, line: line.line, name: name, actual: actual, expected: expectedText,
            failure: shownBefore == nil ? failure : nil,
            sameAs: shownBefore.map { ($0.file, $0.line) }))
      }
      if keepsJUnit {
        let message = "\(actual), expected \(expectedText)"
        junitFailure = JUnitFailure(
          actual: actual, message: message,
          body: failure?.textLines(runSeed: nil).joined(separator: "\n") ?? message)
      }
    }
    if keepsJUnit { results.append((line.file, line.line, name, junitFailure)) }
    if format == .json {
      output.writeOutput(
        caseJSON(
          line, name, outcome, comparing ? expectedText : nil,
          agrees ? nil : failure?.json ?? "null", skipped: false,
          agrees: comparing ? agrees : nil))
    }
  }

  /// One case as a JSON line: file, line, name, verdict, rule, error,
  /// message, and when compared `expected` and `agrees`; `failure` (the
  /// shrunk failure, as a check report's JSON has it) when it disagrees.
  private func caseJSON(
    _ line: CaseLine, _ name: String, _ outcome: CaseOutcome, _ expected: String?,
    _ failure: String?, skipped: Bool, agrees: Bool? = nil
  ) -> String {
    var fields = [
      "\"file\":" + jsonQuoted(line.file), "\"line\":\(line.line)", "\"name\":" + jsonQuoted(name),
    ]
    if skipped {
      fields.append("\"skipped\":true")
    } else if let error = outcome.error {
      fields.append("\"verdict\":\"generatorError\",\"error\":" + jsonQuoted(error.kind.rawValue))
      fields.append("\"message\":" + jsonQuoted(error.message))
    } else if let waste = outcome.waste {
      fields.append("\"verdict\":\"waste\",\"variant\":" + jsonQuoted(waste.limit.variant))
      fields.append("\"message\":" + jsonQuoted(waste.message))
    } else if let verdict = outcome.verdict {
      fields.append("\"verdict\":" + jsonQuoted(verdict.kind.rawValue))
      if let rule = verdict.rule { fields.append("\"rule\":" + jsonQuoted(rule.rawValue)) }
      if let message = verdict.message { fields.append("\"message\":" + jsonQuoted(message)) }
    }
    if let expected { fields.append("\"expected\":" + jsonQuoted(expected)) }
    if let agrees { fields.append("\"agrees\":\(agrees)") }
    if let failure { fields.append("\"failure\":" + failure) }
    return "{" + fields.joined(separator: ",") + "}\n"
  }

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
      var text = "\(total.file): \(counted(total.cases, "case")),"
        + " \(total.passed) passed, \(failedHere) failed"
      var notes: [String] = []
      if total.expectedFailures > 0 { notes.append("\(total.expectedFailures) fail as expected") }
      if total.skipped > 0 { notes.append("\(total.skipped) skipped: several sections") }
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
        lines += failure.textLines(runSeed: nil).dropFirst()
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
    lines.append("")
    lines.append(resultLine)
    return lines.joined(separator: "\n") + "\n"
  }

  /// `3 passed, 1 failed`, and `, 1 file not read` when one could not be.
  var resultLine: String {
    var text = "\(passedAndFailed.passed) passed, \(passedAndFailed.failed) failed"
    if unreadableFiles > 0 { text += ", \(counted(unreadableFiles, "file")) not read" }
    return text
  }

  /// The cases that agree, and those that do not (lines that could not be
  /// read included; files that could not be read are counted apart).
  var passedAndFailed: (passed: Int, failed: Int) {
    totals.reduce((0, 0)) { sum, total in
      (sum.0 + total.passed, sum.1 + total.cases - total.passed - total.skipped)
    }
  }

  /// JUnit XML: one test suite per file, one test case per corpus case.
  func junit() -> String {
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
    for total in totals {
      let cases = results.filter { $0.file == total.file }
      let failures = cases.filter { $0.failure != nil }.count
      xml += "  <testsuite name=\"batchcheck.\(JUnitReport.escape(generator.name)).\(JUnitReport.escape(total.file))\""
      xml += " tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(total.skipped)\">\n"
      for result in cases {
        xml += "    <testcase classname=\"\(JUnitReport.escape(total.file))\""
        xml += " name=\"\(JUnitReport.escape(result.name)) (line \(result.line))\""
        guard let failure = result.failure else {
          xml += "/>\n"
          continue
        }
        xml += ">\n      <failure type=\"\(JUnitReport.escape(failure.actual))\""
        xml += " message=\"\(JUnitReport.escape(failure.message))\">"
        xml += JUnitReport.escape(failure.body) + "</failure>\n    </testcase>\n"
      }
      xml += "  </testsuite>\n"
    }
    xml += "</testsuites>\n"
    return xml
  }
}
