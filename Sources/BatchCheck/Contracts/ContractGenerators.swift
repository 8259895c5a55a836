/// A generator that hands over its changes as staged batches (DifferenceKit's
/// `StagedChangeset`, RxDataSources).
///
///     struct DeleteThenInsert: StagedDeltaGenerator {
///       var name: String { "delete-then-insert" }
///       func stages(from old: [Row], to new: [Row]) -> [Stage] {
///         [Stage(update: BatchUpdate(deleteRows: old.indices.map { RowPath(0, $0) }), data: [[]]),
///          Stage(update: BatchUpdate(insertRows: new.indices.map { RowPath(0, $0) }), data: [new])]
///       }
///     }
///
/// Each stage's data is sections of rows (one section, section 0, for these
/// single-section generators); its update's deletes, reloads and move
/// sources are paths in the previous stage's data, its inserts and move
/// destinations paths in its own.
public protocol StagedDeltaGenerator: Sendable {
  /// The generator's name, as the command line spells it.
  var name: String { get }
  /// The stages that turn `old` into `new`, both in section 0.
  ///
  /// - Throws: `GeneratorError` when the generator could not answer.
  func stages(from old: [Row], to new: [Row]) throws(GeneratorError) -> [Stage]
}

/// A generator that hands over its changes as sequential steps (Differ's
/// patches, Dwifft's steps, Android DiffUtil's callbacks).
///
///     struct DeleteAllInsertAll: StepsDeltaGenerator {
///       var name: String { "delete-all-insert-all" }
///       func steps(from old: [Row], to new: [Row]) -> [Step] {
///         old.map { _ in .delete(at: RowPath(0, 0)) }
///           + new.enumerated().map { .insert(at: RowPath(0, $0.offset), row: $0.element) }
///       }
///     }
///
/// Each step's paths are relative to the data as the previous step left it.
public protocol StepsDeltaGenerator: Sendable {
  /// The generator's name, as the command line spells it.
  var name: String { get }
  /// The steps that turn `old` into `new`, both in section 0.
  ///
  /// - Throws: `GeneratorError` when the generator could not answer.
  func steps(from old: [Row], to new: [Row]) throws(GeneratorError) -> [Step]
}

/// A staged generator that also diffs tables of several sections: the
/// sectioned twin of `StagedDeltaGenerator`, as `SectionedDeltaGenerator` is
/// of `DeltaGenerator`.
///
///     struct DeleteAllInsertAll: SectionedStagedDeltaGenerator {
///       var name: String { "delete-all-insert-all" }
///       func stages(from old: [Row], to new: [Row]) -> [Stage] { stages(from: [old], to: [new]) }
///       func stages(from old: [[Row]], to new: [[Row]]) -> [Stage] {
///         [Stage(update: BatchUpdate(deleteSections: Array(old.indices)), data: []),
///          Stage(update: BatchUpdate(insertSections: Array(new.indices)), data: new)]
///       }
///     }
///
/// A stage may insert, delete, reload and move sections, and move rows
/// across sections, as any batch may. The property engine generates cases
/// with several sections only for generators that conform to this protocol.
public protocol SectionedStagedDeltaGenerator: StagedDeltaGenerator {
  /// The stages that turn the sections `old` into the sections `new`.
  ///
  /// - Throws: `GeneratorError` when the generator could not answer.
  func stages(from old: [[Row]], to new: [[Row]]) throws(GeneratorError) -> [Stage]
}

