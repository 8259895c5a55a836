/// Which data source a simulated view has.
public enum AdapterSource: String, Hashable, Sendable, CaseIterable {
  /// An object of the app's that answers the count and cell calls.
  case plain
  /// A `UITableViewDiffableDataSource` or `UICollectionViewDiffableDataSource`:
  /// the view refuses direct mutation calls, and answers a count failure
  /// with `reloadData` (iOS 15 and later, so the `ios18` profile only).
  case diffable
}

/// Which SDK the app was linked against.
public enum AdapterSDK: String, Hashable, Sendable, CaseIterable {
  /// iOS 16.4 or later: a collection view raises on a count failure.
  case modern
  /// Before iOS 16.4: a collection view logs a count failure and reloads.
  case old
}

/// How a simulated view judges what an app does to it: the view, its UIKit
/// and everything else its batches depend on.
public struct AdapterOptions: Hashable, Sendable {
  /// The view: a table view (the default) or a collection view.
  public var semantics: ViewSemantics
  /// What to do with duplicate inserts and deletes in each batch.
  public var duplicates: DuplicatesPolicy
  /// The UIKit whose rules apply.
  public var uikit: UIKitProfile
  /// The SDK the app was linked against.
  public var sdk: AdapterSDK
  /// The view's data source.
  public var source: AdapterSource

  /// Options with these choices; by default a table view on iOS 18, with
  /// duplicates rejected, a modern SDK and a plain data source.
  public init(
    semantics: ViewSemantics = .tableView, duplicates: DuplicatesPolicy = .reject,
    uikit: UIKitProfile = .ios18, sdk: AdapterSDK = .modern, source: AdapterSource = .plain
  ) {
    self.semantics = semantics
    self.duplicates = duplicates
    self.uikit = uikit
    self.sdk = sdk
    self.source = source
  }

  /// The simulator's options for one batch of this view.
  package var simulation: SimulationOptions {
    SimulationOptions(semantics: semantics, duplicates: duplicates, uikit: uikit)
  }
}

/// The state a simulated view starts in.
public struct AdapterStart: Hashable, Sendable {
  /// Whether UIKit has read the data source (`false`: never read since the
  /// data source was set).
  public var loaded: Bool
  /// Whether the view is in a window.
  public var inWindow: Bool
  /// Whether the view has had its layout pass (never without `loaded`).
  public var laidOut: Bool
  /// What the data source returns at the start; UIKit's counts when `loaded`.
  public var rows: [[Row]]

  /// A start state; by default loaded, in a window and laid out.
  public init(rows: [[Row]], loaded: Bool = true, inWindow: Bool = true, laidOut: Bool? = nil) {
    self.rows = rows
    self.loaded = loaded
    self.inWindow = inWindow
    self.laidOut = laidOut ?? loaded
  }
}

/// One of the nine calls that change a view's rows or sections, with its
/// arguments in the index space of the matching key of a ``BatchUpdate``.
///
/// The names are the update's keys, so one name serves both views: on a
/// collection view `insertRows` is `insertItems(at:)`, and so on. A move
/// call moves exactly one row or section, as UIKit's do.
public enum AdapterMutation: Hashable, Sendable {
  /// `insertRows(at:with:)`, `insertItems(at:)`: new-space paths.
  case insertRows([RowPath])
  /// `deleteRows(at:with:)`, `deleteItems(at:)`: old-space paths.
  case deleteRows([RowPath])
  /// `reloadRows(at:with:)`, `reloadItems(at:)`: old-space paths.
  case reloadRows([RowPath])
  /// `reconfigureRows(at:)`, `reconfigureItems(at:)` (iOS 15 and later).
  case reconfigureRows([RowPath])
  /// `moveRow(at:to:)`, `moveItem(at:to:)`.
  case moveRows(RowMove)
  /// `insertSections(_:with:)`, `insertSections(_:)`: new-space sections.
  case insertSections([Int])
  /// `deleteSections(_:with:)`, `deleteSections(_:)`: old-space sections.
  case deleteSections([Int])
  /// `reloadSections(_:with:)`, `reloadSections(_:)`: old-space sections.
  case reloadSections([Int])
  /// `moveSection(_:toSection:)`.
  case moveSections(SectionMove)

