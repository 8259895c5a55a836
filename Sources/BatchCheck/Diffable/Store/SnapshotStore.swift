/// The ordered state of a snapshot: section ids, and item ids cut into one
/// contiguous run per section. Every id is unique in its namespace
/// (sections, items); callers check that before they change anything.
///
/// Indexes: `itemIndex` is global (across sections, in the order the
/// snapshot lists its items), `sectionIndex` counts sections.
///
/// Each id lives in a node (a number) with its hash value; an
/// `IdentityTable` per namespace finds an id's node. Two layouts:
///
/// - flat, while the store has seen nothing but appends at the global end
///   (sections appended; items appended to a section whose later sections
///   are all empty, as a builder does): node numbers are positions, and
///   the node arrays are the order itself;
/// - trees, from the first call that needs them (built in O(*n*)): the
///   items' order in an `OrderTree`, and the sections' in a weighted one
///   whose weights are their item counts, so that the items before a
///   section are one walk up. `removeAll`, or removing the last section,
///   returns to flat.
///
/// An id is found by the hash value it had when it was inserted (an id
/// whose hash value changes in the store is S13's to catch, at apply).
/// The step counter (`operationCount`) is always on: one addition per
/// node or slot that the call touches anyway.
///
/// - Complexity: for *n* ids in the store and *k* in a call: each mutation
///   O(*k*) amortised plus O(log *n*) expected per id it places, moves or
///   removes (appends at the global end while flat: O(*k*) amortised in
///   all); `containsItem`, `containsSection`, `section(ofItem:)` and
///   `itemCount(inSection:)` O(1); `itemIndex`, `sectionIndex` and
///   `place(ofItem:)` O(log *n*) (O(1) while flat); `items(inSection:)`,
///   `items`, `sections` and `runs` O(log *n* + output). The first call
///   that needs the trees adds O(*n*) once.
struct SnapshotStore<SectionID: Hashable, ItemID: Hashable> {
  // Items, by node: the id, its hash value, its section's node.
  var itemIDs: [ItemID] = []
  var itemHashes: [Int] = []
  var itemSections: [Int] = []
  var itemTable = IdentityTable()
  var freeItems: [Int] = []
  var itemTree = OrderTree(weighted: false)

  // Sections, by node: the id, its hash value, its item count.
  var sectionIDs: [SectionID] = []
  var sectionHashes: [Int] = []
  var sectionSizes: [Int] = []
  var sectionTable = IdentityTable()
  var freeSections: [Int] = []
  var sectionTree = OrderTree(weighted: true)

  /// Whether the layout is flat: nodes are positions, no tree is built.
  var isFlat = true
  /// While flat: the global index of the first item of each non-empty
  /// section, by node (stale for an empty one).
  var flatStarts: [Int] = []
  /// While flat: the last section that holds items; -1 when none does.
  var lastFilled = -1

  var itemCount = 0
  var sectionCount = 0
  /// Ids placed and removed by the store itself (the trees and the tables
  /// count their own steps).
  var steps = 0

  /// Every step the store has taken: ids it placed or removed, tree nodes
  /// visited, table slots probed, entries moved. The complexity tests read
  /// it; the queries that change nothing are not counted.
  var operationCount: Int {
    steps + itemTree.steps + sectionTree.steps + itemTable.steps + sectionTable.steps
  }

  // MARK: Queries

  /// The node of a section id; nil when unknown. O(1) expected.
  func sectionNode(_ id: SectionID) -> Int? {
    sectionTable.find(id, hash: id.hashValue, in: sectionIDs)
  }

  /// The node of an item id with its hash value; nil when unknown. O(1) expected.
  func itemNode(_ id: ItemID, hash: Int) -> Int? {
    itemTable.find(id, hash: hash, in: itemIDs)
  }

  /// The node of an item id; nil when unknown. O(1) expected.
  func itemNode(_ id: ItemID) -> Int? { itemNode(id, hash: id.hashValue) }

  func containsSection(_ id: SectionID) -> Bool { sectionNode(id) != nil }
  func containsItem(_ id: ItemID) -> Bool { itemNode(id) != nil }

  /// `containsItem` for an id whose hash value the caller has computed.
  func containsItem(_ id: ItemID, hash: Int) -> Bool { itemNode(id, hash: hash) != nil }

  /// O(log *n*) expected for *n* sections; O(1) while flat.
  func sectionIndex(_ id: SectionID) -> Int? {
    sectionNode(id).map { sectionPosition($0) }
  }

  /// The item's index across all sections. O(log *n*) expected for *n*
  /// items; O(1) while flat.
  func itemIndex(_ id: ItemID) -> Int? {
    itemNode(id).map { itemPosition($0) }
  }

  /// O(1) expected.
  func section(ofItem id: ItemID) -> SectionID? {
    itemNode(id).map { sectionIDs[itemSections[$0]] }
  }

  /// The section's items in order. O(log *n* + *k*) expected, for *n*
  /// items in the store and *k* in the section.
  func items(inSection id: SectionID) -> [ItemID]? {
    guard let node = sectionNode(id) else { return nil }
    let size = sectionSizes[node]
    guard size > 0 else { return [] }
    if isFlat { return Array(itemIDs[flatStarts[node]..<flatStarts[node] + size]) }
    var steps = 0
    let first = sectionTree.weightBefore(node, steps: &steps)
    return itemTree.nodes(in: first..<first + size, steps: &steps).map { itemIDs[$0] }
  }

  /// O(1) expected.
  func itemCount(inSection id: SectionID) -> Int? {
    sectionNode(id).map { sectionSizes[$0] }
  }

  /// The section of a known item and its offset within it. O(log *n*)
  /// expected for *n* ids; O(1) while flat.
  func place(ofItem id: ItemID) -> (section: Int, offset: Int)? {
    guard let node = itemNode(id) else { return nil }
    let section = itemSections[node]
    if isFlat { return (section, node - flatStarts[section]) }
    var steps = 0
    let before = sectionTree.weightBefore(section, steps: &steps)
    return (sectionTree.rank(section, steps: &steps), itemTree.rank(node, steps: &steps) - before)
  }

  /// The sections in order. O(*n*) for *n* sections.
  var sections: [SectionID] {
    isFlat ? sectionIDs : sectionTree.inOrder.map { sectionIDs[$0] }
  }

  /// Every item in order. O(*n*) for *n* items.
  var items: [ItemID] {
    isFlat ? itemIDs : itemTree.inOrder.map { itemIDs[$0] }
  }

  /// Sections with their items, in order. O(*n*) for *n* ids.
  var runs: [(section: SectionID, items: [ItemID])] {
    let all = items
    var start = 0
    return (isFlat ? Array(sectionIDs.indices) : sectionTree.inOrder).map { node in
      let end = start + sectionSizes[node]
      defer { start = end }
      return (section: sectionIDs[node], items: Array(all[start..<end]))
    }
  }

  /// The position of a section's node among the sections.
  func sectionPosition(_ node: Int) -> Int {
    guard !isFlat else { return node }
    var steps = 0
    return sectionTree.rank(node, steps: &steps)
  }

  /// The global position of an item's node.
  func itemPosition(_ node: Int) -> Int {
    guard !isFlat else { return node }
    var steps = 0
    return itemTree.rank(node, steps: &steps)
  }
}
