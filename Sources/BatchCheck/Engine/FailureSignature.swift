/// How a case failed, as far as shrinking is concerned: a shrunk case must
/// fail the same way (same verdict kind, rule and variant, same generator
/// error kind, or a valid update that breaches the same waste limit). One
/// kind of failure of a run is one signature.
enum FailureSignature: Hashable, Sendable {
  case verdict(VerdictKind, Rule?, variant: String?)
  case error(GeneratorError.Kind)
  case waste(WasteBreach.Limit)

  /// What tells the failure apart from others of its verdict and rule
  /// (`CheckFailure.variant`); nil for a generator error.
  var variant: String? {
    switch self {
    case .verdict(_, _, let variant): variant
    case .error: nil
    case .waste(let limit): limit.variant
    }
  }

  /// The signature of a failure with this verdict, rule and variant, of
  /// this generator error, or of this waste breach: nil when the verdict is
  /// valid and breaches nothing.
  init?(verdict: Verdict?, error: GeneratorError?, variant: String?, waste: WasteBreach? = nil) {
    if let error {
      self = .error(error.kind)
      return
    }
    if let waste, verdict?.isValid != false {
      self = .waste(waste.limit)
      return
    }
    guard let verdict, !verdict.isValid else { return nil }
    self = .verdict(verdict.kind, verdict.rule, variant: variant)
  }

  /// The variant of a failing verdict: what the stage of a staged batch that
  /// failed does (`a stage of deleteRows, moveRows`), the operation of the step that
  /// went out of range (`move step`), or `rows reordered` for cells of one
  /// id shown in another order (`RowMismatch.reordered`); nil otherwise.
  static func variant(
    of verdict: Verdict?, contract: (changes: ContractChanges, verdict: ContractVerdict)?
  ) -> String? {
    if let contract {
      if contract.verdict.stage != nil {
        // What the failing stage does, not its number: a diff's stages have
        // fixed roles (DifferenceKit: deletes, then inserts, ...), while
        // steps read as stages number them by step.
        guard case .staged(let stages) = contract.changes, let stage = contract.verdict.stage,
          stage >= 1, stage <= stages.count
        else { return "a stage" }
        return "a stage of " + stages[stage - 1].update.operationNames.joined(separator: ", ")
      }
      if let step = contract.verdict.step, case .steps(let steps) = contract.changes,
        step >= 1, step <= steps.count
      {
        return "\(steps[step - 1].description.prefix { $0 != " " }) step"
      }
    }
    if verdict?.mismatch?.reordered == true { return "rows reordered" }
    return nil
  }
}
