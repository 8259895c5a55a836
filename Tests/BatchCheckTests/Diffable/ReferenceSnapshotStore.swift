@testable import BatchCheck

/// The reference model of `SnapshotStore`: the simple array store it
/// replaced, kept verbatim (only renamed), obviously correct and O(*n*) per
/// change (`reindex()` after each). `SnapshotStoreTests` holds the fast
/// store to it.
///
/// The ordered state of a snapshot: section ids, and item ids cut into one
/// contiguous run per section. Every id is unique in its namespace
/// (sections, items); callers check that before they change anything.
///
/// Indexes: `itemIndex` is global (across sections, in the order the
/// snapshot lists its items), `sectionIndex` counts sections.
struct ReferenceSnapshotStore<SectionID: Hashable, ItemID: Hashable> {
  private var sectionOrder: [SectionID] = []
  private var itemRuns: [[ItemID]] = []
  private var sectionIndexes: [IdentityKey<SectionID>: Int] = [:]
  private var itemSections: [IdentityKey<ItemID>: Int] = [:]
  private(set) var itemCount = 0

  var sectionCount: Int { sectionOrder.count }
  var sections: [SectionID] { sectionOrder }
  var items: [ItemID] { itemRuns.flatMap { $0 } }
  /// Sections with their items, in order.
  var runs: [(section: SectionID, items: [ItemID])] {
    Array(zip(sectionOrder, itemRuns)).map { (section: $0.0, items: $0.1) }
  }

  func containsSection(_ id: SectionID) -> Bool { sectionIndexes[IdentityKey(id)] != nil }
  func containsItem(_ id: ItemID) -> Bool { itemSections[IdentityKey(id)] != nil }
  func sectionIndex(_ id: SectionID) -> Int? { sectionIndexes[IdentityKey(id)] }

  func itemIndex(_ id: ItemID) -> Int? {
    guard let section = itemSections[IdentityKey(id)] else { return nil }
    let before = itemRuns[..<section].reduce(0) { $0 + $1.count }
    let key = IdentityKey(id)
    guard let offset = itemRuns[section].firstIndex(where: { IdentityKey($0) == key }) else {
      return nil
    }
    return before + offset
  }

  func section(ofItem id: ItemID) -> SectionID? {
    itemSections[IdentityKey(id)].map { sectionOrder[$0] }
  }

  func items(inSection id: SectionID) -> [ItemID]? {
    sectionIndexes[IdentityKey(id)].map { itemRuns[$0] }
  }

  func itemCount(inSection id: SectionID) -> Int? {
    sectionIndexes[IdentityKey(id)].map { itemRuns[$0].count }
  }

  private mutating func reindex() {
    sectionIndexes = [:]
    itemSections = [:]
    for (index, section) in sectionOrder.enumerated() {
      sectionIndexes[IdentityKey(section)] = index
      for item in itemRuns[index] { itemSections[IdentityKey(item)] = index }
    }
    itemCount = itemRuns.reduce(0) { $0 + $1.count }
  }

  /// Inserts new sections at `index` (0...sectionCount), empty.
  mutating func insertSections(_ ids: [SectionID], at index: Int) {
    sectionOrder.insert(contentsOf: ids, at: index)
    itemRuns.insert(contentsOf: ids.map { _ in [] }, at: index)
    reindex()
  }

  /// Removes the known sections among `ids`, with their items.
  mutating func removeSections(_ ids: [SectionID]) {
    let gone = Set(ids.map { IdentityKey($0) })
    let kept = sectionOrder.indices.filter { !gone.contains(IdentityKey(sectionOrder[$0])) }
    sectionOrder = kept.map { sectionOrder[$0] }
    itemRuns = kept.map { itemRuns[$0] }
    reindex()
  }

  /// Inserts new items into the section at `section`, at `offset` within it.
  mutating func insertItems(_ ids: [ItemID], section: Int, offset: Int) {
    itemRuns[section].insert(contentsOf: ids, at: offset)
    reindex()
  }

  /// The section of a known item and its offset within it.
  func place(ofItem id: ItemID) -> (section: Int, offset: Int)? {
    let key = IdentityKey(id)
    guard let section = itemSections[key],
      let offset = itemRuns[section].firstIndex(where: { IdentityKey($0) == key })
    else { return nil }
    return (section, offset)
  }

  /// Removes the known items among `ids`.
  mutating func removeItems(_ ids: [ItemID]) {
    let gone = Set(ids.map { IdentityKey($0) })
    for index in itemRuns.indices { itemRuns[index].removeAll { gone.contains(IdentityKey($0)) } }
    reindex()
  }

  /// Moves a known section, with its items, just before or after another known one.
  mutating func moveSection(_ id: SectionID, _ anchor: SnapshotAnchor<SectionID>) {
    guard let from = sectionIndex(id) else { return }
    let items = itemRuns[from]
    sectionOrder.remove(at: from)
    itemRuns.remove(at: from)
    reindex()
    guard let to = sectionIndex(anchor.id) else { return }
    let at = anchor.isBefore ? to : to + 1
    sectionOrder.insert(id, at: at)
    itemRuns.insert(items, at: at)
    reindex()
  }

  /// Appends new items to the end of the section at `section`.
  mutating func appendItems(_ ids: [ItemID], section: Int) {
    insertItems(ids, section: section, offset: itemRuns[section].count)
  }

  /// Inserts new items just before or after a known item, in its section.
  mutating func insertItems(_ ids: [ItemID], _ anchor: SnapshotAnchor<ItemID>) {
    guard let place = place(ofItem: anchor.id) else { return }
    insertItems(
      ids, section: place.section, offset: anchor.isBefore ? place.offset : place.offset + 1)
  }

  /// Removes every item and every section.
  mutating func removeAll() {
    sectionOrder = []
    itemRuns = []
    reindex()
  }
}
