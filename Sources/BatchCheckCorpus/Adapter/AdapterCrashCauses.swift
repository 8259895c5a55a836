import BatchCheck

/// The numbers of one count failure in a crash log, as diagnose reads them:
/// enough to ask whether the view and its data source fell out of step.
package struct CountFailureFacts: Hashable, Sendable {
  /// The view whose text it is.
  package var semantics: ViewSemantics
  /// The UIKit whose text form it is.
  package var uikit: UIKitProfile
  /// Whether the counts are of sections (R1) rather than of one section's rows.
  package var ofSections: Bool
  /// The section of a row count; 0 when the text does not say.
  package var section: Int
  /// The count UIKit took as "before".
  package var before: Int
  /// The count the data source returned at the end.
  package var after: Int
  /// The rows or sections inserted and deleted (and moved, for rows).
  package var inserted: Int
  package var deleted: Int
  package var movedIn: Int
  package var movedOut: Int

  /// Facts of a count failure.
  package init(
    semantics: ViewSemantics, uikit: UIKitProfile, ofSections: Bool = false, section: Int = 0,
    before: Int, after: Int, inserted: Int, deleted: Int, movedIn: Int = 0, movedOut: Int = 0
  ) {
    self.semantics = semantics
    self.uikit = uikit
    self.ofSections = ofSections
    self.section = section
    self.before = before
    self.after = after
    self.inserted = inserted
    self.deleted = deleted
    self.movedIn = movedIn
    self.movedOut = movedOut
  }

  /// The net change the batch announces.
  var announced: Int { inserted - deleted + movedIn - movedOut }
}

/// One way the apply code may have fallen out of step that fits a crash's
/// numbers, with a script that reproduces it.
package struct AdapterCauseCandidate: Hashable, Sendable {
  /// The cause.
  package var cause: AdapterCause
  /// Why the numbers fit it, in words.
  package var reason: String
  /// A script that gives the same rule and numbers, with that cause.
  package var script: AdapterScript
  /// The script's run.
  package var report: AdapterReport

  /// The script as a case line that `validate` replays, pinning what it gave.
  package var caseLine: String {
    script.caseLine(name: "diagnose-\(cause)", expecting: report)
  }
}

/// Which adapter causes fit a count failure's numbers (`explain A1` …
/// `explain A13`), each proven by running a small script that reproduces
/// the crash's rule and counts with that cause.
///
/// Two shapes point away from the diff and at the apply code: "before"
/// equal to "after" while the batch announces a change (the view took the
/// new count in as "before", A1 to A3, or the model never moved, A4), and a
/// batch that announces nothing while the counts differ (an empty or
/// reconfigure-only batch, A11, or a `reloadData` inside the block, A6).
package enum AdapterCrashCauses {
  /// The candidates that reproduce `facts`, strongest evidence first; none
  /// when the numbers do not have either shape.
  package static func candidates(for facts: CountFailureFacts) -> [AdapterCauseCandidate] {
    // Scripts spell every row out: counts from a log beyond a small table's
    // (or negative) get no script, and no arithmetic on them can overflow.
    let counts = [
      facts.before, facts.after, facts.inserted, facts.deleted, facts.movedIn, facts.movedOut,
    ]
    guard counts.allSatisfy({ (0...10_000).contains($0) }), (0...64).contains(facts.section)
    else { return [] }
    var attempts: [(AdapterCause, String, AdapterScript)] = []
    if facts.before == facts.after && facts.announced != 0 {
      attempts += absorbed(facts)
      attempts.append((.a4, notAdvanced, script(facts, model: .stays)))
    } else if facts.inserted + facts.deleted + facts.movedIn + facts.movedOut == 0
      && facts.before != facts.after
    {
      attempts.append((.a11, emptyBatch, script(facts, model: .driftsBefore(.emptyBlock))))
      attempts.append((.a6, reloadInBlock, script(facts, model: .driftsBefore(.reloadInBlock))))
    }
    return attempts.compactMap { cause, reason, script in
      let report = script.run()
      guard reproduces(report, facts, cause) else { return nil }
      return AdapterCauseCandidate(cause: cause, reason: reason, script: script, report: report)
    }
  }

  static let notAdvanced =
    "the data source still returned the old count when the block ended: the model was not set inside the block (set after it, asynchronously, or not at all)"
  static let emptyBatch =
    "the batch announces no change while the counts differ: an empty or reconfigure-only batch (heights, reconfigure) ran after the model changed"
  static let reloadInBlock =
    "reloadData was called inside the block: the batch is still checked against the counts from before the model changed"

  /// The absorbed causes that fit a view: a collection view's batch start
  /// after a `reloadData` in the same turn (A2), a table's first layout
  /// (A1, iOS 18), a read by app code or a geometry change before the batch (A3).
  static func absorbed(_ facts: CountFailureFacts) -> [(AdapterCause, String, AdapterScript)] {
    var list: [(AdapterCause, String, AdapterScript)] = []
    if facts.semantics == .collectionView {
      list.append(
        (
          .a2,
          "a reloadData earlier in the same main-queue turn left the counts to be read at the batch's start, after the model had changed: the new count became \"before\" (call layoutIfNeeded after reloadData, or change the model inside the block)",
          script(facts, model: .absorbed(.reloadFirst))
        ))
    } else if facts.uikit == .ios18 {
      list.append(
        (
          .a1,
          "the table had not loaded or laid out yet, so performBatchUpdates laid it out first and read the new count as \"before\" (reload instead of animating the first change)",
          script(facts, model: .absorbed(.neverLoaded))
        ))
    }
    list.append(
      (
        .a3,
        "something read the counts between the model change and the batch (a count call, a layout pass, a rotation): the new count became \"before\" (change the model inside the block)",
        script(facts, model: .absorbed(.countRead))
      ))
    return list
  }

  /// Whether a run gives the crash's rule family, numbers and `cause`.
  static func reproduces(_ report: AdapterReport, _ facts: CountFailureFacts, _ cause: AdapterCause)
    -> Bool
  {
    guard report.verdict == .exception, report.cause == cause, let rule = report.rule,
      let message = report.message
    else { return false }
    if facts.ofSections { return rule == .r1 && message.contains("(\(facts.after))") }
    guard rule == .r2 || rule == .r2b else { return false }
    return rule == .r2b
      ? message.contains("counts: [")
      : message.contains("(\(facts.after))")
        && message.contains("(\(facts.before))")
  }
}

