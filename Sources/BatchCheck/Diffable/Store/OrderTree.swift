/// An order over nodes (small integers, indexes into the caller's arrays),
/// kept as an implicit treap in arrays: a node's place in the order is its
/// in-order position, each node links to its parent and children and
/// knows its subtree's size, and each node has a fixed pseudo-random
/// priority (a hash of its number) above its children's. A weighted tree
/// also gives each node a weight and knows each subtree's total, so that
/// the weight before a node is one walk up.
///
/// Nodes live in the tree's arrays at their number; `extend(to:)` makes
/// room for new numbers. A node not in the tree keeps stale links until it
/// is placed again (`makeRun`).
///
/// - Complexity: for *n* nodes in the tree, a walk (`rank`,
///   `weightBefore`, `node(at:)`, `remove`, `addWeight`) and a split or
///   merge (`insert(_:at:)`, `cut`) visit O(log *n*) nodes expected;
///   `makeRun` of *k* nodes costs O(*k*); listing *k* nodes in order costs
///   O(log *n* + *k*).
struct OrderTree {
  static let none = -1
  private(set) var left: [Int] = []
  private(set) var right: [Int] = []
  private(set) var parent: [Int] = []
  private(set) var size: [Int] = []
  /// Each node's own weight, and its subtree's total; empty when not weighted.
  private(set) var weight: [Int] = []
  private(set) var total: [Int] = []
  let isWeighted: Bool
  private(set) var root = Self.none
  /// Nodes visited, linked and walked past by the mutating calls (the
  /// complexity tests read it).
  private(set) var steps = 0

  init(weighted: Bool) {
    isWeighted = weighted
  }

  /// How many nodes the tree holds.
  var count: Int { root == Self.none ? 0 : size[root] }

  /// The size of the subtree at `node`; 0 for `none`.
  @inline(__always)
  func sizeOf(_ node: Int) -> Int { node == Self.none ? 0 : size[node] }

  /// The total weight of the subtree at `node`; 0 for `none`.
  @inline(__always)
  func totalOf(_ node: Int) -> Int { node == Self.none ? 0 : total[node] }

