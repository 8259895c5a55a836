import Foundation

/// The part of `UITableView` that code applying a diff uses, with UIKit's
/// own signatures, so that `UITableView` conforms with an empty extension
/// and the same apply code runs on `HarnessTableView` in a Linux test.
///
///     extension BatchTableView {
///       func insertFirstRow(setData: () -> Void) {
///         performBatchUpdates {
///           setData()
///           insertRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
///         }
///       }
///     }
///
/// Write a library's apply code once, as an extension of this protocol (and
/// of ``BatchCollectionView``): the app runs it on `UITableView`, its tests
/// on ``HarnessTableView``, which records every call and judges each batch
/// as UIKit would (the BatchCheck article "Testing the code that applies
/// your diff"). Every index path is a UIKit
/// index path: deletes, reloads and move sources in the old space (the data
/// before the batch), inserts and move destinations in the new space.
@MainActor public protocol BatchTableView: AnyObject {
  /// `UITableView.RowAnimation`; ``HarnessRowAnimation`` on the harness.
  associatedtype RowAnimation: BatchRowAnimation
  /// `UIWindow`; ``HarnessWindow`` on the harness.
  associatedtype Window

  /// The window the view is in, nil outside any window.
  var window: Window? { get }
  /// The number of sections, as the view last read it from its data source.
  var numberOfSections: Int { get }
  /// The number of rows in `section`, as the view last read it.
  func numberOfRows(inSection section: Int) -> Int
  /// Reloads every row from the data source.
  func reloadData()
  /// Lays the view out now if a layout pass is owed.
  func layoutIfNeeded()
  /// Runs `updates` as one batch; `completion` runs once it is animated.
  func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?)
  /// Opens a batch closed by `endUpdates()`.
  func beginUpdates()
  /// Closes the batch opened by `beginUpdates()`.
  func endUpdates()
  /// Inserts sections, at new-space indexes.
  func insertSections(_ sections: IndexSet, with animation: RowAnimation)
  /// Deletes sections, at old-space indexes.
  func deleteSections(_ sections: IndexSet, with animation: RowAnimation)
  /// Reloads sections, at old-space indexes.
  func reloadSections(_ sections: IndexSet, with animation: RowAnimation)
  /// Moves a section from an old-space index to a new-space index.
  func moveSection(_ section: Int, toSection newSection: Int)
  /// Inserts rows, at new-space paths.
  func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation)
  /// Deletes rows, at old-space paths.
  func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation)
  /// Reloads rows, at old-space paths.
  func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation)
  /// Moves a row from an old-space path to a new-space path.
  func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath)
}

/// A ``BatchTableView`` that can reconfigure rows (iOS 15 and later): a
/// refinement of its own, so that a package deploying below iOS 15 can still
/// make `UITableView` a ``BatchTableView``.
@available(iOS 15, tvOS 15, *)
@MainActor public protocol ReconfiguringTableView: BatchTableView {
  /// Refreshes the cells of rows at old-space paths without replacing them.
  func reconfigureRows(at indexPaths: [IndexPath])
}

/// The animations a table view's mutation calls take, so that generic apply
/// code can name one (`.automatic`, `.fade`) on any ``BatchTableView``:
/// `UITableView.RowAnimation` has them all as cases.
public protocol BatchRowAnimation {
  /// `.fade`.
  static var fade: Self { get }
  /// `.right`.
  static var right: Self { get }
  /// `.left`.
  static var left: Self { get }
  /// `.top`.
  static var top: Self { get }
  /// `.bottom`.
  static var bottom: Self { get }
  /// `.none`.
  static var none: Self { get }
  /// `.middle`.
  static var middle: Self { get }
  /// `.automatic`.
  static var automatic: Self { get }
}

/// `UITableView.RowAnimation` on the harness: the harness draws nothing, so
/// the animation is recorded nowhere and changes no outcome.
public enum HarnessRowAnimation: Int, Hashable, Sendable, CaseIterable, BatchRowAnimation {
  /// `.fade`.
  case fade
  /// `.right`.
  case right
  /// `.left`.
  case left
  /// `.top`.
  case top
  /// `.bottom`.
  case bottom
  /// `.none`.
  case none
  /// `.middle`.
  case middle
  /// `.automatic`.
  case automatic = 100
}

/// `UIWindow` on the harness: a harness view's `window` is one of these
/// while the view is in a window (``HarnessViewBase/setInWindow(_:)``) and
/// nil outside, which is all apply code asks of it (`window == nil`).
public struct HarnessWindow: Hashable, Sendable {
  /// A window.
  public init() {}
}