extension AdapterCrashCauses {
  /// How the model moves in a reproducing script.
  enum ModelPlan {
    /// The model never moves; the batch announces the change (A4).
    case stays
    /// The model moves before the batch and a reader takes it in.
    case absorbed(Reader)
    /// The model moves before a batch that announces nothing.
    case driftsBefore(Block)
  }

  enum Reader { case reloadFirst, neverLoaded, countRead }
  enum Block { case emptyBlock, reloadInBlock }

  /// The rows of `count` units: sections (empty) or rows of the facts'
  /// section, their ids from `names`.
  static func rows(_ facts: CountFailureFacts, _ names: [String]) -> [[Row]] {
    if facts.ofSections { return Array(repeating: [], count: names.count) }
    var sections: [[Row]] = Array(repeating: [], count: facts.section + 1)
    sections[facts.section] = names.map { Row(.string($0)) }
    return sections
  }

  /// The calls of the batch: deletes of the first units, inserts at the start.
  static func calls(_ facts: CountFailureFacts) -> [AdapterStep] {
    var calls: [AdapterStep] = []
    if facts.ofSections {
      if facts.deleted > 0 { calls.append(.mutation(.deleteSections(Array(0..<facts.deleted)))) }
      if facts.inserted > 0 { calls.append(.mutation(.insertSections(Array(0..<facts.inserted)))) }
    } else {
      let paths = { (count: Int) in (0..<count).map { RowPath(facts.section, $0) } }
      if facts.deleted > 0 { calls.append(.mutation(.deleteRows(paths(facts.deleted)))) }
      if facts.inserted > 0 { calls.append(.mutation(.insertRows(paths(facts.inserted)))) }
    }
    return calls
  }

  /// A script of `facts`' view and profile whose model moves as `plan` says.
  static func script(_ facts: CountFailureFacts, model plan: ModelPlan) -> AdapterScript {
    let options = AdapterOptions(semantics: facts.semantics, uikit: facts.uikit)
    let named = { (prefix: String, count: Int) in (0..<max(0, count)).map { "\(prefix)\($0)" } }
    let calls = self.calls(facts)
    switch plan {
    case .stays:
      return AdapterScript(
        options: options, start: AdapterStart(rows: rows(facts, named("r", facts.before))),
        steps: [.performBatchUpdates(calls)])
    case .absorbed(let reader):
      let old = named("r", facts.before - facts.inserted + facts.deleted)
      let new = rows(facts, named("n", facts.inserted) + old.dropFirst(facts.deleted))
      let oldRows = rows(facts, old)
      let batch = AdapterStep.performBatchUpdates(calls)
      switch reader {
      case .reloadFirst:
        return AdapterScript(
          options: options, start: AdapterStart(rows: oldRows),
          steps: [.reloadData, .dataSource(new), batch])
      case .neverLoaded:
        return AdapterScript(
          options: options, start: AdapterStart(rows: oldRows, loaded: false, inWindow: false),
          steps: [.dataSource(new), batch])
      case .countRead:
        let read: [AdapterStep] =
          facts.semantics == .tableView
          ? [.geometryChange] : [.reloadData, .dataSource(new), .drain]
        let steps =
          facts.semantics == .tableView ? [.dataSource(new)] + read + [batch] : read + [batch]
        return AdapterScript(options: options, start: AdapterStart(rows: oldRows), steps: steps)
      }
    case .driftsBefore(let block):
      let start = AdapterStart(rows: rows(facts, named("r", facts.before)))
      let after = rows(facts, named("r", facts.after))
      let inner: [AdapterStep] =
        block == .emptyBlock ? [] : [.dataSource(after), .reloadData]
      let prefix: [AdapterStep] = block == .emptyBlock ? [.dataSource(after)] : []
      let body: [AdapterStep] =
        facts.semantics == .tableView
        ? [.beginUpdates] + inner + [.endUpdates] : [.performBatchUpdates(inner)]
      return AdapterScript(options: options, start: start, steps: prefix + body)
    }
  }
}
