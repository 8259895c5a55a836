/// What becomes of a section snapshot's calls: an exception (SS1...SS5) at
/// a call, or valid with the final tree, the expanded items and the answers
/// to the queries. A section snapshot has no apply-time verdict here.
///
///     let snapshot = SimulatedSectionSnapshot<String>(running: [.append(["c"], parent: "zz")])
///     snapshot.verdict.description
///     // exception SS3 at call 0: Parent item identifier does not exist in section snapshot: zz
public struct SectionSnapshotVerdict<ItemID: Hashable>: Hashable {
  /// `.exception` or `.valid`.
  public let kind: SnapshotVerdictKind
  /// The rule; nil when valid.
  public let rule: SnapshotRule?
  /// UIKit's text; nil when valid.
  public let message: String?
  /// The failing call, from 0; nil when valid.
  public let call: Int?
  /// The tree after the calls; nil after an exception (no app sees it).
  public let final: [SectionSnapshotNode<ItemID>]?
  /// The expanded items after the calls, in `items` order; nil after an exception.
  public let expanded: [ItemID]?
  /// The answers to the query calls; nil after an exception.
  public let answers: [SectionSnapshotAnswer<ItemID>]?

  /// Whether no call raised.
  public var isValid: Bool { kind == .valid }

  /// `exception SS1 at call 2: Identifiers in a section snapshot ...` or `valid`.
  public var description: String { kind.text(rule: rule, call: call, message: message) }
}

extension SectionSnapshotVerdict: Sendable where ItemID: Sendable {}

extension SimulatedSectionSnapshot {
  /// The verdict on the calls made so far.
  ///
  ///     var snapshot = SimulatedSectionSnapshot<String>()
  ///     snapshot.append(["p"])
  ///     snapshot.verdict.final  // [p]
  public var verdict: SectionSnapshotVerdict<ItemID> {
    if let exception = journal.exception {
      return SectionSnapshotVerdict(
        kind: .exception, rule: exception.rule, message: exception.message,
        call: exception.call, final: nil, expanded: nil, answers: nil)
    }
    return SectionSnapshotVerdict(
      kind: .valid, rule: nil, message: nil, call: nil, final: tree, expanded: expandedItems,
      answers: journal.answers)
  }
}
