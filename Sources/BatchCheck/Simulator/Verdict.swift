/// A numbered rule: UIKit's (`R1`...`R23`, `R2b`, iOS 18's "Invalid batch
/// updates detected", and `R28`, the one failure after validation that an
/// update predicts) or BatchCheck's own row
/// checks (`C1` wrong rows, `C2` stale content).
public enum Rule: String, Hashable, Sendable, CaseIterable, Comparable,
  CustomStringConvertible
{
  /// R1: The number of sections must add up.
  case r1 = "R1"
  /// R2: The number of rows in each section must add up.
  case r2 = "R2"
  /// R2b: Invalid batch updates detected, iOS 18's text for a count mismatch
  /// where a section would hold more rows than the data source returns.
  case r2b = "R2b"
  /// R3: A deleted row must exist before the update.
  case r3 = "R3"
  /// R4: A deleted row's section must exist before the update.
  case r4 = "R4"
  /// R5: A deleted section must exist before the update.
  case r5 = "R5"
  /// R6: An inserted row must fit the new section.
  case r6 = "R6"
  /// R7: An inserted row's section must exist after the update.
  case r7 = "R7"
  /// R8: An inserted section must exist after the update.
  case r8 = "R8"
  /// R9: A reload is a delete plus an insert.
  case r9 = "R9"
  /// R10: No delete and reload of the same index path.
  case r10 = "R10"
  /// R11: No move from a deleted row or section.
  case r11 = "R11"
  /// R12: No move to an inserted row or section.
  case r12 = "R12"
  /// R13: A moved row must exist before the update.
  case r13 = "R13"
  /// R14: A row's move destination must exist after the update.
  case r14 = "R14"
  /// R15: A moved section must exist before and after.
  case r15 = "R15"
  /// R16: One source to one destination.
  case r16 = "R16"
  /// R17: A row moved out of a deleted, or into an inserted, section: UIKit falls back to reloadData.
  case r17 = "R17"
  /// R18: Row deletes inside a deleted section are dropped.
  case r18 = "R18"
  /// R19: Row inserts inside an inserted section are checked, then dropped.
  case r19 = "R19"
  /// R20: Duplicate row or section deletes and inserts.
  case r20 = "R20"
  /// R21: Duplicate section deletes or inserts across calls.
  case r21 = "R21"
  /// R22: No negative section or row.
  case r22 = "R22"
  /// R23: An index path has exactly two indices.
  case r23 = "R23"
  /// R28: A failure after validation (UIKit's rule R28 family) that the
  /// update alone predicts: see `UIKitProfile.Rules.globalIndexFailsAfterSelfSectionMove`.
  case r28 = "R28"
  /// C1: Wrong rows: a cell shows a row other than the data source's.
  case c1 = "C1"
  /// C2: Stale content: a changed row was not refreshed.
  case c2 = "C2"

  public var description: String { rawValue }

  /// Orders by declaration: R1 < R2 < R2b < R3 < ... < R23 < R28 < C1 < C2.
  public static func < (lhs: Rule, rhs: Rule) -> Bool {
    let all = Rule.allCases
    return (all.firstIndex(of: lhs) ?? 0) < (all.firstIndex(of: rhs) ?? 0)
  }
}

/// What UIKit raises: `NSInternalInconsistencyException` with a rule and a text.
///
/// Two exceptions are equal when their rules and messages are: `place` is
/// data drawn from the same facts as the message, and takes no part.
public struct UIKitException: Error, Hashable, Sendable {
  /// The rule that fired (<doc:UIKitRules>).
  public let rule: Rule
  /// UIKit's message, index paths printed as `{length = 2, path = S - R}`.
  public let message: String
  /// The row or section the exception concerns, as data; nil when it names
  /// none (R1, R2b, R22, R23, R28).
  public let place: VerdictPlace?

  /// The exception of `rule` with UIKit's `message`, naming no place.
  public init(rule: Rule, message: String) {
    self.init(rule: rule, message: message, place: nil)
  }

  /// The exception of `rule` with UIKit's `message`, concerning `place`.
  public init(rule: Rule, message: String, place: VerdictPlace?) {
    self.rule = rule
    self.message = message
    self.place = place
  }

  public static func == (lhs: UIKitException, rhs: UIKitException) -> Bool {
    lhs.rule == rhs.rule && lhs.message == rhs.message
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(rule)
    hasher.combine(message)
  }
}

