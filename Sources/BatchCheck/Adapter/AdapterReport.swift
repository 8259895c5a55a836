/// How firmly an adapter outcome stands: the weakest ground among the steps
/// that led to it.
///
/// BatchCheck's model of when a view reads its data source rests on public
/// reports for most steps, on reading UIKit's compiled code for some, and on
/// inference for a few. Every outcome says which, so a test can demand
/// `.settled` and a report can say which verdicts rest on inference.
public enum AdapterBasis: String, Hashable, Sendable, CaseIterable, Comparable {
  /// Every step is backed by public evidence: reports, docs, runs on devices.
  case settled
  /// Some step rests on reading UIKit's compiled code.
  case decompile
  /// Some step is inferred: a likely reading no evidence settles yet.
  case inferred

  /// Orders from the strongest ground to the weakest.
  public static func < (lhs: AdapterBasis, rhs: AdapterBasis) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}

/// Why an app's view and its data source fell out of step: the cause behind
/// an adapter outcome (`explain A1` … `explain A13`).
public enum AdapterCause: String, Hashable, Sendable, CaseIterable, Comparable,
  CustomStringConvertible
{
  /// The model changed, then a batch started on a view that took the new
  /// counts in as "before" (never loaded, reload owed, layout owed).
  case a1 = "A1"
  /// A `reloadData` earlier in the same turn left a reload owed, and the
  /// batch's start took the new counts in as "before".
  case a2 = "A2"
  /// Another reader (a layout pass, a count read, a geometry change) took
  /// the new counts in before the batch.
  case a3 = "A3"
  /// The model did not move by the end of the block.
  case a4 = "A4"
  /// The model was ahead: a later batch's change was already in it.
  case a5 = "A5"
  /// `reloadData` was called inside the block.
  case a6 = "A6"
  /// A batch on a table that never loaded: UIKit drops it unchecked.
  case a7 = "A7"
  /// The view was not in a window.
  case a8 = "A8"
  /// An app linked against an SDK before iOS 16.4: a collection view logs
  /// the count failure and reloads.
  case a9 = "A9"
  /// A diffable data source: direct mutation calls raise, and count
  /// failures are answered with `reloadData`.
  case a10 = "A10"
  /// An empty or reconfigure-only batch over a model that changed.
  case a11 = "A11"
  /// Calls made one at a time where one batch was meant.
  case a12 = "A12"
  /// Unbalanced `beginUpdates` and `endUpdates`.
  case a13 = "A13"

  /// `A1` … `A13`.
  public var description: String { rawValue }

  /// Orders by number: A1 < A2 < … < A13.
  public static func < (lhs: AdapterCause, rhs: AdapterCause) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}

/// The kind of one adapter outcome: a verdict of the simulator, or `skipped`.
public enum AdapterVerdictKind: String, Hashable, Sendable, CaseIterable {
  /// UIKit accepts the batch and the view shows the right rows.
  case valid
  /// UIKit raises, and the app crashes.
  case exception
  /// Under the `reject` policy: the same insert or delete twice.
  case duplicate
  /// UIKit gives up on the batch and calls `reloadData`.
  case fallback
  /// Accepted, but some cell shows a row other than the data source's (C1).
  case wrongRows
  /// Accepted, but a changed row was not refreshed (C2).
  case staleContent
  /// UIKit validates nothing: the batch is dropped or never closed.
  case skipped

  /// The kind of a simulator verdict.
  init(_ kind: VerdictKind) {
    self = AdapterVerdictKind(rawValue: kind.rawValue)!
  }
}

/// Who read the data source, and so why.
public enum AdapterReadKind: String, Hashable, Sendable, CaseIterable {
  /// A `reloadData` call read it at once (a table view).
  case reloadData
  /// A layout pass read it.
  case layout
  /// The start of a batch read its "before".
  case batchStart
  /// The end of the outermost block read its "after".
  case batchEnd
  /// App code asked for a count.
  case count
  /// A geometry change made a table view rebuild its row data.
  case geometry
}

