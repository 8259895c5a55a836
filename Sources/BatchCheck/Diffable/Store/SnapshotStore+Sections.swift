// The store's section calls.
extension SnapshotStore {
  /// Inserts new sections at `index` (0...sectionCount), empty.
  ///
  /// - Complexity: O(*k*) amortised plus O(log *n*) expected, for *k* ids
  ///   and *n* sections; appended while flat, O(*k*) amortised.
  mutating func insertSections(_ ids: [SectionID], at index: Int) {
    guard !ids.isEmpty else { return }
    if isFlat, index == sectionCount {
      appendSectionsFlat(ids)
      return
    }
    buildTrees()
    let nodes = ids.map { newSectionNode($0) }
    sectionTree.insert(sectionTree.makeRun(nodes), at: index)
    sectionCount += ids.count
  }

  /// Removes the known sections among `ids`, with their items.
  ///
  /// - Complexity: O(log *n*) expected per known id, for *n* ids in the
  ///   store, plus O(1) per item removed.
  mutating func removeSections(_ ids: [SectionID]) {
    for id in ids {
      guard let node = sectionNode(id) else { continue }
      buildTrees()
      let items = cutItems(ofSection: node)
      sectionTree.remove(node)
      discardSection(node, items: items)
    }
  }

  /// Cuts the items of the section at `node` out of the item tree, as a run.
  private mutating func cutItems(ofSection node: Int) -> Int {
    let size = sectionSizes[node]
    guard size > 0 else { return OrderTree.none }
    let first = sectionTree.weightBefore(node, steps: &steps)
    return itemTree.cut(first..<first + size)
  }

  /// Moves a known section, with its items, just before or after another
  /// known one. An anchor that is unknown, or the section itself, leaves
  /// the section removed with its items (as taking it out and finding no
  /// place would).
  ///
  /// - Complexity: O(log *n*) expected, for *n* ids in the store.
  mutating func moveSection(_ id: SectionID, _ anchor: SnapshotAnchor<SectionID>) {
    guard let node = sectionNode(id) else { return }
    buildTrees()
    let items = cutItems(ofSection: node)
    sectionTree.remove(node)
    guard let target = sectionNode(anchor.id), target != node else {
      discardSection(node, items: items)
      return
    }
    let index = sectionTree.rank(target, steps: &steps) + (anchor.isBefore ? 0 : 1)
    sectionTree.insert(node, at: index)
    guard items != OrderTree.none else { return }
    itemTree.insert(items, at: sectionTree.weightBefore(node, steps: &steps))
  }
}
