@testable import BatchCheck

/// The fast store and the reference model side by side: random calls run
/// on both, and every query is compared.
struct StorePair<ID: StoreTestID> {
  var fast = SnapshotStore<ID, ID>()
  var reference = ReferenceSnapshotStore<ID, ID>()
  var random: SplitMix64
  /// How many new ids an inserting call names.
  let batch: ClosedRange<Int>
  private var serial = 0
  /// Every id made, in the store or not, for the queries to ask about.
  private var madeSections: [ID] = []
  private var madeItems: [ID] = []
  /// An `appendNewItems` that appended with an id in the store, or
  /// refused new ids.
  private var refusal: String?

  init(seed: UInt64, batch: ClosedRange<Int>) {
    random = SplitMix64(seed: seed)
    self.batch = batch
  }

  mutating func apply(_ call: StoreCall<ID>) {
    switch call {
    case .insertSections(let ids, let index):
      fast.insertSections(ids, at: index)
      reference.insertSections(ids, at: index)
    case .removeSections(let ids):
      fast.removeSections(ids)
      reference.removeSections(ids)
    case .insertItems(let ids, let section, let offset):
      fast.insertItems(ids, section: section, offset: offset)
      reference.insertItems(ids, section: section, offset: offset)
    case .appendItems(let ids, let section):
      fast.appendItems(ids, section: section)
      reference.appendItems(ids, section: section)
    case .appendNewItems(let ids, let section):
      let appended = fast.appendNewItems(
        ids, hashes: IdentityTable.hashValues(of: ids), section: section)
      let isNew = !ids.contains { reference.containsItem($0) }
      if isNew { reference.appendItems(ids, section: section) }
      if appended != isNew { refusal = "appendNewItems \(ids) answered \(appended)" }
    case .insertItemsAnchored(let ids, let anchor):
      fast.insertItems(ids, anchor)
      reference.insertItems(ids, anchor)
    case .removeItems(let ids):
      fast.removeItems(ids)
      reference.removeItems(ids)
    case .moveSection(let id, let anchor):
      fast.moveSection(id, anchor)
      reference.moveSection(id, anchor)
    case .removeAll:
      fast.removeAll()
      reference.removeAll()
    }
  }

  // MARK: Random calls

  private mutating func roll(_ sides: Int) -> Int { Int.random(in: 0..<sides, using: &random) }

  /// New ids, a random number of them in `batch`; some twins of `near`.
  private mutating func fresh(near: [ID], isSection: Bool) -> [ID] {
    (0..<Int.random(in: batch, using: &random)).map { _ in
      serial += 1
      let twin = near.isEmpty || roll(4) > 0 ? nil : near[roll(near.count)]
      let id = ID.make(serial: serial, twin: twin)
      if isSection { madeSections.append(id) } else { madeItems.append(id) }
      return id
    }
  }

  /// Some of `ids` and, sometimes, an id the store does not hold (a twin
  /// of one it holds, where the type has twins).
  private mutating func some(of ids: [ID], upTo limit: Int) -> [ID] {
    var picked =
      ids.isEmpty
      ? [] : (0..<Int.random(in: 1...limit, using: &random)).map { _ in ids[roll(ids.count)] }
    picked = picked.enumerated().filter { index, id in
      !picked[..<index].contains { IdentityKey($0) == IdentityKey(id) }
    }.map(\.1)
    if roll(3) == 0 {
      serial += 1
      picked.append(ID.make(serial: serial, twin: ids.isEmpty ? nil : ids[roll(ids.count)]))
    }
    return picked
  }

