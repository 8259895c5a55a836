import BatchCheck

/// `CollectionDifference` has no notion of content: judged on identities only.
extension CollectionDifferenceGenerator: IdentityOnlyGenerator {}

extension ReferenceGenerators {
  /// Every reference generator with the contract it speaks: the batch
  /// generators of `all`, then `heckel-staged` (staged batches) and
  /// `edit-script` (sequential steps).
  ///
  ///     ReferenceGenerators.allContracts.map { "\($0.name) \($0.contract.rawValue)" }
  ///     // [..., "heckel batch", "heckel-staged staged", "edit-script steps"]
  ///
  /// `collection-difference` is judged on identities only (it has no notion
  /// of content updates). `heckel-staged` and `edit-script` are sectioned
  /// (`SectionedStagedDeltaGenerator`, `SectionedStepsDeltaGenerator`): the
  /// engine gives them cases of several sections.
  public static let allContracts: [ContractGenerator] =
    all.map { ContractGenerator($0) } + [
      ContractGenerator(HeckelStagedGenerator()),
      ContractGenerator(EditScriptGenerator()),
    ]

  /// The generator of `allContracts` whose name is `name` (exact), or nil.
  ///
  /// - Complexity: O(*g*), where *g* is the number of generators.
  public static func anyContract(named name: String) -> ContractGenerator? {
    allContracts.first { $0.name == name }
  }
}

// The LCS forms and the map-based moves compare values only: no notion of
// content, so they are judged on identities (issue: identity-only mode).
extension LCSGenerator: IdentityOnlyGenerator {}
extension LCS2013Generator: IdentityOnlyGenerator {}
extension MapMovesGenerator: IdentityOnlyGenerator {}
