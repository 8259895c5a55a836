/// One case of a snapshot check: the old model (the applied state, each
/// id once) and the new one (as generated).
///
///     let pair = SnapshotModelPair(old: SnapshotCheckModel(sections: []), new: model)
///     pair.rowCount  // the rows of both sides
struct SnapshotModelPair: Hashable, Sendable {
  var old: SnapshotCheckModel
  var new: SnapshotCheckModel

  /// The rows of both sides.
  var rowCount: Int {
    old.sections.reduce(0) { $0 + $1.rows.count } + new.sections.reduce(0) { $0 + $1.rows.count }
  }

  /// The pair with every id made again from its key and content, and old
  /// reduced to its first occurrences: what a shrink step leaves must be a
  /// case the engine could have made.
  func normalized(contentInIdentity: Bool) -> SnapshotModelPair {
    SnapshotModelPair(
      old: old.identified(contentInIdentity: contentInIdentity).firstOccurrences,
      new: new.identified(contentInIdentity: contentInIdentity))
  }
}

/// The code under test as the engine runs it: the user's builder or
/// editor on a `SimulatedSnapshot`, the model mapped to the user's ids, and
/// the apply-time verdict.
///
///     let outcome = trial.run(pair)
///     outcome.verdict.kind  // .wrongRows
///
/// - Complexity: one run of the user's code, plus O(*n*) mapping and the
///   judge's cost (`SnapshotVerdict.judge`).
struct SnapshotTrial<S: Hashable, I: Hashable> {
  /// A builder starts from an empty snapshot, an editor from the old one.
  let shape: SnapshotCodeShape
  let apply: SnapshotApply
  /// Whether rows carry their key (content in identity: Q1 is judged).
  let keyed: Bool
  let sectionID: (Int) -> S
  let itemID: (SnapshotCheckModel.Row) -> I
  /// Runs the user's code on (old, new), given old mapped to the user's ids.
  let code:
    (SnapshotCheckModel, SnapshotCheckModel, [SnapshotSection<S, I>]) -> SimulatedSnapshot<S, I>

  var start: SnapshotStart { shape == .builder ? .empty : .old }

  /// The model in the user's ids, with contents (0 written as none) and,
  /// when ids embed content, keys.
  func sections(_ model: SnapshotCheckModel) -> [SnapshotSection<S, I>] {
    model.sections.map { section in
      SnapshotSection(
        id: sectionID(section.id),
        rows: section.rows.map { row in
          SnapshotRow(
            id: itemID(row), content: row.content == 0 ? nil : .int(row.content),
            key: keyed ? .string(row.key) : nil)
        })
    }
  }

  /// Runs the code on `pair` and judges its snapshot against the intended
  /// state: new, as a snapshot can hold it (each id at its first occurrence).
  func run(_ pair: SnapshotModelPair) -> SnapshotOutcome<S, I> {
    let old = SnapshotSection.firstOccurrences(sections(pair.old))
    let intended = SnapshotSection.firstOccurrences(sections(pair.new))
    let snapshot = code(pair.old, pair.new, old)
    let verdict = SnapshotVerdict.judge(
      snapshot, start: start, apply: apply, old: old, new: intended)
    return SnapshotOutcome(verdict: verdict, calls: snapshot.calls, old: old, intended: intended)
  }
}

/// What one run of the code gave: the verdict, the calls it made, and the
/// old and intended states it was judged against, in the user's ids.
struct SnapshotOutcome<S: Hashable, I: Hashable> {
  let verdict: SnapshotVerdict<S, I>
  let calls: [SnapshotCall<S, I>]
  let old: [SnapshotSection<S, I>]
  let intended: [SnapshotSection<S, I>]

  /// The kind of failure; nil when the verdict is valid.
  var kind: SnapshotFailureKind? {
    verdict.isValid ? nil : SnapshotFailureKind(verdict: verdict.kind, rule: verdict.rule)
  }
}

/// Whether the code under test builds a snapshot from nothing or edits
/// the applied one.
public enum SnapshotCodeShape: String, Hashable, Sendable, CaseIterable {
  /// Starts from `NSDiffableDataSourceSnapshot()` and builds the whole state.
  case builder
  /// Starts from `dataSource.snapshot()` (the old state) and edits it.
  case editor
}

/// A kind of failure of snapshot code: the verdict and its rule
/// (`exception S1`, `wrongRows C1`, `staleContent C2`, `logged S3`).
///
///     SnapshotFailureKind(verdict: .wrongRows, rule: .c1).description  // wrongRows C1
public struct SnapshotFailureKind: Hashable, Sendable, CustomStringConvertible {
  /// The verdict: anything but valid.
  public let verdict: SnapshotVerdictKind
  /// Its rule.
  public let rule: SnapshotRule?

  /// A kind.
  public init(verdict: SnapshotVerdictKind, rule: SnapshotRule?) {
    self.verdict = verdict
    self.rule = rule
  }

  /// `exception S1`.
  public var description: String { verdict.headline(rule) }
}
