import BatchCheck

/// What ``HarnessTableView`` and ``HarnessCollectionView`` share: the
/// controls a test uses (turns, the window, geometry) and what it reads
/// (the report and the script). Not subclassable outside the module.
@MainActor public class HarnessViewBase {
  let core: HarnessCore

  init(core: HarnessCore) {
    self.core = core
  }

  /// Each batch's outcome, every read of the data source, and the steps as
  /// they ran.
  public var report: AdapterReport { core.report }
  /// The run as a script that replays it without the apply code
  /// (`script.run() == report`).
  public var script: AdapterScript { core.script }
  /// The completion handlers owed at the next ``drain()``.
  public var pendingCompletions: Int { core.pendingCompletions }

  /// Ends one main-queue turn: the layout pass owed (in a window), then
  /// the completion handlers queued before it, each with `true`. Inside a
  /// `performBatchUpdates` block it does nothing: a turn cannot end there.
  public func drain() { core.drain() }

  /// The window, while the view is in one.
  public var window: HarnessWindow? { core.machine.isInWindow ? HarnessWindow() : nil }

  /// Puts the view in a window (`true`) or takes it out; entering one owes
  /// a layout pass.
  public func setInWindow(_ inWindow: Bool) { core.perform(.inWindow(inWindow)) }

  /// A bounds, margin, safe-area or trait change: a table view rebuilds its
  /// row data at once; a collection view owes a layout pass.
  public func simulateGeometryChange() { core.perform(.geometryChange) }

  /// Reads the data source now if UIKit would (a layout pass).
  public func layoutIfNeeded() { core.perform(.layoutIfNeeded) }

  /// The view reads the data source from the start again: at once (a
  /// table view) or at the next load point (a collection view); inside a
  /// block, deferred (a table view) or ignored for validation.
  public func reloadData() { core.perform(.reloadData) }

  /// UIKit's cached number of sections, after any read the call makes.
  public var numberOfSections: Int { core.count(section: nil) }

  /// Runs `updates` as one batch; `completion` runs at the next ``drain()``.
  public func performBatchUpdates(
    _ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil
  ) {
    core.batch(updates, completion: completion)
  }
}
