import BatchCheck

/// Snapshot code written as an app writes it, generic over
/// `SnapshotEditing` (the app runs it with `NSDiffableDataSourceSnapshot`,
/// a check with `SimulatedSnapshot`): two right ones and three with the
/// bugs apps ship.
///
///     let snapshot: SimulatedSnapshot<Int, String> =
///       ReferenceSnapshotGenerators.rightBuilder(old: old, new: new)
///     ReferenceSnapshotGenerators.checks.map(\.name)
///     // ["rightBuilder", "pagingBuilder", "staleBuilder", "rightEditor", "anchorEditor"]
///
/// | code | shape | what it does | what a check finds |
/// | --- | --- | --- | --- |
/// | `rightBuilder` | builder | each section and item once (first kept), reconfigures changed items | nothing |
/// | `pagingBuilder` | builder | each page once, its rows as they come | S1 (a page repeats a row), C1 with S3 (pages overlap) |
/// | `staleBuilder` | builder | each section and item once, never reconfigures | C2 (a kept item's content changed) |
/// | `rightEditor` | editor | deletes, places sections and items, reconfigures | nothing |
/// | `anchorEditor` | editor | inserts each new item before the row that follows it in new | S5 (that row is not there yet) |
///
/// The model's own values are the ids: sections `Int`, items `String`.
public enum ReferenceSnapshotGenerators {
  /// Builds new from nothing: each section id and item id at its first
  /// occurrence (a live snapshot holds each once), then a reconfigure of
  /// the items kept from old whose content changed, so no cell is stale.
  ///
  /// - Complexity: O(*n*) in the rows.
  public static func rightBuilder<Snapshot: SnapshotEditing>(
    old: SnapshotCheckModel, new: SnapshotCheckModel
  ) -> Snapshot where Snapshot.SectionIdentifierType == Int, Snapshot.ItemIdentifierType == String {
    build(new.firstOccurrences.sections, reconfiguringFrom: old)
  }

  /// The classic paged feed: each page (section) once, and each page's
  /// rows appended as they come. A row on two pages (pages overlap when the
  /// feed moves between two loads) is appended again: UIKit logs S3 and
  /// moves it to the later page (C1); a page that repeats a row raises S1.
  ///
  /// - Complexity: O(*n*) in the rows.
  public static func pagingBuilder<Snapshot: SnapshotEditing>(
    old: SnapshotCheckModel, new: SnapshotCheckModel
  ) -> Snapshot where Snapshot.SectionIdentifierType == Int, Snapshot.ItemIdentifierType == String {
    var pages = Set<Int>()
    return build(new.sections.filter { pages.insert($0.id).inserted }, reconfiguringFrom: old)
  }

  /// `rightBuilder` without the reconfigure: a kept item whose content
  /// changed keeps its cell, which shows the old content (C2).
  ///
  /// - Complexity: O(*n*) in the rows.
  public static func staleBuilder<Snapshot: SnapshotEditing>(
    _ new: SnapshotCheckModel
  ) -> Snapshot where Snapshot.SectionIdentifierType == Int, Snapshot.ItemIdentifierType == String {
    build(new.firstOccurrences.sections, reconfiguringFrom: nil)
  }

  /// Edits the applied snapshot into new: deletes the items and sections
  /// new lacks, puts each section after the one before it in new (moved
  /// or inserted), then each item after the one before it (moved or
  /// inserted; the first of a section before the section's first item, or
  /// appended to an empty one), and reconfigures the changed items.
  ///
  /// - Complexity: O(*n*²) in the rows (its queries are linear).
  public static func rightEditor<Snapshot: SnapshotEditing>(
    _ snapshot: inout Snapshot, old: SnapshotCheckModel, new: SnapshotCheckModel
  ) where Snapshot.SectionIdentifierType == Int, Snapshot.ItemIdentifierType == String {
    edit(&snapshot, old: old, new: new, anchorsOnNext: false)
  }

  /// `rightEditor` with the anchor bug: each new item is inserted before
  /// the row that follows it in new, so when that row is new as well and
  /// not inserted yet, UIKit raises S5 (the destination is missing).
  ///
  /// - Complexity: O(*n*²) in the rows.
  public static func anchorEditor<Snapshot: SnapshotEditing>(
    _ snapshot: inout Snapshot, old: SnapshotCheckModel, new: SnapshotCheckModel
  ) where Snapshot.SectionIdentifierType == Int, Snapshot.ItemIdentifierType == String {
    edit(&snapshot, old: old, new: new, anchorsOnNext: true)
  }

  // MARK: The shared parts

  /// The builders' one body: the sections, then each section's rows, then
  /// (given `old`) a reconfigure of the items whose content changed.
  ///
  /// - Complexity: O(*n*) in the rows.
  static func build<Snapshot: SnapshotEditing>(
    _ sections: [SnapshotCheckModel.Section], reconfiguringFrom old: SnapshotCheckModel?
  ) -> Snapshot where Snapshot.SectionIdentifierType == Int, Snapshot.ItemIdentifierType == String {
    var snapshot = Snapshot()
    snapshot.appendSections(sections.map(\.id))
    for section in sections {
      snapshot.appendItems(section.rows.map(\.id), toSection: section.id)
    }
    if let old {
      let changed = changedItems(old: old, shown: sections)
      if !changed.isEmpty { snapshot.reconfigureItems(changed) }
    }
    return snapshot
  }

  /// The items of `shown` that old holds with another content, each once.
  static func changedItems(old: SnapshotCheckModel, shown: [SnapshotCheckModel.Section])
    -> [String]
  {
    var before: [String: Int] = [:]
    for row in old.rows where before[row.id] == nil { before[row.id] = row.content }
    var seen = Set<String>()
    return shown.flatMap(\.rows).filter { row in
      guard let content = before[row.id], content != row.content else { return false }
      return seen.insert(row.id).inserted
    }.map(\.id)
  }
}
