extension SimulatedSectionSnapshot {
  /// Whether the item is in the tree, at any level; false for an unknown id.
  ///
  ///     snapshot.contains("z")  // false, and recorded: .contains("z") answered .bool(false)
  public func contains(_ item: ItemID) -> Bool {
    journal.begin(.contains(item))
    return answer(forest.contains(item))
  }

  /// The item's index in `items` (depth first); nil for an unknown id.
  public func index(of item: ItemID) -> Int? {
    journal.begin(.index(item))
    let key = IdentityKey(item)
    let index = forest.contains(item) ? forest.items.firstIndex { IdentityKey($0) == key } : nil
    journal.answers.append(.index(index))
    return index
  }

  /// Whether the item is expanded; SS5 (recorded) and false for an unknown id.
  ///
  ///     snapshot.isExpanded("z")
  ///     snapshot.exception?.message  // Item identifier does not exist in section snapshot: z
  public func isExpanded(_ item: ItemID) -> Bool {
    let known = begin(.isExpanded(item), known: item, child: false)
    return answer(known && forest.isExpanded(item))
  }

  /// Whether every ancestor of the item is expanded (a top-level item is
  /// visible); SS5 (recorded) and false for an unknown id.
  public func isVisible(_ item: ItemID) -> Bool {
    let known = begin(.isVisible(item), known: item, child: false)
    return answer(known && forest.isVisible(item))
  }

  /// How many ancestors the item has (0 at the top level); SS5 (recorded)
  /// and 0 for an unknown id.
  public func level(of item: ItemID) -> Int {
    let known = begin(.level(item), known: item, child: false)
    let level = known ? forest.level(of: item) : 0
    journal.answers.append(.level(level))
    return level
  }

  /// The item's parent, nil at the top level; SS5 (recorded, UIKit's
  /// `Child item identifier ...` text) and nil for an unknown id.
  public func parent(of child: ItemID) -> ItemID? {
    let known = begin(.parent(child), known: child, child: true)
    let parent = known ? forest.parent(of: child) : nil
    journal.answers.append(.item(parent))
    return parent
  }

  /// A new section snapshot of the items below `parent`, with `parent` as
  /// its one top-level item when `includingParent`; SS3 (recorded) and an
  /// empty snapshot for an unknown parent.
  ///
  ///     let children = snapshot.snapshot(of: "p")  // p's children at the top level
  ///
  /// The new snapshot keeps its items' expanded state (inferred) and
  /// records its own calls.
  public func snapshot(
    of parent: ItemID, includingParent: Bool = false
  ) -> SimulatedSectionSnapshot<ItemID> {
    journal.begin(.snapshot(of: parent, includingParent: includingParent))
    guard forest.contains(parent) else {
      journal.raise(.ss3, SectionSnapshotMessages.missingParent(SnapshotText.identifier(parent)))
      journal.answers.append(.snapshot([], expanded: []))
      return SimulatedSectionSnapshot()
    }
    let result = SimulatedSectionSnapshot(
      forest: forest.subforest(of: parent, includingParent: includingParent))
    journal.answers.append(.snapshot(result.tree, expanded: result.expandedItems))
    return result
  }

  /// Records a query of an item that must exist, and says whether it does:
  /// SS5 when not (a no-op after an exception).
  private func begin(_ call: SectionSnapshotCall<ItemID>, known item: ItemID, child: Bool) -> Bool {
    journal.begin(call)
    guard forest.contains(item) else {
      let id = SnapshotText.identifier(item)
      journal.raise(
        .ss5,
        child ? SectionSnapshotMessages.missingChild(id) : SectionSnapshotMessages.missingItem(id))
      return false
    }
    return true
  }

  private func answer(_ value: Bool) -> Bool {
    journal.answers.append(.bool(value))
    return value
  }
}
