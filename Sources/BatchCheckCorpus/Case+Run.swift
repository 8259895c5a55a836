import BatchCheck

extension Case {
  /// Runs the case through the simulator and returns its verdict.
  ///
  ///     Case(old: [[Row("a")]], new: [[Row("a")]], update: BatchUpdate()).run()
  ///     // valid
  ///
  /// A case without an update runs the empty update (which is valid exactly
  /// when the counts do not change, rule R26).
  ///
  /// - Returns: the verdict of `SimulatedTableView(old, options:)` for
  ///   `update` (or the empty update) against `new`; for a staged or steps
  ///   case (BatchCheck's contract extension) the verdict of its contract's
  ///   validator (`judge()` also says which other contract would fit).
  public func run() -> Verdict {
    ContractValidator.judge(changes, old: old, new: new, options: options).verdict
  }
}
