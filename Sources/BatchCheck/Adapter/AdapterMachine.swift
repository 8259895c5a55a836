/// The state machine of one simulated view: when it reads its data source,
/// what it takes as each batch's "before" and "after", and what comes of
/// each batch (<doc:TestingApplyCode>).
///
/// It follows UIKit's own moments: a table view reads at once on
/// `reloadData`, a collection view lazily at the next layout pass, count
/// read or batch start; the outermost end of a block reads the "after" and
/// hands the batch to the simulator. Steps arrive one at a time, so the same
/// machine replays a recorded script and drives a live harness view; it
/// records the steps as they come, which is the script that replays the run.
package struct AdapterMachine: Sendable {
  /// Why a reload is owed, or why a read filled the cache.
  enum Why: Equatable, Sendable {
    case none, never, reload, blockReload, layout
  }

  /// Which read last filled the cache.
  struct CacheSource: Sendable {
    var by: AdapterReadKind?
    var atStart: Bool
    var why: Why
  }

  /// What the causes of an exception need, kept until the report.
  struct Failure: Sendable {
    var index: Int
    var path: [Int]
    var rule: Rule
    var before: [[Row]]
    var update: BatchUpdate
    var after: [[Row]]
    var base: [[Row]]
    var cacheBy: CacheSource
    var reloaded: Bool
    var standalone: Bool
    var inWindow: Bool
  }

  let options: AdapterOptions
  var source: [[Row]]
  var cache: [[Row]]?
  var needsReload: Bool
  var reason: Why
  var needsLayout: Bool
  var inWindow: Bool
  var depth = 0
  var pendingReload = false
  var pending = BatchUpdate()
  var reloaded = false
  var base: [[Row]]
  var cacheBy = CacheSource(by: nil, atStart: false, why: .none)
  var eager = false
  var openedAt: [Int] = []
  var basis = AdapterBasis.settled
  var dead = false
  var outcomes: [AdapterOutcome] = []
  var reads: [AdapterRead] = []
  var failure: Failure?
  /// The path of the step being run.
  var current: [Int] = []
  /// The steps recorded so far: one list per open `performBatchUpdates`.
  var frames: [[AdapterStep]] = [[]]
  /// The path of each open `performBatchUpdates`.
  var openBatches: [[Int]] = []

  /// A view in `start`, judged under `options`.
  package init(options: AdapterOptions, start: AdapterStart) {
    self.options = options
    source = start.rows
    base = start.rows
    cache = start.loaded ? start.rows : nil
    needsReload = !start.loaded
    reason = start.loaded ? .none : .never
    needsLayout = !start.laidOut
    inWindow = start.inWindow
  }

  var isTable: Bool { options.semantics == .tableView }
  /// Whether the cached counts must be read again before use.
  var invalid: Bool { cache == nil || needsReload }
  /// Whether the view has died of an exception.
  package var isDead: Bool { dead }
  /// What the data source returned when it was last given.
  package var lastKnownSource: [[Row]] { source }

  // MARK: steps

  /// Runs `steps` one after another, as a script does.
  package mutating func replay(_ steps: [AdapterStep]) {
    for step in steps { perform(step) }
  }

  /// Records `step` and runs it, unless the view has died.
  package mutating func perform(_ step: AdapterStep) {
    if case .performBatchUpdates(let inner) = step {
      beginBatch()
      replay(inner)
      endBatch()
      return
    }
    current = nextPath
    frames[frames.count - 1].append(step)
    guard !dead else { return }
    apply(step)
  }

  /// The path the next recorded step gets.
  var nextPath: [Int] {
    (openBatches.last ?? []) + [frames[frames.count - 1].count]
  }

  mutating func apply(_ step: AdapterStep) {
    switch step {
    case .dataSource(let rows): changeSource(rows)
    case .performBatchUpdates(let inner): replay(inner)
    case .beginUpdates: beginUpdates(at: current)
    case .endUpdates: endUpdates(at: current)
    case .mutation(let call): mutation(call, at: current)
    case .reloadData: reloadData()
    case .layoutIfNeeded: if needsLayout { layoutPass() }
    case .numberOfSections, .numberOfRows: countRead()
    case .drain: drain()
    case .geometryChange: geometryChange()
    case .inWindow(let value):
      if value && !inWindow { needsLayout = true }
      inWindow = value
    }
  }

  /// The start of `performBatchUpdates`: the pre-layout or the collection
  /// view's read of "before", then the block opens.
  package mutating func beginBatch() {
    let path = nextPath
    current = path
    openBatches.append(path)
    frames.append([])
    guard !dead else { return }
    batchStart()
    beginUpdates(at: path)
  }

  /// The end of `performBatchUpdates`' block.
  package mutating func endBatch() {
    guard let path = openBatches.popLast() else { return }
    let inner = frames.removeLast()
    frames[frames.count - 1].append(.performBatchUpdates(inner))
    current = path
    guard !dead else { return }
    endUpdates(at: path)
  }

  /// The end of the script or of a live test: a block left open is one more
  /// unbalanced outcome, and the report follows.
  package func report() -> AdapterReport {
    var machine = self
    while !machine.openBatches.isEmpty { machine.endBatch() }
    if !machine.dead && machine.depth >= 1 {
      machine.mark(.decompile)
      machine.outcome(
        at: machine.openedAt, .skipped, cause: .a13, message: AdapterText.openBlock)
    }
    var outcomes = machine.outcomes
    if let failure = machine.failure {
      outcomes[failure.index] = outcomes[failure.index].with(
        cause: machine.cause(of: failure))
    }
    return AdapterReport(
      outcomes: outcomes, reads: machine.reads, finalBasis: machine.basis,
      steps: machine.frames[0])
  }
}
