import BatchCheck

/// A simulated view that records what apply code does to it and judges
/// each batch as UIKit would: ``HarnessTableView`` or
/// ``HarnessCollectionView``. What the property check
/// (`checkAdapter(named:options:apply:)`) needs of either.
///
///     let table = HarnessTableView(rows: { model })
///     table.report.verdict   // valid, exception, ...
@MainActor public protocol HarnessView: AnyObject {
  /// The view this class simulates.
  static var semantics: ViewSemantics { get }
  /// A view in `start`, following `options`, whose data source returns
  /// what `rows` returns at the moment it is asked.
  init(start: HarnessStart, options: HarnessOptions, rows: @escaping () -> [[Row]])
  /// Each batch's outcome, every read of the data source, and the steps as
  /// they ran.
  var report: AdapterReport { get }
  /// The run as a script: its start, options and steps, which replay it
  /// without the apply code (`script.run() == report`).
  var script: AdapterScript { get }
  /// The completion handlers owed at the next `drain()`.
  var pendingCompletions: Int { get }
  /// Ends one main-queue turn: the layout pass owed (in a window), then the
  /// completion handlers queued before it, each with `true`.
  func drain()
}

extension HarnessView {
  /// The run as a case line of the case format (`"contract":"adapter"`),
  /// expecting the verdict, rule, cause, step and basis this run gave;
  /// `batchcheck validate` replays it without the apply code.
  ///
  ///     print(table.caseLine(name: "staged-final-data"))
  public func caseLine(name: String? = nil) -> String {
    script.caseLine(name: name, expecting: report)
  }
}
