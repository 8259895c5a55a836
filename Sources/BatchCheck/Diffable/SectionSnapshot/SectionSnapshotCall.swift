/// One call on a section snapshot, as `SimulatedSectionSnapshot` records it
/// and a case file writes it (`{"op":"append","ids":["c"],"parent":"p"}`):
/// UIKit's mutations and queries, named as the Swift API names them.
///
///     var snapshot = SimulatedSectionSnapshot<String>()
///     snapshot.append(["p"])
///     _ = snapshot.isExpanded("p")
///     snapshot.calls  // [.append(["p"], parent: nil), .isExpanded("p")]
public enum SectionSnapshotCall<ItemID: Hashable>: Hashable {
  /// `append(_:to:)`; nil: the top level.
  case append([ItemID], parent: ItemID?)
  /// `insert(_:before:)` or `insert(_:after:)`.
  case insert([ItemID], SnapshotAnchor<ItemID>)
  /// `delete(_:)`: the items with everything below them.
  case delete([ItemID])
  /// `deleteAll()`.
  case deleteAll
  /// `expand(_:)`.
  case expand([ItemID])
  /// `collapse(_:)`.
  case collapse([ItemID])
  /// `replace(childrenOf:using:)`, with the given snapshot's tree and expanded items.
  case replace(childrenOf: ItemID, using: [SectionSnapshotNode<ItemID>], expanded: [ItemID])
  /// `contains(_:)`.
  case contains(ItemID)
  /// `index(of:)`: the index in `items`, depth first.
  case index(ItemID)
  /// `isExpanded(_:)`.
  case isExpanded(ItemID)
  /// `isVisible(_:)`.
  case isVisible(ItemID)
  /// `level(of:)`.
  case level(ItemID)
  /// `parent(of:)`.
  case parent(ItemID)
  /// `snapshot(of:includingParent:)`.
  case snapshot(of: ItemID, includingParent: Bool)

  /// The op name a case file gives it: `append`, `isExpanded`... The case
  /// file's op list has no `replace` or `snapshot` yet: a script holding
  /// them replays in Swift only.
  public var name: String {
    switch self {
    case .append: return "append"
    case .insert: return "insert"
    case .delete: return "delete"
    case .deleteAll: return "deleteAll"
    case .expand: return "expand"
    case .collapse: return "collapse"
    case .replace: return "replace"
    case .contains: return "contains"
    case .index: return "index"
    case .isExpanded: return "isExpanded"
    case .isVisible: return "isVisible"
    case .level: return "level"
    case .parent: return "parent"
    case .snapshot: return "snapshot"
    }
  }

  /// Whether the call asks and changes nothing (a query).
  public var isQuery: Bool {
    switch self {
    case .contains, .index, .isExpanded, .isVisible, .level, .parent, .snapshot: return true
    default: return false
    }
  }
}

extension SectionSnapshotCall: Sendable where ItemID: Sendable {}

/// The answer to one query call on a section snapshot.
///
///     snapshot.run(.level("c"))
///     snapshot.answers  // [.level(1)]
public enum SectionSnapshotAnswer<ItemID: Hashable>: Hashable {
  /// `contains(_:)`, `isExpanded(_:)`, `isVisible(_:)`.
  case bool(Bool)
  /// `index(of:)`, nil for an unknown id.
  case index(Int?)
  /// `level(of:)`.
  case level(Int)
  /// `parent(of:)`, nil for a top-level item.
  case item(ItemID?)
  /// `snapshot(of:includingParent:)`: the new snapshot's tree and expanded items.
  case snapshot([SectionSnapshotNode<ItemID>], expanded: [ItemID])
}

extension SectionSnapshotAnswer: Sendable where ItemID: Sendable {}