/// A steps generator that also diffs tables of several sections: the
/// sectioned twin of `StepsDeltaGenerator`, whose steps may insert, delete
/// and move sections (`Step.insertSection`, `.deleteSection`,
/// `.moveSection`) and move rows across sections, as Differ's nested
/// "extended diff" does.
///
///     struct DeleteAllInsertAll: SectionedStepsDeltaGenerator {
///       var name: String { "delete-all-insert-all" }
///       func steps(from old: [Row], to new: [Row]) -> [Step] { steps(from: [old], to: [new]) }
///       func steps(from old: [[Row]], to new: [[Row]]) -> [Step] {
///         old.map { _ in .deleteSection(at: 0) }
///           + new.enumerated().map { .insertSection(at: $0.offset, rows: $0.element) }
///       }
///     }
///
/// The property engine generates cases with several sections only for
/// generators that conform to this protocol.
public protocol SectionedStepsDeltaGenerator: StepsDeltaGenerator {
  /// The steps that turn the sections `old` into the sections `new`.
  ///
  /// - Throws: `GeneratorError` when the generator could not answer.
  func steps(from old: [[Row]], to new: [[Row]]) throws(GeneratorError) -> [Step]
}

/// A generator with no notion of content updates (a Myers-style diff over
/// identities, `CollectionDifference`): `ContractGenerator` judges it on
/// identities only unless the user asks for content checks.
///
///     extension MyMyersDiff: IdentityOnlyGenerator {}
public protocol IdentityOnlyGenerator {}

/// A generator of any of the three shapes, with the contract it claims: the
/// one type the property engine, the command line and a library's own tests
/// hand a generator in as.
///
///     let generator = ContractGenerator(HeckelGenerator())
///     try generator.check(old: [Row("a")], new: [Row("b")]).isValid  // true
///
/// A generator that conforms to `IdentityOnlyGenerator` is judged in
/// identity-only mode by default; `identityOnly` says which mode is used.
public struct ContractGenerator: Sendable {
  /// The generator and its shape.
  public enum Shape: Sendable {
    /// A generator of one batch update per case.
    case batch(any DeltaGenerator)
    /// A generator of staged batches, each from the previous stage's data.
    case staged(any StagedDeltaGenerator)
    /// A generator of sequential steps, each relative to what the previous step left.
    case steps(any StepsDeltaGenerator)
  }

  /// The generator and its shape.
  public let shape: Shape
  /// Whether its changes are judged on identities only.
  public var identityOnly: Bool

  /// A batch generator; identity-only by default when it conforms to `IdentityOnlyGenerator`.
  public init(_ generator: any DeltaGenerator, identityOnly: Bool? = nil) {
    shape = .batch(generator)
    self.identityOnly = identityOnly ?? (generator is any IdentityOnlyGenerator)
  }

  /// A staged generator; identity-only by default when it conforms to `IdentityOnlyGenerator`.
  public init(_ generator: any StagedDeltaGenerator, identityOnly: Bool? = nil) {
    shape = .staged(generator)
    self.identityOnly = identityOnly ?? (generator is any IdentityOnlyGenerator)
  }

  /// A steps generator; identity-only by default when it conforms to `IdentityOnlyGenerator`.
  public init(_ generator: any StepsDeltaGenerator, identityOnly: Bool? = nil) {
    shape = .steps(generator)
    self.identityOnly = identityOnly ?? (generator is any IdentityOnlyGenerator)
  }

  /// The generator's name.
  public var name: String {
    switch shape {
    case .batch(let generator): return generator.name
    case .staged(let generator): return generator.name
    case .steps(let generator): return generator.name
    }
  }

  /// The contract the generator claims: its shape's.
  public var contract: Contract {
    switch shape {
    case .batch: return .batch
    case .staged: return .staged
    case .steps: return .steps
    }
  }

  /// Whether the generator diffs several sections: it conforms to
  /// `SectionedDeltaGenerator`, `SectionedStagedDeltaGenerator` or
  /// `SectionedStepsDeltaGenerator`, as its shape asks.
  public var isSectioned: Bool {
    switch shape {
    case .batch(let generator): return generator is any SectionedDeltaGenerator
    case .staged(let generator): return generator is any SectionedStagedDeltaGenerator
    case .steps(let generator): return generator is any SectionedStepsDeltaGenerator
    }
  }

