/// Checks code that builds a diffable snapshot from nothing: runs it on
/// every small model and on random ones, judges each snapshot as UIKit
/// would apply it, and shrinks each kind of failure to a smallest model.
///
///     func feedSnapshot<Snapshot: SnapshotEditing>(_ model: SnapshotCheckModel) -> Snapshot
///     where Snapshot.SectionIdentifierType == Int, Snapshot.ItemIdentifierType == String {
///       var snapshot = Snapshot()
///       snapshot.appendSections(model.sections.map(\.id))
///       for section in model.sections {
///         snapshot.appendItems(section.rows.map(\.id), toSection: section.id)
///       }
///       return snapshot
///     }
///     let report = checkSnapshotBuilder { (model: SnapshotCheckModel) -> SimulatedSnapshot<Int, String> in
///       feedSnapshot(model)
///     }
///     report.failures.map(\.kind)  // [exception S1, wrongRows C1]
///
/// Write the code once, generic over `SnapshotEditing`: the app runs it
/// with `NSDiffableDataSourceSnapshot`, the check with `SimulatedSnapshot`.
/// The builder gets the new model and must start from an empty snapshot
/// (`Snapshot()`). Each snapshot is judged (`SnapshotVerdict.judge`, start
/// `.empty`) against the intended state: the new model in the code's ids,
/// each section id and item id at its first occurrence, as a snapshot can
/// hold it. A builder whose ids do not change with content must
/// reconfigure the items whose content changed, which it can only know
/// from the old model: use the overload whose closure takes both.
///
/// - Parameters:
///   - name: what the report calls the code.
///   - options: seed, phase sizes, ids with content, apply mode, shrink budget.
///   - sectionID: the code's section id for a model section id.
///   - itemID: the code's item id for a model row (usually from `row.id`).
///   - build: the code under test.
/// - Returns: the report; the same options and code give the same report.
/// - Complexity: O(*m* × *c*) for *m* models (with the defaults, about
///   4,400) and *c* the cost of one run of the code and the judge, plus at
///   most `options.shrinkBudget` runs per kind of failure.
public func checkSnapshotBuilder<S: Hashable, I: Hashable>(
  named name: String = "snapshot builder", options: SnapshotCheckOptions = SnapshotCheckOptions(),
  sectionID: (Int) -> S, itemID: (SnapshotCheckModel.Row) -> I,
  build: (SnapshotCheckModel) -> SimulatedSnapshot<S, I>
) -> SnapshotCheckReport {
  checkSnapshotBuilder(named: name, options: options, sectionID: sectionID, itemID: itemID) {
    _, new in build(new)
  }
}

/// `checkSnapshotBuilder(named:options:sectionID:itemID:build:)` for a
/// builder that also gets the old model (the state on screen), as one that
/// reconfigures the items whose content changed needs.
///
///     checkSnapshotBuilder(sectionID: { $0 }, itemID: { $0.id }) {
///       (old: SnapshotCheckModel, new: SnapshotCheckModel) -> SimulatedSnapshot<Int, String> in
///       refreshedFeed(old: old, new: new)
///     }
///
/// - Complexity: as the overload without the old model.
public func checkSnapshotBuilder<S: Hashable, I: Hashable>(
  named name: String = "snapshot builder", options: SnapshotCheckOptions = SnapshotCheckOptions(),
  sectionID: (Int) -> S, itemID: (SnapshotCheckModel.Row) -> I,
  build: (_ old: SnapshotCheckModel, _ new: SnapshotCheckModel) -> SimulatedSnapshot<S, I>
) -> SnapshotCheckReport {
  runSnapshotCheck(
    name: name, options: options, shape: .builder, sectionID: sectionID, itemID: itemID
  ) { old, new, _ in build(old, new) }
}

/// Checks code that edits the applied snapshot towards a new model: it
/// gets `SimulatedSnapshot` holding the old model, as an app's
/// `dataSource.snapshot()` returns it, with the old and new models.
///
///     checkSnapshotEditor(sectionID: { $0 }, itemID: { $0.id }) {
///       (snapshot: inout SimulatedSnapshot<Int, String>, old, new) in
///       moveTowards(&snapshot, old: old, new: new)
///     }
///
/// Judged as `checkSnapshotBuilder` judges, but from the old state (start
/// `.old`): the calls start from a snapshot of old's sections and items in
/// the code's ids.
///
/// - Parameters:
///   - name: what the report calls the code.
///   - options: seed, phase sizes, ids with content, apply mode, shrink budget.
///   - sectionID: the code's section id for a model section id.
///   - itemID: the code's item id for a model row.
///   - edit: the code under test.
/// - Returns: the report.
/// - Complexity: as `checkSnapshotBuilder`.
public func checkSnapshotEditor<S: Hashable, I: Hashable>(
  named name: String = "snapshot editor", options: SnapshotCheckOptions = SnapshotCheckOptions(),
  sectionID: (Int) -> S, itemID: (SnapshotCheckModel.Row) -> I,
  edit: (
    inout SimulatedSnapshot<S, I>, _ old: SnapshotCheckModel, _ new: SnapshotCheckModel
  ) -> Void
) -> SnapshotCheckReport {
  runSnapshotCheck(
    name: name, options: options, shape: .editor, sectionID: sectionID, itemID: itemID
  ) { old, new, applied in
    var snapshot = SimulatedSnapshot(applied)
    edit(&snapshot, old, new)
    return snapshot
  }
}

