/// The calls and queries of `NSDiffableDataSourceSnapshot`, with UIKit's
/// own signatures, so that snapshot code written against this protocol runs
/// in the app on UIKit's type and in tests on `SimulatedSnapshot`.
///
///     func makeSnapshot<S: SnapshotEditing>(_ feed: Feed) -> S
///     where S.SectionIdentifierType == Int, S.ItemIdentifierType == Post.ID {
///       var snapshot = S()
///       snapshot.appendSections(feed.pages.map(\.number))
///       for page in feed.pages { snapshot.appendItems(page.posts.map(\.id), toSection: page.number) }
///       return snapshot
///     }
///
/// On Apple platforms BatchCheck declares UIKit's type conforming, with no
/// body (iOS 15 and later, for `reconfigureItems` and the mark getters).
public protocol SnapshotEditing {
  /// The type of the section ids, UIKit's `SectionIdentifierType`.
  associatedtype SectionIdentifierType: Hashable
  /// The type of the item ids, UIKit's `ItemIdentifierType`.
  associatedtype ItemIdentifierType: Hashable
  /// UIKit's `init()`: an empty snapshot, with no section and no item.
  init()
  /// UIKit's `numberOfItems`: how many items the snapshot holds, in all sections.
  var numberOfItems: Int { get }
  /// UIKit's `numberOfSections`: how many sections the snapshot holds.
  var numberOfSections: Int { get }
  /// UIKit's `sectionIdentifiers`: the sections, in order.
  var sectionIdentifiers: [SectionIdentifierType] { get }
  /// UIKit's `itemIdentifiers`: every item, section by section, in order.
  var itemIdentifiers: [ItemIdentifierType] { get }
  /// UIKit's `numberOfItems(inSection:)`: how many items the section holds.
  ///
  /// Raises S11 for an unknown section.
  func numberOfItems(inSection identifier: SectionIdentifierType) -> Int
  /// UIKit's `itemIdentifiers(inSection:)`: the section's items, in order.
  ///
  /// Raises S11 for an unknown section.
  func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType]
  /// UIKit's `sectionIdentifier(containingItem:)`: the section that holds
  /// the item; nil for an unknown item.
  func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType?
  /// UIKit's `indexOfItem(_:)`: the item's index in `itemIdentifiers`,
  /// counted across all sections, not within its own; nil for an unknown
  /// item.
  func indexOfItem(_ identifier: ItemIdentifierType) -> Int?
  /// UIKit's `indexOfSection(_:)`: the section's index in
  /// `sectionIdentifiers`; nil for an unknown section.
  func indexOfSection(_ identifier: SectionIdentifierType) -> Int?
  /// UIKit's `appendItems(_:toSection:)`: appends the items at the end of
  /// the section, or of the last section when nil.
  ///
  /// Raises S4 (the snapshot has no section, checked first), S1 (an id
  /// twice in the call), S5 (the section unknown). An item already in the
  /// snapshot is moved to its new place and logged (S3).
  mutating func appendItems(
    _ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType?)
  /// UIKit's `insertItems(_:beforeItem:)`: inserts the items just before
  /// `beforeIdentifier`, in its section.
  ///
  /// Raises S1 (an id twice in the call), S9 (`beforeIdentifier` among the
  /// items), S5 (`beforeIdentifier` unknown). An item already in the
  /// snapshot is moved to its new place and logged (S3).
  mutating func insertItems(
    _ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType)
  /// UIKit's `insertItems(_:afterItem:)`: inserts the items just after
  /// `afterIdentifier`, in its section.
  ///
  /// Raises S1 (an id twice in the call), S9 (`afterIdentifier` among the
  /// items), S5 (`afterIdentifier` unknown). An item already in the
  /// snapshot is moved to its new place and logged (S3).
  mutating func insertItems(
    _ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType)
  /// UIKit's `deleteItems(_:)`: deletes the items, ignoring unknown ids.
  ///
  /// Raises S1 (an id twice in the call).
  mutating func deleteItems(_ identifiers: [ItemIdentifierType])
  /// UIKit's `deleteAllItems()`: deletes every item and every section.
  mutating func deleteAllItems()
  /// UIKit's `moveItem(_:beforeItem:)`: moves the item just before
  /// `toIdentifier`, into its section.
  ///
  /// Raises S8 (the item moved onto itself), S7 (the item, then
  /// `toIdentifier`, unknown).
  mutating func moveItem(
    _ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType)
  /// UIKit's `moveItem(_:afterItem:)`: moves the item just after
  /// `toIdentifier`, into its section.
  ///
  /// Raises S8 (the item moved onto itself), S7 (the item, then
  /// `toIdentifier`, unknown).
  mutating func moveItem(
    _ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType)
  /// UIKit's `reloadItems(_:)`: marks the items to be reloaded when the
  /// snapshot is applied.
  ///
  /// Raises S1 (an id twice in the call), S10 (an unknown id).
  mutating func reloadItems(_ identifiers: [ItemIdentifierType])
  /// UIKit's `reconfigureItems(_:)` (iOS 15 and later): marks the items to
  /// be reconfigured in place when the snapshot is applied.
  ///
  /// Raises S1 (an id twice in the call), S10 (an unknown id).
  mutating func reconfigureItems(_ identifiers: [ItemIdentifierType])
  /// UIKit's `appendSections(_:)`: appends the sections, empty, at the end.
  ///
  /// Raises S1 (an id twice in the call), S2 (a section already in the
  /// snapshot).
  mutating func appendSections(_ identifiers: [SectionIdentifierType])
  /// UIKit's `insertSections(_:beforeSection:)`: inserts the sections,
  /// empty, just before `toIdentifier`.
  ///
  /// Raises S1 (an id twice in the call), S9 (`toIdentifier` among the
  /// sections), S6 (`toIdentifier` unknown), S2 (a section already in the
  /// snapshot).
  mutating func insertSections(
    _ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType)
  /// UIKit's `insertSections(_:afterSection:)`: inserts the sections,
  /// empty, just after `toIdentifier`.
  ///
  /// Raises S1 (an id twice in the call), S9 (`toIdentifier` among the
  /// sections), S6 (`toIdentifier` unknown), S2 (a section already in the
  /// snapshot).
  mutating func insertSections(
    _ identifiers: [SectionIdentifierType], afterSection toIdentifier: SectionIdentifierType)
  /// UIKit's `deleteSections(_:)`: deletes the sections with their items,
  /// ignoring unknown ids.
  ///
  /// Raises S1 (an id twice in the call).
  mutating func deleteSections(_ identifiers: [SectionIdentifierType])
  /// UIKit's `moveSection(_:beforeSection:)`: moves the section, with its
  /// items, just before `toIdentifier`.
  ///
  /// Raises S8 (the section moved onto itself), S7 (the section, then
  /// `toIdentifier`, unknown).
  mutating func moveSection(
    _ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType)
  /// UIKit's `moveSection(_:afterSection:)`: moves the section, with its
  /// items, just after `toIdentifier`.
  ///
  /// Raises S8 (the section moved onto itself), S7 (the section, then
  /// `toIdentifier`, unknown).
  mutating func moveSection(
    _ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType)
  /// UIKit's `reloadSections(_:)`: marks the sections to be reloaded when
  /// the snapshot is applied.
  ///
  /// Raises S1 (an id twice in the call), S10 (an unknown id).
  mutating func reloadSections(_ identifiers: [SectionIdentifierType])
  /// UIKit's `reloadedItemIdentifiers` (iOS 15 and later): the items
  /// marked by `reloadItems(_:)`.
  var reloadedItemIdentifiers: [ItemIdentifierType] { get }
  /// UIKit's `reconfiguredItemIdentifiers` (iOS 15 and later): the items
  /// marked by `reconfigureItems(_:)`.
  var reconfiguredItemIdentifiers: [ItemIdentifierType] { get }
  /// UIKit's `reloadedSectionIdentifiers` (iOS 15 and later): the sections
  /// marked by `reloadSections(_:)`.
  var reloadedSectionIdentifiers: [SectionIdentifierType] { get }
}

extension SnapshotEditing {
  /// `appendItems(identifiers, toSection: nil)`: the default argument a
  /// protocol cannot declare.
  public mutating func appendItems(_ identifiers: [ItemIdentifierType]) {
    appendItems(identifiers, toSection: nil)
  }
}

extension SimulatedSnapshot: SnapshotEditing {}

#if canImport(UIKit)
  import UIKit

  // UIKit's type conforms as it is: reconfigure and the mark getters are iOS 15+.
  @available(iOS 15.0, tvOS 15.0, *)
  extension NSDiffableDataSourceSnapshot: SnapshotEditing {}
#endif
