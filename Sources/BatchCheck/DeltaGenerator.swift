/// Anything that maps (old rows, new rows) of one section to a batch update.
///
/// This is the seam every generator under test plugs into: the reference
/// generators, a diff library's own diff, or an external process.
///
///     struct ReloadEverything: DeltaGenerator {
///       var name: String { "reload-everything" }
///       func update(from old: [Row], to new: [Row]) -> BatchUpdate {
///         BatchUpdate(reloadSections: [0])
///       }
///     }
///
/// The update's paths use section 0: old-space for deletes, reloads and move
/// sources, new-space for inserts and move destinations.
public protocol DeltaGenerator: Sendable {
  /// The generator's name, as the command line spells it (`heckel`, `lcs`).
  var name: String { get }
  /// The batch update that turns `old` into `new`, both in section 0.
  func update(from old: [Row], to new: [Row]) -> BatchUpdate
}

/// A generator made from a closure, for diffs that are plain functions.
///
///     let mine = ClosureGenerator(name: "mine") { old, new in myDiff(old, new) }
public struct ClosureGenerator: DeltaGenerator {
  public let name: String
  private let body: @Sendable ([Row], [Row]) -> BatchUpdate

  public init(name: String, _ body: @escaping @Sendable ([Row], [Row]) -> BatchUpdate) {
    self.name = name
    self.body = body
  }

  public func update(from old: [Row], to new: [Row]) -> BatchUpdate {
    body(old, new)
  }
}
