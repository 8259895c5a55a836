import BatchCheck

extension ReferenceSnapshotGenerators {
  /// The editors' one body: deletes, sections in place, items in place,
  /// reconfigures. With `anchorsOnNext`, a new item is inserted before the
  /// row that follows it in new whenever there is one (the bug).
  ///
  /// - Complexity: O(*n*²) in the rows.
  static func edit<Snapshot: SnapshotEditing>(
    _ snapshot: inout Snapshot, old: SnapshotCheckModel, new: SnapshotCheckModel,
    anchorsOnNext: Bool
  ) where Snapshot.SectionIdentifierType == Int, Snapshot.ItemIdentifierType == String {
    let target = new.firstOccurrences.sections
    let keptItems = Set(target.flatMap(\.rows).map(\.id))
    let keptSections = Set(target.map(\.id))
    let goneItems = snapshot.itemIdentifiers.filter { !keptItems.contains($0) }
    if !goneItems.isEmpty { snapshot.deleteItems(goneItems) }
    let goneSections = snapshot.sectionIdentifiers.filter { !keptSections.contains($0) }
    if !goneSections.isEmpty { snapshot.deleteSections(goneSections) }
    placeSections(&snapshot, target.map(\.id))
    for section in target {
      placeItems(&snapshot, section.rows.map(\.id), in: section.id, anchorsOnNext: anchorsOnNext)
    }
    let changed = changedItems(old: old, shown: target)
    if !changed.isEmpty { snapshot.reconfigureItems(changed) }
  }

  /// Puts each section right after the one before it in `order` (the first
  /// at the top), moving it or inserting it.
  static func placeSections<Snapshot: SnapshotEditing>(
    _ snapshot: inout Snapshot, _ order: [Int]
  ) where Snapshot.SectionIdentifierType == Int {
    var previous: Int?
    for section in order {
      let place = previous.flatMap { snapshot.indexOfSection($0) }.map { $0 + 1 } ?? 0
      if let index = snapshot.indexOfSection(section) {
        if index != place {
          if let previous {
            snapshot.moveSection(section, afterSection: previous)
          } else {
            snapshot.moveSection(section, beforeSection: snapshot.sectionIdentifiers[0])
          }
        }
      } else if let previous {
        snapshot.insertSections([section], afterSection: previous)
      } else if let first = snapshot.sectionIdentifiers.first {
        snapshot.insertSections([section], beforeSection: first)
      } else {
        snapshot.appendSections([section])
      }
      previous = section
    }
  }

  /// Puts each item of `items` right after the one before it in `section`
  /// (the first at the section's top), moving it or inserting it.
  static func placeItems<Snapshot: SnapshotEditing>(
    _ snapshot: inout Snapshot, _ items: [String], in section: Int, anchorsOnNext: Bool
  ) where Snapshot.SectionIdentifierType == Int, Snapshot.ItemIdentifierType == String {
    var previous: String?
    for (position, item) in items.enumerated() {
      let first = snapshot.itemIdentifiers(inSection: section).first
      if snapshot.indexOfItem(item) != nil {
        let inPlace =
          snapshot.sectionIdentifier(containingItem: item) == section
          && (previous.map { snapshot.indexOfItem(item) == snapshot.indexOfItem($0).map { $0 + 1 } }
            ?? (first == item))
        if !inPlace {
          if let previous {
            snapshot.moveItem(item, afterItem: previous)
          } else if let first {
            snapshot.moveItem(item, beforeItem: first)
          } else {
            snapshot.deleteItems([item])
            snapshot.appendItems([item], toSection: section)
          }
        }
      } else if anchorsOnNext, position + 1 < items.count {
        snapshot.insertItems([item], beforeItem: items[position + 1])
      } else if let previous {
        snapshot.insertItems([item], afterItem: previous)
      } else if let first {
        snapshot.insertItems([item], beforeItem: first)
      } else {
        snapshot.appendItems([item], toSection: section)
      }
      previous = item
    }
  }
}
