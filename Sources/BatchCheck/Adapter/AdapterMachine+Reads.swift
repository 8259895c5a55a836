extension AdapterMachine {
  /// Lowers the basis to `weaker` when it is weaker, for the rest of the run.
  mutating func mark(_ weaker: AdapterBasis?) {
    if let weaker, weaker > basis { basis = weaker }
  }

  /// Makes an outcome at `path` with the basis as it stands.
  mutating func outcome(
    at path: [Int], _ kind: AdapterVerdictKind, rule: Rule? = nil, cause: AdapterCause? = nil,
    message: String? = nil, verdict: Verdict? = nil
  ) {
    outcomes.append(
      AdapterOutcome(
        step: path, kind: kind, rule: rule, cause: cause, basis: basis, message: message,
        verdict: verdict))
  }

  /// One read of the data source, logged; it fills the cache, and when the
  /// fill changes anything, `inferred` (or another mark) lowers the basis
  /// and the read becomes the cache's source.
  mutating func read(
    _ by: AdapterReadKind, atStart: Bool = false, why: Why = .none, mark weaker: AdapterBasis? = nil
  ) {
    reads.append(AdapterRead(step: current, by: by, counts: source.map(\.count)))
    if cache == nil || needsReload || cache != source {
      mark(weaker)
      cacheBy = CacheSource(by: by, atStart: atStart, why: why)
    }
    cache = source
    needsReload = false
    reason = .none
    eager = false
  }

  /// A table view's `_reloadDataIfNeeded` on a table that never loaded.
  mutating func load(_ by: AdapterReadKind, atStart: Bool, mark weaker: AdapterBasis?) {
    read(by, atStart: atStart, why: .never, mark: weaker)
  }

  /// A layout pass: a table loads if it never did; a collection view reads
  /// counts that are invalid, outside a block.
  mutating func layoutPass(atStart: Bool = false) {
    if isTable {
      if cache == nil && depth <= 0 { load(.layout, atStart: atStart, mark: .inferred) }
      needsLayout = cache == nil
      eager = false
    } else if depth <= 0 {
      if invalid {
        read(.layout, atStart: atStart, why: reason, mark: reason == .blockReload ? .inferred : nil)
      }
      needsLayout = false
    }
  }

  /// `reloadData` outside a block, and the reload UIKit makes itself: a
  /// table reads at once, a collection view owes a read.
  mutating func appReload() {
    base = source
    if isTable {
      read(.reloadData)
      eager = true
      needsLayout = true
      if options.source == .diffable && inWindow { layoutPass() }
    } else {
      needsReload = true
      reason = .reload
      needsLayout = true
    }
  }

  /// The live model now returns `rows`.
  mutating func changeSource(_ rows: [[Row]]) {
    if isTable && eager && rows != source {
      mark(.inferred)
      eager = false
    }
    source = rows
  }

  /// The end of a main-queue turn: the layout pass a view in a window owes.
  mutating func drain() {
    guard needsLayout else { return }
    if inWindow {
      layoutPass()
    } else if isTable ? (cache == nil && depth <= 0) : (depth <= 0 && invalid) {
      mark(.inferred)
    }
  }

  /// A bounds, margin, safe-area or trait change: a table view rebuilds its
  /// row data at once; a collection view only owes a layout pass.
  mutating func geometryChange() {
    needsLayout = true
    if isTable && cache != nil {
      read(.geometry, mark: options.uikit == .ios12 || depth >= 1 ? .inferred : nil)
    }
  }

  /// App code asks for a count.
  mutating func countRead() {
    if isTable {
      if cache == nil && depth <= 0 { load(.count, atStart: false, mark: .inferred) }
    } else if depth <= 0 && invalid {
      let owed = reason == .reload || reason == .blockReload
      read(.count, why: reason, mark: owed ? .inferred : nil)
    }
  }

  /// `reloadData`: inside a block it is deferred (a table) or ignored for
  /// validation (a collection view); outside, a reload.
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
}