  /// A random call the store's callers could make; with `flat`, only one
  /// that appends at the global end.
  mutating func randomCall(flat: Bool) -> StoreCall<ID> {
    let sections = reference.sections
    let items = reference.items
    guard !sections.isEmpty else { return .insertSections(fresh(near: [], isSection: true), at: 0) }
    if flat { return randomAppend(sections: sections, items: items) }
    switch roll(40) {
    case 0..<5:
      return .insertSections(fresh(near: sections, isSection: true), at: roll(sections.count + 1))
    case 5..<8: return .removeSections(some(of: sections, upTo: 2))
    case 8..<16:
      let section = roll(sections.count)
      let size = reference.itemCount(inSection: sections[section]) ?? 0
      return .insertItems(
        fresh(near: items, isSection: false), section: section, offset: roll(size + 1))
    case 16..<20:
      return .appendItems(fresh(near: items, isSection: false), section: roll(sections.count))
    case 20..<22: return .appendNewItems(freshOrHeld(items), section: roll(sections.count))
    case 22..<28 where !items.isEmpty:
      let anchor = items[roll(items.count)]
      return .insertItemsAnchored(
        fresh(near: items, isSection: false), roll(2) == 0 ? .before(anchor) : .after(anchor))
    case 28..<33: return .removeItems(some(of: items, upTo: 4))
    case 33..<39 where sections.count > 1:
      let id = sections[roll(sections.count)]
      let others = sections.filter { IdentityKey($0) != IdentityKey(id) }
      let anchor = others[roll(others.count)]
      return .moveSection(id, roll(2) == 0 ? .before(anchor) : .after(anchor))
    case 39: return .removeAll
    default:
      return .appendItems(fresh(near: items, isSection: false), section: roll(sections.count))
    }
  }

  /// A call that appends at the global end: new sections at the end, or
  /// items at the end of a section with only empty sections after it.
  private mutating func randomAppend(sections: [ID], items: [ID]) -> StoreCall<ID> {
    let lastFilled = reference.runs.lastIndex { !$0.items.isEmpty } ?? 0
    let section = Int.random(in: lastFilled..<sections.count, using: &random)
    let size = reference.itemCount(inSection: sections[section]) ?? 0
    switch roll(5) {
    case 0: return .insertSections(fresh(near: sections, isSection: true), at: sections.count)
    case 1:
      return .insertItems(fresh(near: items, isSection: false), section: section, offset: size)
    case 2 where !items.isEmpty:
      return .insertItemsAnchored(
        fresh(near: items, isSection: false), .after(items[items.count - 1]))
    case 3: return .appendNewItems(freshOrHeld(items), section: section)
    default: return .appendItems(fresh(near: items, isSection: false), section: section)
    }
  }

  /// New ids, and sometimes among them one of `items` (held by the store).
  private mutating func freshOrHeld(_ items: [ID]) -> [ID] {
    var ids = fresh(near: items, isSection: false)
    if !items.isEmpty, roll(2) == 0 {
      ids.insert(items[roll(items.count)], at: roll(ids.count + 1))
    }
    return ids
  }
}

// MARK: Comparing the stores

extension StorePair {
  /// The first query on which the two stores differ, or a broken tree or
  /// table in the fast store; nil when all agree. With `perID` false, the
  /// counts, lists, runs and insides only (no query per id).
  func firstDifference(perID: Bool = true) -> String? {
    if let refusal { return refusal }
    if let difference = wholeDifference() ?? insideFault() { return difference }
    guard perID else { return nil }
    // Every id in the store, and the last ids made that may not be.
    for id in reference.sections + madeSections.suffix(4) {
      if let difference = sectionDifference(id) { return difference }
    }
    for id in reference.items + madeItems.suffix(8) {
      if let difference = itemDifference(id) { return difference }
    }
    return nil
  }

  private func sectionDifference(_ id: ID) -> String? {
    if let difference = differ(
      "section \(id) contains", fast.containsSection(id), reference.containsSection(id))
    {
      return difference
    }
    if let difference = differ(
      "section \(id) index", fast.sectionIndex(id), reference.sectionIndex(id))
    {
      return difference
    }
    if let difference = differ(
      "section \(id) count", fast.itemCount(inSection: id), reference.itemCount(inSection: id))
    {
      return difference
    }
    return differ(
      "section \(id) items", ids: fast.items(inSection: id), reference.items(inSection: id))
  }

  private func itemDifference(_ id: ID) -> String? {
    if let difference = differ(
      "item \(id) contains", fast.containsItem(id), reference.containsItem(id))
    {
      return difference
    }
    if let difference = differ("item \(id) index", fast.itemIndex(id), reference.itemIndex(id)) {
      return difference
    }
    if let difference = differ(
      "item \(id) place", fast.place(ofItem: id).map { [$0.section, $0.offset] },
      reference.place(ofItem: id).map { [$0.section, $0.offset] })
    {
      return difference
    }
    return differ(
      "item \(id) section", ids: fast.section(ofItem: id).map { [$0] },
      reference.section(ofItem: id).map { [$0] })
  }

