/// The state of a section snapshot: a forest of item ids, each unique in
/// the whole forest, and the set of expanded items. Callers check ids
/// before they change anything; the forest assumes what it is given fits.
///
///     var forest = SectionSnapshotForest<String>()
///     forest.append(["p", "q"], to: nil)
///     forest.append(["c"], to: "p")
///     forest.items  // ["p", "c", "q"]
///
/// Each id keeps its parent and its children in a dictionary, so that
/// membership and the parent are O(1); level and visibility walk up,
/// O(depth); an insert before or after an item searches its siblings, a
/// removal also the subtrees it removes. Listing the items depth first is
/// O(*n*).
struct SectionSnapshotForest<ID: Hashable> {
  private struct Node {
    var parent: ID?
    var children: [ID] = []
  }

  /// The items at the top level, in order.
  private(set) var roots: [ID] = []
  private var nodes: [IdentityKey<ID>: Node] = [:]
  private var expandedKeys = Set<IdentityKey<ID>>()

  init() {}

  /// A forest holding `tree`, with the known ids of `expanded` expanded. A
  /// repeated id is dropped with its subtree, the first in depth-first
  /// order kept.
  init(tree: [SectionSnapshotNode<ID>], expanded: [ID]) {
    graft(tree, under: nil)
    expand(expanded)
  }

  private mutating func graft(_ tree: [SectionSnapshotNode<ID>], under parent: ID?) {
    for node in tree where !contains(node.id) {
      append([node.id], to: parent)
      graft(node.children, under: node.id)
    }
  }

  // MARK: Queries

  /// How many items the forest holds.
  var count: Int { nodes.count }

  func contains(_ id: ID) -> Bool { nodes[IdentityKey(id)] != nil }

  /// The parent of a known item; nil for a root item or an unknown one.
  func parent(of id: ID) -> ID? { nodes[IdentityKey(id)]?.parent }

  /// The children of `parent`, or the roots when nil; `[]` when unknown.
  func children(of parent: ID?) -> [ID] {
    guard let parent else { return roots }
    return nodes[IdentityKey(parent)]?.children ?? []
  }

  /// The number of ancestors of a known item (0 for a root item).
  func level(of id: ID) -> Int {
    var level = 0
    var current = parent(of: id)
    while let above = current {
      level += 1
      current = parent(of: above)
    }
    return level
  }

  func isExpanded(_ id: ID) -> Bool { expandedKeys.contains(IdentityKey(id)) }

  /// Whether every ancestor of a known item is expanded (a root item is visible).
  func isVisible(_ id: ID) -> Bool {
    var current = parent(of: id)
    while let above = current {
      guard isExpanded(above) else { return false }
      current = parent(of: above)
    }
    return true
  }

  /// Every item, depth first.
  var items: [ID] { depthFirst(from: roots, visibleOnly: false) }

  /// The items whose ancestors are all expanded, depth first.
  var visibleItems: [ID] { depthFirst(from: roots, visibleOnly: true) }

  /// The expanded items, depth first.
  var expandedItems: [ID] { items.filter { isExpanded($0) } }

  /// The items below a known item, depth first, itself excluded.
  func descendants(of id: ID) -> [ID] { depthFirst(from: children(of: id), visibleOnly: false) }

  private func depthFirst(from top: [ID], visibleOnly: Bool) -> [ID] {
    var result: [ID] = []
    var stack = Array(top.reversed())
    while let id = stack.popLast() {
      result.append(id)
      if visibleOnly && !isExpanded(id) { continue }
      stack.append(contentsOf: children(of: id).reversed())
    }
    return result
  }

  /// The forest as nodes with their children, in order.
  var tree: [SectionSnapshotNode<ID>] { roots.map { node($0) } }

  private func node(_ id: ID) -> SectionSnapshotNode<ID> {
    SectionSnapshotNode(id, children: children(of: id).map { node($0) })
  }

  // MARK: Changes

