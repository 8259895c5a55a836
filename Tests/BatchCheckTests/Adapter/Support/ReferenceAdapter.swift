import BatchCheck

/// A plain, obviously correct model of the adapter harness's recorded scripts, written
/// straight from the text of ADAPTER.md §7.3–§7.5 (the run, the causes, outcomes and
/// basis), to be compared with the production harness on random scripts. Speed does not
/// matter here; every state field and every line of the §7.3 pseudo-code has a line of its
/// own below, under the same name.
///
///     let script = ReferenceAdapterScript(
///       options: ReferenceAdapterOptions(semantics: .tableView),
///       start: ReferenceAdapterStart(rows: [[Row("a"), Row("b"), Row("c")]]),
///       steps: [.performBatchUpdates([.mutation(.deleteRows, BatchUpdate(deleteRows: [RowPath(0, 0)]))])])
///     ReferenceAdapter.run(script).verdict  // "exception" (R2, cause A4: the model never moved)
///
/// Reading notes: where the text left a choice, the reading taken.
///
/// 1. `dataSource(rows)`: "`if TV and eager and rows != source: mark(inferred); eager =
///    false`" is one `if` whose body holds both statements (the next line, `source = rows`,
///    stands at the `if`'s indentation). So a model change to the same rows leaves `eager`
///    set, and a later real change still marks.
/// 2. `read`'s `why` and `cacheBy`: a table's `load` passes `never`; a collection view passes
///    its `reason` (`never`, `reload`, `blockReload`), or `layout` for a batch start owed only
///    to `needsLayout`; every other read passes none. §7.4 1 then gives A2 for a batch-start
///    read whose `why` is `reload` or `blockReload`, A1 for any other batch-start read (a
///    table's pre-layout in `performBatchUpdates` is a `layout` read with `atStart`, so it
///    gives A1, as H10 says), and A3 for any read not at a batch start.
/// 3. `cacheBy` has no start value in §7.3. It is only consulted when `B != base`, which
///    needs a read that changed the cache after `base` was last set, so the start value
///    never decides; the reference starts it as nil and would give A3 if it ever did.
/// 4. "U holds no op but `reconfigureRows`" (§7.4 2b) includes the empty update: A11 is
///    "empty or reconfigure-only batch".
/// 5. §7.4 2d "the batch is a standalone call": a mutation call made at `depth ≤ 0` (a batch
///    of its own), including one inside a block that only brings depth back to 0 (§7.6 12).
///    "U + their ops" is the key-by-key concatenation, as `pending` is built.
/// 6. §7.4 2e "in document order": the script's steps flattened in pre-order (a
///    `performBatchUpdates` before its nested steps); the scan starts after the failing
///    batch's ending step and all its nested steps, skips every step that is neither a
///    mutation call nor a `dataSource` with rows different from `A`, and answers A5 when the
///    first one left is a mutation call.
/// 7. The `ios12` never-loaded `performBatchUpdates` mark is made at the start (before the
///    steps), as its line in §7.3 stands; the A7 skip at its end marks again (no change).
/// 8. Outcome texts of BatchCheck's own (skipped outcomes): A7 and A8 contain `not
///    validated`; both A13 outcomes contain `unbalanced` (the open-block one also `not
///    validated`). The exact wording is the reference's; only those words are specified.
/// 9. An R17 `fallback`, a `duplicate`, and `wrongRows`/`staleContent` outcomes carry the
///    engine's own message and rule (R17, R20, C1, C2); a `valid` outcome has neither.
/// 10. The R22 outcome's text is the engine's R22 text for that one call's update (R22 is
///     checked before everything else, so the engine names the call's first negative number).
/// 11. A mutation call's negative check skips `reconfigureRows` (§7.3: "K != reconfigureRows
///     and a negative number in A"), and the diffable guard comes first (§7.6 10).
/// 12. A read is logged with the path of the step being run; reads caused by the end of a
///     `performBatchUpdates` (the "after", a fallback's or the deferred reload) carry that
///     step's path, also when the end came from an `endUpdates` inside its steps.
/// 13. The engine is called with `identityOnly: false` and every row on screen (the v2
///     default when `visibleRows` is absent).
/// 14. The two end-of-block branches §7.6 7 calls unreachable in a script (a table's
///     `needsReload && diffable && modern SDK` fallback, the collection view's skip flags)
///     are not modelled.
/// 15. The reader (`ReferenceScriptReader`) is not a data-error checker: it reads what the
///     reference needs and defaults `uikit` to `ios18` (§7.1 "default the run's profile");
///     the writer always writes every option, so its lines do not depend on that default.
struct ReferenceAdapter {
  /// Why a reload is owed.
  enum Reason: String {
    case never, reload, blockReload
  }

