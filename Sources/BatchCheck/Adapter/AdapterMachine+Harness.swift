extension AdapterMachine {
  /// The rows UIKit last read and holds as its counts, nil before the first
  /// read: what a live harness view answers for `numberOfSections` and
  /// `numberOfRows(inSection:)`.
  package var cachedRows: [[Row]]? { cache }

  /// The options the machine judges under.
  package var adapterOptions: AdapterOptions { options }

  /// Whether the view is in a window.
  package var isInWindow: Bool { inWindow }
}