  /// The generator's changes for one section `old` → `new`.
  ///
  /// - Throws: `GeneratorError` when the generator could not answer.
  public func changes(from old: [Row], to new: [Row]) throws(GeneratorError) -> ContractChanges {
    switch shape {
    case .batch(let generator): return .batch(try generator.update(from: old, to: new))
    case .staged(let generator): return .staged(try generator.stages(from: old, to: new))
    case .steps(let generator): return .steps(try generator.steps(from: old, to: new))
    }
  }

  /// The generator's changes for the sections `old` → `new`: its sectioned
  /// method when it has one (`isSectioned`), else its one-section method
  /// when both sides have exactly one section.
  ///
  ///     try ContractGenerator(HeckelStagedGenerator())
  ///       .changes(from: [[Row("a")], [Row("b")]], to: [[Row("b")], [Row("a")]])
  ///     // .staged([...]): a sectioned generator answers any number of sections
  ///
  /// - Returns: the changes; nil when the generator is not sectioned and a
  ///   side does not have exactly one section.
  /// - Throws: `GeneratorError` when the generator could not answer.
  public func changes(from old: [[Row]], to new: [[Row]]) throws(GeneratorError)
    -> ContractChanges?
  {
    switch shape {
    case .batch(let generator as any SectionedDeltaGenerator):
      return .batch(try generator.update(from: old, to: new))
    case .staged(let generator as any SectionedStagedDeltaGenerator):
      return .staged(try generator.stages(from: old, to: new))
    case .steps(let generator as any SectionedStepsDeltaGenerator):
      return .steps(try generator.steps(from: old, to: new))
    default:
      guard old.count == 1, new.count == 1 else { return nil }
      return try changes(from: old[0], to: new[0])
    }
  }

  /// Judges the generator's changes for one section `old` → `new` under
  /// `contract` (its own unless told otherwise: another one reads the
  /// changes as `ContractChanges.read(as:old:new:)` does, the contract
  /// mix-up a user would make).
  ///
  ///     try ContractGenerator(HeckelStagedGenerator())
  ///       .check(old: [Row("a"), Row("b"), Row("c")], new: [Row("c")], under: .steps)
  ///     // wrongRows C1: after the last step (2): ... (sequential steps); valid as one batch, ...
  ///
  /// - Parameters:
  ///   - old: the rows before, section 0.
  ///   - new: the rows after, section 0.
  ///   - contract: the contract to judge under; nil for the generator's own.
  ///   - options: view semantics and duplicates policy; identity-only mode
  ///     is this generator's `identityOnly`.
  /// - Returns: the verdict.
  /// - Throws: `GeneratorError` when the generator could not answer.
  /// - Complexity: that of the generator plus `ContractValidator.validate`.
  public func check(
    old: [Row], new: [Row], under contract: Contract? = nil,
    options: SimulationOptions = .default
  ) throws(GeneratorError) -> ContractVerdict {
    judge(try changes(from: old, to: new), old: old, new: new, under: contract, options: options)
  }

  /// Judges changes this generator made (or an external process wrote in
  /// its shape) for one section `old` → `new`, as `check` does.
  ///
  /// Changes that cannot be read under `contract` (a section reload, or an
  /// insert whose path is not in the data, read as steps) are `wrongRows`
  /// (C1) with a message that says so.
  ///
  /// - Complexity: that of `ContractValidator.validate`.
  public func judge(
    _ changes: ContractChanges, old: [Row], new: [Row], under contract: Contract? = nil,
    options: SimulationOptions = .default
  ) -> ContractVerdict {
    judge(changes, sections: [old], [new], under: contract, options: options)
  }

  /// Judges changes this generator made for the sections `old` → `new`, as
  /// `judge(_:old:new:under:options:)` does for one section.
  ///
  /// - Complexity: that of `ContractValidator.validate`.
  public func judge(
    _ changes: ContractChanges, sections old: [[Row]], _ new: [[Row]],
    under contract: Contract? = nil, options: SimulationOptions = .default
  ) -> ContractVerdict {
    var options = options
    options.identityOnly = identityOnly
    let target = contract ?? changes.contract
    guard let verdict = changes.validate(as: target, old: old, new: new, options: options)
    else {
      return ContractVerdict(
        contract: target, identityOnly: identityOnly,
        verdict: Verdict(
          kind: .wrongRows, rule: .c1,
          message:
            "the \(changes.contract) cannot be read as \(target): a section reload, or an insert or update whose row is not in the data"
        ))
    }
    return verdict
  }

