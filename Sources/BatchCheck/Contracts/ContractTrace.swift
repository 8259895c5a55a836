/// The simulator's trace of judged changes, for a report drawn outside the
/// engine (`batchcheck validate`, a case's HTML picture): the trace of one
/// batch, or of the failing stage of staged batches. The engine keeps its
/// own trace of each failure (`CheckFailure.trace`).
package enum ContractTrace {
  /// Rows (old and new) above which a case's trace is left out.
  package static let rowLimit = 5_000
  /// Sections (old and new) above which a case's trace is left out.
  package static let sectionLimit = 200

  /// The labelled trace of `changes` from `old` to `new`: `("trace", lines)`
  /// for one batch, `("trace of stage N", lines)` for the failing stage
  /// `position` of staged batches, nothing for steps or for staged batches
  /// with no failing stage. A case over `rowLimit` rows or `sectionLimit`
  /// sections gets a line saying its trace is left out.
  ///
  /// - Complexity: one simulation of the batch or of the failing stage.
  package static func trace(
    old: [[Row]], new: [[Row]], changes: ContractChanges, position: ChangesPosition?,
    options: SimulationOptions
  ) -> (label: String, lines: [String])? {
    let rows = old.reduce(0) { $0 + $1.count } + new.reduce(0) { $0 + $1.count }
    guard rows <= rowLimit, old.count + new.count <= sectionLimit else {
      return ("trace", ["left out: the case has \(rows) rows"])
    }
    switch changes {
    case .batch(let update):
      return (
        "trace", SimulatedTableView(old, options: options).trace(update, dataSource: new).lines
      )
    case .staged(let stages):
      guard case .stage(let stage)? = position, stage >= 1, stage <= stages.count else {
        return nil
      }
      let before = stage == 1 ? old : stages[stage - 2].data
      let lines = SimulatedTableView(before, options: options).trace(
        stages[stage - 1].update, dataSource: stages[stage - 1].data
      ).lines
      return ("trace of stage \(stage)", lines)
    case .steps:
      return nil
    }
  }
}