  /// The update key this call fills, which is also its name in a script:
  /// `insertRows`, `moveSections`.
  public var key: String {
    switch self {
    case .insertRows: "insertRows"
    case .deleteRows: "deleteRows"
    case .reloadRows: "reloadRows"
    case .reconfigureRows: "reconfigureRows"
    case .moveRows: "moveRows"
    case .insertSections: "insertSections"
    case .deleteSections: "deleteSections"
    case .reloadSections: "reloadSections"
    case .moveSections: "moveSections"
    }
  }

  /// Whether this is a reconfigure call.
  public var isReconfigure: Bool {
    if case .reconfigureRows = self { return true }
    return false
  }

  /// Appends this call's arguments to the matching key of `update`.
  public func append(to update: inout BatchUpdate) {
    switch self {
    case .insertRows(let paths): update.insertRows += paths
    case .deleteRows(let paths): update.deleteRows += paths
    case .reloadRows(let paths): update.reloadRows += paths
    case .reconfigureRows(let paths): update.reconfigureRows += paths
    case .moveRows(let move): update.moveRows.append(move)
    case .insertSections(let sections): update.insertSections += sections
    case .deleteSections(let sections): update.deleteSections += sections
    case .reloadSections(let sections): update.reloadSections += sections
    case .moveSections(let move): update.moveSections.append(move)
    }
  }
}

/// One thing an app does to a view, or that happens to it, in a script.
public indirect enum AdapterStep: Hashable, Sendable {
  /// The live model now returns these rows; UIKit reads nothing.
  case dataSource([[Row]])
  /// `performBatchUpdates(_:completion:)`, its block running these steps.
  case performBatchUpdates([AdapterStep])
  /// `beginUpdates()` (table view only).
  case beginUpdates
  /// `endUpdates()` (table view only).
  case endUpdates
  /// One of the nine mutation calls.
  case mutation(AdapterMutation)
  /// `reloadData()`.
  case reloadData
  /// `layoutIfNeeded()`.
  case layoutIfNeeded
  /// App code reads `numberOfSections`.
  case numberOfSections
  /// App code reads `numberOfRows(inSection:)` (a table view) or
  /// `numberOfItems(inSection:)` (a collection view).
  case numberOfRows(section: Int)
  /// The end of a main-queue turn: a layout pass if one is owed and the
  /// view is in a window, then queued completions.
  case drain
  /// A bounds, margin, safe-area or trait change.
  case geometryChange
  /// The view enters (`true`) or leaves (`false`) a window.
  case inWindow(Bool)

  /// Whether this step is one of the nine mutation calls.
  public var isMutation: Bool {
    if case .mutation = self { return true }
    return false
  }
}

/// A recorded script: a view in a start state and the steps an app's apply
/// code takes with it.
///
///     let script = AdapterScript(
///       start: AdapterStart(rows: [[Row("a")]]),
///       steps: [.dataSource([[Row("a"), Row("b")]]),
///               .performBatchUpdates([.mutation(.insertRows([RowPath(0, 1)]))])])
///     script.run().verdict  // valid
public struct AdapterScript: Hashable, Sendable {
  /// The view and the rules it follows.
  public var options: AdapterOptions
  /// The state the view starts in.
  public var start: AdapterStart
  /// The steps, in order.
  public var steps: [AdapterStep]

  /// A script of `steps` on a view in `start`, judged under `options`.
  public init(options: AdapterOptions = AdapterOptions(), start: AdapterStart, steps: [AdapterStep])
  {
    self.options = options
    self.start = start
    self.steps = steps
  }

  /// Runs the script on a simulated view and reports every outcome and read.
  public func run() -> AdapterReport {
    var machine = AdapterMachine(options: options, start: start)
    machine.replay(steps)
    return machine.report()
  }
}
