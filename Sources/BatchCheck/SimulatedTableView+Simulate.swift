extension SimulatedTableView {
  /// The whole simulation; see `performBatchUpdates`.
  func simulate<NewData: TableDataSource>(
    _ update: BatchUpdate, dataSource: NewData, counter: inout OperationCounter
  ) -> Verdict {
    .valid  // replaced by the real simulation
  }
}
