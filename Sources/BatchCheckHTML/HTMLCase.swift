import BatchCheck
import BatchCheckCommandLine

/// One labelled block of text under a picture (the trace, the seeds, the
/// replay command, the corpus line), shown in a `<pre>` so it can be copied.
public struct HTMLBlock: Hashable, Sendable {
  public var label: String
  public var text: String

  public init(label: String, text: String) {
    self.label = label
    self.text = text
  }
}

/// A case an HTML report shows as a picture: its rows, the changes judged,
/// the verdict, and the text blocks under the picture.
///
///     let verdict = ContractValidator.validate(changes, old: old, new: new)
///     HTMLCase(title: "reload-and-move", old: old, new: new, changes: changes, verdict: verdict)
public struct HTMLCase: Hashable, Sendable {
  /// The heading: `exhaustive phase, pair 50`, `cases.jsonl:3 reload-and-move`.
  public var title: String
  public var old: [[Row]]
  public var new: [[Row]]
  /// The changes as they were judged (under the run's contract); nil when
  /// the generator gave none.
  public var changes: ContractChanges?
  /// The verdict on them; nil when the generator gave none.
  public var verdict: Verdict?
  /// `wrongRows C1`, `exception R11`, `generatorError crashed`.
  public var headline: String
  /// UIKit's message, BatchCheck's finding, or the generator's error.
  public var message: String
  /// What was expected, for a corpus or validate case that disagrees.
  public var expected: String?
  /// What to do when the changes are valid under another contract.
  public var advice: String?
  /// The options that judged the case; stages and steps are judged again
  /// with them to find the failing one.
  public var options: SimulationOptions
  /// The blocks under the picture, in order.
  public var blocks: [HTMLBlock]
  /// The waste limit a valid update breaches, for a waste failure.
  var waste: WasteBreach?

  public init(
    title: String, old: [[Row]], new: [[Row]], changes: ContractChanges?, verdict: Verdict?,
    headline: String? = nil, message: String? = nil, expected: String? = nil, advice: String? = nil,
    options: SimulationOptions = .default, blocks: [HTMLBlock]? = nil
  ) {
    self.title = title
    self.old = old
    self.new = new
    self.changes = changes
    self.verdict = verdict
    self.headline =
      headline ?? verdict.map {
        [$0.kind.rawValue, $0.rule?.rawValue].compactMap { $0 }.joined(separator: " ")
      }
      ?? "no changes"
    self.message = message ?? verdict?.message ?? ""
    self.expected = expected
    self.advice = advice
    self.options = options
    self.blocks = blocks ?? Self.traceBlocks(old: old, new: new, changes: changes, options: options)
  }

  /// A check failure of `report`, with its changes read as the run judged
  /// them, and its trace, seeds, replay command and corpus line.
  public init(_ failure: CheckFailure, of report: CheckReport) {
    var title =
      failure.index.map {
        "\(failure.phase.rawValue) phase, \(failure.phase == .random ? "case" : "pair") \($0)"
      } ?? "replayed case"
    if failure.occurrences > 1 { title += " (\(failure.occurrences) cases failed this way)" }
    self.init(
      failure, title: title, contract: report.contract,
      options: SimulationOptions(identityOnly: report.identityOnly, uikit: report.uikit),
      runSeed: report.replayedCaseSeed == nil ? report.seed : nil, sectioned: report.sectioned)
  }

  /// A shrunk failure judged under `contract` with `options` (a corpus
  /// case's, say), under `title`, with what was `expected` if anything;
  /// `sectioned` when the generator diffs several sections (its minimum was
  /// then searched among pairs of one section a side).
  public init(
    _ failure: CheckFailure, title: String, contract: Contract, options: SimulationOptions,
    expected: String? = nil, runSeed: UInt64? = nil, sectioned: Bool = false
  ) {
    let judged =
      failure.changes.flatMap { $0.read(as: contract, old: failure.old, new: failure.new) }
      ?? failure.update.map(ContractChanges.batch)
    var headline = failure.kind
    if let rule = failure.rule { headline += " \(rule)" }
    if let variant = failure.variant { headline += " (\(variant))" }
    if let error = failure.error { headline += " \(error.kind.rawValue)" }
    self.init(
      title: title, old: failure.old, new: failure.new, changes: judged, verdict: failure.verdict,
      headline: headline, message: failure.message, expected: expected, advice: failure.advice,
      options: options, blocks: Self.blocks(failure, runSeed: runSeed, sectioned: sectioned))
    waste = failure.waste
  }

