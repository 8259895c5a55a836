extension SimulatedSnapshot {
  /// `appendItems(identifiers, toSection: nil)`: the last section.
  public mutating func appendItems(_ identifiers: [ItemID]) {
    appendItems(identifiers, toSection: nil)
  }

  /// Checks S4 (no sections, before anything else), S1, S5; then appends
  /// to the end of the section (the last one when nil), moving ids already
  /// in the snapshot (S3, logged).
  public mutating func appendItems(_ identifiers: [ItemID], toSection sectionIdentifier: SectionID?)
  {
    guard journal.begin(.appendItems(identifiers, toSection: sectionIdentifier)) else { return }
    // Inferred: UIKit's Objective-C raises S4 for an empty list too; whether
    // the Swift overlay skips an empty call first was not read.
    guard store.sectionCount > 0 else {
      journal.raise(.s4, SnapshotMessages.noSections)
      return
    }
    let hashes = IdentityTable.hashValues(of: identifiers)
    guard checkUniqueItems(identifiers, hashes: hashes) else { return }
    if let sectionIdentifier, !store.containsSection(sectionIdentifier) {
      journal.raise(.s5, SnapshotMessages.missingItemDestination)
      return
    }
    let section = sectionIdentifier.flatMap { store.sectionIndex($0) } ?? store.sectionCount - 1
    // No id in the snapshot yet (no S3): one look per id, which appends.
    guard !store.appendNewItems(identifiers, hashes: hashes, section: section) else { return }
    moveExisting(identifiers, hashes: hashes)
    store.appendItems(identifiers, hashes: hashes, section: section)
  }

  /// Inserts the items just before `beforeIdentifier`, in its section:
  /// `insertItems(_:_:)` with `.before`.
  public mutating func insertItems(_ identifiers: [ItemID], beforeItem beforeIdentifier: ItemID) {
    insertItems(identifiers, .before(beforeIdentifier))
  }

  /// Inserts the items just after `afterIdentifier`, in its section:
  /// `insertItems(_:_:)` with `.after`.
  public mutating func insertItems(_ identifiers: [ItemID], afterItem afterIdentifier: ItemID) {
    insertItems(identifiers, .after(afterIdentifier))
  }

  /// Checks S1, S9, S5; then inserts just before or after the anchor, in
  /// its section, moving ids already in the snapshot (S3, logged).
  mutating func insertItems(_ identifiers: [ItemID], _ anchor: SnapshotAnchor<ItemID>) {
    guard journal.begin(.insertItems(identifiers, anchor)) else { return }
    let hashes = IdentityTable.hashValues(of: identifiers)
    guard checkUniqueItems(identifiers, hashes: hashes) else { return }
    let target = IdentityKey(anchor.id)
    if identifiers.contains(where: { IdentityKey($0) == target }) {
      journal.raise(
        .s9,
        SnapshotMessages.anchorInList(
          section: false, anchor: SnapshotText.identifier(anchor.id),
          identifiers: identifiers.map { SnapshotText.identifier($0) }))
      return
    }
    guard store.containsItem(anchor.id) else {
      journal.raise(.s5, SnapshotMessages.missingItemDestination)
      return
    }
    moveExisting(identifiers, hashes: hashes)
    store.insertItems(identifiers, hashes: hashes, anchor)
  }

  /// S1 on item ids with their hash values (`hashes[i]` is
  /// `identifiers[i].hashValue`): `checkUnique(_:section: false)`, each id
  /// hashed once.
  private func checkUniqueItems(_ identifiers: [ItemID], hashes: [Int]) -> Bool {
    let repeats = repeatedIdentifiers(identifiers, hashes: hashes)
    guard !repeats.isEmpty else { return true }
    journal.raise(
      .s1,
      SnapshotMessages.notUnique(
        section: false, duplicates: repeats.map { SnapshotText.identifier($0) }))
    return false
  }

  /// S3: logs the ids already in the snapshot, in call order, and deletes
  /// them wherever they are, so that the insert that follows moves them.
  private mutating func moveExisting(_ identifiers: [ItemID], hashes: [Int]) {
    let existing = store.existingItems(identifiers, hashes: hashes)
    guard !existing.isEmpty else { return }
    journal.logs.append(
      SnapshotLog(
        rule: .s3, call: journal.current,
        message: SnapshotMessages.itemsExist(existing.map { SnapshotText.identifier($0) })))
    if journal.mutations == 1 { journal.firstCallReinserted += existing }
    store.removeItems(existing)
  }

  /// Checks S1; deletes the known items, ignoring unknown ids.
  public mutating func deleteItems(_ identifiers: [ItemID]) {
    guard journal.begin(.deleteItems(identifiers)) else { return }
    guard checkUnique(identifiers, section: false) else { return }
    store.removeItems(identifiers)
  }

  /// Deletes every item and every section, as UIKit does.
  public mutating func deleteAllItems() {
    guard journal.begin(.deleteAllItems) else { return }
    store.removeAll()
  }

  /// Moves the item just before `toIdentifier`, into its section:
  /// `moveItem(_:_:)` with `.before`.
  public mutating func moveItem(_ identifier: ItemID, beforeItem toIdentifier: ItemID) {
    moveItem(identifier, .before(toIdentifier))
  }

  /// Moves the item just after `toIdentifier`, into its section:
  /// `moveItem(_:_:)` with `.after`.
  public mutating func moveItem(_ identifier: ItemID, afterItem toIdentifier: ItemID) {
    moveItem(identifier, .after(toIdentifier))
  }

  /// Checks S8, S7 (source, then destination); removes the item, then
  /// inserts it just before or after the anchor, in the anchor's section.
  mutating func moveItem(_ identifier: ItemID, _ anchor: SnapshotAnchor<ItemID>) {
    guard journal.begin(.moveItem(identifier, anchor)) else { return }
    if IdentityKey(identifier) == IdentityKey(anchor.id) {
      journal.raise(
        .s8,
        SnapshotMessages.moveOntoItself(section: false, id: SnapshotText.identifier(identifier)))
      return
    }
    guard store.containsItem(identifier) else {
      journal.raise(.s7, SnapshotMessages.moveEndMissing(section: false, source: true))
      return
    }
    guard store.containsItem(anchor.id) else {
      journal.raise(.s7, SnapshotMessages.moveEndMissing(section: false, source: false))
      return
    }
    store.removeItems([identifier])
    store.insertItems([identifier], anchor)
  }

  /// Checks S1, S10; marks the items reloaded.
  public mutating func reloadItems(_ identifiers: [ItemID]) {
    guard journal.begin(.reloadItems(identifiers)) else { return }
    refresh(identifiers, verb: "reload")
  }

  /// Checks S1, S10; marks the items reconfigured.
  public mutating func reconfigureItems(_ identifiers: [ItemID]) {
    guard journal.begin(.reconfigureItems(identifiers)) else { return }
    refresh(identifiers, verb: "reconfigure")
  }

  /// S1, then the marks (UIKit adds them before it checks the ids), then S10.
  private mutating func refresh(_ identifiers: [ItemID], verb: String) {
    guard checkUnique(identifiers, section: false) else { return }
    if verb == "reload" {
      markReloaded(items: identifiers)
    } else {
      markReconfigured(items: identifiers)
    }
    if let unknown = identifiers.first(where: { !store.containsItem($0) }) {
      journal.raise(
        .s10,
        SnapshotMessages.unknownRefresh(
          verb: verb, section: false, id: SnapshotText.identifier(unknown)))
    }
  }
}
