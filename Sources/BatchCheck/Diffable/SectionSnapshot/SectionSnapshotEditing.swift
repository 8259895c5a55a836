/// The calls and queries of `NSDiffableDataSourceSectionSnapshot`, with
/// UIKit's own signatures, so that outline code written against this
/// protocol runs in the app on UIKit's type and in tests on
/// `SimulatedSectionSnapshot`.
///
///     func makeOutline<S: SectionSnapshotEditing>(_ folders: [Folder]) -> S
///     where S.ItemIdentifierType == Folder.ID {
///       var snapshot = S()
///       snapshot.append(folders.map(\.id))
///       for folder in folders { snapshot.append(folder.files.map(\.id), to: folder.id) }
///       return snapshot
///     }
///
/// On Apple platforms BatchCheck declares UIKit's type conforming, with no
/// body (iOS 14 and later). UIKit's `expandedItems` (iOS 18.1) is left out,
/// so that the conformance holds from iOS 14.
public protocol SectionSnapshotEditing {
  /// The type of the item ids, UIKit's `ItemIdentifierType`.
  associatedtype ItemIdentifierType: Hashable
  /// UIKit's `init()`: an empty section snapshot.
  init()
  /// UIKit's `items`: every item, depth first: a parent, then its children,
  /// each with theirs.
  var items: [ItemIdentifierType] { get }
  /// UIKit's `rootItems`: the items at the top level, in order.
  var rootItems: [ItemIdentifierType] { get }
  /// UIKit's `visibleItems`: the items whose ancestors are all expanded,
  /// depth first.
  var visibleItems: [ItemIdentifierType] { get }
  /// UIKit's `append(_:to:)`: appends the items at the end of `parent`'s
  /// children, or at the top level when nil.
  ///
  /// Raises SS3 (`parent` unknown), SS1 (an id already in the tree, or
  /// twice in the call).
  mutating func append(_ items: [ItemIdentifierType], to parent: ItemIdentifierType?)
  /// UIKit's `insert(_:before:)`: inserts the items just before `item`, as
  /// its siblings.
  ///
  /// Raises SS2 (`item` unknown), SS1 (an id already in the tree, or twice
  /// in the call).
  mutating func insert(_ items: [ItemIdentifierType], before item: ItemIdentifierType)
  /// UIKit's `insert(_:after:)`: inserts the items as siblings of `item`,
  /// after it and everything below it.
  ///
  /// Raises SS2 (`item` unknown), SS1 (an id already in the tree, or twice
  /// in the call).
  mutating func insert(_ items: [ItemIdentifierType], after item: ItemIdentifierType)
  /// UIKit's `delete(_:)`: deletes the items with everything below them.
  ///
  /// Raises SS4 for an unknown id, where a whole snapshot's `deleteItems(_:)`
  /// ignores it.
  mutating func delete(_ items: [ItemIdentifierType])
  /// UIKit's `deleteAll()`: deletes every item; nothing stays expanded.
  mutating func deleteAll()
  /// UIKit's `expand(_:)`: expands the items, so that their children are
  /// visible; unknown ids are ignored.
  mutating func expand(_ items: [ItemIdentifierType])
  /// UIKit's `collapse(_:)`: collapses the items, so that their children
  /// are hidden; unknown ids are ignored.
  mutating func collapse(_ items: [ItemIdentifierType])
  /// UIKit's `replace(childrenOf:using:)`: replaces the children of
  /// `parent`, with everything below them, by the top-level items of
  /// `snapshot` with their subtrees.
  ///
  /// Raises SS3 (`parent` unknown), then, as BatchCheck infers, SS1 (an id
  /// of `snapshot` already in the tree outside the replaced children).
  mutating func replace(childrenOf parent: ItemIdentifierType, using snapshot: Self)
  /// UIKit's `contains(_:)`: whether the item is in the tree, at any level.
  func contains(_ item: ItemIdentifierType) -> Bool
  /// UIKit's `index(of:)`: the item's index in `items`, counted depth first
  /// over the whole tree; nil for an unknown id.
  func index(of item: ItemIdentifierType) -> Int?
  /// UIKit's `isExpanded(_:)`: whether the item is expanded.
  ///
  /// Raises SS5 for an unknown id.
  func isExpanded(_ item: ItemIdentifierType) -> Bool
  /// UIKit's `isVisible(_:)`: whether every ancestor of the item is
  /// expanded (a top-level item is visible).
  ///
  /// Raises SS5 for an unknown id.
  func isVisible(_ item: ItemIdentifierType) -> Bool
  /// UIKit's `level(of:)`: how many ancestors the item has, 0 at the top
  /// level.
  ///
  /// Raises SS5 for an unknown id.
  func level(of item: ItemIdentifierType) -> Int
  /// UIKit's `parent(of:)`: the item's parent; nil at the top level.
  ///
  /// Raises SS5 for an unknown id.
  func parent(of child: ItemIdentifierType) -> ItemIdentifierType?
  /// UIKit's `snapshot(of:includingParent:)`: a new section snapshot of the
  /// items below `parent`, with `parent` as its one top-level item when
  /// `includingParent`.
  ///
  /// Raises SS3 for an unknown parent.
  func snapshot(of parent: ItemIdentifierType, includingParent: Bool) -> Self
}

extension SectionSnapshotEditing {
  /// `append(items, to: nil)`: the default argument a protocol cannot declare.
  public mutating func append(_ items: [ItemIdentifierType]) {
    append(items, to: nil)
  }

  /// `snapshot(of: parent, includingParent: false)`: the default argument a
  /// protocol cannot declare.
  public func snapshot(of parent: ItemIdentifierType) -> Self {
    snapshot(of: parent, includingParent: false)
  }
}

extension SimulatedSectionSnapshot: SectionSnapshotEditing {}

#if canImport(UIKit)
  import UIKit

  // UIKit's type conforms as it is.
  @available(iOS 14.0, tvOS 14.0, *)
  extension NSDiffableDataSourceSectionSnapshot: SectionSnapshotEditing {}
#endif