  /// A node's priority: a SplitMix64 hash of its number, fixed for its life.
  @inline(__always)
  static func priority(_ node: Int) -> UInt64 {
    var z = UInt64(truncatingIfNeeded: node) &* 0x9E37_79B9_7F4A_7C15 &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Makes room for the nodes below `count`.
  ///
  /// - Complexity: O(1) amortised per new node.
  mutating func extend(to count: Int) {
    let added = count - left.count
    guard added > 0 else { return }
    left.append(contentsOf: repeatElement(Self.none, count: added))
    right.append(contentsOf: repeatElement(Self.none, count: added))
    parent.append(contentsOf: repeatElement(Self.none, count: added))
    size.append(contentsOf: repeatElement(1, count: added))
    if isWeighted {
      weight.append(contentsOf: repeatElement(0, count: added))
      total.append(contentsOf: repeatElement(0, count: added))
    }
  }

  /// Sets the weight of a node that is not in the tree (before `makeRun`).
  mutating func setWeight(_ node: Int, _ value: Int) {
    weight[node] = value
  }

  /// Recomputes a node's size and total from its children's.
  @inline(__always)
  private mutating func update(_ node: Int) {
    let l = left[node]
    let r = right[node]
    size[node] = 1 + sizeOf(l) + sizeOf(r)
    if isWeighted { total[node] = weight[node] + totalOf(l) + totalOf(r) }
  }

  /// Links `nodes`, none of them in the tree, into a treap of their own in
  /// that order, and returns its root (`none` for no nodes).
  ///
  /// - Complexity: O(*k*) for *k* nodes (a Cartesian tree built on a stack).
  mutating func makeRun(_ nodes: some Sequence<Int>) -> Int {
    // The right spine of the treap so far, root first; a node leaves it
    // when a later node of higher priority takes it as its left subtree,
    // and is final then.
    var spine: [Int] = []
    for node in nodes {
      steps += 1
      let priority = Self.priority(node)
      var below = Self.none
      while let top = spine.last, Self.priority(top) < priority {
        spine.removeLast()
        update(top)
        below = top
        steps += 1
      }
      left[node] = below
      right[node] = Self.none
      if below != Self.none { parent[below] = node }
      if let top = spine.last {
        right[top] = node
        parent[node] = top
      } else {
        parent[node] = Self.none
      }
      spine.append(node)
    }
    let root = spine.first ?? Self.none
    while let top = spine.popLast() { update(top) }
    return root
  }

  /// Makes the tree the nodes `0..<count` in that order, with `weights`
  /// (by node) when weighted.
  ///
  /// - Complexity: O(*n*) for *n* nodes.
  mutating func build(count: Int, weights: [Int]) {
    extend(to: count)
    if isWeighted { weight.replaceSubrange(0..<count, with: weights[0..<count]) }
    root = makeRun(0..<count)
  }

  /// The first `count` nodes of the subtree at `node` and the rest, as two
  /// subtrees (their roots' parent links are the caller's to set).
  private mutating func split(_ node: Int, _ count: Int) -> (Int, Int) {
    guard node != Self.none else { return (Self.none, Self.none) }
    steps += 1
    let leftSize = sizeOf(left[node])
    if leftSize < count {
      let (low, high) = split(right[node], count - leftSize - 1)
      right[node] = low
      if low != Self.none { parent[low] = node }
      update(node)
      return (node, high)
    }
    let (low, high) = split(left[node], count)
    left[node] = high
    if high != Self.none { parent[high] = node }
    update(node)
    return (low, node)
  }

  /// The subtrees at `low` and `high` as one, `low`'s nodes first (the
  /// root's parent link is the caller's to set).
  private mutating func merge(_ low: Int, _ high: Int) -> Int {
    if low == Self.none { return high }
    if high == Self.none { return low }
    steps += 1
    if Self.priority(low) > Self.priority(high) {
      let merged = merge(right[low], high)
      right[low] = merged
      parent[merged] = low
      update(low)
      return low
    }
    let merged = merge(low, left[high])
    left[high] = merged
    parent[merged] = high
    update(high)
    return high
  }

  /// `split` of a whole tree: both parts are trees with no parent.
  private mutating func detachedSplit(_ node: Int, _ count: Int) -> (Int, Int) {
    let (low, high) = split(node, count)
    if low != Self.none { parent[low] = Self.none }
    if high != Self.none { parent[high] = Self.none }
    return (low, high)
  }

  /// `merge` into a whole tree, with no parent.
  private mutating func detachedMerge(_ low: Int, _ high: Int) -> Int {
    let merged = merge(low, high)
    if merged != Self.none { parent[merged] = Self.none }
    return merged
  }

  /// Puts the run at `run` (a root from `makeRun` or `cut`, or a single
  /// node removed by `remove`) so that its first node is at `position`
  /// (0...count).
  ///
  /// - Complexity: O(log *n*) expected.
  mutating func insert(_ run: Int, at position: Int) {
    let (low, high) = detachedSplit(root, position)
    root = detachedMerge(detachedMerge(low, run), high)
  }

  /// Takes the nodes at `positions` out of the tree and returns them as a
  /// run of their own, in order (`none` for an empty range).
  ///
  /// - Complexity: O(log *n*) expected.
  mutating func cut(_ positions: Range<Int>) -> Int {
    let (low, rest) = detachedSplit(root, positions.lowerBound)
    let (middle, high) = detachedSplit(rest, positions.count)
    root = detachedMerge(low, high)
    return middle
  }

  /// Takes one node out of the tree; it is then a run of its own.
  ///
  /// - Complexity: O(log *n*) expected.
  mutating func remove(_ node: Int) {
    let above = parent[node]
    let merged = merge(left[node], right[node])
    if merged != Self.none { parent[merged] = above }
    if above == Self.none {
      root = merged
    } else if left[above] == node {
      left[above] = merged
    } else {
      right[above] = merged
    }
    var walk = above
    while walk != Self.none {
      steps += 1
      update(walk)
      walk = parent[walk]
    }
    left[node] = Self.none
    right[node] = Self.none
    parent[node] = Self.none
    update(node)
  }

  /// Adds `delta` to the weight of a node in the tree.
  ///
  /// - Complexity: O(log *n*) expected.
  mutating func addWeight(_ node: Int, _ delta: Int) {
    weight[node] += delta
    var walk = node
    while walk != Self.none {
      steps += 1
      total[walk] += delta
      walk = parent[walk]
    }
  }

  /// Empties the tree; its arrays keep their nodes for reuse.
  mutating func removeAll() {
    root = Self.none
  }
}