  /// How well a step is evidenced, strongest first.
  enum Basis: Int, Comparable {
    case settled, decompile, inferred

    static func < (lhs: Basis, rhs: Basis) -> Bool { lhs.rawValue < rhs.rawValue }

    var name: String {
      switch self {
      case .settled: "settled"
      case .decompile: "decompile"
      case .inferred: "inferred"
      }
    }
  }

  /// Which read last filled the cache: who, at a batch start or not, and why.
  struct CacheBy {
    var by: String
    var atStart: Bool
    var why: String?
  }

  let script: ReferenceAdapterScript
  var options: ReferenceAdapterOptions { script.options }
  var isTable: Bool { options.isTable }

  // State (§7.3).
  var source: [[Row]]
  var cache: [[Row]]?
  var needsReload: Bool
  var reason: Reason?
  var needsLayout: Bool
  var inWindow: Bool
  var depth = 0
  var pendingReload = false
  var pending = BatchUpdate()
  var reloaded = false
  var base: [[Row]]
  var cacheBy: CacheBy?
  var eager = false
  var openedAt: [Int] = []
  var basis = Basis.settled
  var dead = false
  /// The path of the step being run, for the reads log.
  var current: [Int] = []

  var outcomes: [ReferenceAdapterOutcome] = []
  var reads: [ReferenceAdapterRead] = []

  /// The counts are invalid: never read, or a reload is owed.
  var invalid: Bool { cache == nil || needsReload }

  init(_ script: ReferenceAdapterScript) {
    self.script = script
    source = script.start.rows
    base = script.start.rows
    if script.start.loaded {
      cache = script.start.rows
      needsReload = false
      reason = nil
    } else {
      cache = nil
      needsReload = true
      reason = .never
    }
    needsLayout = !script.start.laidOut
    inWindow = script.start.inWindow
  }

  /// Runs `script` from its start state and returns every outcome and read.
  static func run(_ script: ReferenceAdapterScript) -> ReferenceAdapterResult {
    var adapter = ReferenceAdapter(script)
    adapter.runSteps(script.steps, under: [])
    adapter.endOfScript()
    return ReferenceAdapterResult(
      outcomes: adapter.outcomes, reads: adapter.reads, finalBasis: adapter.basis.name)
  }

  // MARK: Steps

  mutating func runSteps(_ steps: [ReferenceStep], under prefix: [Int]) {
    for (index, step) in steps.enumerated() {
      // Once the view dies, later steps are recorded, not applied.
      if dead { return }
      let path = prefix + [index]
      current = path
      runStep(step, at: path)
    }
  }

  mutating func runStep(_ step: ReferenceStep, at path: [Int]) {
    switch step {
    case .dataSource(let rows):
      if isTable && eager && rows != source {
        mark(.inferred)
        eager = false
      }
      source = rows
    case .performBatchUpdates(let steps): performBatchUpdates(steps, at: path)
    case .beginUpdates: beginUpdates(at: path)
    case .endUpdates: endUpdates(at: path)
    case .mutation(let kind, let update): mutation(kind, update, at: path)
    case .reloadData: reloadData()
    case .layoutIfNeeded: if needsLayout { layoutPass() }
    case .numberOfSections, .numberOfRows, .numberOfItems: countRead()
    case .drain: drain()
    case .geometryChange:
      needsLayout = true
      if isTable && cache != nil {
        read(by: "geometry", mark: options.uikit == .ios12 || depth >= 1 ? .inferred : nil)
      }
    case .inWindow(let value):
      if value && !inWindow { needsLayout = true }
      inWindow = value
    }
  }

  mutating func reloadData() {
    guard depth >= 1 else { return appReload() }
    reloaded = true
    if isTable {
      pendingReload = true
    } else {
      needsReload = true
      reason = .blockReload
      needsLayout = true
    }
  }

  mutating func drain() {
    guard needsLayout else { return }
    if inWindow {
      layoutPass()
    } else if isTable ? (cache == nil && depth <= 0) : (depth <= 0 && invalid) {
      mark(.inferred)
    }
  }

