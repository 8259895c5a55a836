/// A section move: `from` is an old-space section, `to` a new-space section.
public struct SectionMove: Hashable, Sendable {
  /// The section's index in the old state.
  public var from: Int
  /// The section's index in the new (final) state.
  public var to: Int

  /// A move of old-space section `from` to new-space section `to`.
  public init(from: Int, to: Int) {
    self.from = from
    self.to = to
  }
}

/// A row move: `from` is an old-space path, `to` a new-space path.
public struct RowMove: Hashable, Sendable {
  /// The row's path in the old state.
  public var from: RowPath
  /// The row's path in the new (final) state.
  public var to: RowPath

  /// A move of the row at old-space path `from` to new-space path `to`.
  public init(from: RowPath, to: RowPath) {
    self.from = from
    self.to = to
  }
}

/// One batch update, as a diff hands it to `performBatchUpdates`.
///
///     var update = BatchUpdate()
///     update.deleteRows = [RowPath(0, 1)]
///     update.insertRows = [RowPath(0, 0)]
///
/// A `BatchUpdate` can hold anything, nonsense included: duplicates, negative
/// or huge numbers, conflicting operations. Judging it is the simulator's job.
/// The order of the elements inside each array is kept, because UIKit's
/// stable sorts make a few messages depend on it (rule R16).
///
/// Index spaces (<doc:UIKitRules>): `deleteSections`, `reloadSections`,
/// `deleteRows`, `reloadRows` and move sources are in the **old** state;
/// `insertSections`, `insertRows` and move destinations in the **new** state.
public struct BatchUpdate: Hashable, Sendable {
  /// Sections to delete, old space.
  public var deleteSections: [Int]
  /// Sections to insert, new space.
  public var insertSections: [Int]
  /// Sections to reload, old space.
  public var reloadSections: [Int]
  /// Section moves, from old space to new space.
  public var moveSections: [SectionMove]
  /// Rows to delete, old space.
  public var deleteRows: [RowPath]
  /// Rows to insert, new space.
  public var insertRows: [RowPath]
  /// Rows to reload, old space.
  public var reloadRows: [RowPath]
  /// Row moves, from old space to new space.
  public var moveRows: [RowMove]
  /// Rows to reconfigure (iOS 15 and later, so the `ios18` profile only),
  /// old space: the cell on screen at each path before the update is
  /// configured again, at once, with the data source's row at that path.
  /// UIKit checks nothing of them: no bounds, no conflict, no count.
  public var reconfigureRows: [RowPath]

  /// An update holding these operations, each array in the order given;
  /// every one empty by default (no change).
  public init(
    deleteSections: [Int] = [], insertSections: [Int] = [], reloadSections: [Int] = [],
    moveSections: [SectionMove] = [], deleteRows: [RowPath] = [], insertRows: [RowPath] = [],
    reloadRows: [RowPath] = [], moveRows: [RowMove] = [], reconfigureRows: [RowPath] = []
  ) {
    self.reconfigureRows = reconfigureRows
    self.deleteSections = deleteSections
    self.insertSections = insertSections
    self.reloadSections = reloadSections
    self.moveSections = moveSections
    self.deleteRows = deleteRows
    self.insertRows = insertRows
    self.reloadRows = reloadRows
    self.moveRows = moveRows
  }

  /// The number of operations, counting each element of each array once.
  public var operationCount: Int {
    deleteSections.count + insertSections.count + reloadSections.count + moveSections.count
      + deleteRows.count + insertRows.count + reloadRows.count + moveRows.count
      + reconfigureRows.count
  }

  /// Whether the update holds no operation at all (rule R26).
  public var isEmpty: Bool { operationCount == 0 }
}
