import BatchCheck
import BatchCheckCommandLine
import BatchCheckCorpus
import Foundation

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
  private var namesInFile = CaseNames()
  /// The generator: it runs every case when `workerGenerators` is empty,
  /// and shrinks every failure.
  let generator: ContractGenerator
  /// With `--exec`, one generator per worker thread, each with a process
  /// of its own: worker *k* runs its cases through `workerGenerators[k]`
  /// (`Judge.prepare(_:worker:)`). Empty: the workers share `generator`.
  var workerGenerators: [ContractGenerator] = []
  /// With `--exec` judged as one batch, worker *k*'s process, kept
  /// `--pipeline` cases ahead; `workerGenerators[k]` is its `generator`.
  var prefetching: [PrefetchingWorker] = []
  /// Per worker thread, the memory its edit sizes are measured in, reused
  /// from case to case (`Judge.prepare(_:worker:)`); empty: each case
  /// measures in memory of its own.
  var editWorkspaces: [EditWorkspace] = []
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

  /// One checker of `generator` per simulation the cases ask for.
  private var checkers: [SimulationOptions: CaseChecker] = [:]
  /// Per simulation, the workers' checkers: one per worker generator, or
  /// the run's own checker, shared.
  private var workerCheckers: [SimulationOptions: [CaseChecker]] = [:]
  /// The generator errors (crashes, hangs, answers that are not changes)
  /// the run takes before its later cases are not run (`--max-crashes`);
  /// nil: no limit.
  var maxGeneratorErrors: Int?
  /// The cases whose generator failed so far, counted in file order.
  private(set) var generatorErrors = 0
  /// The cases not run, past `maxGeneratorErrors`.
  private(set) var notRunCount = 0
  /// Raised once no later case is run (`maxGeneratorErrors` reached, or
  /// `--first-failure`): the workers then run none of the cases they hold.
  let halt = HaltSignal()
  /// Per file, in order: cases, agreements, expected failures, skipped
  /// (several sections for a generator of one), not run (`--max-crashes`).
  private(set) var totals:
    [(
      file: String, cases: Int, passed: Int, expectedFailures: Int, skipped: Int, notRun: Int
    )] = []
  /// The first `detailed` cases that disagree.
  private(set) var disagreements: [Disagreement] = []
  /// Every case that disagrees, listed or not.
  private(set) var disagreementCount = 0
  /// With `--junit`, every case run: file, line, name, and its failure if any.
  private(set) var results:
    [(file: String, line: Int, name: String, failure: JUnitReport.Failure?)] = []
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
    totals.append((file, 0, 0, 0, 0, 0))
    namesInFile = CaseNames()
  }

  /// Forgets a file started but not read: one that could not be opened.
  mutating func dropFile(_ file: String) {
    if let last = totals.last, last.file == file, last.cases == 0 { totals.removeLast() }
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
  /// and UIKit profile when it sets them, its rows on screen, and its
  /// identity-only mode (the checker adds the generator's own:
  /// `ContractGenerator.judging(_:)`).
  private func simulation(for testCase: Case) -> SimulationOptions {
    Self.simulation(for: testCase, base: simulation)
  }

  private static func simulation(for testCase: Case, base: SimulationOptions)
    -> SimulationOptions
  {
    var options = base
    if testCase.semantics != .tableView { options.semantics = testCase.semantics }
    if testCase.duplicates != .reject { options.duplicates = testCase.duplicates }
    if let uikit = testCase.uikit { options.uikit = uikit }
    options.visibleRows = testCase.visibleRows
    options.identityOnly = testCase.identityOnly
    return options
  }

  private mutating func checker(for options: SimulationOptions) -> CaseChecker {
    if let checker = checkers[options] { return checker }
    var checkOptions = CheckOptions(simulation: options)
    checkOptions.stopAtFirstFailure = stopAtFirstFailure
    waste.apply(to: &checkOptions)
    let checker = CaseChecker(generator, under: contract, options: checkOptions)
    checkers[options] = checker
    workerCheckers[options] =
      workerGenerators.isEmpty
      ? [checker]
      : workerGenerators.map { CaseChecker($0, under: contract, options: checkOptions) }
    return checker
  }

  /// A line that cannot run: counted and printed, and the run goes on.
  private mutating func dataError(_ error: CaseDataError, output: inout some OutputSink) {
    unreadableCount += 1
    totals[totals.count - 1].cases += 1
    output.writeOutput(
      (format == .json ? ValidateReport.jsonLine(error) : ValidateReport.humanLine(error)) + "\n")
  }

  /// What running a case's generator gives, computed apart from the run's
  /// record so that many cases can run at once (`corpus check --workers`).
  /// A reference: the workers hand it on to the writer through slots and
  /// batches, and a copy is then one reference, not about 600 bytes and
  /// the references in them.
  final class Prepared: Sendable {
    let outcome: CaseOutcome
    /// The edit size of a valid batch update, added to the run's totals
    /// (its per-section figures are not kept).
    let edits: EditSize?

    init(outcome: CaseOutcome, edits: EditSize?) {
      self.outcome = outcome
      self.edits = edits
    }
  }

  /// Makes the checker of a case that sets none of its own simulation
  /// fields, before any case is read, so that workers judge such cases
  /// from the start. A case that needs another checker gets it when it is
  /// recorded (`check(_:prepared:output:)`), and the batches sent from then
  /// on share it.
  mutating func makeDefaultChecker() {
    _ = checker(for: simulation(for: Case(old: [], new: [])))
  }

  /// What running a case's generator needs of the run: its checkers, and
  /// none of its record, so that workers share it without copying the
  /// record (names, totals, expectations) a case at a time.
  var judge: Judge {
    // Built-in generators run no process: nothing to halt, no lock a case.
    Judge(
      simulation: simulation, checkers: workerCheckers,
      halt: workerGenerators.isEmpty ? nil : halt, prefetching: prefetching,
      editWorkspaces: editWorkspaces)
  }

  /// The run's checkers, apart from its record (`CorpusRun.judge`).
  struct Judge: Sendable {
    let simulation: SimulationOptions
    /// Per simulation, one checker per worker, or one that all share.
    let checkers: [SimulationOptions: [CaseChecker]]
    /// The run's `halt`, with `--exec`.
    let halt: HaltSignal?
    /// Per worker, its process kept `--pipeline` cases ahead, if any.
    let prefetching: [PrefetchingWorker]
    /// Per worker, the memory its edit sizes are measured in, if any.
    let editWorkspaces: [EditWorkspace]

    /// Runs worker `worker`'s generator on a line's case: safe on that
    /// worker's thread once the run has made the case's checker. nil when
    /// it cannot: no checker yet, or the run has halted (the writer then
    /// decides, in file order, what becomes of the case).
    func prepare(_ line: CaseLine, worker: Int) -> Prepared? {
      // Read in place: `line.result` would copy the case.
      guard case .success(.batch(let testCase)) = line.value, halt?.isRaised != true,
        let checker = checker(for: testCase, worker: worker)
      else { return nil }
      return prepare(testCase, with: checker, worker: worker)
    }

    /// `prepare(_:with:)` on worker `worker`'s thread: the edit size
    /// measured in that worker's memory, when it has some.
    func prepare(_ testCase: Case, with checker: CaseChecker, worker: Int) -> Prepared {
      guard worker < editWorkspaces.count else { return Self.prepare(testCase, with: checker) }
      return Self.prepare(testCase, with: checker, workspace: &editWorkspaces[worker].workspace)
    }

    /// Worker `worker`'s checker for a case; nil when the run has not made it yet.
    func checker(for testCase: Case, worker: Int) -> CaseChecker? {
      guard let shared = checkers[CorpusRun.simulation(for: testCase, base: simulation)],
        !shared.isEmpty
      else { return nil }
      return shared[worker % shared.count]
    }

    /// Runs `checker`'s generator on `testCase`: its outcome, and the edit
    /// size of a valid batch update.
    static func prepare(_ testCase: Case, with checker: CaseChecker) -> Prepared {
      var workspace = EditSize.Workspace()
      return prepare(testCase, with: checker, workspace: &workspace)
    }

    /// `prepare(_:with:)`, the edit size measured in `workspace`'s memory.
    static func prepare(
      _ testCase: Case, with checker: CaseChecker, workspace: inout EditSize.Workspace
    ) -> Prepared {
      var outcome = checker.run(old: testCase.old, new: testCase.new)
      var edits: EditSize?
      if outcome.verdict?.isValid == true, case .batch(let update)? = outcome.changes {
        edits = EditSize(
          old: testCase.old, new: testCase.new, update: update, workspace: &workspace,
          keepsSections: false)
      }
      // Nothing after this reads the changes: they go here, on the thread
      // that made them, and the writer copies no update.
      outcome.changes = nil
      return Prepared(outcome: outcome, edits: edits)
    }
  }

  /// Runs one line of a corpus file, with its generator's outcome when
  /// `prepare` already computed it.
  mutating func check(_ line: CaseLine, prepared: Prepared? = nil, output: inout some OutputSink) {
    // The case is read in place (`line.result` would copy it).
    guard case .success(.batch(let testCase)) = line.value else { return refuse(line, &output) }
    guard admits(testCase, line, output: &output) else { return }
    if let maxGeneratorErrors, generatorErrors >= maxGeneratorErrors {
      return notRun(line, testCase, output: &output)
    }
    // A case a worker could not run (its checker was not made yet) runs
    // here, and its checker serves the batches sent from now on.
    let ran = prepared ?? Judge.prepare(testCase, with: checker(for: simulation(for: testCase)))
    let outcome = ran.outcome
    countGeneratorError(outcome)
    // The key and the printed name are made only for the cases that need
    // them; the key reads a copy of the file names alone, not of the run.
    let fileNames = fileNames
    func key() -> CorpusExpectations.Key {
      CorpusExpectations.Key(
        file: fileNames[line.file] ?? line.file, name: testCase.name, line: line.line)
    }
    var name: String { testCase.name ?? "#\(line.line)" }
    if let size = ran.edits {
      edits = ((edits?.size ?? EditSize()) + size, (edits?.cases ?? 0) + 1)
    }
    let failing = ExpectedOutcome(outcome)
    if let failing { recorded.record(key(), failing) }
    totals[totals.count - 1].cases += 1
    if outcome.skipped {
      totals[totals.count - 1].skipped += 1
      if format == .json {
        output.writeOutput(caseJSON(line, name, outcome, nil, nil, skipped: true))
      }
      return
    }
    let (agrees, expectedText) = compare(outcome, failing, key: key, expect: testCase.expect)
    var failure: CheckFailure?
    var junitFailure: JUnitReport.Failure?
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
      // Here, in file order, with the run's own `generator`, never a
      // worker's: an --exec process's state (a restart, a timeout learned
      // from its answers) steers the shrinking, and the writer's process
      // sees the same shrinks in the same order at any number of workers.
      if format == .json || keepsJUnit || (listed && shownBefore == nil) {
        failure = checker(for: simulation(for: testCase)).failure(
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
        junitFailure = JUnitReport.Failure(
          type: actual, message: message,
          body: failure?.textLines(runSeed: nil, naming: .commandLine).joined(separator: "\n")
            ?? message)
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

  /// Counts a case whose generator failed; at `maxGeneratorErrors`, halts
  /// the workers: no later case runs (`notRun`).
  private mutating func countGeneratorError(_ outcome: CaseOutcome) {
    guard outcome.error != nil else { return }
    generatorErrors += 1
    if let maxGeneratorErrors, generatorErrors >= maxGeneratorErrors { halt.raise() }
  }

  /// A case not run, the generator having failed `maxGeneratorErrors`
  /// cases before it: counted as failed (never a pass), and printed in
  /// JSON and JUnit; nothing is recorded for `--write-expectations`.
  private mutating func notRun(_ line: CaseLine, _ testCase: Case, output: inout some OutputSink) {
    notRunCount += 1
    totals[totals.count - 1].cases += 1
    totals[totals.count - 1].notRun += 1
    let name = testCase.name ?? "#\(line.line)"
    if keepsJUnit {
      let message = "not run: \(notRunReason)"
      let failure = JUnitReport.Failure(type: "notRun", message: message, body: message)
      results.append((line.file, line.line, name, failure))
    }
    if format == .json {
      output.writeOutput(
        caseJSON(
          line, name, nil,
          nil, nil, skipped: false, notRun: true, agrees: comparing ? false : nil))
    }
  }

  /// Why the cases not run did not: `the generator had failed 5 cases
  /// (crashes, hangs, answers that are not changes; --max-crashes 5)`.
  var notRunReason: String {
    "the generator had failed \(counted(generatorErrors, "case")) (crashes, hangs, answers"
      + " that are not changes; --max-crashes \(maxGeneratorErrors ?? generatorErrors))"
  }

  /// A line with no batch case to run (unreadable, or a snapshot or
  /// adapter case): its data error counted and printed.
  private mutating func refuse(_ line: CaseLine, _ output: inout some OutputSink) {
    if case .failure(let error) = line.result { dataError(error, output: &output) }
  }

  /// Whether the case of `line` can run: not when its name already names
  /// another case of the file (then counted and printed).
  private mutating func admits(_ testCase: Case, _ line: CaseLine, output: inout some OutputSink)
    -> Bool
  {
    // A name keys the case's expectation: two cases of one file cannot share it.
    guard let name = testCase.name, let first = namesInFile.insert(name, line: line.line) else {
      return true
    }
    let error = CaseDataError(
      file: line.file, line: line.line, column: 1,
      message:
        "the case name \(jsonQuoted(name)) is already the name of line \(first): names are unique in a file"
    )
    dataError(error, output: &output)
    return false
  }

  /// Whether a case's `outcome` (`failing` when it fails) agrees with what is
  /// expected of it, and the expectation's text: the recorded expectations'
  /// entry at `key` when there are any, else the case line's `expect`, else
  /// valid. Agrees always when the run does not compare.
  private func compare(
    _ outcome: CaseOutcome, _ failing: ExpectedOutcome?, key: () -> CorpusExpectations.Key,
    expect: Expectation?
  ) -> (agrees: Bool, expectedText: String) {
    var agrees = true
    var expectedText = "valid"
    if comparing {
      if let expectations {
        let expected = expectations[key()]
        expectedText = expected?.description ?? "valid"
        agrees = expected == failing
      } else if let expect {
        expectedText = [expect.verdict.rawValue, expect.rule?.rawValue].compactMap { $0 }
          .joined(separator: " ")
        // A case line cannot expect a waste breach.
        agrees = outcome.waste == nil && (outcome.verdict.map(expect.agrees(with:)) ?? false)
      } else {
        agrees = failing == nil
      }
    }
    return (agrees, expectedText)
  }

  /// One case as a JSON line: file, line, name, verdict, rule, error,
  /// message (or `skipped`, or `notRun`), and when compared `expected` and `agrees`; `failure` (the
  /// shrunk failure, as a check report's JSON has it) when it disagrees.
  private func caseJSON(
    _ line: CaseLine, _ name: String, _ outcome: CaseOutcome?, _ expected: String?,
    _ failure: String?, skipped: Bool, notRun: Bool = false, agrees: Bool? = nil
  ) -> String {
    var fields = [
      "\"file\":" + jsonQuoted(line.file), "\"line\":\(line.line)", "\"name\":" + jsonQuoted(name),
    ]
    if skipped {
      fields.append("\"skipped\":true")
    } else if notRun {
      fields.append("\"notRun\":true")
    } else if let outcome, let error = outcome.error {
      fields.append("\"verdict\":\"generatorError\",\"error\":" + jsonQuoted(error.kind.rawValue))
      fields.append("\"message\":" + jsonQuoted(error.message))
    } else if let waste = outcome?.waste {
      fields.append("\"verdict\":\"waste\",\"variant\":" + jsonQuoted(waste.limit.variant))
      fields.append("\"message\":" + jsonQuoted(waste.message))
    } else if let outcome, let verdict = outcome.verdict {
      fields.append("\"verdict\":" + jsonQuoted(verdict.kind.rawValue))
      if let rule = verdict.rule { fields.append("\"rule\":" + jsonQuoted(rule.rawValue)) }
      if let message = verdict.message { fields.append("\"message\":" + jsonQuoted(message)) }
      if let place = verdict.place { fields.append("\"place\":" + CaseJSON.place(place)) }
      if let position = outcome.position { fields.append(CaseJSON.position(position)) }
    }
    if let expected { fields.append("\"expected\":" + jsonQuoted(expected)) }
    if let agrees { fields.append("\"agrees\":\(agrees)") }
    if let failure { fields.append("\"failure\":" + failure) }
    return "{" + fields.joined(separator: ",") + "}\n"
  }
}

/// One worker thread's `EditSize.Workspace`, reused from case to case.
/// `@unchecked Sendable`: only its worker's thread touches it.
final class EditWorkspace: @unchecked Sendable {
  var workspace = EditSize.Workspace()
}

/// A flag the run raises once and its workers read: after it, they run no
/// more cases. `@unchecked Sendable`: the flag is only touched holding `lock`.
final class HaltSignal: @unchecked Sendable {
  private let lock = NSLock()
  private var raised = false

  /// Whether the flag was raised.
  var isRaised: Bool {
    lock.lock()
    defer { lock.unlock() }
    return raised
  }

  /// Raises the flag, for good.
  func raise() {
    lock.lock()
    raised = true
    lock.unlock()
  }
}
