/// One item of a section snapshot's tree with its children, in order: the
/// shape a case file writes a section snapshot's final state in (an id, or
/// `[id, [children]]`).
///
///     let node = SectionSnapshotNode("p", children: [SectionSnapshotNode("c")])
///     node.items  // ["p", "c"]
public struct SectionSnapshotNode<ItemID: Hashable>: Hashable {
  /// The item id.
  public var id: ItemID
  /// Its children, in order; empty for a leaf.
  public var children: [SectionSnapshotNode<ItemID>]

  /// Creates a node.
  public init(_ id: ItemID, children: [SectionSnapshotNode<ItemID>] = []) {
    self.id = id
    self.children = children
  }

  /// The node's id and every id below it, depth first.
  public var items: [ItemID] {
    var result: [ItemID] = []
    var stack = [self]
    while let node = stack.popLast() {
      result.append(node.id)
      stack.append(contentsOf: node.children.reversed())
    }
    return result
  }
}

extension SectionSnapshotNode: Sendable where ItemID: Sendable {}

extension SectionSnapshotNode: CustomStringConvertible {
  /// `p` for a leaf, `p(c, d(e))` for a parent, ids written as UIKit writes them.
  public var description: String {
    let id = SnapshotText.identifier(self.id)
    guard !children.isEmpty else { return id }
    return id + "(" + children.map { $0.description }.joined(separator: ", ") + ")"
  }
}