/// The two index spaces of an update: before it (old) and after it (new).
public enum UpdateSide: String, Hashable, Sendable, CaseIterable {
  /// Before the update: deletes, reloads and move sources index the old rows.
  case old
  /// After the update: inserts and move destinations index the new rows.
  case new
}

/// Where a verdict points, as data: one row or one section, on one side.
///
/// It is the place UIKit's message names first (the deleted row of R3, the
/// attempted insert of R6, the move source of R13 and R14), in that side's
/// index space, so it may lie outside the rows: R6's row is past the last
/// one. A report reads the message; a picture reads the place.
///
///     let verdict = SimulatedTableView([[Row("a")]]).performBatchUpdates(
///       BatchUpdate(insertRows: [RowPath(0, 5)]), dataSource: [[Row("a"), Row("b")]])
///     verdict.place  // new (0, 5)
public struct VerdictPlace: Hashable, Sendable, CustomStringConvertible {
  /// The side whose index space `section` and `row` are in.
  public let side: UpdateSide
  /// The section, in `side`'s space.
  public let section: Int
  /// The row, in `side`'s space; nil when the place is the section itself.
  public let row: Int?

  /// The row `row` of `section` on `side`, or the section itself when `row` is nil.
  public init(_ side: UpdateSide, section: Int, row: Int? = nil) {
    self.side = side
    self.section = section
    self.row = row
  }

  /// The place of a UIKit item path: a section operation's row is
  /// NSNotFound, and such a path is the section itself.
  init(_ side: UpdateSide, _ path: RowPath) {
    self.init(side, section: path.section, row: path.row == UIKitMessages.notFound ? nil : path.row)
  }

  /// `old (0, 2)`, `new section 1`.
  public var description: String {
    "\(side.rawValue) " + (row.map { "(\(section), \($0))" } ?? "section \(section)")
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
  public let path: RowPath
  /// What the data source returns at `path`.
  public let expected: Row
  /// What the cell shows after the update.
  public let shown: Row
  /// For stale content (C2): the cell shows a row the new data holds, with
  /// its content, elsewhere; so no content changed: the rows of this id are
  /// in another order, and the cells were not moved to match.
  public let reordered: Bool

  /// A mismatch at new-space `path`: the cell shows `shown` where the data
  /// source has `expected`.
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
  public let kind: VerdictKind
  /// The rule behind it; nil for `valid`.
  public let rule: Rule?
  /// UIKit's message for an exception, BatchCheck's for the other verdicts.
  public package(set) var message: String?
  /// For `wrongRows` and `staleContent`: the first offending cell.
  public let mismatch: RowMismatch?
  /// The row or section the verdict concerns, as data: for an exception the
  /// one its message names first, for a duplicate the repeated one, for a
  /// fallback the moved row's source, for wrong rows or stale content the
  /// offending cell. Nil for valid verdicts and for exceptions that name no
  /// place; a report's JSON keeps it.
  public package(set) var place: VerdictPlace?

  /// A verdict of `kind`, with its rule, message and first offending cell
  /// when it has them; the cell, new space, is then its place. A `valid`
  /// verdict has no rule: one given with it is dropped.
  public init(
    kind: VerdictKind, rule: Rule? = nil, message: String? = nil, mismatch: RowMismatch? = nil
  ) {
    self.kind = kind
    self.rule = kind == .valid ? nil : rule
    self.message = message
    self.mismatch = mismatch
    self.place = mismatch.map { VerdictPlace(.new, section: $0.path.section, row: $0.path.row) }
  }

  /// UIKit accepts the update and the table shows the right rows.
  public static let valid = Verdict(kind: .valid)

  /// An exception verdict, with the exception's place.
  public static func exception(_ exception: UIKitException) -> Verdict {
    var verdict = Verdict(kind: .exception, rule: exception.rule, message: exception.message)
    verdict.place = exception.place
    return verdict
  }

  /// Equal kinds, rules, messages and offending cells: `place` takes no
  /// part, as it follows from them (a verdict built by hand names none).
  public static func == (lhs: Verdict, rhs: Verdict) -> Bool {
    lhs.kind == rhs.kind && lhs.rule == rhs.rule && lhs.message == rhs.message
      && lhs.mismatch == rhs.mismatch
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(kind)
    hasher.combine(rule)
    hasher.combine(message)
    hasher.combine(mismatch)
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