/// `checkSnapshotBuilder` for code whose ids are the model's own values
/// (`SimulatedSnapshot<Int, String>`, `<RowValue, RowValue>`,
/// `<SnapshotIdentifier, SnapshotIdentifier>`): no mapping closures.
///
///     checkSnapshotBuilder { (model: SnapshotCheckModel) -> SimulatedSnapshot<Int, String> in
///       feedSnapshot(model)
///     }
///
/// - Complexity: as the overload with mapping closures.
public func checkSnapshotBuilder<S: SnapshotCheckSectionID, I: SnapshotCheckItemID>(
  named name: String = "snapshot builder", options: SnapshotCheckOptions = SnapshotCheckOptions(),
  build: (SnapshotCheckModel) -> SimulatedSnapshot<S, I>
) -> SnapshotCheckReport {
  checkSnapshotBuilder(
    named: name, options: options, sectionID: { S(modelSection: $0) },
    itemID: { I(modelItem: $0.id) }, build: build)
}

/// `checkSnapshotBuilder` with the old model too, for code whose ids are
/// the model's own values.
///
///     checkSnapshotBuilder {
///       (old: SnapshotCheckModel, new: SnapshotCheckModel) -> SimulatedSnapshot<Int, String> in
///       refreshedFeed(old: old, new: new)
///     }
///
/// - Complexity: as the overload with mapping closures.
public func checkSnapshotBuilder<S: SnapshotCheckSectionID, I: SnapshotCheckItemID>(
  named name: String = "snapshot builder", options: SnapshotCheckOptions = SnapshotCheckOptions(),
  build: (_ old: SnapshotCheckModel, _ new: SnapshotCheckModel) -> SimulatedSnapshot<S, I>
) -> SnapshotCheckReport {
  checkSnapshotBuilder(
    named: name, options: options, sectionID: { S(modelSection: $0) },
    itemID: { I(modelItem: $0.id) }, build: build)
}

/// `checkSnapshotEditor` for code whose ids are the model's own values.
///
///     checkSnapshotEditor { (snapshot: inout SimulatedSnapshot<Int, String>, old, new) in
///       moveTowards(&snapshot, old: old, new: new)
///     }
///
/// - Complexity: as the overload with mapping closures.
public func checkSnapshotEditor<S: SnapshotCheckSectionID, I: SnapshotCheckItemID>(
  named name: String = "snapshot editor", options: SnapshotCheckOptions = SnapshotCheckOptions(),
  edit: (
    inout SimulatedSnapshot<S, I>, _ old: SnapshotCheckModel, _ new: SnapshotCheckModel
  ) -> Void
) -> SnapshotCheckReport {
  checkSnapshotEditor(
    named: name, options: options, sectionID: { S(modelSection: $0) },
    itemID: { I(modelItem: $0.id) }, edit: edit)
}

/// The one body of the entry points: the trial, the run, the report.
private func runSnapshotCheck<S: Hashable, I: Hashable>(
  name: String, options: SnapshotCheckOptions, shape: SnapshotCodeShape,
  sectionID: (Int) -> S, itemID: (SnapshotCheckModel.Row) -> I,
  code: (SnapshotCheckModel, SnapshotCheckModel, [SnapshotSection<S, I>]) -> SimulatedSnapshot<S, I>
) -> SnapshotCheckReport {
  withoutActuallyEscaping(sectionID) { sectionID in
    withoutActuallyEscaping(itemID) { itemID in
      withoutActuallyEscaping(code) { code in
        let trial = SnapshotTrial(
          shape: shape, apply: options.apply, keyed: options.contentInIdentity,
          sectionID: sectionID, itemID: itemID, code: code)
        // The model's own ids get the engine and the judge compiled for
        // them: the run takes about half the time it takes through
        // generic metadata.
        if let own = trial as? SnapshotTrial<Int, String> {
          var run = SnapshotCheckRun(name: name, options: options, trial: own)
          return run.report()
        }
        var run = SnapshotCheckRun(name: name, options: options, trial: trial)
        return run.report()
      }
    }
  }
}
