/// A rule of the diffable snapshot contract: UIKit's checks on the calls
/// that edit an `NSDiffableDataSourceSnapshot` (`S1`...`S13`) or an
/// `NSDiffableDataSourceSectionSnapshot` (`SS1`...`SS5`), BatchCheck's row
/// checks at apply (`C1` wrong rows, `C2` stale content) and the one warning
/// (`Q1` identity churn). <doc:DiffableSnapshots> explains each.
///
///     SnapshotRule(rawValue: "S3")  // .s3
public enum SnapshotRule: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// S1: the same id twice in one call (UIKit raises).
  case s1 = "S1"
  /// S2: an appended or inserted section id is already in the snapshot (UIKit asserts).
  case s2 = "S2"
  /// S3: an appended or inserted item id is already in the snapshot: UIKit
  /// logs it and moves the item into place.
  case s3 = "S3"
  /// S4: `appendItems` while the snapshot has no section.
  case s4 = "S4"
  /// S5: an item destination (section or anchor item) is missing.
  case s5 = "S5"
  /// S6: an `insertSections` anchor is missing.
  case s6 = "S6"
  /// S7: a move from or to an unknown id.
  case s7 = "S7"
  /// S8: a move onto itself.
  case s8 = "S8"
  /// S9: an insert's anchor is one of the inserted ids.
  case s9 = "S9"
  /// S10: a reload or reconfigure of an unknown id.
  case s10 = "S10"
  /// S11: a per-section query of an unknown section.
  case s11 = "S11"
  /// S12: at apply, two ids that are equal but hash differently.
  case s12 = "S12"
  /// S13: at apply, an id not equal to itself, or whose hash changed.
  case s13 = "S13"
  /// SS1: a section snapshot's append or insert of an id already in the tree,
  /// or twice in one call.
  case ss1 = "SS1"
  /// SS2: a section snapshot's insert with an unknown anchor.
  case ss2 = "SS2"
  /// SS3: a section snapshot's append under an unknown parent.
  case ss3 = "SS3"
  /// SS4: a section snapshot's delete of an unknown id.
  case ss4 = "SS4"
  /// SS5: a section snapshot's query of an unknown id.
  case ss5 = "SS5"
  /// C1: after apply, the sections or items differ from the intended ones.
  case c1 = "C1"
  /// C2: after apply, a kept item whose content changed was neither
  /// reloaded nor reconfigured.
  case c2 = "C2"
  /// Q1: a row kept its key but changed its id (a warning, never a failure).
  case q1 = "Q1"

  /// `S1`.
  public var description: String { rawValue }

  /// Whether UIKit raises for it (S1, S2, S4...S13, SS1...SS5).
  public var isException: Bool {
    switch self {
    case .s3, .c1, .c2, .q1: return false
    default: return true
    }
  }
}

/// What becomes of a snapshot script at apply: the first that holds of
/// exception, wrong rows, stale content, logged, valid.
public enum SnapshotVerdictKind: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// Every call ran and the applied snapshot shows the intended rows.
  case valid
  /// UIKit raised (a call, or the apply's identifier checks).
  case exception
  /// Accepted, but the sections or items differ from the intended ones (C1).
  case wrongRows
  /// Accepted and in order, but a changed item was not refreshed (C2).
  case staleContent
  /// Accepted and right, but UIKit logged S3 (an existing item appended again).
  case logged

  /// `valid`, `exception`...
  public var description: String { rawValue }

  /// The kind and its rule, as reports head a verdict: `exception S1`,
  /// `logged S3`, `valid`.
  package func headline(_ rule: SnapshotRule?) -> String {
    rule.map { "\(rawValue) \($0)" } ?? rawValue
  }

  /// A verdict in one line: `exception S1 at call 1: Fatal: ...`, `valid`.
  package func text(rule: SnapshotRule?, call: Int?, message: String?) -> String {
    var text = headline(rule)
    if let call { text += " at call \(call)" }
    if let message { text += ": \(message)" }
    return text
  }
}