  /// Runs the generator on each pair and judges its changes under
  /// `contract`; stops at the first pair that is not valid.
  ///
  ///     ContractGenerator(HeckelStagedGenerator()).firstFailure(in: ExhaustivePairs(maxTotal: 7))
  ///     // (cases: 8853, finding: nil)
  ///
  /// - Returns: how many pairs ran, and the first failing one if any.
  public func firstFailure<Pairs: Sequence>(
    in pairs: Pairs, under contract: Contract? = nil, options: SimulationOptions = .default
  ) -> (cases: Int, finding: ContractFinding?) where Pairs.Element == (old: [Row], new: [Row]) {
    var cases = 0
    for (old, new) in pairs {
      cases += 1
      let changes: ContractChanges
      do throws(GeneratorError) {
        changes = try self.changes(from: old, to: new)
      } catch {
        return (
          cases, ContractFinding(old: old, new: new, changes: nil, verdict: nil, error: error)
        )
      }
      let verdict = judge(changes, old: old, new: new, under: contract, options: options)
      if !verdict.isValid {
        return (
          cases, ContractFinding(old: old, new: new, changes: changes, verdict: verdict, error: nil)
        )
      }
    }
    return (cases, nil)
  }
}

/// The first pair for which a `ContractGenerator`'s changes are not valid.
public struct ContractFinding: Sendable {
  /// The rows before, section 0.
  public let old: [Row]
  /// The rows after, section 0.
  public let new: [Row]
  /// What the generator returned; nil when it threw.
  public let changes: ContractChanges?
  /// The verdict; nil when the generator threw.
  public let verdict: ContractVerdict?
  /// Why the generator gave no changes, when it threw.
  public let error: GeneratorError?
}

extension ContractGenerator {
  /// A batch generator made from a closure.
  ///
  ///     ContractGenerator(name: "mine") { old, new in myDiff(old, new) }  // -> BatchUpdate
  public init(
    name: String, identityOnly: Bool = false,
    _ body: @escaping @Sendable ([Row], [Row]) -> BatchUpdate
  ) {
    self.init(ClosureGenerator(name: name, body), identityOnly: identityOnly)
  }

  /// A staged generator made from a closure that returns the stages for
  /// section 0.
  ///
  ///     ContractGenerator(name: "mine-staged") { old, new in myStagedChangeset(old, new) }  // -> [Stage]
  public init(
    name: String, identityOnly: Bool = false,
    _ body: @escaping @Sendable ([Row], [Row]) -> [Stage]
  ) {
    self.init(ClosureStaged(name: name, body: body), identityOnly: identityOnly)
  }

  /// A steps generator made from a closure that returns the steps for
  /// section 0.
  ///
  ///     ContractGenerator(name: "mine-steps") { old, new in myPatches(old, new) }  // -> [Step]
  public init(
    name: String, identityOnly: Bool = false,
    _ body: @escaping @Sendable ([Row], [Row]) -> [Step]
  ) {
    self.init(ClosureSteps(name: name, body: body), identityOnly: identityOnly)
  }
}

/// A staged generator made from a closure.
private struct ClosureStaged: StagedDeltaGenerator {
  let name: String
  let body: @Sendable ([Row], [Row]) -> [Stage]

  func stages(from old: [Row], to new: [Row]) -> [Stage] { body(old, new) }
}

/// A steps generator made from a closure.
private struct ClosureSteps: StepsDeltaGenerator {
  let name: String
  let body: @Sendable ([Row], [Row]) -> [Step]

  func steps(from old: [Row], to new: [Row]) -> [Step] { body(old, new) }
}
