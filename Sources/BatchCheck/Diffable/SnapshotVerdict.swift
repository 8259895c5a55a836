/// What UIKit makes of a snapshot script at apply, and what the table
/// shows then: the first that holds of an exception, wrong rows (C1),
/// stale content (C2), logged (S3), valid; with the logs, the warnings, the
/// final state and the answers to the queries.
///
///     let verdict = SnapshotVerdict.judge(snapshot, old: old, new: new)
///     verdict.kind   // .logged
///     verdict.rule   // S3
public struct SnapshotVerdict<SectionID: Hashable, ItemID: Hashable> {
  /// The verdict.
  public let kind: SnapshotVerdictKind
  /// Its rule; nil when valid.
  public let rule: SnapshotRule?
  /// UIKit's text for an exception or a log; BatchCheck's for C1 and C2.
  public let message: String?
  /// The failing call, from 0; nil when no call failed.
  public let call: Int?
  /// UIKit's logs (S3), those before an exception included.
  public let logs: [SnapshotLog]
  /// Q1 warnings; never part of the verdict.
  public let warnings: [SnapshotWarning<ItemID>]
  /// The snapshot as applied; nil after an exception (no app sees it).
  public let final: [(section: SectionID, items: [ItemID])]?
  /// The answers to the query calls; nil after an exception.
  public let answers: [SnapshotAnswer<SectionID, ItemID>]?

  /// Whether nothing is wrong. A logged verdict is not: UIKit names S3 a
  /// bug in the client (`BUG_IN_CLIENT_OF_DIFFABLE_DATA_SOURCE`).
  public var isValid: Bool { kind == .valid }

  /// `exception S1 at call 1: Fatal: ...`, `wrongRows C1: ...`, `valid`.
  public var description: String { kind.text(rule: rule, call: call, message: message) }
}

extension SnapshotVerdict {
  /// Judges a snapshot whose calls have run (user code on a
  /// `SimulatedSnapshot`, or a script replayed on one), as UIKit would
  /// apply it.
  ///
  /// - Parameters:
  ///   - snapshot: the snapshot after the calls, with its recording.
  ///   - start: where the calls started (the single-update fast path needs it).
  ///   - apply: how it is applied; `.none` judges the calls only.
  ///   - old: the applied state before, with contents and keys.
  ///   - new: the intended state; nil judges no C1 or C2.
  /// - Complexity: O(*n*) for *n* ids, plus the S12 search: O(*n*) for
  ///   `SnapshotIdentifier`, and for other id types pairwise over at most
  ///   `SnapshotIdentifierCheck.pairwiseLimit` ids.
  public static func judge(
    _ snapshot: SimulatedSnapshot<SectionID, ItemID>, start: SnapshotStart = .old,
    apply: SnapshotApply = .animated, old: [SnapshotSection<SectionID, ItemID>],
    new: [SnapshotSection<SectionID, ItemID>]?
  ) -> SnapshotVerdict {
    let journal = snapshot.journal
    let logs = journal.logs
    if let exception = journal.exception {
      return SnapshotVerdict(
        kind: .exception, rule: exception.rule, message: exception.message, call: exception.call,
        logs: logs, warnings: [], final: nil, answers: nil)
    }
    let final = snapshot.contents
    func verdict(
      _ kind: SnapshotVerdictKind, _ rule: SnapshotRule?, _ message: String?,
      warnings: [SnapshotWarning<ItemID>] = []
    ) -> SnapshotVerdict {
      SnapshotVerdict(
        kind: kind, rule: rule, message: message, call: nil, logs: logs, warnings: warnings,
        final: kind == .exception ? nil : final,
        answers: kind == .exception ? nil : journal.answers)
    }
    if apply != .none {
      if apply != .reloadData,
        let found = SnapshotIdentifierCheck.applyException(final: final, old: old)
      {
        return verdict(.exception, found.rule, found.message)
      }
      let warnings = new.map { identityChurn(old: old, new: $0) } ?? []
      if let new {
        if let wrong = wrongRows(final: final, new: new) {
          return verdict(.wrongRows, .c1, wrong, warnings: warnings)
        }
        if let stale = staleContent(snapshot, start: start, apply: apply, old: old, new: new) {
          return verdict(.staleContent, .c2, stale, warnings: warnings)
        }
      }
      if let log = logs.first { return verdict(.logged, log.rule, log.message, warnings: warnings) }
      return verdict(.valid, nil, nil, warnings: warnings)
    }
    if let log = logs.first { return verdict(.logged, log.rule, log.message) }
    return verdict(.valid, nil, nil)
  }

