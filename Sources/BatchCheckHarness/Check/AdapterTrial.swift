import BatchCheck

/// The apply code a check runs: it gets the view, the model on screen, the
/// model to show, and `setData`, which sets what the view's data source
/// returns from then on.
public typealias AdapterApply<View: HarnessView> = (
  _ view: View, _ old: [[Row]], _ new: [[Row]], _ setData: @escaping ([[Row]]) -> Void
) -> Void

/// One kind of adapter failure: a verdict that is not `valid`, with its
/// rule and cause.
///
///     AdapterFailureKind(verdict: .exception, rule: .r2, cause: .a5)  // exception R2 A5
public struct AdapterFailureKind: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The outcome's verdict.
  public let verdict: AdapterVerdictKind
  /// Its rule, when it has one.
  public let rule: Rule?
  /// Its cause, when it has one.
  public let cause: AdapterCause?

  /// A kind of these fields.
  public init(verdict: AdapterVerdictKind, rule: Rule? = nil, cause: AdapterCause? = nil) {
    self.verdict = verdict
    self.rule = rule
    self.cause = cause
  }

  /// The kind of `outcome`.
  public init(_ outcome: AdapterOutcome) {
    self.init(verdict: outcome.kind, rule: outcome.rule, cause: outcome.cause)
  }

  /// `exception R2 A5`, `skipped A7`.
  public var description: String {
    ([verdict.rawValue] + [rule?.description, cause?.rawValue].compactMap { $0 }).joined(
      separator: " ")
  }

  /// Orders by the text, so reports list kinds the same way every run.
  public static func < (lhs: AdapterFailureKind, rhs: AdapterFailureKind) -> Bool {
    lhs.description < rhs.description
  }
}

extension AdapterReport {
  /// The kinds of this run's outcomes that are not `valid`.
  var failureKinds: Set<AdapterFailureKind> {
    Set(outcomes.lazy.filter { $0.kind != .valid }.map(AdapterFailureKind.init))
  }
}

/// The model the view's data source returns: set by `setData`.
@MainActor private final class LiveModel {
  var rows: [[Row]]
  init(_ rows: [[Row]]) { self.rows = rows }
}

/// Runs apply code on a fresh harness view for one model pair and schedule.
@MainActor struct AdapterTrial<View: HarnessView> {
  let options: HarnessOptions
  let apply: AdapterApply<View>

  /// The most turns the end of a trial runs while completion handlers are owed.
  static var maxFinalTurns: Int { 8 }

  /// The view after the schedule: the apply code from `old` to `new` (and
  /// back, with two cycles), then the turns that run the completions owed.
  func run(_ old: [[Row]], _ new: [[Row]], _ schedule: AdapterSchedule) -> View {
    let model = LiveModel(old)
    let view = View(start: schedule.start, options: options) { model.rows }
    let setData: ([[Row]]) -> Void = { model.rows = $0 }
    if schedule.drainFirst { view.drain() }
    apply(view, old, new, setData)
    if schedule.cycles == 2 {
      if schedule.drainBetween { view.drain() }
      apply(view, new, old, setData)
    }
    view.drain()
    var turns = 1
    while view.pendingCompletions > 0 && turns < Self.maxFinalTurns {
      view.drain()
      turns += 1
    }
    return view
  }
}
