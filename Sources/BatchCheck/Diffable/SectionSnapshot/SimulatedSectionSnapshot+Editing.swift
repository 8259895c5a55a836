extension SimulatedSectionSnapshot {
  /// Appends the items at the end of `parent`'s children, or at the top
  /// level when nil.
  ///
  ///     var snapshot = SimulatedSectionSnapshot<String>()
  ///     snapshot.append(["c"], to: "zz")
  ///     snapshot.exception?.message  // Parent item identifier does not exist in section snapshot: zz
  ///
  /// Checks SS3 (a parent given and unknown), then SS1 (an id already in
  /// the tree, or twice in `items`); nothing is appended when either fails.
  /// Inferred, as UIKit's order was not read: the destination is checked
  /// before the ids, since UIKit has to find the parent before it can
  /// place the ids whose uniqueness it checks. So `append(["c", "c"], to:
  /// "zz")` raises SS3.
  public mutating func append(_ items: [ItemID], to parent: ItemID? = nil) {
    guard journal.begin(.append(items, parent: parent)), !items.isEmpty else { return }
    if let parent, !forest.contains(parent) {
      journal.raise(.ss3, SectionSnapshotMessages.missingParent(SnapshotText.identifier(parent)))
      return
    }
    guard checkNew(items) else { return }
    forest.append(items, to: parent)
  }

  /// Inserts the items just before `item`, as its siblings.
  public mutating func insert(_ items: [ItemID], before item: ItemID) {
    insert(items, .before(item))
  }

  /// Inserts the items as siblings of `item`, after it and everything below it.
  public mutating func insert(_ items: [ItemID], after item: ItemID) {
    insert(items, .after(item))
  }

  /// Checks SS2 (the anchor unknown), then SS1, in that order for the
  /// reason `append(_:to:)` gives (inferred); then inserts the items as
  /// siblings of the anchor, just before it or after its subtree.
  ///
  ///     snapshot.insert(["x"], .after("p"))  // p's children stay under p; x follows them
  mutating func insert(_ items: [ItemID], _ anchor: SnapshotAnchor<ItemID>) {
    guard journal.begin(.insert(items, anchor)), !items.isEmpty else { return }
    guard forest.contains(anchor.id) else {
      journal.raise(
        .ss2,
        SectionSnapshotMessages.missingAnchor(
          before: anchor.isBefore, SnapshotText.identifier(anchor.id)))
      return
    }
    guard checkNew(items) else { return }
    forest.insert(items, anchor)
  }

  /// SS1 on `items`: raises and returns false when one is already in the
  /// tree or comes twice. The text lists each such id once, in the order
  /// the repeats are found in `items` (inferred).
  private func checkNew(_ items: [ItemID]) -> Bool {
    var seen = Set<IdentityKey<ItemID>>()
    var reported = Set<IdentityKey<ItemID>>()
    var duplicates: [ItemID] = []
    for item in items {
      let key = IdentityKey(item)
      let repeated = !seen.insert(key).inserted || forest.contains(item)
      if repeated, reported.insert(key).inserted { duplicates.append(item) }
    }
    guard !duplicates.isEmpty else { return true }
    journal.raise(
      .ss1, SectionSnapshotMessages.notUnique(duplicates.map { SnapshotText.identifier($0) }))
    return false
  }

  /// Deletes the items with everything below them; they and their
  /// descendants leave the expanded set.
  ///
  ///     snapshot.delete(["p", "z"])
  ///     snapshot.exception?.message  // Failed to find index of item z (p is kept)
  ///
  /// Checks SS4 before anything is deleted: unlike a whole snapshot's
  /// delete, an unknown id raises. With several unknown ids, the first in
  /// `items` is named (inferred: which one UIKit names was not read). An id
  /// named twice, or a child named with its parent, is deleted once.
  public mutating func delete(_ items: [ItemID]) {
    guard journal.begin(.delete(items)), !items.isEmpty else { return }
    if let unknown = items.first(where: { !forest.contains($0) }) {
      journal.raise(.ss4, SectionSnapshotMessages.indexNotFound(SnapshotText.identifier(unknown)))
      return
    }
    forest.remove(items)
  }

  /// Deletes every item; nothing stays expanded.
  public mutating func deleteAll() {
    guard journal.begin(.deleteAll) else { return }
    forest.removeAll()
  }

  /// Expands the items; unknown ids are ignored. A leaf may be expanded: it
  /// stays so when children are appended to it.
  public mutating func expand(_ items: [ItemID]) {
    guard journal.begin(.expand(items)) else { return }
    forest.expand(items)
  }

  /// Collapses the items; unknown ids are ignored.
  public mutating func collapse(_ items: [ItemID]) {
    guard journal.begin(.collapse(items)) else { return }
    forest.collapse(items)
  }

  /// Replaces the children of `parent`, with everything below them, by the
  /// top-level items of `snapshot` with their subtrees and expanded state.
  ///
  ///     var children = SimulatedSectionSnapshot<String>()
  ///     children.append(["x", "y"])
  ///     snapshot.replace(childrenOf: "p", using: children)  // p's children are now x, y
  ///
  /// Checks SS3 (`parent` unknown), then SS1: an id of `snapshot` already
  /// in this tree outside the replaced children (inferred: UIKit's check
  /// for this call was not read; the tree must stay unique).
  public mutating func replace(
    childrenOf parent: ItemID, using snapshot: SimulatedSectionSnapshot<ItemID>
  ) {
    let other = snapshot.forest
    let call = SectionSnapshotCall.replace(
      childrenOf: parent, using: other.tree, expanded: other.expandedItems)
    guard journal.begin(call) else { return }
    guard forest.contains(parent) else {
      journal.raise(.ss3, SectionSnapshotMessages.missingParent(SnapshotText.identifier(parent)))
      return
    }
    let replaced = Set(forest.descendants(of: parent).map { IdentityKey($0) })
    let duplicates = other.items.filter {
      forest.contains($0) && !replaced.contains(IdentityKey($0))
    }
    guard duplicates.isEmpty else {
      journal.raise(
        .ss1, SectionSnapshotMessages.notUnique(duplicates.map { SnapshotText.identifier($0) }))
      return
    }
    forest.replaceChildren(of: parent, with: other)
  }
}
