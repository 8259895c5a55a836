import BatchCheck
import Foundation

/// A simulated `UITableView` that reads a live data source at the moments
/// UIKit does, records every call, and judges each batch as UIKit would:
/// apply code written against ``BatchTableView`` runs on it in a Linux test.
///
///     var model: [[Row]] = [["a", "b"].map { Row($0) }]
///     let table = HarnessTableView(rows: { model })
///     table.performBatchUpdates {
///       model[0].append(Row("c"))
///       table.insertRows(at: [IndexPath(row: 2, section: 0)], with: .automatic)
///     }
///     table.report.verdict     // valid
///     table.caseLine()         // the run as a replayable case line
///
/// Before each call (and before the end of each `performBatchUpdates`
/// block) the view peeks at the source: a change since the last call is
/// recorded as a model change, so ``HarnessView/script`` replays the run.
/// `numberOfSections` and `numberOfRows(inSection:)` answer UIKit's cached
/// counts, after any read the call makes. Completion handlers run at the
/// next ``HarnessViewBase/drain()``, with `true`. An exception ends the view, as the crash
/// would: later calls are recorded, not applied, and no completion runs.
/// A layout pass, a window and a geometry change happen only when the test
/// says so (``HarnessViewBase/drain()``, ``HarnessViewBase/setInWindow(_:)``, ``HarnessViewBase/simulateGeometryChange()``).
@MainActor public final class HarnessTableView: HarnessViewBase, BatchTableView, HarnessView {
  /// The harness draws nothing: every animation is the same to it.
  public typealias RowAnimation = HarnessRowAnimation
  /// The harness's window.
  public typealias Window = HarnessWindow

  /// A table view.
  public static var semantics: ViewSemantics { .tableView }

  /// A table in `start`, following `options`, whose data source returns
  /// what `rows` returns when asked.
  ///
  /// - Parameters:
  ///   - start: loaded, laid out and in a window by default.
  ///   - options: iOS 18, a modern SDK, a plain data source by default.
  ///   - rows: the live model; read at the start and before every call.
  public init(
    start: HarnessStart = .laidOut, options: HarnessOptions = HarnessOptions(),
    rows: @escaping () -> [[Row]]
  ) {
    super.init(
      core: HarnessCore(semantics: .tableView, start: start, options: options, rows: rows))
  }

  /// A table whose live data source is `dataSource`, an object answering
  /// UIKit's questions; its rows are copied at each peek.
  public convenience init(
    start: HarnessStart = .laidOut, options: HarnessOptions = HarnessOptions(),
    dataSource: some TableDataSource & AnyObject
  ) {
    self.init(start: start, options: options) { dataSource.copiedRows() }
  }

  // MARK: UITableView

  /// UIKit's cached number of rows in `section`; 0 for a section it does not hold.
  public func numberOfRows(inSection section: Int) -> Int { core.count(section: section) }

  /// Opens a batch closed by ``endUpdates()``.
  public func beginUpdates() { core.perform(.beginUpdates) }
  /// Closes a batch; the outermost end reads the "after" and judges it.
  public func endUpdates() { core.perform(.endUpdates) }

  /// Inserts sections, at new-space indexes.
  public func insertSections(_ sections: IndexSet, with animation: HarnessRowAnimation) {
    core.mutation(.insertSections(Array(sections)))
  }

  /// Deletes sections, at old-space indexes.
  public func deleteSections(_ sections: IndexSet, with animation: HarnessRowAnimation) {
    core.mutation(.deleteSections(Array(sections)))
  }

  /// Reloads sections, at old-space indexes.
  public func reloadSections(_ sections: IndexSet, with animation: HarnessRowAnimation) {
    core.mutation(.reloadSections(Array(sections)))
  }

  /// Moves a section from an old-space index to a new-space index.
  public func moveSection(_ section: Int, toSection newSection: Int) {
    core.mutation(.moveSections(SectionMove(from: section, to: newSection)))
  }

  /// Inserts rows, at new-space paths.
  public func insertRows(at indexPaths: [IndexPath], with animation: HarnessRowAnimation) {
    core.mutation(.insertRows(indexPaths.map(\.rowPath)))
  }

  /// Deletes rows, at old-space paths.
  public func deleteRows(at indexPaths: [IndexPath], with animation: HarnessRowAnimation) {
    core.mutation(.deleteRows(indexPaths.map(\.rowPath)))
  }

  /// Reloads rows, at old-space paths.
  public func reloadRows(at indexPaths: [IndexPath], with animation: HarnessRowAnimation) {
    core.mutation(.reloadRows(indexPaths.map(\.rowPath)))
  }

  /// Moves a row from an old-space path to a new-space path.
  public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    core.mutation(.moveRows(RowMove(from: indexPath.rowPath, to: newIndexPath.rowPath)))
  }
}

@available(iOS 15, tvOS 15, *)
extension HarnessTableView: ReconfiguringTableView {
  /// `reconfigureRows(at:)`: outside a block, a batch of its own.
  public func reconfigureRows(at indexPaths: [IndexPath]) {
    core.mutation(.reconfigureRows(indexPaths.map(\.rowPath)))
  }
}
