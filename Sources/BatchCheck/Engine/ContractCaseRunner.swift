/// Runs cases through a generator of any shape and judges its changes under
/// a contract with `ContractGenerator.judge`: staged batches stage by stage,
/// sequential steps step by step, and any changes under a contract other
/// than their own (the mix-up a user would make). Several sections a side
/// for a sectioned generator (`ContractGenerator.isSectioned`), else one.
struct ContractCaseRunner: CaseRunning {
  let generator: ContractGenerator
  let contract: Contract
  let simulation: SimulationOptions
  let isSectioned: Bool

  init(_ generator: ContractGenerator, under contract: Contract?, simulation: SimulationOptions) {
    self.generator = generator
    self.contract = contract ?? generator.contract
    self.simulation = simulation
    isSectioned = generator.isSectioned
  }

  var name: String { generator.name }
  var ownContract: Contract { generator.contract }

  func run(_ old: [[Row]], _ new: [[Row]], window: VisibleRows?) -> CaseResult? {
    let changes: ContractChanges
    do throws(GeneratorError) {
      guard let answered = try generator.changes(from: old, to: new) else { return nil }
      changes = answered
    } catch {
      return CaseResult(update: nil, verdict: nil, error: error)
    }
    var verdict = generator.judge(changes, sections: old, new, under: contract, options: simulation)
    var visibleRows = VisibleRows.all
    if verdict.isValid, let window, changes.reloadsOrReconfigures {
      let windowed = generator.judge(
        changes, sections: old, new, under: contract, options: simulation.showing(window))
      if !windowed.isValid {
        verdict = windowed
        visibleRows = window
      }
    }
    var update: BatchUpdate?
    if case .batch(let batch) = changes { update = batch }
    return CaseResult(
      update: update, verdict: verdict.verdict, error: nil, contract: (changes, verdict),
      visibleRows: visibleRows)
  }
}
