/// The edit size of the valid updates of a run, added up case by case.
struct EditTotals: Sendable {
  /// The totals.
  var size = EditSize()
  /// How many valid updates they add up.
  var cases = 0
  /// Memory for measuring a case, reused from one case to the next.
  private var workspace = EditSize.Workspace()

  /// Numbers the ids and rows of a case (`DenseCase`) in the workspace's
  /// memory, for `dense` to read and for `add` to measure with.
  mutating func number(old: [[Row]], new: [[Row]]) {
    workspace.dense.renumber(old: old, new: new)
  }

  /// The numbers of the case last given to `number(old:new:)`, lent in
  /// place (a copy would retain each of its arrays, case after case).
  var dense: DenseCase {
    _read { yield workspace.dense }
  }

  /// Adds the edit size of a case's changes when they are valid, in any
  /// shape (a breach of a waste limit included: its changes are valid):
  /// measured with the numbers `number(old:new:)` took of it when
  /// `numbered`, the last case given to it being this one.
  mutating func add(_ result: CaseResult, old: [[Row]], new: [[Row]], numbered: Bool = false) {
    guard
      let edits = result.edits
        ?? result.editSize(
          old: old, new: new, workspace: &workspace, numbered: numbered, keepsSections: false)
    else { return }
    size = size + edits
    cases &+= 1
  }
}

extension CaseResult {
  /// The edit size of the case's changes from `old` to `new` when they are
  /// valid: one batch, staged batches or sequential steps
  /// (`EditSize.init(old:new:changes:pairBudget:)`); nil otherwise.
  func editSize(old: [[Row]], new: [[Row]]) -> EditSize? {
    var workspace = EditSize.Workspace()
    return editSize(old: old, new: new, workspace: &workspace)
  }

  /// `editSize(old:new:)`, measured in `workspace`'s memory, with the
  /// numbers it holds of this case when `numbered`, and without its
  /// per-section figures unless `keepsSections`.
  func editSize(
    old: [[Row]], new: [[Row]], workspace: inout EditSize.Workspace, numbered: Bool = false,
    keepsSections: Bool = true
  ) -> EditSize? {
    guard error == nil, verdict?.isValid == true else { return nil }
    if let update {
      return EditSize(
        old: old, new: new, update: update, workspace: &workspace, numbered: numbered,
        keepsSections: keepsSections)
    }
    if let changes = contract?.changes { return EditSize(old: old, new: new, changes: changes) }
    return nil
  }
}

extension CheckReport {
  /// Adds `totals` to the report's edit size.
  mutating func addEdits(_ totals: EditTotals) {
    guard totals.cases > 0 else { return }
    edits = (edits ?? EditSize()) + totals.size
    editCases &+= totals.cases
  }
}
