extension EditSize {
  /// The record of `changes` from `old` to `new`, in any of the three
  /// shapes: staged batches and sequential steps are measured as the whole
  /// change from old to new, the operations of every stage or step added
  /// up against the same minimum as one batch's.
  ///
  ///     // [a b] -> [b a] as two steps: delete a, insert it at the end.
  ///     let size = EditSize(
  ///       old: [[Row("a"), Row("b")]], new: [[Row("b"), Row("a")]],
  ///       changes: .steps([.delete(at: RowPath(0, 0)), .insert(at: RowPath(0, 1), row: Row("a"))]))
  ///     size.deletes                  // 1
  ///     size.minimumDeletes           // 0
  ///     size.deletedAndInsertedAgain  // 1: a move would have kept the row
  ///
  /// A stage is one batch from the previous stage's data to its own; a
  /// step one UIKit call from the data the previous step left (an update
  /// step a reload, counted as `init(old:new:update:pairBudget:)` counts
  /// one). Steps are measured up to the first one out of range. The record
  /// of staged batches or steps has no per-section figures (`sections` is
  /// empty): their section indexes differ from stage to stage.
  ///
  /// - Complexity: that of `init(old:new:update:pairBudget:)` for one
  ///   batch; for stages or steps, O(*n*) more per stage or step, where *n*
  ///   is the number of rows.
  public init(
    old: [[Row]], new: [[Row]], changes: ContractChanges,
    pairBudget: Int = EditSize.defaultPairBudget
  ) {
    var issued = EditSize()
    switch changes {
    case .batch(let update):
      self.init(old: old, new: new, update: update, pairBudget: pairBudget)
      return
    case .staged(let stages):
      var data = old
      for stage in stages {
        issued = issued + Self.issued(old: data, new: stage.data, update: stage.update)
        data = stage.data
      }
    case .steps(let steps):
      var data = old
      for step in steps {
        guard let next = step.applied(to: data) else { break }
        issued = issued + Self.issued(old: data, new: next, update: step.batch)
        data = next
      }
    }
    self = issued
    var sections = (0..<Self.sectionCount(old, new)).map { SectionEditSize(section: $0) }
    var workspace = Workspace()
    measureLeast(
      old: old, new: new, into: &sections, pairBudget: pairBudget, workspace: &workspace)
  }

  /// What `update` from `old` to `new` issues, and no minimum.
  private static func issued(old: [[Row]], new: [[Row]], update: BatchUpdate) -> EditSize {
    var size = EditSize()
    var sections = (0..<sectionCount(old, new)).map { SectionEditSize(section: $0) }
    size.issued(old: old, new: new, update: update, into: &sections)
    return size
  }
}
