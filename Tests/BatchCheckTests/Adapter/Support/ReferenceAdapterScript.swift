import BatchCheck

/// The script types of the reference adapter: a recorded script case of the adapter
/// harness (a view in a start state and the steps a library's apply code takes), in the
/// reference's own words. See `ReferenceAdapter` for the procedure and its reading notes.

/// `sdk`: the app was linked against an SDK from iOS 16.4 on (`modern`) or before (`old`).
enum ReferenceSDK: String, CaseIterable, Sendable {
  case modern
  case old
}

/// `source`: a plain data source or a `UI…DiffableDataSource`.
enum ReferenceSource: String, CaseIterable, Sendable {
  case plain
  case diffable
}

/// The options of one script case: the view, the UIKit profile, the SDK, the kind of
/// data source and the duplicates policy every batch is judged with.
struct ReferenceAdapterOptions: Hashable, Sendable {
  var semantics: ViewSemantics = .tableView
  var uikit: UIKitProfile = .ios18
  var sdk: ReferenceSDK = .modern
  var source: ReferenceSource = .plain
  var duplicates: DuplicatesPolicy = .reject

  var isTable: Bool { semantics == .tableView }
}

/// The start state: what the data source returns (`rows`), whether UIKit has read it
/// (`loaded`), whether the view is in a window and whether it has been laid out.
struct ReferenceAdapterStart: Hashable, Sendable {
  var loaded = true
  var inWindow = true
  var laidOut = true
  var rows: [[Row]] = []
}

/// The nine mutation calls, named by the v2 update key each fills.
enum ReferenceMutation: String, CaseIterable, Sendable {
  case insertRows
  case deleteRows
  case reloadRows
  case moveRows
  case reconfigureRows
  case insertSections
  case deleteSections
  case reloadSections
  case moveSections

  /// Whether the call takes section numbers (else row paths).
  var isSections: Bool {
    switch self {
    case .insertSections, .deleteSections, .reloadSections, .moveSections: true
    default: false
    }
  }

  /// Whether the call holds exactly one move.
  var isMove: Bool { self == .moveRows || self == .moveSections }
}

/// One step of a script (ADAPTER.md §7.2).
indirect enum ReferenceStep: Hashable, Sendable {
  /// The live model now returns these rows; nothing is read.
  case dataSource([[Row]])
  /// `performBatchUpdates(u, completion)` with these steps as `u`.
  case performBatchUpdates([ReferenceStep])
  /// `beginUpdates()` (table view only).
  case beginUpdates
  /// `endUpdates()` (table view only).
  case endUpdates
  /// A mutation call; `update` holds only the key `kind` names, with the call's argument.
  case mutation(ReferenceMutation, BatchUpdate)
  /// `reloadData()`.
  case reloadData
  /// `layoutIfNeeded()`.
  case layoutIfNeeded
  /// App code reads `numberOfSections`.
  case numberOfSections
  /// App code reads `numberOfRows(inSection:)` (table view).
  case numberOfRows(Int)
  /// App code reads `numberOfItems(inSection:)` (collection view).
  case numberOfItems(Int)
  /// The end of a main-queue turn.
  case drain
  /// A bounds, margin, safe-area or trait change.
  case geometryChange
  /// The view enters or leaves a window.
  case inWindow(Bool)
}

/// A whole script case: options, start and steps, and an optional name.
struct ReferenceAdapterScript: Hashable, Sendable {
  var name: String?
  var options = ReferenceAdapterOptions()
  var start = ReferenceAdapterStart()
  var steps: [ReferenceStep] = []
}

extension ReferenceMutation {
  /// The update that holds this call's argument under its own key and nothing else.
  func update(
    sections: [Int] = [], rows: [RowPath] = [], sectionMove: SectionMove? = nil,
    rowMove: RowMove? = nil
  ) -> BatchUpdate {
    var update = BatchUpdate()
    switch self {
    case .insertRows: update.insertRows = rows
    case .deleteRows: update.deleteRows = rows
    case .reloadRows: update.reloadRows = rows
    case .reconfigureRows: update.reconfigureRows = rows
    case .moveRows: update.moveRows = rowMove.map { [$0] } ?? []
    case .insertSections: update.insertSections = sections
    case .deleteSections: update.deleteSections = sections
    case .reloadSections: update.reloadSections = sections
    case .moveSections: update.moveSections = sectionMove.map { [$0] } ?? []
    }
    return update
  }
}

extension BatchUpdate {
  /// Each key's entries of `self` followed by those of `other`: the v2 update of
  /// two calls made in this order (§7.6 19, "`pending` is a v2 update by concatenation").
  func followed(by other: BatchUpdate) -> BatchUpdate {
    BatchUpdate(
      deleteSections: deleteSections + other.deleteSections,
      insertSections: insertSections + other.insertSections,
      reloadSections: reloadSections + other.reloadSections,
      moveSections: moveSections + other.moveSections,
      deleteRows: deleteRows + other.deleteRows, insertRows: insertRows + other.insertRows,
      reloadRows: reloadRows + other.reloadRows, moveRows: moveRows + other.moveRows,
      reconfigureRows: reconfigureRows + other.reconfigureRows)
  }

  /// Whether any section or row number in the update is negative.
  var hasNegativeNumber: Bool {
    let sections =
      deleteSections + insertSections + reloadSections + moveSections.flatMap { [$0.from, $0.to] }
    let paths = deleteRows + insertRows + reloadRows + moveRows.flatMap { [$0.from, $0.to] }
    return sections.contains { $0 < 0 } || paths.contains { $0.section < 0 || $0.row < 0 }
  }

  /// Whether the update holds no operation but `reconfigureRows` (an empty one included).
  var holdsOnlyReconfigures: Bool { operationCount == reconfigureRows.count }
}
