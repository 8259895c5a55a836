/// A table view that applies batch updates the way UIKit does, without UIKit.
///
/// It holds what UIKit caches before an update (the old data source) and
/// judges an update against what the data source returns afterwards, with the
/// rules of <doc:UIKitRules>: index spaces, UIKit's check order, the reload
/// decomposition and its quirks, the drops inside deleted and inserted
/// sections, and UIKit's exact messages. After an update UIKit accepts, it also
/// checks which row each cell shows (rules C1 and C2), which UIKit never does.
///
///     let table = SimulatedTableView([[Row("a"), Row("b")]])
///     let verdict = table.performBatchUpdates(
///       BatchUpdate(reloadRows: [RowPath(0, 1)], moveRows: [RowMove(from: RowPath(0, 1), to: RowPath(0, 0))]),
///       dataSource: [[Row("b"), Row("a")]])
///     // exception R11: attempt to perform a delete and a move from the same
///     // index path ({length = 2, path = 0 - 1})
///
/// The table is a value: `performBatchUpdates` judges and returns a verdict and
/// leaves the table as it was.
public struct SimulatedTableView<OldData: TableDataSource> {
  /// The rows before the update, as UIKit last cached them.
  public let oldData: OldData
  /// The view semantics and duplicates policy.
  public let options: SimulationOptions

  /// Creates a table showing `oldData`.
  ///
  /// - Parameters:
  ///   - oldData: the rows before the update; only its counts are read until
  ///     an accepted update's rows are checked.
  ///   - options: UITableView with duplicates rejected, unless said otherwise.
  public init(_ oldData: OldData, options: SimulationOptions = .default) {
    self.oldData = oldData
    self.options = options
  }

  /// Creates a table showing `oldData` with the given semantics and policy.
  public init(
    _ oldData: OldData, semantics: ViewSemantics, duplicates: DuplicatesPolicy = .reject
  ) {
    self.init(oldData, options: SimulationOptions(semantics: semantics, duplicates: duplicates))
  }

  /// Applies `update` against what `dataSource` returns afterwards and says
  /// what UIKit would do, and whether the table would then show the right rows.
  ///
  /// - Parameters:
  ///   - update: the batch update; any numbers at all.
  ///   - dataSource: what the data source returns after the update block.
  /// - Returns: the verdict: `valid`, `exception` (rule and UIKit's text),
  ///   `duplicate`, `fallback`, `wrongRows` or `staleContent`.
  /// - Complexity: O(*n* + *k* log *k*), where *n* is the number of rows in
  ///   both states and *k* the number of operations (see
  ///   <doc:SimulatedTableView> for the one quirk that can add more).
  public func performBatchUpdates<NewData: TableDataSource>(
    _ update: BatchUpdate, dataSource: NewData
  ) -> Verdict {
    var counter = OperationCounter()
    if let verdict = fastValid(update, dataSource: dataSource, counter: &counter) { return verdict }
    return simulate(update, dataSource: dataSource, counter: &counter)
  }
}

/// Counts the elementary steps of one simulation, so tests can prove its
/// complexity without timing it.
struct OperationCounter {
  var steps = 0

  @inline(__always) mutating func add(_ n: Int = 1) {
    steps &+= n
  }
}
