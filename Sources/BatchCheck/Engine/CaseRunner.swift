/// How a case failed, as far as shrinking is concerned: a shrunk case must
/// fail the same way (same verdict kind and rule, or same generator error kind).
enum FailureSignature: Hashable, Sendable {
  case verdict(VerdictKind, Rule?)
  case error(GeneratorError.Kind)
}

/// What one case gave: the generator's update (or error) and the verdict.
struct CaseResult {
  /// The generator's update; nil when it threw.
  var update: BatchUpdate?
  /// The simulated table's verdict on `update`; nil when the generator threw.
  var verdict: Verdict?
  /// Why the generator gave no update.
  var error: GeneratorError?

  /// nil when the case passed (the verdict is valid).
  var signature: FailureSignature? {
    if let error { return .error(error.kind) }
    guard let verdict, !verdict.isValid else { return nil }
    return .verdict(verdict.kind, verdict.rule)
  }
}

/// Runs cases through one generator and the simulated table.
struct CaseRunner<Generator: DeltaGenerator>: Sendable {
  let generator: Generator
  /// The same generator, when it diffs several sections.
  let sectioned: (any SectionedDeltaGenerator)?
  let simulation: SimulationOptions

  init(_ generator: Generator, simulation: SimulationOptions) {
    self.generator = generator
    self.sectioned = generator as? any SectionedDeltaGenerator
    self.simulation = simulation
  }

  /// Whether cases of several sections can be run.
  var isSectioned: Bool { sectioned != nil }

  /// Runs the generator on `old` → `new` and judges its update.
  ///
  /// - Returns: nil when the case cannot be given to this generator (one
  ///   that is not sectioned gets only cases of exactly one section a side).
  func run(_ old: [[Row]], _ new: [[Row]]) -> CaseResult? {
    let update: BatchUpdate
    do throws(GeneratorError) {
      if let sectioned {
        update = try sectioned.update(from: old, to: new)
      } else {
        guard old.count == 1, new.count == 1 else { return nil }
        update = try generator.update(from: old[0], to: new[0])
      }
    } catch {
      return CaseResult(update: nil, verdict: nil, error: error)
    }
    let verdict = SimulatedTableView(old, options: simulation)
      .performBatchUpdates(update, dataSource: new)
    return CaseResult(update: update, verdict: verdict, error: nil)
  }
}
