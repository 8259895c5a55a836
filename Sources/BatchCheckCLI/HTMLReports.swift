import BatchCheck
import BatchCheckCorpus
import BatchCheckHTML

/// How many cases an HTML report of `validate` or `corpus check` draws; the
/// others are counted in a note.
let htmlPictureLimit = 100

/// The HTML report of a `validate` run: a picture of each case whose
/// verdict is not valid or disagrees with its expectation, disagreements
/// first.
struct ValidatePictures {
  var contract: Contract?
  var identityOnly: Bool?
  var uikit: UIKitProfile?
  private var disagreements: [HTMLCase] = []
  private var others: [HTMLCase] = []
  private var snapshotDisagreements: [HTMLSnapshotCase] = []
  private var snapshotOthers: [HTMLSnapshotCase] = []
  private var adapterDisagreements: [HTMLAdapterTimeline] = []
  private var adapterOthers: [HTMLAdapterTimeline] = []
  private var files: [String] = []
  private var leftOut = 0

  init(contract: Contract?, identityOnly: Bool?, uikit: UIKitProfile?) {
    self.contract = contract
    self.identityOnly = identityOnly
    self.uikit = uikit
  }

  /// Judges the case on `line` again (as `ValidateReport.lines` did) and
  /// keeps its picture when it fails or disagrees.
  mutating func add(_ line: CaseLine) {
    if files.last != line.file { files.append(line.file) }
    if case .success(.snapshot(let snapshotCase)) = line.value {
      add(snapshotCase, line: line)
      return
    }
    if case .success(.sectionSnapshot(let sectionCase)) = line.value {
      add(sectionCase, line: line)
      return
    }
    if case .success(.adapter(let adapterCase)) = line.value {
      add(adapterCase, line: line)
      return
    }
    guard case .success(var testCase) = line.result else { return }
    if testCase.uikit == nil { testCase.uikit = uikit }
    guard let judged = try? testCase.judge(under: contract, identityOnly: identityOnly) else {
      return
    }
    let agrees = testCase.expectation.agrees(with: judged.verdict)
    guard !judged.isValid || !agrees else { return }
    guard drawn < htmlPictureLimit else {
      leftOut += 1
      return
    }
    var options = testCase.options
    options.identityOnly = judged.identityOnly
    let item = HTMLCase(
      testCase, judged: judged,
      title: "\(line.file):\(line.line)" + (testCase.name.map { " " + $0 } ?? ""),
      expected: ValidateReport.describe(testCase) + (agrees ? " (agrees)" : " (disagrees)"),
      advice: judged.advice, options: options)
    if agrees { others.append(item) } else { disagreements.append(item) }
  }

  /// Keeps a snapshot case's calls and states when it fails or disagrees.
  private mutating func add(_ snapshotCase: SnapshotCase, line: CaseLine) {
    keep(snapshotCase.judged(), line: line) { title, expected in
      HTMLSnapshotCase(
        title: title, script: snapshotCase.script, verdict: snapshotCase.verdict,
        expected: expected)
    }
  }

  /// Keeps a section snapshot case's calls and tree when it fails or disagrees.
  private mutating func add(_ sectionCase: SectionSnapshotCase, line: CaseLine) {
    keep(sectionCase.judged(), line: line) { title, expected in
      HTMLSnapshotCase(sectionCase, title: title, expected: expected)
    }
  }

  /// Keeps an adapter case's timeline when it fails or disagrees.
  private mutating func add(_ adapterCase: AdapterCase, line: CaseLine) {
    let judged = adapterCase.judged(profile: uikit)
    guard let report = judged.adapterReport, !judged.isValid || !judged.agrees else { return }
    guard drawn < htmlPictureLimit else {
      leftOut += 1
      return
    }
    let item = HTMLAdapterTimeline(
      script: adapterCase.script(profile: uikit), report: report,
      title: "\(line.file):\(line.line)" + (judged.name.map { " " + $0 } ?? ""),
      expected: (judged.expected ?? "valid (no expect)")
        + (judged.agrees ? " (agrees)" : " (disagrees)"))
    if judged.agrees { adapterOthers.append(item) } else { adapterDisagreements.append(item) }
  }

  /// Draws a diffable case that fails or disagrees, within the page's limit:
  /// `make` gets its title and what it expected.
  private mutating func keep(
    _ judged: ScriptJudgement, line: CaseLine,
    make: (_ title: String, _ expected: String) -> HTMLSnapshotCase
  ) {
    guard !judged.isValid || !judged.agrees else { return }
    guard drawn < htmlPictureLimit else {
      leftOut += 1
      return
    }
    let item = make(
      "\(line.file):\(line.line)" + (judged.name.map { " " + $0 } ?? ""),
      (judged.expected ?? "valid (no expect)")
        + (judged.agrees ? " (agrees)" : " (disagrees)"))
    if judged.agrees { snapshotOthers.append(item) } else { snapshotDisagreements.append(item) }
  }

  /// How many cases are drawn so far.
  private var drawn: Int {
    disagreements.count + others.count + snapshotDisagreements.count + snapshotOthers.count
      + adapterDisagreements.count + adapterOthers.count
  }

