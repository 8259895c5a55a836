// In Swift 6, a non-escaping closure parameter cannot be passed where UIKit's
// `performBatchUpdates(_:completion:)` takes `(() -> Void)?`, which is
// escaping ("passing non-escaping parameter 'updates' to function expecting
// an '@escaping' closure"). UIKit runs the block at once and never keeps it
// (`NS_NOESCAPE`), and so do the harness views, so these overloads lend the
// closure as escaping for the length of the call only.

extension BatchTableView {
  /// `performBatchUpdates(_:completion:)` for a non-escaping closure, so
  /// that apply code can hand on a closure it was given:
  ///
  ///     func apply(_ changes: () -> Void) {
  ///       performBatchUpdates { changes() }       // a closure literal
  ///       performBatchUpdates(changes)            // a non-escaping parameter
  ///     }
  ///
  /// `updates` runs before this call returns and is not kept (trapping if
  /// it were, as `withoutActuallyEscaping` does).
  public func performBatchUpdates(
    _ updates: () -> Void, completion: ((Bool) -> Void)? = nil
  ) {
    withoutActuallyEscaping(updates) { updates in
      performBatchUpdates(Optional(updates), completion: completion)
    }
  }
}

extension BatchCollectionView {
  /// `performBatchUpdates(_:completion:)` for a non-escaping closure, as on
  /// ``BatchTableView``.
  ///
  ///     performBatchUpdates { setData(new); insertItems(at: paths) }
  ///
  /// `updates` runs before this call returns and is not kept.
  public func performBatchUpdates(
    _ updates: () -> Void, completion: ((Bool) -> Void)? = nil
  ) {
    withoutActuallyEscaping(updates) { updates in
      performBatchUpdates(Optional(updates), completion: completion)
    }
  }
}
