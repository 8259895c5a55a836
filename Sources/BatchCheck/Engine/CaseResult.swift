/// What one case gave: the generator's changes (or error) and the verdict.
struct CaseResult {
  /// The generator's update, when its changes are one batch; nil when it threw.
  var update: BatchUpdate?
  /// The verdict on the changes; nil when the generator threw. A plain
  /// `Verdict.valid`, what most cases get, is a flag; any other verdict
  /// is kept out of line, so that a result is small to hand on.
  var verdict: Verdict? {
    get { isPlainValid ? Verdict.valid : rare?.verdict }
    set {
      isPlainValid = newValue.map(\.isPlain) ?? false
      setRare(\.verdict, isPlainValid ? nil : newValue)
    }
  }
  /// Whether the verdict is a plain `Verdict.valid`.
  private var isPlainValid = false
  /// Why the generator gave no changes.
  var error: GeneratorError?
  /// The generator's changes and their contract verdict, when the case ran
  /// through `ContractCaseRunner`; nil from the batch runner.
  var contract: (changes: ContractChanges, verdict: ContractVerdict)? {
    get { rare?.contract }
    set { setRare(\.contract, newValue) }
  }
  /// The rows on screen of the judgment that failed: `all`, unless the case
  /// passed with every row on screen and failed only under its window.
  var visibleRows: VisibleRows = .all
  /// The waste limit a valid update breaches (`WasteLimits`); nil otherwise.
  var waste: WasteBreach? {
    get { rare?.waste }
    set { setRare(\.waste, newValue) }
  }
  /// The edit size of valid changes (any shape), when judging them against waste
  /// limits measured it; nil otherwise (`EditTotals` measures it then).
  var edits: EditSize? {
    get { rare?.edits }
    set { setRare(\.edits, newValue) }
  }

  /// The fields most cases leave nil (and a verdict other than a plain
  /// valid one), kept out of line: a result is handed from the runner to
  /// the phase by value, case after case, and copies a reference instead
  /// of some 700 bytes, most of them nils. Copied on write.
  private final class Rare: @unchecked Sendable {
    var verdict: Verdict?
    var contract: (changes: ContractChanges, verdict: ContractVerdict)?
    var waste: WasteBreach?
    var edits: EditSize?
    var unreproducedMessage: String?
    var unreproducedVariant: FailureVariant?

    init() {}

    func copy() -> Rare {
      let copy = Rare()
      (copy.verdict, copy.contract, copy.waste, copy.edits) = (verdict, contract, waste, edits)
      (copy.unreproducedMessage, copy.unreproducedVariant) = (
        unreproducedMessage, unreproducedVariant
      )
      return copy
    }
  }
  private var rare: Rare?

  /// Sets one of the out-of-line fields, copying them first when another
  /// result shares them; setting nil where none is set allocates nothing.
  private mutating func setRare<Value>(
    _ field: ReferenceWritableKeyPath<Rare, Value?>, _ value: Value?
  ) {
    if rare == nil {
      guard value != nil else { return }
      rare = Rare()
    } else if !isKnownUniquelyReferenced(&rare!) {
      rare = rare!.copy()
    }
    rare![keyPath: field] = value
  }

  /// What the failure says: the generator's error, the waste breach or the
  /// verdict's message.
  var message: String {
    error?.description ?? unreproducedMessage ?? waste?.message ?? verdict?.message
      ?? verdict?.kind.rawValue ?? ""
  }

  /// `message` without the error's kind: what `init(unreproduced:message:)` takes.
  var detail: String { error?.message ?? message }

  /// A failure seen once that running its case again did not give: its
  /// kind, rule and first message, and no changes (they are not known).
  ///
  /// - Parameter waste: for a waste breach, the breach when the case first ran.
  init(unreproduced kind: FailureKind, message: String, waste: WasteBreach? = nil) {
    self.init(
      kind, message: message, waste: waste,
      note: " (when the case first ran; running it again did not fail so: the generator answers"
        + " differently from run to run, so the case is not shrunk)")
  }

  /// A failure of an interrupted run, which is not run again: its kind,
  /// rule and first message, and no changes.
  init(notRerun kind: FailureKind, message: String, waste: WasteBreach? = nil) {
    self.init(
      kind, message: message, waste: waste,
      note: " (the run was interrupted: the case is not shrunk)")
  }

  private init(_ kind: FailureKind, message: String, waste: WasteBreach?, note: String) {
    switch kind {
    case .generatorError(let kind):
      error = GeneratorError(kind: kind, message: message + note)
    case .verdict(let kind, let rule, let variant):
      verdict = Verdict(kind: kind, rule: rule, message: message + note)
      unreproducedVariant = variant
    case .coverage:
      // Coverage is a run's, never a case's: kept as a message.
      unreproducedMessage = message + note
    case .waste(let limit):
      verdict = Verdict(kind: .valid, message: message + note)
      // Every caller passes the first breach; without it, the limit alone
      // and numbers of 0 (the message keeps the first numbers).
      self.waste =
        waste
        ?? WasteBreach(
          limit: limit, maxMoveRatio: nil, moves: 0, minimumMoves: 0, minimumMovesIsBound: false,
          deletes: 0, minimumDeletes: 0, changedRows: 0)
      unreproducedMessage = message + note
    }
  }

  /// The first message of an unreproduced waste breach.
  private var unreproducedMessage: String? {
    get { rare?.unreproducedMessage }
    set { setRare(\.unreproducedMessage, newValue) }
  }

  /// The variant of an unreproduced failure, which has no changes to derive it from.
  private var unreproducedVariant: FailureVariant? {
    get { rare?.unreproducedVariant }
    set { setRare(\.unreproducedVariant, newValue) }
  }

  init(
    update: BatchUpdate? = nil, verdict: Verdict? = nil, error: GeneratorError? = nil,
    contract: (changes: ContractChanges, verdict: ContractVerdict)? = nil,
    visibleRows: VisibleRows = .all
  ) {
    self.update = update
    self.verdict = verdict
    self.error = error
    self.contract = contract
    self.visibleRows = visibleRows
  }

  /// The kind of failure; nil when the case passed (the verdict is valid
  /// and breaches no waste limit).
  var kind: FailureKind? {
    // Most cases pass: a valid verdict and nothing out of line, read
    // without copying the verdict.
    if rare == nil, error == nil, isPlainValid { return nil }
    return FailureKind(
      verdict: verdict, error: error,
      variant: unreproducedVariant ?? FailureVariant.of(verdict, contract: contract),
      waste: waste)
  }
}

extension Verdict {
  /// Whether this is `Verdict.valid` itself: valid, with no message, cell or place.
  fileprivate var isPlain: Bool {
    kind == .valid && message == nil && mismatch == nil && place == nil
  }
}
