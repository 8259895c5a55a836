import BatchCheck

/// The reference delta generators, in the order the command line lists them.
///
///     ReferenceGenerators.all.map(\.name)
///     // ["lcs", "lcs-2013", "map-moves", "ds", "collection-difference", "heckel",
///     //  "heckel-reconfigure", "lcs-moves"]
///     ReferenceGenerators.named("heckel")?.name  // "heckel"
///     ReferenceGenerators.named("nope")          // nil
///
/// Each is a faithful port of a seed's algorithm, bugs included; `heckel` is
/// the strong reference that passes every check, and `lcs-moves` the one
/// that issues the least edit (`EditSize`). See
/// `Sources/BatchCheck/BatchCheck.docc/ReferenceGenerators.md`.
public enum ReferenceGenerators {
  /// Every reference generator: lcs, lcs-2013, map-moves, ds,
  /// collection-difference, heckel, heckel-reconfigure, lcs-moves.
  public static let all: [any DeltaGenerator] = [
    LCSGenerator(),
    LCS2013Generator(),
    MapMovesGenerator(),
    DSGenerator(),
    CollectionDifferenceGenerator(),
    HeckelGenerator(),
    HeckelGenerator(reconfigures: true),
    LCSMovesGenerator(),
  ]

  /// The names of `all`, in order, as the command line spells them.
  public static var names: [String] { all.map(\.name) }

  /// The generator whose name is `name` (exact, case-sensitive), or nil.
  ///
  /// - Complexity: O(*g*), where *g* is the number of generators.
  public static func named(_ name: String) -> (any DeltaGenerator)? {
    all.first { $0.name == name }
  }
}
