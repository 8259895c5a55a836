/// A runner that also holds each valid batch update to the run's waste
/// limits (`CheckOptions.maxMoveRatio`, `CheckOptions.rejectsUnneededDeletes`):
/// a breach is the case's failure (`CaseResult.waste`), so that the phases,
/// the shrinker and the search for a smaller pair see it as any other.
struct WasteCheckedRunner<Base: CaseRunning>: CaseRunning {
  let base: Base
  let limits: WasteLimits

  var name: String { base.name }
  var isSectioned: Bool { base.isSectioned }
  var contract: Contract { base.contract }
  var ownContract: Contract { base.ownContract }

  func run(_ old: [[Row]], _ new: [[Row]], window: VisibleRows?) -> CaseResult? {
    guard !limits.isEmpty else { return base.run(old, new, window: window) }
    return base.run(old, new, window: window).map { judged($0, old, new) }
  }

  func stream(next: () -> PendingCase?, each: (PendingCase, CaseResult?) -> Bool) {
    guard !limits.isEmpty else { return base.stream(next: next, each: each) }
    base.stream(next: next) { pending, result in
      each(pending, result.map { judged($0, pending.old, pending.new) })
    }
  }

  /// `result`, with its edit size and breach when its changes are valid
  /// (one batch, staged batches or steps, measured as the whole change)
  /// and the run has limits; as it is otherwise.
  ///
  /// - Complexity: that of `EditSize.init(old:new:changes:pairBudget:)`
  ///   for valid changes under limits; O(1) otherwise.
  private func judged(_ result: CaseResult, _ old: [[Row]], _ new: [[Row]]) -> CaseResult {
    guard !limits.isEmpty, result.kind == nil, let size = result.editSize(old: old, new: new) else {
      return result
    }
    var result = result
    result.edits = size
    result.waste = limits.breach(of: size, old: old, new: new)
    return result
  }
}