  /// The page: the run's facts, then the pictures.
  func html(tally: ValidateTally) -> String {
    var facts = [HTMLFact("files", files.joined(separator: ", "))]
    facts.append(
      HTMLFact("contract", contract.map { "every case read as \($0)" } ?? "each case's own"))
    facts.append(HTMLFact("UIKit profile", "\(uikit ?? .ios18) for cases that name none"))
    if identityOnly == true { facts.append(HTMLFact("mode", "identity only")) }
    facts.append(
      HTMLFact(
        "result",
        "\(tally.summary) (\(tally.disagreements) disagreeing, \(tally.dataErrors) unreadable)"))
    var notes = [
      "Drawn: every case whose verdict is not valid or disagrees with its expectation, disagreements first."
    ]
    if leftOut > 0 {
      notes.append("\(leftOut) more such cases are not drawn (at most \(htmlPictureLimit)).")
    }
    return HTMLReport.render(
      title: "validate", passed: tally.exitCode == .success, facts: facts,
      cases: disagreements + others,
      notes: notes, snapshotCases: snapshotDisagreements + snapshotOthers,
      adapterCases: adapterDisagreements + adapterOthers)
  }
}

extension CorpusRun {
  /// The HTML report of a `corpus check` run: per-file totals, then one
  /// row per disagreeing case, linking to the picture of its shrunk failure.
  func html(shard: Shard?) -> String {
    let mode = CheckReport.mode(
      contract: contract, ownContract: generator.contract, identityOnly: generator.identityOnly,
      uikit: simulation.uikit)
    var facts = [
      HTMLFact("generator", generator.name), HTMLFact("contract", mode),
      HTMLFact("UIKit profile", "\(simulation.uikit)"),
    ]
    if let shard { facts.append(HTMLFact("shard", "\(shard)")) }
    for total in totals {
      facts.append(
        HTMLFact(
          total.file,
          "\(total.cases) cases, \(total.passed) passed, \(total.cases - total.passed - total.skipped) failed"
            + (total.expectedFailures > 0 ? " (\(total.expectedFailures) fail as expected)" : "")))
    }
    let failed = passedAndFailed.failed
    facts.append(HTMLFact("result", resultLine))
    var notes: [String] = []
    let drawn = min(disagreements.count, htmlPictureLimit)
    if disagreementCount > drawn {
      notes.append(
        "\(disagreementCount - drawn) more disagreements are not drawn (the first \(drawn) are).")
    }
    let cases = disagreements.prefix(htmlPictureLimit).map { disagreement in
      let title = "\(disagreement.file):\(disagreement.line) \(disagreement.name)"
      guard let failure = disagreement.failure else {
        let actual = disagreement.actual
        let same =
          disagreement.sameAs.map { "; the same failure as \($0.file):\($0.line), drawn above" }
          ?? ""
        return HTMLCase(
          title: title, old: [], new: [], changes: nil, verdict: nil, headline: actual,
          message: "\(actual), expected \(disagreement.expected)" + same,
          expected: disagreement.expected)
      }
      var options = simulation
      options.identityOnly = generator.identityOnly
      return HTMLCase(
        failure, title: title, contract: contract, options: options, expected: disagreement.expected
      )
    }
    return HTMLReport.render(
      title: "corpus check \(generator.name) (\(mode))",
      passed: failed == 0 && unreadableFiles == 0, facts: facts, cases: cases,
      notes: notes)
  }
}

extension HTMLCase {
  /// A case judged outside the engine (`validate`, `diagnose`): its changes
  /// read as they were judged, the verdict with its place and failing stage
  /// or step, and under the picture the changes and the simulator's trace
  /// (`ContractTrace`).
  init(
    _ testCase: Case, judged: ContractVerdict, title: String, expected: String?, advice: String?,
    options: SimulationOptions
  ) {
    let changes = testCase.changes.read(as: judged.contract, old: testCase.old, new: testCase.new)
    var blocks: [HTMLBlock] = []
    if let changes {
      blocks.append(HTMLCase.block(changes))
      if let trace = ContractTrace.trace(
        old: testCase.old, new: testCase.new, changes: changes, position: judged.position,
        options: options)
      {
        blocks.append(HTMLBlock(label: trace.label, text: trace.lines.joined(separator: "\n")))
      }
    }
    self.init(
      title: title, old: testCase.old, new: testCase.new, changes: changes,
      verdict: judged.verdict, expected: expected, advice: advice, options: options,
      position: judged.position, blocks: blocks)
  }
}

extension HTMLSnapshotCase {
  /// A section snapshot case's calls and the tree they leave, as a snapshot
  /// case is drawn.
  init(_ sectionCase: SectionSnapshotCase, title: String, expected: String) {
    let verdict = sectionCase.verdict
    self.init(
      title: title, headline: verdict.kind.headline(verdict.rule),
      message: verdict.message ?? "", expected: expected,
      calls: sectionCase.calls.map { SectionSnapshotCaseJSON.call($0) },
      failingCall: verdict.call, final: nil, intended: nil,
      blocks: verdict.final.map {
        [HTMLBlock(label: "tree after the calls", text: SectionSnapshotCaseJSON.tree($0))]
      } ?? [])
  }
}
