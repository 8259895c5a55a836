extension AdapterMachine {
  /// The start of `performBatchUpdates`, before its block: iOS 18's table
  /// lays out first, a collection view reads "before" when its counts are
  /// invalid or it needs layout.
  mutating func batchStart() {
    if isTable {
      if options.uikit == .ios18 && (options.source == .plain || options.sdk == .old)
        && needsLayout
      {
        layoutPass(atStart: true)
      }
      if options.uikit == .ios12 && cache == nil && depth <= 0 { mark(.inferred) }
    } else if depth == 0 && (invalid || needsLayout) {
      let why = invalid ? reason : .layout
      read(.batchStart, atStart: true, why: why, mark: why == .blockReload ? .inferred : nil)
      needsLayout = false
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
      outcome(at: path, .skipped, cause: .a13, message: AdapterText.unbalancedEnd)
      mark(.inferred)
    } else if isTable {
      mark(.decompile)
    }
  }

  /// One of the nine mutation calls: refused at once by a diffable source's
  /// guard or for a negative index, kept in an open block, or else a batch
  /// of its own.
  mutating func mutation(_ call: AdapterMutation, at path: [Int]) {
    if options.source == .diffable {
      mark(.decompile)
      outcome(
        at: path, .exception, cause: .a10,
        message: AdapterText.diffableGuard(options.semantics))
      dead = true
      return
    }
    var update = BatchUpdate()
    call.append(to: &update)
    // R22 with the simulator's own check, made when the call is.
    var counter = OperationCounter()
    if !call.isReconfigure,
      let negative = SimulatedTableView(cache ?? [], options: options.simulation)
        .checkNegativePaths(update, counter: &counter)
    {
      let verdict = Verdict.exception(negative)
      outcome(at: path, .exception, rule: .r22, message: verdict.message, verdict: verdict)
      dead = true
      return
    }
    if depth >= 1 { return call.append(to: &pending) }
    if isTable {
      if cache == nil {
        load(.batchStart, atStart: true, mark: call.isReconfigure ? .decompile : .inferred)
      }
    } else if invalid {
      read(.batchStart, atStart: true, why: reason, mark: reason == .blockReload ? .inferred : nil)
    }
    if call.isReconfigure { mark(.decompile) }
    pending = update
    reloaded = false
    endOutermost(at: path, standalone: true)
  }

  /// The simulator's verdict of `update` from `before` to `after`.
  func engine(_ before: [[Row]], _ update: BatchUpdate, _ after: [[Row]]) -> Verdict {
    SimulatedTableView(before, options: options.simulation).performBatchUpdates(
      update, dataSource: after)
  }

  /// The end of the outermost block: "after" is read and the batch judged.
  mutating func endOutermost(at path: [Int], standalone: Bool) {
    let update = pending
    pending = BatchUpdate()
    if reloaded && isTable { mark(.inferred) }
    guard let before = cache else {
      mark(.inferred)
      outcome(at: path, .skipped, cause: .a7, message: AdapterText.neverLoaded)
      base = source
      return finish()
    }
    if !isTable && options.uikit == .ios12 && !inWindow {
      outcome(at: path, .skipped, cause: .a8, message: AdapterText.outOfWindow)
      base = source
      needsReload = true
      reason = .reload
      needsLayout = true
      return
    }
    let after = source
    reads.append(AdapterRead(step: path, by: .batchEnd, counts: after.map(\.count)))
    let verdict = engine(before, update, after)
    // An exception names its rule; one without (none in UIKit's checks) gets no cause.
    if judge(verdict, at: path), let rule = verdict.rule {
      failure = Failure(
        index: outcomes.count - 1, path: path, rule: rule, before: before,
        update: update, after: after, base: base, cacheBy: cacheBy, reloaded: reloaded,
        standalone: standalone, inWindow: inWindow)
      return
    }
    if dead { return }
    finish()
  }

  /// Makes the outcome of a judged batch; returns whether it is an
  /// exception whose cause the report must find.
  mutating func judge(_ verdict: Verdict, at path: [Int]) -> Bool {
    let text = verdict.message ?? ""
    switch verdict.kind {
    case .exception:
      let rule = verdict.rule
      if options.source == .diffable && [.r1, .r2, .r2b].contains(rule) {
        mark(.decompile)
        outcome(
          at: path, .fallback, rule: rule, cause: .a10,
          message: AdapterText.diffableFallback(text), verdict: verdict)
        appReload()
      } else if !isTable && options.sdk == .old && [.r2, .r2b].contains(rule) {
        outcome(
          at: path, .fallback, rule: rule, cause: .a9,
          message: AdapterText.oldSDKFallback(text), verdict: verdict)
        appReload()
      } else {
        outcome(at: path, .exception, rule: rule, message: text, verdict: verdict)
        dead = true
        return true
      }
    case .fallback:
      outcome(at: path, .fallback, rule: verdict.rule, message: text, verdict: verdict)
      appReload()
    case .duplicate:
      outcome(at: path, .duplicate, rule: verdict.rule, message: text, verdict: verdict)
      dead = true
    case .valid, .wrongRows, .staleContent:
      outcome(
        at: path, AdapterVerdictKind(verdict.kind), rule: verdict.rule,
        message: verdict.message, verdict: verdict)
      cache = source
      cacheBy = CacheSource(by: .batchEnd, atStart: false, why: .none)
      base = source
      eager = false
    }
    return false
  }

  /// After the outermost end: a table's deferred reload runs at once.
  mutating func finish() {
    if isTable && pendingReload {
      pendingReload = false
      appReload()
    }
  }
}
