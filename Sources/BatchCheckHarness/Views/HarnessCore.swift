import BatchCheck

/// What both harness views share: the state machine, the live data source
/// it peeks at before every call, and the queued completion handlers.
///
/// Before each call, and before the end of a `performBatchUpdates` block,
/// the source's rows are copied; when they differ from what the machine
/// last knew, a `dataSource` step goes first. So the steps recorded are a
/// script that replays the run exactly.
@MainActor final class HarnessCore {
  /// The view's state machine.
  private(set) var machine: AdapterMachine
  /// The start state, with the rows the source returned then.
  let start: AdapterStart
  /// The live data source.
  private let rows: () -> [[Row]]
  /// The rows of the last model change recorded (the start's at first).
  /// The machine's own `lastKnownSource` stops moving once the view has
  /// died, while the steps are still recorded.
  private var lastRecorded: [[Row]]
  /// Completion handlers owed at the next drain, in order.
  private var queued: [(Bool) -> Void] = []
  /// The completion handlers of each open `performBatchUpdates`'s nested
  /// blocks, outer first.
  private var nested: [[(Bool) -> Void]] = []

  init(
    semantics: ViewSemantics, start: HarnessStart, options: HarnessOptions,
    rows: @escaping () -> [[Row]]
  ) {
    self.start = start.adapterStart(rows())
    self.rows = rows
    lastRecorded = self.start.rows
    machine = AdapterMachine(options: options.adapterOptions(semantics), start: self.start)
  }

  /// The rows UIKit holds, nil before the first read.
  var cached: [[Row]]? { machine.cachedRows }
  /// The completion handlers owed at the next drain.
  var pendingCompletions: Int { queued.count }
  /// Whether a `performBatchUpdates` block is running.
  var inBatchBlock: Bool { !nested.isEmpty }

  /// Records a model change when the source moved since the last call.
  func sync() {
    let now = rows()
    guard now != lastRecorded else { return }
    lastRecorded = now
    machine.perform(.dataSource(now))
  }

  /// Runs `step` after peeking at the source.
  func perform(_ step: AdapterStep) {
    sync()
    machine.perform(step)
  }

  /// A mutation call.
  func mutation(_ call: AdapterMutation) { perform(.mutation(call)) }

  /// A count read: the cached count after the read the view makes.
  func count(section: Int?) -> Int {
    perform(section.map { .numberOfRows(section: $0) } ?? .numberOfSections)
    guard let cached else { return 0 }
    guard let section else { return cached.count }
    return cached.indices.contains(section) ? cached[section].count : 0
  }

  /// `performBatchUpdates`: the start, `updates` (whose calls arrive as
  /// steps), a last peek at the source, the end; `completion` is queued
  /// for the next drain unless the view died, an outer block's before its
  /// nested blocks'.
  func batch(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
    sync()
    machine.beginBatch()
    nested.append([])
    updates?()
    sync()
    machine.endBatch()
    let handlers = (completion.map { [$0] } ?? []) + nested.removeLast()
    if nested.isEmpty {
      if !machine.isDead { queued += handlers }
    } else {
      nested[nested.count - 1] += handlers
    }
  }

  /// The end of a main-queue turn: the layout pass owed, then the completion
  /// handlers queued before it, each with `true`. Nothing runs inside a
  /// `performBatchUpdates` block (a turn cannot end there) or once the view
  /// has died (the app has crashed).
  func drain() {
    guard nested.isEmpty else { return }
    perform(.drain)
    let handlers = queued
    queued = []
    for handler in handlers where !machine.isDead { handler(true) }
  }

  /// The report of the run so far.
  var report: AdapterReport { machine.report() }

  /// The script that replays the run so far.
  var script: AdapterScript {
    AdapterScript(options: machine.adapterOptions, start: start, steps: report.steps)
  }
}