  mutating func countRead() {
    if isTable {
      if cache == nil && depth <= 0 { load(by: "count", atStart: false, mark: .inferred) }
    } else if depth <= 0 && invalid {
      let owed = reason == .reload || reason == .blockReload
      read(by: "count", why: reason?.rawValue, mark: owed ? .inferred : nil)
    }
  }

  // MARK: Reads, layout passes, reloads

  /// One data-source read.
  mutating func read(by: String, atStart: Bool = false, why: String? = nil, mark m: Basis? = nil) {
    let new = source
    reads.append(ReferenceAdapterRead(step: current, by: by, counts: new.map(\.count)))
    if cache == nil || needsReload || cache != new {
      if let m { mark(m) }
      cacheBy = CacheBy(by: by, atStart: atStart, why: why)
    }
    cache = new
    needsReload = false
    reason = nil
    eager = false
  }

  /// `_reloadDataIfNeeded` on a never-loaded table.
  mutating func load(by: String, atStart: Bool, mark m: Basis?) {
    read(by: by, atStart: atStart, why: Reason.never.rawValue, mark: m)
  }

  mutating func layoutPass(atStart: Bool = false) {
    if isTable {
      if cache == nil && depth <= 0 { load(by: "layout", atStart: atStart, mark: .inferred) }
      needsLayout = cache == nil
      eager = false
    } else {
      if depth >= 1 { return }
      if invalid {
        read(
          by: "layout", atStart: atStart, why: reason?.rawValue,
          mark: reason == .blockReload ? .inferred : nil)
      }
      needsLayout = false
    }
  }

  /// `reloadData` outside a block, and the reload UIKit makes.
  mutating func appReload() {
    base = source
    if isTable {
      read(by: "reloadData")
      eager = true
      needsLayout = true
      if options.source == .diffable && inWindow { layoutPass() }
    } else {
      needsReload = true
      reason = .reload
      needsLayout = true
    }
  }

  // MARK: Blocks and batches

  mutating func performBatchUpdates(_ steps: [ReferenceStep], at path: [Int]) {
    if isTable {
      let preLayout = options.source == .plain || options.sdk == .old
      if options.uikit == .ios18 && preLayout && needsLayout { layoutPass(atStart: true) }
      if options.uikit == .ios12 && cache == nil && depth <= 0 { mark(.inferred) }
    } else if depth == 0 && (invalid || needsLayout) {
      let why = invalid ? reason?.rawValue : "layout"
      read(by: "batchStart", atStart: true, why: why, mark: why == "blockReload" ? .inferred : nil)
      needsLayout = false
    }
    beginUpdates(at: path)
    runSteps(steps, under: path)
    if !dead {
      current = path
      endUpdates(at: path)
    }
  }

  mutating func beginUpdates(at path: [Int]) {
    if depth == 0 {
      pending = BatchUpdate()
      reloaded = false
      openedAt = path
    }
    depth += 1
  }

  mutating func endUpdates(at path: [Int]) {
    depth -= 1
    if depth == 0 {
      endOutermost(at: path, standalone: false)
    } else if depth < 0 {
      mark(.decompile)
      outcome(
        path, "skipped", cause: "A13",
        message: "unbalanced endUpdates: the update count goes below zero, so later "
          + "beginUpdates/endUpdates pairs stop bracketing and their updates are not validated")
      mark(.inferred)
    } else if isTable {
      mark(.decompile)
    }
  }

  mutating func mutation(_ kind: ReferenceMutation, _ update: BatchUpdate, at path: [Int]) {
    if options.source == .diffable {
      mark(.decompile)
      outcome(path, "exception", cause: "A10", message: guardMessage)
      dead = true
      return
    }
    if kind != .reconfigureRows && update.hasNegativeNumber {
      let verdict = engine(cache ?? source, update, source)
      outcome(path, "exception", rule: verdict.rule?.rawValue ?? "R22", message: verdict.message)
      dead = true
      return
    }
    if depth >= 1 {
      pending = pending.followed(by: update)
      return
    }
    // A batch of its own.
    if isTable {
      if cache == nil {
        load(
          by: "batchStart", atStart: true, mark: kind == .reconfigureRows ? .decompile : .inferred)
      }
    } else if invalid {
      read(
        by: "batchStart", atStart: true, why: reason?.rawValue,
        mark: reason == .blockReload ? .inferred : nil)
    }
    if kind == .reconfigureRows { mark(.decompile) }
    pending = update
    reloaded = false
    endOutermost(at: path, standalone: true)
  }

