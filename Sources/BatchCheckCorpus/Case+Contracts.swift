import BatchCheck

/// BatchCheck's contract extension of a case (Corpus/README.md): which
/// contract the case's changes are in, the staged or sequential changes
/// themselves, and identity-only mode.
///
///     var c = Case(old: [["a", "b"]].map { $0.map { Row($0) } }, new: [[Row("b")]])
///     c.steps = [.delete(at: RowPath(0, 0))]
///     c.contract  // .steps
///     c.run()     // valid
///
/// A version-1 case is a batch case with identity-only mode off: it reads,
/// runs and writes exactly as before.
public struct CaseContractForm: Hashable, Sendable {
  /// The contract the case's changes are in; `batch` unless the case says
  /// otherwise.
  public var contract: Contract
  /// The stages of a staged case; nil when a generator is to produce them.
  public var stages: [Stage]?
  /// The steps of a steps case; nil when a generator is to produce them.
  public var steps: [Step]?
  /// Whether the rows are compared on identities only (no C2).
  public var identityOnly: Bool

  /// A batch case, identity-only mode off: version 1's meaning.
  public init(
    contract: Contract = .batch, stages: [Stage]? = nil, steps: [Step]? = nil,
    identityOnly: Bool = false
  ) {
    self.contract = contract
    self.stages = stages
    self.steps = steps
    self.identityOnly = identityOnly
  }

  /// Whether a stage or a step reconfigures rows (iOS 15 and later).
  public var reconfiguresRows: Bool {
    (stages.map { ContractChanges.staged($0).reconfiguresRows } ?? false)
      || (steps.map { ContractChanges.steps($0).reconfiguresRows } ?? false)
  }
}

/// Why a case's changes cannot be judged under the contract asked for.
///
///     error.description
///     // "the case's one batch cannot be read as sequential steps: ..."
public struct ContractReadingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The contract the case's changes are in.
  public var from: Contract
  /// The contract asked for.
  public var to: Contract
  /// When steps are read as stages and that is why: the bound on the rows
  /// the stages would hold (`ContractChanges.stagedRows(of:old:)`), beyond
  /// `ContractChanges.maxStagedRows`.
  public var stagedRows: Int?

  /// Creates the error.
  public init(from: Contract, to: Contract, stagedRows: Int? = nil) {
    self.from = from
    self.to = to
    self.stagedRows = stagedRows
  }

  /// One sentence.
  public var description: String {
    if let stagedRows {
      return
        "the case's \(from) cannot be read as \(to): its stages would hold up to \(stagedRows) rows in all, more than \(ContractChanges.maxStagedRows)"
    }
    return
      "the case's \(from) cannot be read as \(to): it reloads a section, or has an insert or reload whose path is not in the data it leads to"
  }
}

extension Case {
  /// The contract the case's changes are in.
  public var contract: Contract {
    get { contractForm.contract }
    set { contractForm.contract = newValue }
  }

  /// The stages of a staged case. Setting stages makes the case a staged one.
  public var stages: [Stage]? {
    get { contractForm.stages }
    set {
      contractForm.stages = newValue
      if newValue != nil { contractForm.contract = .staged }
    }
  }

  /// The steps of a steps case. Setting steps makes the case a steps one.
  public var steps: [Step]? {
    get { contractForm.steps }
    set {
      contractForm.steps = newValue
      if newValue != nil { contractForm.contract = .steps }
    }
  }

  /// Whether the case is judged on identities only (no C2).
  public var identityOnly: Bool {
    get { contractForm.identityOnly }
    set { contractForm.identityOnly = newValue }
  }

  /// The case's changes in its own contract; missing ones are empty (the
  /// empty update, no stage, no step).
  public var changes: ContractChanges {
    switch contract {
    case .batch: return .batch(update ?? BatchUpdate())
    case .staged: return .staged(stages ?? [])
    case .steps: return .steps(steps ?? [])
    }
  }

  /// Judges the case under its own contract, and says whether its changes
  /// would be valid under another (`ContractVerdict.advice`).
  ///
  ///     let c = try Case(jsonLine: #"{"old":["a","b"],"new":[],"update":{"deleteRows":[[0,0],[0,0]]}}"#)
  ///     c.judge().advice
  ///     // "valid as sequential steps, not as one batch: apply it step by step or convert it"
  ///
  /// - Complexity: that of `ContractValidator.validate`.
  public func judge() -> ContractVerdict {
    ContractValidator.validate(changes, old: old, new: new, options: options)
  }

  /// Judges the case under `contract` (its own when nil), reading its
  /// changes as a user who mixed the contracts up would apply them
  /// (`ContractChanges.read(as:old:new:)`), in identity-only mode when
  /// `identityOnly` is true (the case's own mode when nil). What the command
  /// line's `--contract` and `--identity-only` call.
  ///
  ///     try c.judge(under: .steps, identityOnly: true).description
  ///
  /// - Throws: `ContractReadingError` when the changes cannot be read under
  ///   `contract`, or (steps as stages) would take too much memory so read.
  /// - Complexity: that of `ContractValidator.validate`.
  public func judge(under contract: Contract?, identityOnly: Bool? = nil)
    throws(ContractReadingError)
    -> ContractVerdict
  {
    var options = self.options
    if let identityOnly { options.identityOnly = identityOnly }
    let target = contract ?? self.contract
    guard let verdict = changes.validate(as: target, old: old, new: new, options: options) else {
      var error = ContractReadingError(from: self.contract, to: target)
      if case .steps(let steps) = changes, target == .staged {
        let rows = ContractChanges.stagedRows(of: steps, old: old)
        if rows > ContractChanges.maxStagedRows { error.stagedRows = rows }
      }
      throw error
    }
    return verdict
  }
}
