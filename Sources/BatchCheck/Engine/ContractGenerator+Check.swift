/// Checks a generator of any of the three shapes (`ContractGenerator`: one
/// batch, staged batches, sequential steps) under the contract it claims, or
/// under another one to show what a contract mix-up does.
///
///     let report = check(ContractGenerator(HeckelStagedGenerator()), options: CheckOptions(count: 2_000))
///     report.passed   // true: every stage is a valid batch and the last one shows the new rows
///
///     check(ContractGenerator(EditScriptGenerator()), under: .batch).failures[0].advice
///     // "valid as sequential steps, not as one batch: apply it step by step or convert it"
///
/// The run is `check(_:options:)`'s: corpus, every small pair, random cases,
/// shrinking, coverage. A batch generator judged as one batch takes the same
/// path as `check(_:options:)` (its sections included); any other pairing
/// runs through `ContractGenerator.judge`, with several sections a side when
/// the generator is sectioned (`SectionedStagedDeltaGenerator`,
/// `SectionedStepsDeltaGenerator`, `SectionedDeltaGenerator`: the random
/// phase then makes cases of several sections, as for a sectioned batch
/// generator) and one section a side otherwise, and a failure
/// then carries the changes (`CheckFailure.changes`) and, when the same
/// changes are valid under another contract, the advice to apply them that
/// way (`CheckFailure.advice`).
///
/// The mode is identity-only when `generator.identityOnly` or
/// `options.identityOnly` says so (for the cases generated and the
/// verdicts); the report says which was used (`CheckReport.identityOnly`).
///
/// - Parameters:
///   - generator: the generator and its shape.
///   - contract: the contract to judge under; nil for the generator's own.
///   - options: seed, phase sizes, corpus, shrink budget, simulation.
/// - Returns: the report; the same arguments give the same report.
/// - Complexity: as `check(_:options:)`, with `ContractValidator.validate`
///   as the cost of judging a case.
public func check(
  _ generator: ContractGenerator, under contract: Contract? = nil,
  options: CheckOptions = CheckOptions()
) -> CheckReport {
  let (generator, options) = generator.judging(options)
  if let batch = generator.batchGenerator(under: contract) {
    return check(batch, options: options)
  }
  var run = CheckRun(options: options) {
    ContractCaseRunner(generator, under: contract, simulation: $0)
  }
  run.runAll()
  return run.report
}

/// `check(_:under:options:)` with the random phase split across concurrent
/// tasks; the report is the same whatever `workers` is.
///
///     let report = await check(ContractGenerator(EditScriptGenerator()), workers: 2)
///
/// - Parameters:
///   - generator: the generator and its shape.
///   - contract: the contract to judge under; nil for the generator's own.
///   - options: as for `check(_:options:)`.
///   - workers: the most chunks running at once; below 1 reads as 1.
/// - Returns: the report.
/// - Complexity: as `check(_:under:options:)`, divided among the workers.
public func check(
  _ generator: ContractGenerator, under contract: Contract? = nil,
  options: CheckOptions = CheckOptions(), workers: Int
) async -> CheckReport {
  let (generator, options) = generator.judging(options)
  if let batch = generator.batchGenerator(under: contract) {
    return await check(batch, options: options, workers: workers)
  }
  var run = CheckRun(options: options) {
    ContractCaseRunner(generator, under: contract, simulation: $0)
  }
  await run.runAll(workers: workers)
  return run.report
}

/// Runs one random case of a generator of any shape from its seed alone, as
/// `replay(_:caseSeed:options:)` does for a batch generator.
///
///     replay(ContractGenerator(EditScriptGenerator()), caseSeed: 0x9c2f_1e0a_3b4d_5e6f)
///
/// - Parameters:
///   - generator: the generator and its shape.
///   - caseSeed: the case seed a report printed.
///   - contract: the contract the original run judged under; nil for the
///     generator's own.
///   - options: the original run's options (`maxSize`, `simulation`,
///     `shrinkBudget`); identity-only when the generator or the options
///     ask for it (`ContractGenerator.judging(_:)`).
/// - Returns: a report of one random case.
/// - Complexity: one case, plus its shrinking.
public func replay(
  _ generator: ContractGenerator, caseSeed: UInt64, under contract: Contract? = nil,
  options: CheckOptions = CheckOptions()
) -> CheckReport {
  let (generator, options) = generator.judging(options)
  if let batch = generator.batchGenerator(under: contract) {
    return replay(batch, caseSeed: caseSeed, options: options)
  }
  var run = CheckRun(options: options) {
    ContractCaseRunner(generator, under: contract, simulation: $0)
  }
  run.runCase(seed: caseSeed)
  return run.report
}

extension ContractGenerator {
  /// How a run of this generator with `options` judges its cases, decided
  /// once: identity-only when the generator is (its own mode) or when the
  /// options ask for it (a run's identity-only option is honoured, never
  /// dropped). The generator and the options come back in that one mode.
  package func judging(_ options: CheckOptions) -> (
    generator: ContractGenerator, options: CheckOptions
  ) {
    var (generator, options) = (self, options)
    generator.identityOnly = identityOnly || options.identityOnly
    options.identityOnly = generator.identityOnly
    return (generator, options)
  }

  /// The batch generator, when it is judged as one batch: the engine's
  /// batch runner then serves, sections included.
  func batchGenerator(under contract: Contract?) -> (any DeltaGenerator)? {
    guard case .batch(let generator) = shape, (contract ?? .batch) == .batch else { return nil }
    return generator
  }
}
