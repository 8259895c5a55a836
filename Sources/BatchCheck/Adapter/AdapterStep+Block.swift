extension AdapterStep {
  /// The steps a `performBatchUpdates` block runs; nil for every other step.
  ///
  ///     AdapterStep.performBatchUpdates([.reloadData]).blockSteps  // [.reloadData]
  ///     AdapterStep.drain.blockSteps                                // nil
  package var blockSteps: [AdapterStep]? {
    if case .performBatchUpdates(let steps) = self { return steps }
    return nil
  }
}
