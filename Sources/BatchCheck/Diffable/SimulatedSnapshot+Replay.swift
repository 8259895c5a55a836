extension SimulatedSnapshot {
  /// Runs one recorded call: a mutation, or a query whose answer is recorded.
  ///
  ///     var snapshot = SimulatedSnapshot<String, String>()
  ///     snapshot.run(.appendSections(["S"]))
  ///     snapshot.run(.numberOfSections)
  ///     snapshot.answers  // [.count(1)]
  public mutating func run(_ call: SnapshotCall<SectionID, ItemID>) {
    switch call {
    case .appendSections(let ids): appendSections(ids)
    case .insertSections(let ids, let anchor): insertSections(ids, anchor)
    case .deleteSections(let ids): deleteSections(ids)
    case .moveSection(let id, let anchor): moveSection(id, anchor)
    case .reloadSections(let ids): reloadSections(ids)
    case .appendItems(let ids, let section): appendItems(ids, toSection: section)
    case .insertItems(let ids, let anchor): insertItems(ids, anchor)
    case .deleteItems(let ids): deleteItems(ids)
    case .deleteAllItems: deleteAllItems()
    case .moveItem(let id, let anchor): moveItem(id, anchor)
    case .reloadItems(let ids): reloadItems(ids)
    case .reconfigureItems(let ids): reconfigureItems(ids)
    default: record(query: call)
    }
  }

  /// A snapshot holding a model's sections and items, as the applied state
  /// (`init(sections:)`): each id at its first occurrence
  /// (`SnapshotSection.firstOccurrences`).
  public init(_ model: [SnapshotSection<SectionID, ItemID>]) {
    self.init()
    for section in SnapshotSection.firstOccurrences(model) {
      store.insertSections([section.id], at: store.sectionCount)
      store.insertItems(section.rows.map(\.id), section: store.sectionCount - 1, offset: 0)
    }
  }
}

/// A snapshot script: where it starts, its calls, how it is applied, the
/// applied state before and the intended state after. A case file's
/// `"contract":"snapshot"` line holds one.
///
///     let script = SnapshotScript<SnapshotIdentifier, SnapshotIdentifier>(
///       old: [SnapshotSection(id: "S", rows: [SnapshotRow(id: "a")])],
///       calls: [.appendItems(["a"], toSection: nil)],
///       new: [SnapshotSection(id: "S", rows: [SnapshotRow(id: "a")])])
///     script.verdict.kind  // .logged (S3)
public struct SnapshotScript<SectionID: Hashable, ItemID: Hashable> {
  /// Where the calls start.
  public var start: SnapshotStart
  /// How the result is applied.
  public var apply: SnapshotApply
  /// The applied state before, with contents and keys.
  public var old: [SnapshotSection<SectionID, ItemID>]
  /// The calls, in order.
  public var calls: [SnapshotCall<SectionID, ItemID>]
  /// The intended state; nil with `apply: .none`.
  public var new: [SnapshotSection<SectionID, ItemID>]?

  /// Creates a script.
  public init(
    start: SnapshotStart = .old, apply: SnapshotApply = .animated,
    old: [SnapshotSection<SectionID, ItemID>], calls: [SnapshotCall<SectionID, ItemID>],
    new: [SnapshotSection<SectionID, ItemID>]?
  ) {
    self.start = start
    self.apply = apply
    self.old = old
    self.calls = calls
    self.new = new
  }

  /// The snapshot after the calls ran from `start`.
  public var snapshot: SimulatedSnapshot<SectionID, ItemID> {
    var snapshot =
      start == .old ? SimulatedSnapshot(old) : SimulatedSnapshot<SectionID, ItemID>()
    for call in calls { snapshot.run(call) }
    return snapshot
  }

  /// The verdict at apply.
  public var verdict: SnapshotVerdict<SectionID, ItemID> {
    SnapshotVerdict.judge(snapshot, start: start, apply: apply, old: old, new: new)
  }
}

extension SnapshotScript: Hashable {}
extension SnapshotScript: Sendable where SectionID: Sendable, ItemID: Sendable {}
