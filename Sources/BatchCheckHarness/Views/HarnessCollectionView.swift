import BatchCheck
import Foundation

/// A simulated `UICollectionView` that reads a live data source at the
/// moments UIKit does, records every call, and judges each batch as UIKit
/// would: apply code written against ``BatchCollectionView`` runs on it in
/// a Linux test.
///
///     var model: [[Row]] = [["a", "b"].map { Row($0) }]
///     let grid = HarnessCollectionView(rows: { model })
///     grid.reloadData()               // lazy: nothing is read yet
///     model[0].append(Row("c"))
///     grid.performBatchUpdates {
///       grid.insertItems(at: [IndexPath(item: 2, section: 0)])
///     }
///     grid.report.cause               // A2: the batch start read 3 items
///
/// As ``HarnessTableView``, with a collection view's moments: `reloadData`
/// reads nothing until the next layout pass, count read or batch start;
/// `performBatchUpdates` reads "before" at its start when the counts are
/// out of date or a layout pass is owed; a `reloadData` inside a block is
/// ignored for validation.
@MainActor
public final class HarnessCollectionView: HarnessViewBase, BatchCollectionView, HarnessView {
  /// The harness's window.
  public typealias Window = HarnessWindow

  /// A collection view.
  public static var semantics: ViewSemantics { .collectionView }

  /// A collection view in `start`, following `options`, whose data source
  /// returns what `rows` returns when asked.
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
      core: HarnessCore(semantics: .collectionView, start: start, options: options, rows: rows))
  }

  /// A collection view whose live data source is `dataSource`; its rows
  /// are copied at each peek.
  public convenience init(
    start: HarnessStart = .laidOut, options: HarnessOptions = HarnessOptions(),
    dataSource: some TableDataSource & AnyObject
  ) {
    self.init(start: start, options: options) { dataSource.copiedRows() }
  }

  // MARK: UICollectionView

  /// The number of items in `section`, read first when the counts are out
  /// of date; 0 for a section the view does not hold.
  public func numberOfItems(inSection section: Int) -> Int { core.count(section: section) }

  /// Inserts sections, at new-space indexes.
  public func insertSections(_ sections: IndexSet) {
    core.mutation(.insertSections(Array(sections)))
  }

  /// Deletes sections, at old-space indexes.
  public func deleteSections(_ sections: IndexSet) {
    core.mutation(.deleteSections(Array(sections)))
  }

  /// Reloads sections, at old-space indexes.
  public func reloadSections(_ sections: IndexSet) {
    core.mutation(.reloadSections(Array(sections)))
  }

  /// Moves a section from an old-space index to a new-space index.
  public func moveSection(_ section: Int, toSection newSection: Int) {
    core.mutation(.moveSections(SectionMove(from: section, to: newSection)))
  }

  /// Inserts items, at new-space paths.
  public func insertItems(at indexPaths: [IndexPath]) {
    core.mutation(.insertRows(indexPaths.map(\.rowPath)))
  }

  /// Deletes items, at old-space paths.
  public func deleteItems(at indexPaths: [IndexPath]) {
    core.mutation(.deleteRows(indexPaths.map(\.rowPath)))
  }

  /// Reloads items, at old-space paths.
  public func reloadItems(at indexPaths: [IndexPath]) {
    core.mutation(.reloadRows(indexPaths.map(\.rowPath)))
  }

  /// Moves an item from an old-space path to a new-space path.
  public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    core.mutation(.moveRows(RowMove(from: indexPath.rowPath, to: newIndexPath.rowPath)))
  }
}

@available(iOS 15, tvOS 15, *)
extension HarnessCollectionView: ReconfiguringCollectionView {
  /// `reconfigureItems(at:)`: outside a block, a batch of its own.
  public func reconfigureItems(at indexPaths: [IndexPath]) {
    core.mutation(.reconfigureRows(indexPaths.map(\.rowPath)))
  }
}
