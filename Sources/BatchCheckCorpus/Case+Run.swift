import BatchCheck

extension Case {
  /// Runs the case through the simulator and returns its verdict.
  ///
  ///     Case(old: [[Row("a")]], new: [[Row("a")]], update: BatchUpdate()).run()
  ///     // valid
  ///
  /// A case without an update runs the empty update (which is valid exactly
  /// when the counts do not change, spec R26).
  ///
  /// - Returns: the verdict of `SimulatedTableView(old, options:)` for
  ///   `update` (or the empty update) against `new`.
  public func run() -> Verdict {
    SimulatedTableView(old, options: options)
      .performBatchUpdates(update ?? BatchUpdate(), dataSource: new)
  }
}
