extension SnapshotVerdict {
  /// The same verdict with every id as a case file writes it
  /// (`SnapshotIdentifier(describing:)`); the message stays UIKit's text
  /// for the original ids.
  ///
  ///     verdict.described.final  // [(.integer(0), [.string("a")])]
  ///
  /// - Complexity: O(*n*) in the ids it holds.
  var described: SnapshotVerdict<SnapshotIdentifier, SnapshotIdentifier> {
    SnapshotVerdict<SnapshotIdentifier, SnapshotIdentifier>(
      kind: kind, rule: rule, message: message, call: call, logs: logs,
      warnings: warnings.map { warning in
        SnapshotWarning(
          rule: warning.rule, key: warning.key,
          oldID: SnapshotIdentifier(describing: warning.oldID),
          newID: SnapshotIdentifier(describing: warning.newID))
      },
      final: final?.map { run in
        (
          section: SnapshotIdentifier(describing: run.section),
          items: run.items.map { SnapshotIdentifier(describing: $0) }
        )
      },
      answers: answers?.map { $0.described })
  }
}

extension SnapshotAnswer {
  /// The answer with case-file ids.
  var described: SnapshotAnswer<SnapshotIdentifier, SnapshotIdentifier> {
    switch self {
    case .count(let count): return .count(count)
    case .index(let index): return .index(index)
    case .section(let section): return .section(section.map { SnapshotIdentifier(describing: $0) })
    case .items(let items): return .items(items.map { SnapshotIdentifier(describing: $0) })
    case .sections(let sections):
      return .sections(sections.map { SnapshotIdentifier(describing: $0) })
    }
  }
}

extension SnapshotSection {
  /// The section with case-file ids; contents and keys unchanged.
  var described: SnapshotSection<SnapshotIdentifier, SnapshotIdentifier> {
    SnapshotSection<SnapshotIdentifier, SnapshotIdentifier>(
      id: SnapshotIdentifier(describing: id),
      rows: rows.map { row in
        SnapshotRow(id: SnapshotIdentifier(describing: row.id), content: row.content, key: row.key)
      })
  }
}