  /// C1: the first section list or item run that differs from the intended one.
  static func wrongRows(
    final: [(section: SectionID, items: [ItemID])], new: [SnapshotSection<SectionID, ItemID>]
  ) -> String? {
    let finalSections = final.map(\.section)
    let newSections = new.map(\.id)
    guard finalSections == newSections else {
      return
        "the snapshot's sections are \(listText(finalSections)) where the intended ones are \(listText(newSections))"
    }
    for (section, intended) in zip(final, new) {
      let ids = intended.rows.map(\.id)
      if section.items != ids {
        return
          "section \(SnapshotText.identifier(section.section)) holds \(listText(section.items)) where the intended items are \(listText(ids))"
      }
    }
    return nil
  }

  /// C2: the first kept item, in the final order, whose content changed and
  /// that nothing refreshed.
  static func staleContent(
    _ snapshot: SimulatedSnapshot<SectionID, ItemID>, start: SnapshotStart, apply: SnapshotApply,
    old: [SnapshotSection<SectionID, ItemID>], new: [SnapshotSection<SectionID, ItemID>]
  ) -> String? {
    guard apply != .reloadData else { return nil }
    let oldContent = contents(old)
    let newContent = contents(new)
    // Inferred: UIKit's single-update fast path re-renders what S3 re-inserted.
    let fastPath = start == .old && snapshot.journal.mutations == 1
    let reinserted = Set(snapshot.journal.firstCallReinserted.map { IdentityKey($0) })
    for run in snapshot.contents {
      if snapshot.isReloaded(section: run.section) { continue }
      for item in run.items {
        let key = IdentityKey(item)
        guard let before = oldContent[key], let after = newContent[key], before != after,
          !snapshot.isRefreshed(item: item), !(fastPath && reinserted.contains(key))
        else { continue }
        return
          "item \(SnapshotText.identifier(item))'s content changed (\(text(before)) to \(text(after))), but it was neither reloaded nor reconfigured: its cell still shows the old content"
      }
    }
    return nil
  }

  /// Q1: rows whose key is in old and new with another id, in new's order.
  /// A row without a key is keyed by its id (when the id is a string or an
  /// integer, the values a key can hold).
  static func identityChurn(
    old: [SnapshotSection<SectionID, ItemID>], new: [SnapshotSection<SectionID, ItemID>]
  ) -> [SnapshotWarning<ItemID>] {
    var oldIDs: [RowValue: ItemID] = [:]
    for row in old.lazy.flatMap(\.rows) {
      if let key = key(of: row), oldIDs[key] == nil { oldIDs[key] = row.id }
    }
    return new.lazy.flatMap(\.rows).compactMap { row in
      guard let key = key(of: row), let before = oldIDs[key],
        IdentityKey(before) != IdentityKey(row.id)
      else { return nil }
      return SnapshotWarning(rule: .q1, key: key, oldID: before, newID: row.id)
    }
  }

  /// A row's key: its own, or its id as a row value.
  private static func key(of row: SnapshotRow<ItemID>) -> RowValue? {
    if let key = row.key { return key }
    switch SnapshotIdentifier(describing: row.id) {
    case .string(let text)
    where row.id is String || row.id is SnapshotIdentifier
      || row.id is RowValue:
      return .string(text)
    case .integer(let number): return .int(number)
    default: return nil
    }
  }

  private static func contents(
    _ sections: [SnapshotSection<SectionID, ItemID>]
  ) -> [IdentityKey<ItemID>: RowValue?] {
    var result: [IdentityKey<ItemID>: RowValue?] = [:]
    for row in sections.lazy.flatMap(\.rows) where result[IdentityKey(row.id)] == nil {
      result[IdentityKey(row.id)] = .some(row.content)
    }
    return result
  }

  private static func text(_ content: RowValue?) -> String {
    content.map(\.description) ?? "none"
  }

  private static func listText<ID: Hashable>(_ ids: [ID]) -> String {
    "[" + ids.map { SnapshotText.identifier($0) }.joined(separator: ", ") + "]"
  }
}

extension SnapshotVerdict: Sendable where SectionID: Sendable, ItemID: Sendable {}