/// One read of the data source: when, by whom, and the counts it returned.
public struct AdapterRead: Hashable, Sendable, CustomStringConvertible {
  /// The path of the step that made it (see ``AdapterOutcome/step``).
  public let step: [Int]
  /// Who read.
  public let by: AdapterReadKind
  /// The rows per section it returned.
  public let counts: [Int]

  /// A read of `counts` by `by` while running the step at `step`.
  public init(step: [Int], by: AdapterReadKind, counts: [Int]) {
    self.step = step
    self.by = by
    self.counts = counts
  }

  /// `[2] batchStart [3]`.
  public var description: String {
    "\(step) \(by.rawValue) \(counts)"
  }
}

/// What came of one batch, or of one call that raised when it was made.
public struct AdapterOutcome: Hashable, Sendable, CustomStringConvertible {
  /// The path of the step that made it: the list of 0-based indexes from the
  /// script down to the step (`[2]` is the third step, `[2, 0]` the first
  /// step inside its block).
  public let step: [Int]
  /// What came of it.
  public let kind: AdapterVerdictKind
  /// The rule behind it, when it has one.
  public let rule: Rule?
  /// Why the view and its data source fell out of step, when they did.
  public let cause: AdapterCause?
  /// The weakest ground among the steps that led to it.
  public let basis: AdapterBasis
  /// UIKit's text for an exception, its log line for a fallback, and
  /// BatchCheck's own text for the rest; nil for a valid batch.
  public let message: String?
  /// The simulator's verdict of the batch, when the simulator judged one.
  public let verdict: Verdict?

  /// An outcome with these fields.
  public init(
    step: [Int], kind: AdapterVerdictKind, rule: Rule? = nil, cause: AdapterCause? = nil,
    basis: AdapterBasis, message: String? = nil, verdict: Verdict? = nil
  ) {
    self.step = step
    self.kind = kind
    self.rule = rule
    self.cause = cause
    self.basis = basis
    self.message = message
    self.verdict = verdict
  }

  /// A copy with `cause`.
  func with(cause: AdapterCause?) -> AdapterOutcome {
    AdapterOutcome(
      step: step, kind: kind, rule: rule, cause: cause, basis: basis, message: message,
      verdict: verdict)
  }

  /// `[2] exception R2b A2 (settled): Invalid batch updates detected…`.
  public var description: String {
    var text = "\(step) \(kind.rawValue)"
    if let rule { text += " \(rule)" }
    if let cause { text += " \(cause.rawValue)" }
    text += " (\(basis.rawValue))"
    if let message { text += ": \(message)" }
    return text
  }
}

/// Everything a simulated view did with one script: each batch's outcome,
/// each read of the data source, and the case's verdict.
public struct AdapterReport: Hashable, Sendable {
  /// The outcomes, in the order they were made.
  public let outcomes: [AdapterOutcome]
  /// Every read of the data source, in order.
  public let reads: [AdapterRead]
  /// The basis at the end of the run.
  public let finalBasis: AdapterBasis
  /// The steps as they ran: for a live harness view, the script that
  /// replays its run.
  public let steps: [AdapterStep]

  /// The first outcome that is not `valid`: the case's verdict, rule,
  /// cause, step, basis and message.
  public var firstFailure: AdapterOutcome? {
    outcomes.first { $0.kind != .valid }
  }

  /// The case's verdict: the first outcome's that is not `valid`, or `valid`.
  public var verdict: AdapterVerdictKind { firstFailure?.kind ?? .valid }
  /// The case's rule, from its first outcome that is not `valid`.
  public var rule: Rule? { firstFailure?.rule }
  /// The case's cause, from its first outcome that is not `valid`.
  public var cause: AdapterCause? { firstFailure?.cause }
  /// The case's step, from its first outcome that is not `valid`.
  public var step: [Int]? { firstFailure?.step }
  /// The case's message, from its first outcome that is not `valid`.
  public var message: String? { firstFailure?.message }
  /// The case's basis: its first failing outcome's, or the basis at the end.
  public var basis: AdapterBasis { firstFailure?.basis ?? finalBasis }
}
