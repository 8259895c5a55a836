/// One row of a snapshot's model: the item id the snapshot holds, what the
/// cell shows, and the key that names the row across states.
///
///     SnapshotRow(id: "1-Updated", content: 2, key: 1)
///
/// `content` decides whether a kept item owes a reload or a reconfigure
/// (C2); `key` names the row when its id embeds content (Q1), and is the id
/// itself when nil.
public struct SnapshotRow<ItemID: Hashable>: Hashable {
  /// The item id.
  public var id: ItemID
  /// What the cell shows; nil: nothing apart from the id.
  public var content: RowValue?
  /// The row's name across states; nil: the id.
  public var key: RowValue?

  /// Creates a row.
  public init(id: ItemID, content: RowValue? = nil, key: RowValue? = nil) {
    self.id = id
    self.content = content
    self.key = key
  }
}

extension SnapshotRow: Sendable where ItemID: Sendable {}

/// One section of a snapshot's model: its id and its rows, in order.
public struct SnapshotSection<SectionID: Hashable, ItemID: Hashable>: Hashable {
  /// The section id.
  public var id: SectionID
  /// The rows, in order.
  public var rows: [SnapshotRow<ItemID>]

  /// Creates a section.
  public init(id: SectionID, rows: [SnapshotRow<ItemID>]) {
    self.id = id
    self.rows = rows
  }
}

extension SnapshotSection: Sendable where SectionID: Sendable, ItemID: Sendable {}

extension SnapshotSection {
  /// The sections as a snapshot can hold them: each section id at its first
  /// occurrence (a repeated section is dropped with its rows), each item id
  /// at its first occurrence; ids told apart as a snapshot tells them
  /// (`==` and the hash value).
  ///
  /// - Complexity: O(*n*) in the rows and sections.
  package static func firstOccurrences(_ sections: [Self]) -> [Self] {
    var sectionIDs = Set<IdentityKey<SectionID>>()
    var itemIDs = Set<IdentityKey<ItemID>>()
    return sections.compactMap { section in
      guard sectionIDs.insert(IdentityKey(section.id)).inserted else { return nil }
      return SnapshotSection(
        id: section.id, rows: section.rows.filter { itemIDs.insert(IdentityKey($0.id)).inserted })
    }
  }
}

/// Where the calls start: the applied snapshot (an editor's
/// `dataSource.snapshot()`), or an empty one (a builder).
public enum SnapshotStart: String, Hashable, Sendable, CaseIterable {
  /// From the applied state, `old`.
  case old
  /// From `NSDiffableDataSourceSnapshot()`.
  case empty
}

/// How the snapshot is applied.
public enum SnapshotApply: String, Hashable, Sendable, CaseIterable {
  /// `apply(_:animatingDifferences:)`: UIKit diffs the ids (on iOS 15 and
  /// later also without animation).
  case animated
  /// `applySnapshotUsingReloadData(_:)`: every cell is made anew.
  case reloadData
  /// Not applied: the calls run, and nothing is judged at apply.
  case none
}

/// A warning that never fails a run: Q1, a row whose key stayed while its
/// id changed, so UIKit deletes and inserts a cell a reconfigure would keep.
public struct SnapshotWarning<ItemID: Hashable>: Hashable {
  /// `Q1`.
  public let rule: SnapshotRule
  /// The row's key.
  public let key: RowValue
  /// Its id before.
  public let oldID: ItemID
  /// Its id after.
  public let newID: ItemID

  /// `Q1: the row with key 1 changed its id from 1-Test to 1-Updated; ...`.
  public var message: String {
    "the row with key \(key) changed its id from \(SnapshotText.identifier(oldID)) to \(SnapshotText.identifier(newID)): UIKit deletes its cell and inserts a new one where reconfigureItems would keep it"
  }
}

extension SnapshotWarning: Sendable where ItemID: Sendable {}
