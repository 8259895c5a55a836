/// A numbered rule: UIKit's (`R1`...`R23`, `R2b`, iOS 18's "Invalid batch
/// updates detected", and `R28`, the one failure after validation that an
/// update predicts) or BatchCheck's own row
/// checks (`C1` wrong rows, `C2` stale content).
public enum Rule: String, Hashable, Sendable, CaseIterable, Comparable,
  CustomStringConvertible
{
  case r1 = "R1", r2 = "R2", r2b = "R2b", r3 = "R3", r4 = "R4", r5 = "R5", r6 = "R6", r7 = "R7"
  case r8 = "R8", r9 = "R9", r10 = "R10", r11 = "R11", r12 = "R12", r13 = "R13"
  case r14 = "R14", r15 = "R15", r16 = "R16", r17 = "R17", r18 = "R18", r19 = "R19"
  case r20 = "R20", r21 = "R21", r22 = "R22", r23 = "R23"
  /// A failure after validation (UIKit's rule R28 family) that the update
  /// alone predicts: see `UIKitProfile.Rules.globalIndexFailsAfterSelfSectionMove`.
  case r28 = "R28"
  case c1 = "C1", c2 = "C2"

  public var description: String { rawValue }

  /// Orders by declaration: R1 < R2 < R2b < R3 < ... < R23 < R28 < C1 < C2.
  public static func < (lhs: Rule, rhs: Rule) -> Bool {
    let all = Rule.allCases
    return (all.firstIndex(of: lhs) ?? 0) < (all.firstIndex(of: rhs) ?? 0)
  }
}

/// What UIKit raises: `NSInternalInconsistencyException` with a rule and a text.
public struct UIKitException: Error, Hashable, Sendable {
  /// The rule that fired (Guides/UIKitRules.md).
  public var rule: Rule
  /// UIKit's message, index paths printed as `{length = 2, path = S - R}`.
  public var message: String

  public init(rule: Rule, message: String) {
    self.rule = rule
    self.message = message
  }
}

/// The kind of outcome of validating one update, as the case format (Corpus/README.md) names it.
public enum VerdictKind: String, Hashable, Sendable, CaseIterable {
  /// UIKit accepts it and every cell then shows the right row and content.
  case valid
  /// UIKit raises NSInternalInconsistencyException (or asserts on the call).
  case exception
  /// Under the `reject` policy: the same row or section insert or delete twice.
  case duplicate
  /// UIKit silently gives up animating and calls reloadData (R17).
  case fallback
  /// Accepted, but some cell shows a row other than the data source's (C1).
  case wrongRows
  /// Accepted and the rows are right, but a changed row was not refreshed (C2).
  case staleContent
}

/// A cell that shows something other than what the data source has there.
public struct RowMismatch: Hashable, Sendable {
  /// The cell's position, new space.
  public var path: RowPath
  /// What the data source returns at `path`.
  public var expected: Row
  /// What the cell shows after the update.
  public var shown: Row
  /// For stale content (C2): the cell shows a row the new data holds, with
  /// its content, elsewhere; so no content changed: the rows of this id are
  /// in another order, and the cells were not moved to match.
  public var reordered: Bool

  public init(path: RowPath, expected: Row, shown: Row, reordered: Bool = false) {
    self.path = path
    self.expected = expected
    self.shown = shown
    self.reordered = reordered
  }
}

/// The outcome of validating one update.
///
///     let table = SimulatedTableView([[Row("a"), Row("b")]])
///     let verdict = table.performBatchUpdates(
///       BatchUpdate(deleteRows: [RowPath(0, 1)]), dataSource: [[Row("a")]])
///     verdict.kind  // .valid
public struct Verdict: Hashable, Sendable, CustomStringConvertible {
  /// Which outcome.
  public var kind: VerdictKind
  /// The rule behind it; nil for `valid`.
  public var rule: Rule?
  /// UIKit's message for an exception, BatchCheck's for the other verdicts.
  public var message: String?
  /// For `wrongRows` and `staleContent`: the first offending cell.
  public var mismatch: RowMismatch?

  public init(kind: VerdictKind, rule: Rule? = nil, message: String? = nil, mismatch: RowMismatch? = nil) {
    self.kind = kind
    self.rule = rule
    self.message = message
    self.mismatch = mismatch
  }

  /// UIKit accepts the update and the table shows the right rows.
  public static let valid = Verdict(kind: .valid)

  /// An exception verdict.
  public static func exception(_ exception: UIKitException) -> Verdict {
    Verdict(kind: .exception, rule: exception.rule, message: exception.message)
  }

  /// Whether this verdict is `valid`.
  public var isValid: Bool { kind == .valid }

  /// `valid`, or `exception R11: attempt to ...`.
  public var description: String {
    var text = kind.rawValue
    if let rule { text += " \(rule)" }
    if let message { text += ": \(message)" }
    return text
  }
}