  /// Appends new ids at the end of `parent`'s children (a known item), or
  /// of the roots when nil.
  mutating func append(_ ids: [ID], to parent: ID?) {
    for id in ids { nodes[IdentityKey(id)] = Node(parent: parent) }
    editChildren(of: parent) { $0.append(contentsOf: ids) }
  }

  /// Inserts new ids as siblings of a known item, just before it or just
  /// after it (after its whole subtree, in depth-first order).
  mutating func insert(_ ids: [ID], _ anchor: SnapshotAnchor<ID>) {
    let above = parent(of: anchor.id)
    let key = IdentityKey(anchor.id)
    guard let index = children(of: above).firstIndex(where: { IdentityKey($0) == key }) else {
      return
    }
    for id in ids { nodes[IdentityKey(id)] = Node(parent: above) }
    editChildren(of: above) { $0.insert(contentsOf: ids, at: anchor.isBefore ? index : index + 1) }
  }

  /// Removes the known ids among `ids` with everything below them; they
  /// leave the expanded set.
  mutating func remove(_ ids: [ID]) {
    var parents: [ID] = []
    var rootsChanged = false
    for id in ids where contains(id) {
      if let above = parent(of: id) { parents.append(above) } else { rootsChanged = true }
      for gone in [id] + descendants(of: id) {
        nodes[IdentityKey(gone)] = nil
        expandedKeys.remove(IdentityKey(gone))
      }
    }
    if rootsChanged { roots = roots.filter { contains($0) } }
    var filtered = Set<IdentityKey<ID>>()
    for parent in parents where contains(parent) && filtered.insert(IdentityKey(parent)).inserted {
      let kept = children(of: parent).filter { contains($0) }
      editChildren(of: parent) { $0 = kept }
    }
  }

  /// Removes every item.
  mutating func removeAll() { self = SectionSnapshotForest() }

  /// Adds the known ids among `ids` to the expanded set.
  mutating func expand(_ ids: [ID]) {
    for id in ids where contains(id) { expandedKeys.insert(IdentityKey(id)) }
  }

  /// Takes the ids out of the expanded set.
  mutating func collapse(_ ids: [ID]) {
    for id in ids { expandedKeys.remove(IdentityKey(id)) }
  }

  /// The items below a known item, as a forest of their own, with the item
  /// as its one root when `includingParent`; their expanded state is kept.
  func subforest(of parent: ID, includingParent: Bool) -> SectionSnapshotForest {
    var result = SectionSnapshotForest()
    result.roots = includingParent ? [parent] : children(of: parent)
    let members = includingParent ? [parent] + descendants(of: parent) : descendants(of: parent)
    let top = IdentityKey(parent)
    for id in members {
      let key = IdentityKey(id)
      let above = self.parent(of: id)
      // The new roots: the parent itself, or its children.
      let isRoot = includingParent ? key == top : above.map { IdentityKey($0) == top } == true
      result.nodes[key] = Node(parent: isRoot ? nil : above, children: children(of: id))
      if expandedKeys.contains(key) { result.expandedKeys.insert(key) }
    }
    return result
  }

  /// Replaces the children of a known item (with everything below them) by
  /// the roots of `other`, with their subtrees and expanded state. `other`'s
  /// ids must be new here once the old children are gone.
  mutating func replaceChildren(of parent: ID, with other: SectionSnapshotForest) {
    remove(children(of: parent))
    for (key, node) in other.nodes {
      nodes[key] = Node(parent: node.parent ?? parent, children: node.children)
    }
    editChildren(of: parent) { $0 = other.roots }
    expandedKeys.formUnion(other.expandedKeys)
  }

  /// Edits the children of a known item, or the roots when nil.
  private mutating func editChildren(of parent: ID?, _ edit: (inout [ID]) -> Void) {
    guard let parent else { return edit(&roots) }
    let key = IdentityKey(parent)
    guard nodes[key] != nil else { return }
    edit(&nodes[key]!.children)
  }
}
