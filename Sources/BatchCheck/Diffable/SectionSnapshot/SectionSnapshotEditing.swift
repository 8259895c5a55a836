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
  associatedtype ItemIdentifierType: Hashable
  init()
  var items: [ItemIdentifierType] { get }
  var rootItems: [ItemIdentifierType] { get }
  var visibleItems: [ItemIdentifierType] { get }
  mutating func append(_ items: [ItemIdentifierType], to parent: ItemIdentifierType?)
  mutating func insert(_ items: [ItemIdentifierType], before item: ItemIdentifierType)
  mutating func insert(_ items: [ItemIdentifierType], after item: ItemIdentifierType)
  mutating func delete(_ items: [ItemIdentifierType])
  mutating func deleteAll()
  mutating func expand(_ items: [ItemIdentifierType])
  mutating func collapse(_ items: [ItemIdentifierType])
  mutating func replace(childrenOf parent: ItemIdentifierType, using snapshot: Self)
  func contains(_ item: ItemIdentifierType) -> Bool
  func index(of item: ItemIdentifierType) -> Int?
  func isExpanded(_ item: ItemIdentifierType) -> Bool
  func isVisible(_ item: ItemIdentifierType) -> Bool
  func level(of item: ItemIdentifierType) -> Int
  func parent(of child: ItemIdentifierType) -> ItemIdentifierType?
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
