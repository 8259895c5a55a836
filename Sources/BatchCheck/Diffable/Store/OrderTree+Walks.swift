// The walks of an `OrderTree` that change nothing: a node's position, the
// weight before it, the node at a position, nodes in order. Each adds the
// nodes it passes to `steps`, so that a mutating caller can count them.
extension OrderTree {
  /// The position of a node in the tree (how many nodes come before it).
  ///
  /// - Complexity: O(log *n*) expected, for *n* nodes.
  func rank(_ node: Int, steps: inout Int) -> Int {
    var before = sizeOf(left[node])
    var walk = node
    while parent[walk] != Self.none {
      let above = parent[walk]
      if right[above] == walk { before += sizeOf(left[above]) + 1 }
      walk = above
      steps += 1
    }
    return before
  }

  /// The total weight of the nodes before a node in the tree.
  ///
  /// - Complexity: O(log *n*) expected, for *n* nodes.
  func weightBefore(_ node: Int, steps: inout Int) -> Int {
    var before = totalOf(left[node])
    var walk = node
    while parent[walk] != Self.none {
      let above = parent[walk]
      if right[above] == walk { before += totalOf(left[above]) + weight[above] }
      walk = above
      steps += 1
    }
    return before
  }

  /// The node at `position` (0..<count).
  ///
  /// - Complexity: O(log *n*) expected, for *n* nodes.
  func node(at position: Int, steps: inout Int) -> Int {
    var walk = root
    var position = position
    while walk != Self.none {
      steps += 1
      let leftSize = sizeOf(left[walk])
      if position < leftSize {
        walk = left[walk]
      } else if position == leftSize {
        return walk
      } else {
        position -= leftSize + 1
        walk = right[walk]
      }
    }
    return Self.none
  }

  /// The first node in order of the subtree at `node`.
  private func leftmost(_ node: Int, steps: inout Int) -> Int {
    var walk = node
    while left[walk] != Self.none {
      walk = left[walk]
      steps += 1
    }
    return walk
  }

  /// The node after `node` in order; `none` after the last node of its
  /// tree (the tree that has no parent above it).
  private func successor(_ node: Int, steps: inout Int) -> Int {
    if right[node] != Self.none { return leftmost(right[node], steps: &steps) }
    var walk = node
    while parent[walk] != Self.none, right[parent[walk]] == walk {
      walk = parent[walk]
      steps += 1
    }
    return parent[walk]
  }

  /// `count` nodes in order from `first`.
  private func nodes(from first: Int, count: Int, steps: inout Int) -> [Int] {
    var result: [Int] = []
    result.reserveCapacity(count)
    var walk = first
    while result.count < count, walk != Self.none {
      result.append(walk)
      walk = successor(walk, steps: &steps)
    }
    return result
  }

  /// The nodes at `positions`, in order.
  ///
  /// - Complexity: O(log *n* + *k*) for *n* nodes and *k* positions.
  func nodes(in positions: Range<Int>, steps: inout Int) -> [Int] {
    guard !positions.isEmpty else { return [] }
    let first = node(at: positions.lowerBound, steps: &steps)
    return nodes(from: first, count: positions.count, steps: &steps)
  }

  /// Every node of the run at `run` (a root with no parent: the tree's
  /// root, or a run that `cut` returned), in order.
  ///
  /// - Complexity: O(*k*) for *k* nodes in the run.
  func nodes(ofRun run: Int, steps: inout Int) -> [Int] {
    guard run != Self.none else { return [] }
    return nodes(from: leftmost(run, steps: &steps), count: size[run], steps: &steps)
  }

  /// Every node of the tree, in order.
  ///
  /// - Complexity: O(*n*).
  var inOrder: [Int] {
    var steps = 0
    return nodes(ofRun: root, steps: &steps)
  }
}
