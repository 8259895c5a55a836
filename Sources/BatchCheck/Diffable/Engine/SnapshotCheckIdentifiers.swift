/// A section id type a snapshot check makes from a model's own section ids,
/// so that code whose sections are `Int`, `String`, `RowValue` or
/// `SnapshotIdentifier` is checked with no mapping closure.
///
///     let report = checkSnapshotBuilder { (model: SnapshotCheckModel) -> SimulatedSnapshot<Int, String> in
///       var snapshot = SimulatedSnapshot<Int, String>()
///       snapshot.appendSections(model.sections.map(\.id))
///       return snapshot
///     }
///
/// - Complexity: O(1) per id for the conformances BatchCheck declares.
public protocol SnapshotCheckSectionID: Hashable {
  /// The section id for the model's section id `id`.
  init(modelSection id: Int)
}

/// An item id type a snapshot check makes from a model's own item ids
/// (`SnapshotCheckModel.Row.id`), so that code whose items are `String`,
/// `RowValue` or `SnapshotIdentifier` is checked with no mapping closure.
///
///     String(modelItem: "a")            // "a"
///     SnapshotIdentifier(modelItem: "a") // .string("a")
///
/// - Complexity: O(1) per id for the conformances BatchCheck declares.
public protocol SnapshotCheckItemID: Hashable {
  /// The item id for the model's item id `id`.
  init(modelItem id: String)
}

extension Int: SnapshotCheckSectionID {
  /// The model's section id itself.
  public init(modelSection id: Int) { self = id }
}

extension String: SnapshotCheckSectionID, SnapshotCheckItemID {
  /// The section id in decimal: `"0"`.
  public init(modelSection id: Int) { self = String(id) }
  /// The model's item id itself.
  public init(modelItem id: String) { self = id }
}

extension RowValue: SnapshotCheckSectionID, SnapshotCheckItemID {
  /// `.int(id)`.
  public init(modelSection id: Int) { self = .int(id) }
  /// `.string(id)`.
  public init(modelItem id: String) { self = .string(id) }
}

extension SnapshotIdentifier: SnapshotCheckSectionID, SnapshotCheckItemID {
  /// `.integer(id)`.
  public init(modelSection id: Int) { self = .integer(id) }
  /// `.string(id)`.
  public init(modelItem id: String) { self = .string(id) }
}
