/// The edit size of the valid updates of a run, added up case by case.
struct EditTotals: Sendable {
  /// The totals.
  var size = EditSize()
  /// How many valid updates they add up.
  var cases = 0

  /// Adds the edit size of a case's update when it is one valid batch (a
  /// breach of a waste limit included: its update is valid).
  mutating func add(_ result: CaseResult, old: [[Row]], new: [[Row]]) {
    guard let update = result.update, result.verdict?.isValid == true else { return }
    size = size + (result.edits ?? EditSize(old: old, new: new, update: update))
    cases &+= 1
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
