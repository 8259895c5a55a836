// The store's item calls. Each has a form that takes the ids' hash values
// (`hashes[i]` is `ids[i].hashValue`), for a caller that has computed them.
extension SnapshotStore {
  /// Inserts new items into the section at `section`, at `offset` within it.
  ///
  /// - Complexity: O(*k*) amortised plus O(log *n*) expected, for *k* ids
  ///   and *n* in the store; at the global end while flat, O(*k*) amortised.
  mutating func insertItems(_ ids: [ItemID], section: Int, offset: Int) {
    insertItems(ids, hashes: IdentityTable.hashValues(of: ids), section: section, offset: offset)
  }

  /// `insertItems(_:section:offset:)` with the ids' hash values.
  mutating func insertItems(_ ids: [ItemID], hashes: [Int], section: Int, offset: Int) {
    insertItems(ids, hashes: hashes, sectionNode: sectionNode(at: section), offset: offset)
  }

  /// Appends new items to the end of the section at `section`.
  ///
  /// - Complexity: as `insertItems(_:section:offset:)`.
  mutating func appendItems(_ ids: [ItemID], section: Int) {
    appendItems(ids, hashes: IdentityTable.hashValues(of: ids), section: section)
  }

  /// `appendItems(_:section:)` with the ids' hash values.
  mutating func appendItems(_ ids: [ItemID], hashes: [Int], section: Int) {
    let node = sectionNode(at: section)
    insertItems(ids, hashes: hashes, sectionNode: node, offset: sectionSizes[node])
  }

  /// `appendItems(_:hashes:section:)` when none of `ids` is in the store;
  /// else changes nothing and returns false. At the global end while flat,
  /// one probe per id both looks and places.
  ///
  /// - Complexity: as `insertItems(_:section:offset:)`.
  mutating func appendNewItems(_ ids: [ItemID], hashes: [Int], section: Int) -> Bool {
    let node = sectionNode(at: section)
    if !ids.isEmpty, isFlatAppend(section: node, offset: sectionSizes[node]) {
      return appendFlat(ids, hashes: hashes, section: node, ifNew: true)
    }
    guard existingItems(ids, hashes: hashes).isEmpty else { return false }
    insertItems(ids, hashes: hashes, sectionNode: node, offset: sectionSizes[node])
    return true
  }

  /// Inserts new items just before or after a known item, in its section.
  ///
  /// - Complexity: as `insertItems(_:section:offset:)`.
  mutating func insertItems(_ ids: [ItemID], _ anchor: SnapshotAnchor<ItemID>) {
    insertItems(ids, hashes: IdentityTable.hashValues(of: ids), anchor)
  }

  /// `insertItems(_:_:)` with the ids' hash values.
  mutating func insertItems(
    _ ids: [ItemID], hashes: [Int], _ anchor: SnapshotAnchor<ItemID>
  ) {
    guard let target = itemNode(anchor.id) else { return }
    let section = itemSections[target]
    let after = anchor.isBefore ? 0 : 1
    if isFlat {
      let offset = target - flatStarts[section] + after
      insertItems(ids, hashes: hashes, sectionNode: section, offset: offset)
      return
    }
    insertRun(
      ids, hashes: hashes, section: section, at: itemTree.rank(target, steps: &steps) + after)
  }

  /// The ids among `ids` that the store holds, in order.
  ///
  /// - Complexity: O(*k*) expected, for *k* ids.
  func existingItems(_ ids: [ItemID], hashes: [Int]) -> [ItemID] {
    var found: [ItemID] = []
    for index in ids.indices where itemNode(ids[index], hash: hashes[index]) != nil {
      found.append(ids[index])
    }
    return found
  }

  /// Removes the known items among `ids`.
  ///
  /// - Complexity: O(log *n*) expected per known id, for *n* ids in the
  ///   store; O(1) expected per unknown one.
  mutating func removeItems(_ ids: [ItemID]) {
    for id in ids {
      guard let node = itemNode(id) else { continue }
      buildTrees()
      itemTree.remove(node)
      let section = itemSections[node]
      sectionSizes[section] -= 1
      sectionTree.addWeight(section, -1)
      itemTable.remove(node: node, hash: itemHashes[node])
      freeItems.append(node)
      itemCount -= 1
      steps += 1
    }
  }

  /// The node of the section at `index` (0..<sectionCount).
  private mutating func sectionNode(at index: Int) -> Int {
    isFlat ? index : sectionTree.node(at: index, steps: &steps)
  }

  /// Inserts new items into the section at `node`, at `offset` within it.
  private mutating func insertItems(
    _ ids: [ItemID], hashes: [Int], sectionNode node: Int, offset: Int
  ) {
    guard !ids.isEmpty else { return }
    if isFlatAppend(section: node, offset: offset) {
      appendFlat(ids, hashes: hashes, section: node)
      return
    }
    buildTrees()
    let first = sectionTree.weightBefore(node, steps: &steps)
    insertRun(ids, hashes: hashes, section: node, at: first + offset)
  }

  /// Inserts new items into the section at `node`, at the global `position`
  /// (which lies in that section's run or at its end), in the trees.
  private mutating func insertRun(
    _ ids: [ItemID], hashes: [Int], section node: Int, at position: Int
  ) {
    guard !ids.isEmpty else { return }
    buildTrees()
    let nodes = ids.indices.map { newItemNode(ids[$0], hash: hashes[$0], section: node) }
    itemTree.insert(itemTree.makeRun(nodes), at: position)
    sectionSizes[node] += ids.count
    sectionTree.addWeight(node, ids.count)
    itemCount += ids.count
  }
}
