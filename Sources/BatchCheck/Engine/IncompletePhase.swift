/// A phase that ended before its last case, and why: what makes a report
/// partial (`CheckReport.incomplete`). A partial report never reads as a
/// pass, even when nothing failed in the cases that ran.
public struct IncompletePhase: Hashable, Sendable {
  /// Why a phase ended early.
  public enum Reason: String, Hashable, Sendable, CaseIterable {
    /// The generator failed `CheckOptions.maxCrashes` cases of the phase
    /// (crashes, hangs, answers that are not an update): each costs an
    /// external generator a restart, so the rest of the phase was skipped.
    case crashBudget
    /// The run was asked to stop (`CheckOptions.shouldStop`): Ctrl-C or
    /// SIGTERM on the command line. Later phases did not run either.
    case interrupted
    /// The phase ran to its end, but for the cases that contain a smallest
    /// crash (or hang), which it skipped (`predictedCrashes`): at the crash
    /// limit, it learned that case and went on without its like.
    case crashesPredicted
  }

  /// The phase that ended early.
  public let phase: CheckPhase
  /// Why it ended.
  public let reason: Reason
  /// How many of the phase's cases ran and failed with a generator error
  /// (`GeneratorError`): crashed, timed out, answered something else.
  public let generatorErrors: Int
  /// How many of the phase's cases did not run; nil when not known.
  public let notRun: Int?
  /// How many of them were skipped as predicted crashes: they contain a
  /// smallest case the generator crashed or hung on.
  public package(set) var predictedCrashes = 0
  /// Each prediction, in words: the smallest case, and how its probes (the
  /// 1st, 2nd, 4th, 8th, 16th... predicted cases, run anyway)
  /// came out.
  public package(set) var predictions: [String] = []

  /// A phase that ended early after `generatorErrors` generator errors,
  /// leaving `notRun` cases unrun, `predictedCrashes` of them skipped as
  /// `predictions` say.
  package init(
    phase: CheckPhase, reason: Reason, generatorErrors: Int, notRun: Int?,
    predictedCrashes: Int = 0,
    predictions: [String] = []
  ) {
    self.phase = phase
    self.reason = reason
    self.generatorErrors = generatorErrors
    self.notRun = notRun
    self.predictedCrashes = predictedCrashes
    self.predictions = predictions
  }

  /// The line the text report gives it, with what to do:
  /// `INCOMPLETE: the exhaustive phase stopped after 25 generator errors
  /// (crashes, hangs, bad answers; the limit): 45,012 cases not run. ...`,
  /// the option that raises the limit named as `spelling` names it.
  package func text(naming spelling: OptionSpelling = .swift) -> String {
    let unrun = notRun.map { "\(counted($0, "case")) not run" } ?? "the rest not run"
    var text = reasonText(unrun, naming: spelling)
    if predictedCrashes > 0 {
      text +=
        "\n  \(counted(predictedCrashes, "case")) of them skipped as predicted crashes: each contains"
        + " a smallest case the generator crashed or hung on, so it would crash too and could show no"
        + " other failure (the other kinds' minimality assumes so):"
      text += predictions.map { "\n  - " + $0 }.joined()
    }
    return text
  }

  /// The first line, for `reason`.
  private func reasonText(_ unrun: String, naming spelling: OptionSpelling) -> String {
    switch reason {
    case .crashesPredicted:
      return
        "INCOMPLETE: the \(phase.rawValue) phase ran to its end with \(counted(generatorErrors, "generator error"))"
        + " (crashes, hangs, answers that are not an update): \(unrun)."
        + " Fix the crash first (its smallest case is below)."
    case .crashBudget:
      return
        "INCOMPLETE: the \(phase.rawValue) phase stopped after \(counted(generatorErrors, "generator error"))"
        + " (crashes, hangs, answers that are not an update), the limit: \(unrun)."
        + " Fix the crash first (its smallest case is below), or raise the limit"
        + " (\(spelling.names(.maxCrashes)))."
    case .interrupted:
      return
        "INCOMPLETE: interrupted during the \(phase.rawValue) phase: \(unrun) in it, and later phases"
        + " not run; the failures below were found up to then and are not shrunk."
    }
  }

  /// The entry as a JSON object (`CheckReport.renderJSON()`'s `incomplete`).
  package var json: String {
    "{\"phase\":\"\(phase.rawValue)\",\"reason\":\"\(reason.rawValue)\","
      + "\"generatorErrors\":\(generatorErrors),\"notRun\":\(notRun.map { String($0) } ?? "null"),"
      + "\"predictedCrashes\":\(predictedCrashes),"
      + "\"predictions\":[\(predictions.map(jsonQuoted).joined(separator: ","))]}"
  }
}
