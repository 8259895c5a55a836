// The store's layouts: the flat one's appends, the switch to the trees,
// new and freed nodes.
extension SnapshotStore {
  /// Builds the trees from the flat layout, once: the items' order over
  /// nodes 0..<n and the sections' over theirs, weighted by item counts.
  ///
  /// - Complexity: O(*n*) for *n* ids the first time; then O(1).
  mutating func buildTrees() {
    guard isFlat else { return }
    isFlat = false
    itemTree.build(count: itemIDs.count, weights: [])
    sectionTree.build(count: sectionIDs.count, weights: sectionSizes)
    flatStarts = []
    lastFilled = -1
  }

  /// Whether items inserted into the section at `node` at `offset` go to
  /// the global end while flat: the section is the last that holds items,
  /// or every section after it is empty, and the offset is its end.
  func isFlatAppend(section node: Int, offset: Int) -> Bool {
    isFlat && node >= lastFilled && offset == sectionSizes[node]
  }

  /// Appends new items at the global end, into the section at `node`,
  /// while flat. With `ifNew`, only when none of `ids` is in the store
  /// (one probe per id both looks and places): else changes nothing and
  /// returns false.
  ///
  /// - Complexity: O(*k*) amortised, for *k* ids.
  @discardableResult
  mutating func appendFlat(
    _ ids: [ItemID], hashes: [Int], section node: Int, ifNew: Bool = false
  ) -> Bool {
    let first = itemIDs.count
    itemIDs.append(contentsOf: ids)
    if ifNew {
      guard itemTable.insertNew(hashes: hashes, firstNode: first, keys: itemIDs) else {
        itemIDs.removeLast(ids.count)
        return false
      }
    } else {
      itemTable.insert(hashes: hashes, firstNode: first)
    }
    itemHashes.append(contentsOf: hashes)
    itemSections.append(contentsOf: repeatElement(node, count: ids.count))
    if sectionSizes[node] == 0 { flatStarts[node] = first }
    sectionSizes[node] += ids.count
    lastFilled = node
    itemCount += ids.count
    steps += ids.count
    return true
  }

  /// Appends new sections at the end while flat.
  ///
  /// - Complexity: O(*k*) amortised, for *k* ids.
  mutating func appendSectionsFlat(_ ids: [SectionID]) {
    let hashes = IdentityTable.hashValues(of: ids)
    let first = sectionIDs.count
    sectionIDs.append(contentsOf: ids)
    sectionHashes.append(contentsOf: hashes)
    sectionSizes.append(contentsOf: repeatElement(0, count: ids.count))
    flatStarts.append(contentsOf: repeatElement(itemCount, count: ids.count))
    sectionTable.insert(hashes: hashes, firstNode: first)
    sectionCount += ids.count
    steps += ids.count
  }

  /// A node for a new item in the section at `section`, in the table,
  /// not yet in the tree (a freed node when there is one).
  mutating func newItemNode(_ id: ItemID, hash: Int, section: Int) -> Int {
    steps += 1
    let node: Int
    if let free = freeItems.popLast() {
      node = free
      itemIDs[node] = id
      itemHashes[node] = hash
      itemSections[node] = section
    } else {
      node = itemIDs.count
      itemIDs.append(id)
      itemHashes.append(hash)
      itemSections.append(section)
      itemTree.extend(to: itemIDs.count)
    }
    itemTable.insert(hash: hash, node: node)
    return node
  }

  /// A node for a new, empty section, in the table, not yet in the tree.
  mutating func newSectionNode(_ id: SectionID) -> Int {
    steps += 1
    let hash = id.hashValue
    let node: Int
    if let free = freeSections.popLast() {
      node = free
      sectionIDs[node] = id
      sectionHashes[node] = hash
      sectionSizes[node] = 0
    } else {
      node = sectionIDs.count
      sectionIDs.append(id)
      sectionHashes.append(hash)
      sectionSizes.append(0)
      sectionTree.extend(to: sectionIDs.count)
    }
    sectionTree.setWeight(node, 0)
    sectionTable.insert(hash: hash, node: node)
    return node
  }

  /// Forgets the items of a run cut out of the item tree: out of the
  /// table, their nodes freed. Their section's count is the caller's.
  ///
  /// - Complexity: O(*k*) expected, for *k* items.
  mutating func discardItems(ofRun run: Int) {
    for node in itemTree.nodes(ofRun: run, steps: &steps) {
      itemTable.remove(node: node, hash: itemHashes[node])
      freeItems.append(node)
      steps += 1
    }
  }

  /// Forgets a section that is out of the section tree, with the items of
  /// `run` (its items, cut out of the item tree).
  mutating func discardSection(_ node: Int, items run: Int) {
    discardItems(ofRun: run)
    itemCount -= sectionSizes[node]
    sectionSizes[node] = 0
    sectionTable.remove(node: node, hash: sectionHashes[node])
    freeSections.append(node)
    sectionCount -= 1
    if sectionCount == 0 { removeAll() }
  }

  /// Removes every item and every section, and returns to the flat layout.
  ///
  /// - Complexity: O(1) plus freeing the storage.
  mutating func removeAll() {
    let counted = operationCount
    self = SnapshotStore()
    steps = counted
  }
}
