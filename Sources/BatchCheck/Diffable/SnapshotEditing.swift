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
  associatedtype SectionIdentifierType: Hashable
  associatedtype ItemIdentifierType: Hashable
  init()
  var numberOfItems: Int { get }
  var numberOfSections: Int { get }
  var sectionIdentifiers: [SectionIdentifierType] { get }
  var itemIdentifiers: [ItemIdentifierType] { get }
  func numberOfItems(inSection identifier: SectionIdentifierType) -> Int
  func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType]
  func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType?
  func indexOfItem(_ identifier: ItemIdentifierType) -> Int?
  func indexOfSection(_ identifier: SectionIdentifierType) -> Int?
  mutating func appendItems(
    _ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType?)
  mutating func insertItems(
    _ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType)
  mutating func insertItems(
    _ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType)
  mutating func deleteItems(_ identifiers: [ItemIdentifierType])
  mutating func deleteAllItems()
  mutating func moveItem(
    _ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType)
  mutating func moveItem(
    _ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType)
  mutating func reloadItems(_ identifiers: [ItemIdentifierType])
  mutating func reconfigureItems(_ identifiers: [ItemIdentifierType])
  mutating func appendSections(_ identifiers: [SectionIdentifierType])
  mutating func insertSections(
    _ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType)
  mutating func insertSections(
    _ identifiers: [SectionIdentifierType], afterSection toIdentifier: SectionIdentifierType)
  mutating func deleteSections(_ identifiers: [SectionIdentifierType])
  mutating func moveSection(
    _ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType)
  mutating func moveSection(
    _ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType)
  mutating func reloadSections(_ identifiers: [SectionIdentifierType])
  var reloadedItemIdentifiers: [ItemIdentifierType] { get }
  var reconfiguredItemIdentifiers: [ItemIdentifierType] { get }
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