  /// The trace, seeds, replay and corpus blocks of a check failure.
  static func blocks(_ failure: CheckFailure, runSeed: UInt64?, sectioned: Bool) -> [HTMLBlock] {
    var blocks: [HTMLBlock] = []
    if let changes = failure.changes ?? failure.update.map(ContractChanges.batch) {
      blocks.append(block(changes))
    } else {
      blocks.append(HTMLBlock(label: "update", text: "none (the generator gave no answer)"))
    }
    blocks.append(
      HTMLBlock(
        label: "trace",
        text: failure.trace.isEmpty
          ? "none (the generator gave no answer)" : failure.trace.joined(separator: "\n")))
    var seeds = runSeed.map { "run \(hexSeed($0)), " } ?? ""
    if let caseSeed = failure.caseSeed {
      seeds += "case \(hexSeed(caseSeed))"
    } else {
      seeds += "no case seed (\(failure.phase.rawValue) phase, pair \(failure.index ?? 0))"
    }
    blocks.append(HTMLBlock(label: "seeds", text: seeds))
    // The page serves both front ends: options named as the command line
    // names them (where it is the one to run), the other form of the replay too.
    let replayText = failure.replayText(naming: .commandLine)
    blocks.append(HTMLBlock(label: "replay", text: replayText))
    if let recipe = failure.replay {
      if replayText == recipe.swiftCall {
        if let command = recipe.commandLine {
          blocks.append(HTMLBlock(label: "replay on the command line", text: command))
        }
      } else {
        blocks.append(HTMLBlock(label: "replay in Swift", text: recipe.swiftCall))
      }
    }
    if let corpusLine = failure.corpusLine {
      blocks.append(HTMLBlock(label: "corpus line", text: corpusLine))
    }
    if let caseLine = failure.caseLine {
      blocks.append(HTMLBlock(label: "failing case", text: caseLine))
    }
    blocks.append(
      HTMLBlock(
        label: "shrunk",
        text:
          "from \(counted(failure.originalSize, "row")) to \(failure.old.joined().count + failure.new.joined().count),"
          + " \(counted(failure.shrinkCalls, "call")), \(counted(failure.shrinkImprovements, "improvement"))"
          + "; minimal: " + failure.minimalityText(sectioned: sectioned)))
    return blocks
  }

  /// The changes and the simulator's trace of one batch (or of the failing
  /// stage), for a case judged outside the engine; no trace for a large case.
  static func traceBlocks(
    old: [[Row]], new: [[Row]], changes: ContractChanges?, options: SimulationOptions
  )
    -> [HTMLBlock]
  {
    guard let changes else { return [] }
    var blocks = [block(changes)]
    let rows = old.reduce(0) { $0 + $1.count } + new.reduce(0) { $0 + $1.count }
    guard rows <= 5_000, old.count + new.count <= 200 else {
      blocks.append(HTMLBlock(label: "trace", text: "left out: the case has \(rows) rows"))
      return blocks
    }
    switch changes {
    case .batch(let update):
      let lines = SimulatedTableView(old, options: options).trace(update, dataSource: new).lines
      blocks.append(HTMLBlock(label: "trace", text: lines.joined(separator: "\n")))
    case .staged(let stages):
      let judged = ContractValidator.validateStaged(
        old: old, stages: stages, new: new, options: options)
      if let stage = judged.stage {
        let before = stage == 1 ? old : stages[stage - 2].data
        let lines = SimulatedTableView(before, options: options).trace(
          stages[stage - 1].update, dataSource: stages[stage - 1].data
        ).lines
        blocks.append(
          HTMLBlock(label: "trace of stage \(stage)", text: lines.joined(separator: "\n")))
      }
    case .steps:
      break
    }
    return blocks
  }

  /// The changes as a case file writes them, under their key.
  private static func block(_ changes: ContractChanges) -> HTMLBlock {
    switch changes {
    case .batch(let update): return HTMLBlock(label: "update", text: CaseJSON.update(update))
    case .staged(let stages): return HTMLBlock(label: "stages", text: CaseJSON.stages(stages))
    case .steps(let steps): return HTMLBlock(label: "steps", text: CaseJSON.steps(steps))
    }
  }

