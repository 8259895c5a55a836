/// The outcome of checking changes against a contract: the verdict, where it
/// arose (which stage or step), the mode, and whether the same changes would
/// have been valid under another contract.
///
///     let result = ContractValidator.validateSteps(
///       old: [[Row("a"), Row("b")]], steps: [.delete(at: RowPath(0, 2))],
///       new: [[Row("a")]])
///     result.description
///     // exception R3: step 1: attempt to delete row 2 from section 0 which
///     // only contains 2 rows before the update (sequential steps)
///
/// The verdict reuses the simulator's kinds and rules: an exception from a
/// stage or a step keeps its UIKit rule and text, wrong or stale final rows
/// are `wrongRows` (C1) or `staleContent` (C2). Its message starts with the
/// place: `stage 2: `, `step 3: `, `after the last stage (3): `.
public struct ContractVerdict: Hashable, Sendable, CustomStringConvertible {
  /// The contract the changes were judged under.
  public let contract: Contract
  /// Whether identity-only mode was used (content changes not held against
  /// the changes).
  public let identityOnly: Bool
  /// The verdict; its message names the stage or step.
  public let verdict: Verdict
  /// The 1-based number of the stage whose batch failed; nil when none did
  /// (valid, or the last stage's data is not the new data).
  public let stage: Int?
  /// The 1-based number of the step that went out of range; nil when none
  /// did (valid, or the rows are wrong after the last step).
  public let step: Int?
  /// Another contract under which the same changes are valid, when these
  /// fail under `contract` (see `ContractChanges.read(as:old:new:)`).
  public package(set) var validUnder: Contract?

  /// Creates a contract verdict.
  package init(
    contract: Contract, identityOnly: Bool, verdict: Verdict, stage: Int? = nil,
    step: Int? = nil, validUnder: Contract? = nil
  ) {
    self.contract = contract
    self.identityOnly = identityOnly
    self.verdict = verdict
    self.stage = stage
    self.step = step
    self.validUnder = validUnder
  }

  /// Whether the changes are valid under `contract`.
  public var isValid: Bool { verdict.isValid }

  /// `sequential steps`, or `sequential steps, identity only`: the mode used.
  public var mode: String {
    identityOnly ? "\(contract), identity only" : "\(contract)"
  }

  /// What to do when the changes fail under their contract but are valid
  /// under another, or nil:
  ///
  ///     // "valid as sequential steps, not as one batch: apply it step by step or convert it"
  public var advice: String? {
    guard !isValid, let validUnder, validUnder != contract else { return nil }
    let how: String
    switch validUnder {
    case .batch: how = "apply it as one batch update"
    case .staged: how = "apply it stage by stage"
    case .steps: how = "apply it step by step"
    }
    return "valid as \(validUnder), not as \(contract): \(how) or convert it"
  }

  /// The verdict, the mode in parentheses, and the advice if any:
  /// `wrongRows C1: after the last step (2): ... (sequential steps); valid as one batch, ...`.
  public var description: String {
    var text = "\(verdict) (\(mode))"
    if let advice { text += "; \(advice)" }
    return text
  }
}

extension Verdict {
  /// The verdict with `place: ` put before its message: `stage 2: attempt to ...`.
  func at(_ place: String) -> Verdict {
    var copy = self
    copy.message = "\(place): \(message ?? kind.rawValue)"
    return copy
  }
}
