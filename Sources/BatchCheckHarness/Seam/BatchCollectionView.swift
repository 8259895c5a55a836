import Foundation

/// The part of `UICollectionView` that code applying a diff uses, with
/// UIKit's own signatures, so that `UICollectionView` conforms with an empty
/// extension and the same apply code runs on ``HarnessCollectionView`` in a
/// Linux test.
///
///     extension BatchCollectionView {
///       func insertFirstItem(setData: () -> Void) {
///         performBatchUpdates {
///           setData()
///           insertItems(at: [IndexPath(item: 0, section: 0)])
///         }
///       }
///     }
///
/// ``BatchTableView`` without `beginUpdates`/`endUpdates` and animations:
/// items instead of rows. Deletes, reloads and move sources are old-space
/// paths, inserts and move destinations new-space paths.
@MainActor public protocol BatchCollectionView: AnyObject {
  /// `UIWindow`; ``HarnessWindow`` on the harness.
  associatedtype Window

  /// The window the view is in, nil outside any window.
  var window: Window? { get }
  /// The number of sections; a collection view reads it when its counts
  /// are out of date.
  var numberOfSections: Int { get }
  /// The number of items in `section`.
  func numberOfItems(inSection section: Int) -> Int
  /// Marks every item for reloading; the counts are read at the next layout
  /// pass, count read or batch start.
  func reloadData()
  /// Lays the view out now if a layout pass is owed.
  func layoutIfNeeded()
  /// Runs `updates` as one batch; `completion` runs once it is animated.
  func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?)
  /// Inserts sections, at new-space indexes.
  func insertSections(_ sections: IndexSet)
  /// Deletes sections, at old-space indexes.
  func deleteSections(_ sections: IndexSet)
  /// Reloads sections, at old-space indexes.
  func reloadSections(_ sections: IndexSet)
  /// Moves a section from an old-space index to a new-space index.
  func moveSection(_ section: Int, toSection newSection: Int)
  /// Inserts items, at new-space paths.
  func insertItems(at indexPaths: [IndexPath])
  /// Deletes items, at old-space paths.
  func deleteItems(at indexPaths: [IndexPath])
  /// Reloads items, at old-space paths.
  func reloadItems(at indexPaths: [IndexPath])
  /// Moves an item from an old-space path to a new-space path.
  func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath)
}

/// A ``BatchCollectionView`` that can reconfigure items (iOS 15 and later).
@available(iOS 15, tvOS 15, *)
@MainActor public protocol ReconfiguringCollectionView: BatchCollectionView {
  /// Refreshes the cells of items at old-space paths without replacing them.
  func reconfigureItems(at indexPaths: [IndexPath])
}
