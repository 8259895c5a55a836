/// What kind of failure a case had: one kind of failure of a run is one
/// `FailureKind`, listed once and shrunk on its own. A shrunk case must fail
/// the same way: same kind, rule and variant.
///
///     check(LCS2013Generator()).failures[0].kind
///     // .verdict(.wrongRows, .C1, nil): "wrongRows C1"
///     check(HeckelStagedGenerator(), options: ...).failures[0].kind.description
///     // "exception R11 (a stage of insertRows, moveRows)"
///
/// Its `description` is a failure's headline in every report: the kind's
/// name, then the rule, the variant in parentheses, and the generator
/// error's kind or the coverage statistic.
public enum FailureKind: Hashable, Sendable, CustomStringConvertible {
  /// The changes got a failing verdict: its kind, its rule (nil for a
  /// verdict that names none) and what tells it apart from others of its
  /// kind and rule.
  case verdict(VerdictKind, Rule?, FailureVariant?)
  /// The generator gave no changes: it crashed, timed out, answered
  /// something malformed or could not be started.
  case generatorError(GeneratorError.Kind)
  /// A valid update breached a waste limit of the run.
  case waste(WasteBreach.Limit)
  /// The random phase stopped generating something it must.
  case coverage(CoverageStatistic)

  /// The kind's name, as a report's JSON writes it (`"verdict"`):
  /// `exception`, `wrongRows`, ... (a verdict's kind), `generatorError`,
  /// `waste` or `coverage`.
  public var name: String {
    switch self {
    case .verdict(let kind, _, _): kind.rawValue
    case .generatorError: "generatorError"
    case .waste: "waste"
    case .coverage: "coverage"
    }
  }

  /// The verdict's rule (`R2`, `C1`); nil for every other kind.
  public var rule: Rule? {
    guard case .verdict(_, let rule, _) = self else { return nil }
    return rule
  }

  /// What tells the failure apart from others of its kind and rule: the
  /// failing stage's or step's work, reordered rows, or the waste limit
  /// breached; nil otherwise.
  public var variant: FailureVariant? {
    switch self {
    case .verdict(_, _, let variant): variant
    case .waste(let limit): .wasteLimit(limit)
    case .generatorError, .coverage: nil
    }
  }

  /// The headline: `exception R2`, `wrongRows C1 (rows reordered)`,
  /// `generatorError timedOut`, `waste (move ratio)`, `coverage duplicates`.
  public var description: String {
    var words = [name]
    if let rule { words.append(rule.rawValue) }
    if let variant { words.append("(\(variant))") }
    switch self {
    case .generatorError(let kind): words.append(kind.rawValue)
    case .coverage(let statistic): words.append(statistic.rawValue)
    case .verdict, .waste: break
    }
    return words.joined(separator: " ")
  }

  /// The kind of a case that got `verdict` (or `error`), with `variant`,
  /// or that breached `waste`; nil when the verdict is valid and breaches
  /// nothing. A generator error comes first, then a breach of valid
  /// changes, then a failing verdict.
  init?(verdict: Verdict?, error: GeneratorError?, variant: FailureVariant?, waste: WasteBreach?) {
    if let error {
      self = .generatorError(error.kind)
      return
    }
    if let waste, verdict?.isValid != false {
      self = .waste(waste.limit)
      return
    }
    guard let verdict, !verdict.isValid else { return nil }
    self = .verdict(verdict.kind, verdict.rule, variant)
  }
}

/// What tells a failure apart from others of its verdict and rule.
///
/// A staged diff's stages have fixed roles (DifferenceKit's: deletes, then
/// inserts, ...), so a failing stage is told by what it does, not by its
/// number; a failing step by its operation.
public enum FailureVariant: Hashable, Sendable, CustomStringConvertible {
  /// A stage of a staged batch failed; `operations` are what it does
  /// (`deleteRows`, `moveRows`, ...; `BatchUpdate`'s operation names),
  /// empty when the stage is not known.
  case stage(operations: [String])
  /// A step went out of range; `operation` is its first word (`move`,
  /// `insertSection`, ...).
  case step(operation: String)
  /// Cells show the rows of one id in another order (`RowMismatch.reordered`).
  case rowsReordered
  /// The waste limit a valid update breaches.
  case wasteLimit(WasteBreach.Limit)

  /// `a stage of deleteRows, moveRows`, `a stage`, `move step`, `rows
  /// reordered`, `move ratio` or `unneeded deletes`: the text reports write
  /// in parentheses, and a report's JSON as `variant`.
  public var description: String {
    switch self {
    case .stage(let operations):
      operations.isEmpty ? "a stage" : "a stage of " + operations.joined(separator: ", ")
    case .step(let operation): "\(operation) step"
    case .rowsReordered: "rows reordered"
    case .wasteLimit(let limit): limit.variant
    }
  }

  /// The variant whose `description` is `text`; nil for a text no variant
  /// writes.
  public init?(_ text: String) {
    if let limit = WasteBreach.Limit(variant: text) {
      self = .wasteLimit(limit)
    } else if text == "rows reordered" {
      self = .rowsReordered
    } else if text == "a stage" {
      self = .stage(operations: [])
    } else if text.hasPrefix("a stage of ") {
      self = .stage(
        operations: text.dropFirst("a stage of ".count).split(separator: ", ").map(String.init))
    } else if text.hasSuffix(" step"), !text.dropLast(" step".count).contains(" ") {
      self = .step(operation: String(text.dropLast(" step".count)))
    } else {
      return nil
    }
  }

  /// The variant of a failing verdict: what the stage of a staged batch that
  /// failed does, the operation of the step that went out of range, or
  /// reordered rows; nil otherwise.
  static func of(
    _ verdict: Verdict?, contract: (changes: ContractChanges, verdict: ContractVerdict)?
  ) -> FailureVariant? {
    if let contract {
      if let stage = contract.verdict.stage {
        guard case .staged(let stages) = contract.changes, stage >= 1, stage <= stages.count
        else { return .stage(operations: []) }
        return .stage(operations: stages[stage - 1].update.operationNames)
      }
      if let step = contract.verdict.step, case .steps(let steps) = contract.changes,
        step >= 1, step <= steps.count
      {
        return .step(operation: String(steps[step - 1].description.prefix { $0 != " " }))
      }
    }
    if verdict?.mismatch?.reordered == true { return .rowsReordered }
    return nil
  }
}

/// Where in staged or sequential changes a verdict was found: the failing
/// stage's or step's number, from 1 (`ContractVerdict.stage`, `.step`).
public enum ChangesPosition: Hashable, Sendable, CustomStringConvertible {
  /// The stage of this number, from 1, failed.
  case stage(Int)
  /// The step of this number, from 1, failed.
  case step(Int)

  /// `stage 2`, `step 5`.
  public var description: String {
    switch self {
    case .stage(let number): "stage \(number)"
    case .step(let number): "step \(number)"
    }
  }
}

extension ContractVerdict {
  /// The failing stage or step, as a position; nil when the changes failed
  /// as a whole or are valid.
  public var position: ChangesPosition? {
    if let stage { return .stage(stage) }
    return step.map(ChangesPosition.step)
  }
}