  /// The counts, the lists and the runs.
  private func wholeDifference() -> String? {
    if let difference = differ("section count", fast.sectionCount, reference.sectionCount) {
      return difference
    }
    if let difference = differ("item count", fast.itemCount, reference.itemCount) {
      return difference
    }
    if let difference = differ("sections", ids: fast.sections, reference.sections) {
      return difference
    }
    if let difference = differ("items", ids: fast.items, reference.items) {
      return difference
    }
    let fastRuns = fast.runs
    let referenceRuns = reference.runs
    if let difference = differ(
      "run sections", ids: fastRuns.map { $0.section }, referenceRuns.map { $0.section })
    {
      return difference
    }
    if let difference = differ(
      "run sizes", fastRuns.map { $0.items.count }, referenceRuns.map { $0.items.count })
    {
      return difference
    }
    return differ(
      "run items", ids: fastRuns.flatMap { $0.items }, referenceRuns.flatMap { $0.items })
  }

  /// The fast store's tables and trees against its counts.
  private func insideFault() -> String? {
    if let difference = differ("item table", fast.itemTable.count, fast.itemCount) {
      return difference
    }
    if let difference = differ("section table", fast.sectionTable.count, fast.sectionCount) {
      return difference
    }
    guard !fast.isFlat else { return nil }
    return treeFault(fast.itemTree, count: fast.itemCount)
      ?? treeFault(fast.sectionTree, count: fast.sectionCount) ?? weightFault()
  }

  /// `differ` for lists of ids, told apart as the store tells them: `==`
  /// and equal hash values (`==` alone would take a twin for its original).
  private func differ(
    _ what: @autoclosure () -> String, ids fast: [ID]?, _ reference: [ID]?
  ) -> String? {
    if let fast, let reference, fast.count == reference.count,
      zip(fast, reference).allSatisfy({ $0 == $1 && $0.hashValue == $1.hashValue })
    {
      return nil
    }
    if fast == nil, reference == nil { return nil }
    return
      "\(what()): \(String(describing: fast)), the reference's \(String(describing: reference))"
  }

  private func differ<T: Equatable>(
    _ what: @autoclosure () -> String, _ fast: T, _ reference: T
  ) -> String? {
    fast == reference ? nil : "\(what()): \(fast), the reference's \(reference)"
  }

  /// Why `tree` is not a treap of `count` nodes with true sizes and
  /// totals; nil when it is one.
  func treeFault(_ tree: OrderTree, count: Int) -> String? {
    let none = OrderTree.none
    guard tree.count == count else { return "tree holds \(tree.count) nodes, not \(count)" }
    guard tree.root == none || tree.parent[tree.root] == none else { return "root has a parent" }
    var stack = [tree.root]
    var visited = 0
    while let node = stack.popLast() {
      guard node != none else { continue }
      visited += 1
      let children = [tree.left[node], tree.right[node]]
      for child in children where child != none {
        if tree.parent[child] != node { return "node \(child)'s parent is not \(node)" }
        if OrderTree.priority(child) > OrderTree.priority(node) {
          return "heap order broken at \(node)"
        }
      }
      if tree.size[node] != 1 + children.map({ tree.sizeOf($0) }).reduce(0, +) {
        return "node \(node)'s size is wrong"
      }
      if tree.isWeighted,
        tree.total[node] != tree.weight[node] + children.map({ tree.totalOf($0) }).reduce(0, +)
      {
        return "node \(node)'s total is wrong"
      }
      stack += children
    }
    return visited == count ? nil : "tree reaches \(visited) nodes, not \(count)"
  }

  /// Whether each section node's weight in the tree is its item count.
  private func weightFault() -> String? {
    let wrong = fast.sectionTree.inOrder.first {
      fast.sectionTree.weight[$0] != fast.sectionSizes[$0]
    }
    return wrong.map { "section node \($0)'s weight is not its item count" }
  }
}
