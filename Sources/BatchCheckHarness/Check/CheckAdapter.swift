import BatchCheck

/// Checks code that applies a diff to a table or collection view: runs it
/// on a ``HarnessTableView`` (or ``HarnessCollectionView``) for random
/// model pairs in random schedules, judges every batch as UIKit would, and
/// shrinks each kind of failure to a smallest model pair and schedule, with
/// a case line that replays it.
///
///     let report = checkAdapter { (table: HarnessTableView, old, new, setData) in
///       let stages = try? HeckelStagedGenerator().stages(from: old, to: new)
///       table.reload(using: stages ?? [], setData: setData)
///     }
///     report.passed                // true when every batch was valid
///     report.failures.first?.kind  // exception R2 A5: setData given the final data
///
/// Each trial starts a fresh view whose data source returns the old model,
/// in one of four states (on screen, never loaded, needing layout, out of
/// its window), maybe ends a main-queue turn first, runs `apply` with the
/// old and new models, maybe runs it again from new back to old (in the
/// same turn or the next), and ends the turn, running the completion
/// handlers owed. `setData` sets what the data source returns from then
/// on: call it where the app sets its model. Every outcome that is not
/// `valid` is a failure of the kind its verdict, rule and cause make.
///
/// - Parameters:
///   - name: what the report calls the code.
///   - options: seed, number and size of trials, the view's UIKit, budget.
///   - apply: the code under test; name the view's type in the closure.
/// - Returns: the report; the same options and code give the same report.
/// - Complexity: O(*t* × *c*) for *t* trials and *c* the cost of one run of
///   the code and the judge, plus at most `options.shrinkBudget` runs per
///   kind of failure.
@MainActor
public func checkAdapter<View: HarnessView>(
  named name: String = "apply code", options: AdapterCheckOptions = AdapterCheckOptions(),
  apply: AdapterApply<View>
) -> AdapterCheckReport {
  withoutActuallyEscaping(apply) { apply in
    var run = AdapterCheckRun(
      name: name, options: options, trial: AdapterTrial(options: options.harness, apply: apply))
    return run.report()
  }
}