  /// The pictures: one for one batch; one per stage or step up to the
  /// failing one, then one of the final rows against the data source when
  /// they differ. Steps are drawn only while their count times the rows
  /// stays small (`stepWork`).
  func pictures() -> (pictures: [UpdatePicture], note: String?) {
    switch changes {
    case nil:
      return ([], "no picture: there are no changes to draw")
    case .batch(let update):
      return (
        [
          UpdatePicture(
            title: "the update", old: old, new: new, update: update, verdict: placed(update))
        ], nil
      )
    case .staged(let stages):
      let judged = ContractValidator.validateStaged(
        old: old, stages: stages, new: new, options: options)
      let last = judged.stage ?? stages.count
      let first = max(0, last - Self.pictureLimit)
      var pictures: [UpdatePicture] = []
      var previous = first == 0 ? old : stages[first - 1].data
      for index in first..<last {
        let failing = judged.stage == index + 1
        pictures.append(
          UpdatePicture(
            title: "stage \(index + 1) of \(stages.count)\(failing ? ", the failing one" : "")",
            old: previous,
            new: stages[index].data, update: stages[index].update,
            verdict: failing ? judged.verdict : nil))
        previous = stages[index].data
      }
      if judged.stage == nil, !judged.isValid {
        pictures.append(final(previous, "after the last stage", judged.verdict))
      }
      return (pictures, Self.leftOut(first, "stage"))
    case .steps(let steps):
      let judged = ContractValidator.validateSteps(
        old: old, steps: steps, new: new, options: options)
      let last = judged.step ?? steps.count
      let rows = old.reduce(0) { $0 + $1.count } + new.reduce(0) { $0 + $1.count }
      let work = rows.multipliedReportingOverflow(by: last)
      guard !work.overflow, work.partialValue <= Self.stepWork, rows <= Self.stepWork else {
        return ([], "no picture: \(last) steps over \(rows) rows are too many to draw one by one")
      }
      let first = max(0, last - Self.pictureLimit)
      var pictures: [UpdatePicture] = []
      var data = old
      for (index, step) in steps.prefix(last).enumerated() {
        let failing = judged.step == index + 1
        let after = failing ? data : (StepPicture.apply(step, to: data) ?? data)
        if index >= first {
          pictures.append(
            UpdatePicture(
              title:
                "step \(index + 1) of \(steps.count): \(step)\(failing ? ", the failing one" : "")",
              old: data, new: after, update: step.batch, verdict: failing ? judged.verdict : nil))
        }
        data = after
      }
      if judged.step == nil, !judged.isValid {
        pictures.append(final(data, "after the last step", judged.verdict))
      }
      return (pictures, Self.leftOut(first, "step"))
    }
  }

  /// The verdict with its place: a verdict read back from a report carries
  /// none, so the update is judged again and its place taken when that
  /// judgement is the same verdict.
  private func placed(_ update: BatchUpdate) -> Verdict? {
    guard var verdict, !verdict.isValid, verdict.place == nil, verdict.mismatch == nil else {
      return verdict
    }
    let again = SimulatedTableView(old, options: options).performBatchUpdates(
      update, dataSource: new)
    if again == verdict { verdict.place = again.place }
    return verdict
  }

  /// Steps times rows up to which steps are drawn one by one.
  static let stepWork = 2_000_000
  /// Stages or steps drawn before the failing one, at most.
  static let pictureLimit = 20

  /// The note for the first `count` stages or steps, not drawn; nil for none.
  private static func leftOut(_ count: Int, _ what: String) -> String? {
    count == 0
      ? nil
      : "\(what)s 1 to \(count) are not drawn: only the last \(pictureLimit) up to the failing one"
  }

  /// The rows the table shows after the last stage or step against the
  /// data source's, with the finding.
  private func final(_ shown: [[Row]], _ place: String, _ verdict: Verdict) -> UpdatePicture {
    UpdatePicture(
      title: "\(place): the rows the table shows (left) against the data source's (right)",
      old: shown,
      new: new, update: BatchUpdate(), verdict: verdict)
  }
}

/// Applies steps to plain rows for the step pictures.
enum StepPicture {
  /// The rows after `step`, or nil when it is out of range.
  static func apply(_ step: Step, to data: [[Row]]) -> [[Row]]? { step.applied(to: data) }
}
