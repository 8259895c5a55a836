extension SimulatedSectionSnapshot {
  /// Runs one recorded call: a mutation, or a query whose answer is recorded.
  ///
  ///     var snapshot = SimulatedSectionSnapshot<String>()
  ///     snapshot.run(.append(["p"], parent: nil))
  ///     snapshot.run(.append(["c"], parent: "p"))
  ///     snapshot.run(.level("c"))
  ///     snapshot.answers  // [.level(1)]
  ///
  /// A recorded `replace` runs with a snapshot holding its tree and
  /// expanded items, a repeated id dropped with its subtree.
  public mutating func run(_ call: SectionSnapshotCall<ItemID>) {
    switch call {
    case .append(let items, let parent): append(items, to: parent)
    case .insert(let items, let anchor): insert(items, anchor)
    case .delete(let items): delete(items)
    case .deleteAll: deleteAll()
    case .expand(let items): expand(items)
    case .collapse(let items): collapse(items)
    case .replace(let parent, let tree, let expanded):
      replace(childrenOf: parent, using: SimulatedSectionSnapshot(tree: tree, expanded: expanded))
    case .contains(let item): _ = contains(item)
    case .index(let item): _ = index(of: item)
    case .isExpanded(let item): _ = isExpanded(item)
    case .isVisible(let item): _ = isVisible(item)
    case .level(let item): _ = level(of: item)
    case .parent(let item): _ = parent(of: item)
    case .snapshot(let parent, let includingParent):
      _ = snapshot(of: parent, includingParent: includingParent)
    }
  }

  /// A snapshot after `calls` ran from empty, as a case file's
  /// `"contract":"sectionSnapshot"` line runs them.
  ///
  ///     SimulatedSectionSnapshot<String>(running: [.append(["c"], parent: "zz")]).exception?.rule
  ///     // SS3
  public init(running calls: [SectionSnapshotCall<ItemID>]) {
    self.init()
    for call in calls { run(call) }
  }
}
