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
///     // judged: the ContractVerdict of the changes, from the caller's judgement
///     HTMLCase(
///       title: "reload-and-move", old: old, new: new, changes: changes,
///       verdict: judged.verdict, position: judged.position)
///
/// The HTML module judges nothing: what it draws, the verdict with its
/// place, the failing stage or step and the trace, comes with the case.
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
  /// The options that judged the case.
  public var options: SimulationOptions
  /// The failing stage or step of staged or sequential changes, as judged;
  /// nil for one batch and for changes that failed as a whole.
  public var position: ChangesPosition?
  /// The blocks under the picture, in order.
  public var blocks: [HTMLBlock]
  /// The waste limit a valid update breaches, for a waste failure.
  var waste: WasteBreach?

  public init(
    title: String, old: [[Row]], new: [[Row]], changes: ContractChanges?, verdict: Verdict?,
    headline: String? = nil, message: String? = nil, expected: String? = nil, advice: String? = nil,
    options: SimulationOptions = .default, position: ChangesPosition? = nil,
    blocks: [HTMLBlock]? = nil
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
    self.position = position
    self.blocks = blocks ?? changes.map { [Self.block($0)] } ?? []
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
    self.init(
      title: title, old: failure.old, new: failure.new, changes: judged, verdict: failure.verdict,
      headline: failure.kind.description, message: failure.message, expected: expected,
      advice: failure.advice,
      options: options, position: failure.position,
      blocks: Self.blocks(failure, runSeed: runSeed, sectioned: sectioned))
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

  /// The changes as a case file writes them, under their key.
  package static func block(_ changes: ContractChanges) -> HTMLBlock {
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
            title: "the update", old: old, new: new, update: update, verdict: verdict)
        ], nil
      )
    case .staged(let stages):
      let failingStage = position.flatMap { $0.stage(of: stages.count) }
      let last = failingStage ?? stages.count
      let first = max(0, last - Self.pictureLimit)
      var pictures: [UpdatePicture] = []
      var previous = first == 0 ? old : stages[first - 1].data
      for index in first..<last {
        let failing = failingStage == index + 1
        pictures.append(
          UpdatePicture(
            title: "stage \(index + 1) of \(stages.count)\(failing ? ", the failing one" : "")",
            old: previous,
            new: stages[index].data, update: stages[index].update,
            verdict: failing ? verdict : nil))
        previous = stages[index].data
      }
      if failingStage == nil, let verdict, !verdict.isValid {
        pictures.append(final(previous, "after the last stage", verdict))
      }
      return (pictures, Self.leftOut(first, "stage"))
    case .steps(let steps):
      let failingStep = position.flatMap { $0.step(of: steps.count) }
      let last = failingStep ?? steps.count
      let rows = old.reduce(0) { $0 + $1.count } + new.reduce(0) { $0 + $1.count }
      let work = rows.multipliedReportingOverflow(by: last)
      guard !work.overflow, work.partialValue <= Self.stepWork, rows <= Self.stepWork else {
        return ([], "no picture: \(last) steps over \(rows) rows are too many to draw one by one")
      }
      let first = max(0, last - Self.pictureLimit)
      var pictures: [UpdatePicture] = []
      var data = old
      for (index, step) in steps.prefix(last).enumerated() {
        let failing = failingStep == index + 1
        let after = failing ? data : (StepPicture.apply(step, to: data) ?? data)
        if index >= first {
          pictures.append(
            UpdatePicture(
              title:
                "step \(index + 1) of \(steps.count): \(step)\(failing ? ", the failing one" : "")",
              old: data, new: after, update: step.batch, verdict: failing ? verdict : nil))
        }
        data = after
      }
      if failingStep == nil, let verdict, !verdict.isValid {
        pictures.append(final(data, "after the last step", verdict))
      }
      return (pictures, Self.leftOut(first, "step"))
    }
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

extension ChangesPosition {
  /// The failing stage's number when it is one of `count` stages; nil otherwise.
  fileprivate func stage(of count: Int) -> Int? {
    guard case .stage(let number) = self else { return nil }
    return Self.within(number, count)
  }

  /// The failing step's number when it is one of `count` steps; nil otherwise.
  fileprivate func step(of count: Int) -> Int? {
    guard case .step(let number) = self else { return nil }
    return Self.within(number, count)
  }

  /// `number` when it counts one of `count` stages or steps, from 1.
  private static func within(_ number: Int, _ count: Int) -> Int? {
    number >= 1 && number <= count ? number : nil
  }
}
