/// Where an insert or a move puts its ids: just before or just after an
/// existing id.
public enum SnapshotAnchor<ID: Hashable>: Hashable {
  /// Just before the id (`beforeItem:`, `beforeSection:`).
  case before(ID)
  /// Just after the id (`afterItem:`, `afterSection:`).
  case after(ID)

  /// The id the anchor names.
  public var id: ID {
    switch self {
    case .before(let id), .after(let id): return id
    }
  }

  /// `before` or `after`, the case file's key.
  public var key: String {
    switch self {
    case .before: return "before"
    case .after: return "after"
    }
  }
}

extension SnapshotAnchor: Sendable where ID: Sendable {}

/// One call on a snapshot, as `SimulatedSnapshot` records it and a case
/// file writes it (`{"op":"appendItems","ids":["a"]}`): UIKit's mutations
/// and queries, named as the Swift API names them.
public enum SnapshotCall<SectionID: Hashable, ItemID: Hashable>: Hashable {
  /// `appendSections(_:)`.
  case appendSections([SectionID])
  /// `insertSections(_:beforeSection:)` or `insertSections(_:afterSection:)`.
  case insertSections([SectionID], SnapshotAnchor<SectionID>)
  /// `deleteSections(_:)`.
  case deleteSections([SectionID])
  /// `moveSection(_:beforeSection:)` or `moveSection(_:afterSection:)`.
  case moveSection(SectionID, SnapshotAnchor<SectionID>)
  /// `reloadSections(_:)`.
  case reloadSections([SectionID])
  /// `appendItems(_:toSection:)`; nil: the last section.
  case appendItems([ItemID], toSection: SectionID?)
  /// `insertItems(_:beforeItem:)` or `insertItems(_:afterItem:)`.
  case insertItems([ItemID], SnapshotAnchor<ItemID>)
  /// `deleteItems(_:)`.
  case deleteItems([ItemID])
  /// `deleteAllItems()`: every item and every section.
  case deleteAllItems
  /// `moveItem(_:beforeItem:)` or `moveItem(_:afterItem:)`.
  case moveItem(ItemID, SnapshotAnchor<ItemID>)
  /// `reloadItems(_:)`.
  case reloadItems([ItemID])
  /// `reconfigureItems(_:)` (iOS 15 and later).
  case reconfigureItems([ItemID])
  /// `numberOfItems` (nil) or `numberOfItems(inSection:)`.
  case numberOfItems(inSection: SectionID?)
  /// `numberOfSections`.
  case numberOfSections
  /// `itemIdentifiers` (nil) or `itemIdentifiers(inSection:)`.
  case itemIdentifiers(inSection: SectionID?)
  /// `sectionIdentifiers`.
  case sectionIdentifiers
  /// `indexOfItem(_:)`: a global index across sections.
  case indexOfItem(ItemID)
  /// `indexOfSection(_:)`.
  case indexOfSection(SectionID)
  /// `sectionIdentifier(containingItem:)`.
  case sectionIdentifier(containingItem: ItemID)
  /// `reloadedItemIdentifiers`.
  case reloadedItemIdentifiers
  /// `reconfiguredItemIdentifiers`.
  case reconfiguredItemIdentifiers
  /// `reloadedSectionIdentifiers`.
  case reloadedSectionIdentifiers

  /// The op name a case file gives it: `appendItems`, `numberOfSections`...
  public var name: String {
    switch self {
    case .appendSections: return "appendSections"
    case .insertSections: return "insertSections"
    case .deleteSections: return "deleteSections"
    case .moveSection: return "moveSection"
    case .reloadSections: return "reloadSections"
    case .appendItems: return "appendItems"
    case .insertItems: return "insertItems"
    case .deleteItems: return "deleteItems"
    case .deleteAllItems: return "deleteAllItems"
    case .moveItem: return "moveItem"
    case .reloadItems: return "reloadItems"
    case .reconfigureItems: return "reconfigureItems"
    case .numberOfItems: return "numberOfItems"
    case .numberOfSections: return "numberOfSections"
    case .itemIdentifiers: return "itemIdentifiers"
    case .sectionIdentifiers: return "sectionIdentifiers"
    case .indexOfItem: return "indexOfItem"
    case .indexOfSection: return "indexOfSection"
    case .sectionIdentifier: return "sectionIdentifier"
    case .reloadedItemIdentifiers: return "reloadedItemIdentifiers"
    case .reconfiguredItemIdentifiers: return "reconfiguredItemIdentifiers"
    case .reloadedSectionIdentifiers: return "reloadedSectionIdentifiers"
    }
  }

  /// Whether the call asks and changes nothing (a query).
  public var isQuery: Bool {
    switch self {
    case .numberOfItems, .numberOfSections, .itemIdentifiers, .sectionIdentifiers, .indexOfItem,
      .indexOfSection, .sectionIdentifier, .reloadedItemIdentifiers, .reconfiguredItemIdentifiers,
      .reloadedSectionIdentifiers:
      return true
    default: return false
    }
  }

  /// The ids the call names, items and sections: what a shrinker or a
  /// report counts.
  var idCount: Int {
    switch self {
    case .appendSections(let ids), .deleteSections(let ids), .reloadSections(let ids),
      .insertSections(let ids, _):
      return ids.count
    case .appendItems(let ids, _), .insertItems(let ids, _), .deleteItems(let ids),
      .reloadItems(let ids), .reconfigureItems(let ids):
      return ids.count
    default: return 1
    }
  }
}

extension SnapshotCall: Sendable where SectionID: Sendable, ItemID: Sendable {}

/// The answer to one query call.
public enum SnapshotAnswer<SectionID: Hashable, ItemID: Hashable>: Hashable {
  /// A count (`numberOfItems`, `numberOfSections`).
  case count(Int)
  /// An index, nil for an unknown id (`indexOfItem`, `indexOfSection`).
  case index(Int?)
  /// A section, nil for an unknown item (`sectionIdentifier(containingItem:)`).
  case section(SectionID?)
  /// Item ids (`itemIdentifiers`, `reloadedItemIdentifiers`...).
  case items([ItemID])
  /// Section ids (`sectionIdentifiers`, `reloadedSectionIdentifiers`).
  case sections([SectionID])
}

extension SnapshotAnswer: Sendable where SectionID: Sendable, ItemID: Sendable {}

/// A log line UIKit wrote and went on (S3): the call that wrote it, from 0,
/// and UIKit's text.
public struct SnapshotLog: Hashable, Sendable {
  /// The rule (`S3`).
  public let rule: SnapshotRule
  /// The index of the call that logged it, from 0.
  public let call: Int
  /// UIKit's text.
  public let message: String

  /// Creates a log line.
  public init(rule: SnapshotRule, call: Int, message: String) {
    self.rule = rule
    self.call = call
    self.message = message
  }
}

/// The exception that ended a script: its rule, UIKit's text, and the call
/// that raised it (from 0; nil for the apply's own checks, S12 and S13).
public struct SnapshotException: Hashable, Sendable, Error, CustomStringConvertible {
  /// The rule.
  public let rule: SnapshotRule
  /// UIKit's text.
  public let message: String
  /// The failing call, from 0; nil when the apply raised.
  public let call: Int?

  /// Creates an exception.
  public init(rule: SnapshotRule, message: String, call: Int?) {
    self.rule = rule
    self.message = message
    self.call = call
  }

  /// `S1 at call 1: Fatal: supplied item identifiers are not unique...`.
  public var description: String {
    "\(rule)\(call.map { " at call \($0)" } ?? " at apply"): \(message)"
  }
}