  /// The end of the outermost block, or of a standalone call's batch.
  mutating func endOutermost(at path: [Int], standalone: Bool) {
    let update = pending
    pending = BatchUpdate()
    if reloaded && isTable { mark(.inferred) }
    if isTable && cache == nil {
      mark(.inferred)
      outcome(
        path, "skipped", cause: "A7",
        message: "not validated: the table view never loaded its data, so UIKit drops the batch")
      base = source
      finish()
      return
    }
    if !isTable && options.uikit == .ios12 && !inWindow {
      outcome(
        path, "skipped", cause: "A8",
        message: "not validated: the collection view is not in a window, so UIKit before "
          + "iOS 16.4 checks nothing and reloads it later")
      base = source
      needsReload = true
      reason = .reload
      needsLayout = true
      return
    }
    let before = cache ?? []
    let after = source
    reads.append(ReferenceAdapterRead(step: path, by: "batchEnd", counts: after.map(\.count)))
    let verdict = engine(before, update, after)
    let rule = verdict.rule?.rawValue
    let text = verdict.message ?? ""
    switch verdict.kind {
    case .exception:
      let countRule = rule == "R2" || rule == "R2b"
      if (countRule || rule == "R1") && options.source == .diffable {
        mark(.decompile)
        outcome(
          path, "fallback", rule: rule, cause: "A10",
          message: "Performing reloadData as a fallback — " + text)
        appReload()
      } else if countRule && !isTable && options.sdk == .old {
        outcome(
          path, "fallback", rule: rule, cause: "A9",
          message: "[UICollectionView] " + text + " - will perform reloadData.")
        appReload()
      } else {
        let cause = self.cause(
          rule: rule ?? "", before: before, update: update, after: after, at: path,
          standalone: standalone)
        outcome(path, "exception", rule: rule, cause: cause, message: verdict.message)
        dead = true
        return
      }
    case .fallback:
      outcome(path, "fallback", rule: rule, message: verdict.message)
      appReload()
    case .duplicate:
      outcome(path, "duplicate", rule: rule, message: verdict.message)
      dead = true
      return
    case .valid, .wrongRows, .staleContent:
      outcome(
        path, verdict.kind.rawValue, rule: rule,
        message: verdict.kind == .valid ? nil : verdict.message)
      cache = after
      cacheBy = CacheBy(by: "batchEnd", atStart: false, why: nil)
      base = after
      eager = false
    }
    finish()
  }

  /// The deferred table reload, right away.
  mutating func finish() {
    if isTable && pendingReload {
      pendingReload = false
      appReload()
    }
  }

  mutating func endOfScript() {
    if !dead && depth >= 1 {
      mark(.decompile)
      outcome(
        openedAt, "skipped", cause: "A13",
        message: "unbalanced beginUpdates: the block is never closed, so its updates are "
          + "not validated")
    }
  }

  // MARK: Helpers

  mutating func mark(_ weaker: Basis) {
    basis = max(basis, weaker)
  }

  mutating func outcome(
    _ path: [Int], _ verdict: String, rule: String? = nil, cause: String? = nil,
    message: String? = nil
  ) {
    outcomes.append(
      ReferenceAdapterOutcome(
        step: path, verdict: verdict, rule: rule, cause: cause, basis: basis.name,
        message: message))
  }

  /// The diffable guard's text, `%@` printed as the view's description.
  var guardMessage: String {
    let view = isTable ? "UITableView" : "UICollectionView"
    return "\(view) must be updated via the \(view)DiffableDataSource APIs when acting as the "
      + "\(view)'s dataSource: please do not call mutation APIs directly on \(view). <\(view)>"
  }

  /// `engine(B, U, A)`: the v2 case {old: B, new: A, update: U} with the case's options.
  func engine(_ before: [[Row]], _ update: BatchUpdate, _ after: [[Row]]) -> Verdict {
    let simulation = SimulationOptions(
      semantics: options.semantics, duplicates: options.duplicates, identityOnly: false,
      uikit: options.uikit)
    return SimulatedTableView(before, options: simulation).performBatchUpdates(
      update, dataSource: after)
  }
}
