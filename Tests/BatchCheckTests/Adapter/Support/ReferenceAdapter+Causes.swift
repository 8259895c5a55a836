import BatchCheck

/// The causes of ADAPTER.md §7.4, for an exception from `engine`, the first that holds.
extension ReferenceAdapter {
  /// The rules for which a batch can have been absorbed (§7.4 1) and, out of a window, A8 (§7.4 3).
  static let absorbableRules: Set<String> = [
    "R1", "R2", "R2b", "R3", "R4", "R5", "R6", "R7", "R8", "R13", "R14", "R15",
  ]
  /// The count rules of §7.4 2.
  static let countRules: Set<String> = ["R1", "R2", "R2b"]

  /// The cause of an engine exception with `rule`, for the batch `update` from `before`
  /// to `after` that ended at `path` (a standalone call when `standalone`).
  func cause(
    rule: String, before: [[Row]], update: BatchUpdate, after: [[Row]], at path: [Int],
    standalone: Bool
  ) -> String? {
    // 1. Absorbed: the batch was right for the rows the app last told the view about.
    if Self.absorbableRules.contains(rule) && before != base
      && accepts(engine(base, update, after))
    {
      guard let cacheBy, cacheBy.atStart else { return "A3" }
      return cacheBy.why == "reload" || cacheBy.why == "blockReload" ? "A2" : "A1"
    }
    // 2. The batch does not match the model's move.
    if Self.countRules.contains(rule) {
      if reloaded { return "A6" }
      if update.holdsOnlyReconfigures { return "A11" }
      if after == before { return "A4" }
      if standalone {
        let following = script.mutationsRightAfter(path)
        if let more = following, accepts(engine(before, update.followed(by: more), after)) {
          return "A12"
        }
      }
      if script.mutationBeforeModelChange(after: path, rows: after) { return "A5" }
    }
    // 3. Out of a window, which iOS before 16.4 would not have checked.
    if Self.absorbableRules.contains(rule) && !isTable && options.uikit == .ios18 && !inWindow {
      return "A8"
    }
    return nil
  }

  /// UIKit accepted the batch (the row check may still object).
  func accepts(_ verdict: Verdict) -> Bool {
    verdict.kind == .valid || verdict.kind == .wrongRows || verdict.kind == .staleContent
  }
}

extension ReferenceAdapterScript {
  /// The steps of the list that `prefix` opens: the script for `[]`, else the nested
  /// steps of the `performBatchUpdates` at `prefix` (nil when there is none).
  func steps(under prefix: [Int]) -> [ReferenceStep]? {
    var list = steps
    for index in prefix {
      guard list.indices.contains(index), case .performBatchUpdates(let nested) = list[index]
      else { return nil }
      list = nested
    }
    return list
  }

  /// Every step with its path, in document order (a block before its nested steps).
  func flattened() -> [(path: [Int], step: ReferenceStep)] {
    func walk(_ list: [ReferenceStep], _ prefix: [Int]) -> [(path: [Int], step: ReferenceStep)] {
      var all: [(path: [Int], step: ReferenceStep)] = []
      for (index, step) in list.enumerated() {
        all.append((prefix + [index], step))
        if case .performBatchUpdates(let nested) = step {
          all += walk(nested, prefix + [index])
        }
      }
      return all
    }
    return walk(steps, [])
  }

  /// §7.4 2d: the ops of the mutation calls right after the step at `path` in the same
  /// list, up to the first other step; nil when there is none.
  func mutationsRightAfter(_ path: [Int]) -> BatchUpdate? {
    guard let last = path.last, let list = steps(under: Array(path.dropLast())) else { return nil }
    var ops: BatchUpdate?
    for step in list.dropFirst(last + 1) {
      guard case .mutation(_, let update) = step else { break }
      ops = (ops ?? BatchUpdate()).followed(by: update)
    }
    return ops
  }

  /// §7.4 2e: after the step at `path` and all its nested steps, in document order, a
  /// mutation call comes before any `dataSource` step whose rows differ from `rows`.
  func mutationBeforeModelChange(after path: [Int], rows: [[Row]]) -> Bool {
    let all = flattened()
    guard let index = all.firstIndex(where: { $0.path == path }) else { return false }
    for (later, step) in all[(index + 1)...] {
      if later.starts(with: path) { continue }  // the batch's own nested steps
      switch step {
      case .mutation: return true
      case .dataSource(let new) where new != rows: return false
      default: continue
      }
    }
    return false
  }
}
