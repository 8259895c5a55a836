extension SimulatedSnapshot {
  /// S1 on `ids`: raises and returns false when an id repeats.
  func checkUnique<ID: Hashable>(_ ids: [ID], section: Bool) -> Bool {
    let repeats = repeatedIdentifiers(ids)
    guard !repeats.isEmpty else { return true }
    journal.raise(
      .s1,
      SnapshotMessages.notUnique(
        section: section, duplicates: repeats.map { SnapshotText.identifier($0) }))
    return false
  }

  /// S2 on `ids`: raises and returns false when a section already exists.
  private func checkNewSections(_ ids: [SectionID]) -> Bool {
    let existing = ids.filter { store.containsSection($0) }
    guard !existing.isEmpty else { return true }
    journal.raise(.s2, SnapshotMessages.sectionsExist(existing.map { SnapshotText.identifier($0) }))
    return false
  }

  /// Checks S1, S2; appends the sections at the end.
  public mutating func appendSections(_ identifiers: [SectionID]) {
    guard journal.begin(.appendSections(identifiers)) else { return }
    guard checkUnique(identifiers, section: true), checkNewSections(identifiers) else { return }
    store.insertSections(identifiers, at: store.sectionCount)
  }

  /// Inserts the sections just before `toIdentifier`: `insertSections(_:_:)`
  /// with `.before`.
  public mutating func insertSections(
    _ identifiers: [SectionID], beforeSection toIdentifier: SectionID
  ) {
    insertSections(identifiers, .before(toIdentifier))
  }

  /// Inserts the sections just after `toIdentifier`: `insertSections(_:_:)`
  /// with `.after`.
  public mutating func insertSections(
    _ identifiers: [SectionID], afterSection toIdentifier: SectionID
  ) {
    insertSections(identifiers, .after(toIdentifier))
  }

  /// Checks S1, S9, S6, S2; inserts the sections just before or after the anchor.
  mutating func insertSections(_ identifiers: [SectionID], _ anchor: SnapshotAnchor<SectionID>) {
    guard journal.begin(.insertSections(identifiers, anchor)) else { return }
    guard checkUnique(identifiers, section: true) else { return }
    let target = IdentityKey(anchor.id)
    if identifiers.contains(where: { IdentityKey($0) == target }) {
      journal.raise(
        .s9,
        SnapshotMessages.anchorInList(
          section: true, anchor: SnapshotText.identifier(anchor.id),
          identifiers: identifiers.map { SnapshotText.identifier($0) }))
      return
    }
    guard let index = store.sectionIndex(anchor.id) else {
      journal.raise(.s6, SnapshotMessages.missingSectionDestination)
      return
    }
    guard checkNewSections(identifiers) else { return }
    store.insertSections(identifiers, at: anchor.isBefore ? index : index + 1)
  }

  /// Checks S1; deletes the known sections with their items, ignoring unknown ids.
  public mutating func deleteSections(_ identifiers: [SectionID]) {
    guard journal.begin(.deleteSections(identifiers)) else { return }
    guard checkUnique(identifiers, section: true) else { return }
    store.removeSections(identifiers)
  }

  /// Moves the section, with its items, just before `toIdentifier`:
  /// `moveSection(_:_:)` with `.before`.
  public mutating func moveSection(_ identifier: SectionID, beforeSection toIdentifier: SectionID) {
    moveSection(identifier, .before(toIdentifier))
  }

  /// Moves the section, with its items, just after `toIdentifier`:
  /// `moveSection(_:_:)` with `.after`.
  public mutating func moveSection(_ identifier: SectionID, afterSection toIdentifier: SectionID) {
    moveSection(identifier, .after(toIdentifier))
  }

  /// Checks S8, S7 (source, then destination); moves the section with its
  /// items just before or after the anchor.
  mutating func moveSection(_ identifier: SectionID, _ anchor: SnapshotAnchor<SectionID>) {
    guard journal.begin(.moveSection(identifier, anchor)) else { return }
    if IdentityKey(identifier) == IdentityKey(anchor.id) {
      journal.raise(
        .s8,
        SnapshotMessages.moveOntoItself(section: true, id: SnapshotText.identifier(identifier)))
      return
    }
    guard store.containsSection(identifier) else {
      journal.raise(.s7, SnapshotMessages.moveEndMissing(section: true, source: true))
      return
    }
    guard store.containsSection(anchor.id) else {
      journal.raise(.s7, SnapshotMessages.moveEndMissing(section: true, source: false))
      return
    }
    store.moveSection(identifier, anchor)
  }

  /// Checks S1, S10; marks the sections reloaded.
  public mutating func reloadSections(_ identifiers: [SectionID]) {
    guard journal.begin(.reloadSections(identifiers)) else { return }
    guard checkUnique(identifiers, section: true) else { return }
    markReloaded(sections: identifiers)
    if let unknown = identifiers.first(where: { !store.containsSection($0) }) {
      journal.raise(
        .s10,
        SnapshotMessages.unknownRefresh(
          verb: "reload", section: true, id: SnapshotText.identifier(unknown)))
    }
  }
}

extension SnapshotAnchor {
  var isBefore: Bool {
    if case .before = self { return true }
    return false
  }
}
