extension AdapterMachine {
  /// The rules a batch that absorbed the model's change can raise.
  static let absorbingRules: Set<Rule> = [
    .r1, .r2, .r2b, .r3, .r4, .r5, .r6, .r7, .r8, .r13, .r14, .r15,
  ]
  /// The count rules.
  static let countRules: Set<Rule> = [.r1, .r2, .r2b]

  /// Why the view and its data source fell out of step in the batch that
  /// raised, or nil when the batch itself does not describe the model's
  /// change. The first cause that holds wins.
  func cause(of failure: Failure) -> AdapterCause? {
    let rule = failure.rule
    if Self.absorbingRules.contains(rule) && failure.before != failure.base
      && accepts(engine(failure.base, failure.update, failure.after))
    {
      guard failure.cacheBy.atStart else { return .a3 }
      return [.reload, .blockReload].contains(failure.cacheBy.why) ? .a2 : .a1
    }
    if Self.countRules.contains(rule), let cause = countCause(of: failure) { return cause }
    if Self.absorbingRules.contains(rule) && !isTable && options.uikit == .ios18
      && !failure.inWindow
    {
      return .a8
    }
    return nil
  }

  /// The causes of a count failure: a reload in the block, an empty batch,
  /// a model that did not move, calls made one at a time, a model ahead.
  func countCause(of failure: Failure) -> AdapterCause? {
    if failure.reloaded { return .a6 }
    var others = failure.update
    others.reconfigureRows = []
    if others.isEmpty { return .a11 }
    if failure.after == failure.before { return .a4 }
    if failure.standalone {
      let following = followingCalls(after: failure.path)
      if !following.isEmpty {
        var update = failure.update
        for call in following { call.append(to: &update) }
        if accepts(engine(failure.before, update, failure.after)) { return .a12 }
      }
    }
    return modelAhead(after: failure.path, than: failure.after) ? .a5 : nil
  }

  /// Whether a verdict means the batch was accepted.
  func accepts(_ verdict: Verdict) -> Bool {
    [.valid, .wrongRows, .staleContent].contains(verdict.kind)
  }

  /// The mutation calls right after the step at `path` in its own step
  /// list, up to the first other step.
  func followingCalls(after path: [Int]) -> [AdapterMutation] {
    guard let last = path.last else { return [] }
    var list = frames[0]
    for index in path.dropLast() {
      guard index < list.count, case .performBatchUpdates(let inner) = list[index] else {
        return []
      }
      list = inner
    }
    var calls: [AdapterMutation] = []
    for step in list.dropFirst(last + 1) {
      guard case .mutation(let call) = step else { break }
      calls.append(call)
    }
    return calls
  }

  /// Whether, after the step at `path` and all of its nested steps, a
  /// mutation call comes before any model change away from `after`: the
  /// model already held a later batch's change.
  func modelAhead(after path: [Int], than after: [[Row]]) -> Bool {
    var seen = false
    for (stepPath, step) in Self.documentOrder(frames[0], prefix: []) {
      if !seen {
        seen = stepPath == path
        continue
      }
      if stepPath.starts(with: path) { continue }
      switch step {
      case .mutation: return true
      case .dataSource(let rows) where rows != after: return false
      default: continue
      }
    }
    return false
  }

  /// Every step of `steps` with its path, a block before its own steps.
  static func documentOrder(_ steps: [AdapterStep], prefix: [Int]) -> [([Int], AdapterStep)] {
    var list: [([Int], AdapterStep)] = []
    for (index, step) in steps.enumerated() {
      let path = prefix + [index]
      list.append((path, step))
      if case .performBatchUpdates(let inner) = step {
        list += documentOrder(inner, prefix: path)
      }
    }
    return list
  }
}

/// BatchCheck's texts for adapter outcomes UIKit prints nothing for, and
/// the log lines UIKit prints when it falls back to `reloadData`.
enum AdapterText {
  static let neverLoaded =
    "not validated: the table view has never loaded its data, so UIKit drops the batch unchecked; the first layout pass reads the data source"
  static let outOfWindow =
    "not validated: a collection view outside a window before iOS 16.4 does not check the batch, and reloads its data later"
  static let unbalancedEnd =
    "unbalanced endUpdates: more endUpdates than beginUpdates, so UIKit's update count goes below zero; this call validates nothing (not validated), and later beginUpdates and endUpdates pairs stop bracketing"
  static let openBlock =
    "unbalanced beginUpdates: the block opened here is never closed by endUpdates, so UIKit validates none of its updates (not validated)"

  /// The diffable data source's guard, raised by a direct mutation call.
  static func diffableGuard(_ semantics: ViewSemantics) -> String {
    let view = semantics == .tableView ? "UITableView" : "UICollectionView"
    return
      "\(view) must be updated via the \(view)DiffableDataSource APIs when acting as the \(view)'s dataSource: please do not call mutation APIs directly on \(view). <\(view)>"
  }

  /// A diffable data source's log line for a count failure it answers with
  /// `reloadData`.
  static func diffableFallback(_ text: String) -> String {
    "Performing reloadData as a fallback — " + text
  }

  /// An old-SDK collection view's log line for a count failure it answers
  /// with `reloadData`.
  static func oldSDKFallback(_ text: String) -> String {
    "[UICollectionView] " + text + " - will perform reloadData."
  }
}
