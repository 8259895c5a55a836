extension BatchUpdate {
  /// The names of the update's non-empty operation lists, in the case
  /// format's order: `deleteSections`, ..., `reconfigureRows`; `nothing`
  /// for an empty update.
  var operationNames: [String] {
    let lists: [(String, Bool)] = [
      ("deleteSections", deleteSections.isEmpty), ("insertSections", insertSections.isEmpty),
      ("reloadSections", reloadSections.isEmpty), ("moveSections", moveSections.isEmpty),
      ("deleteRows", deleteRows.isEmpty), ("insertRows", insertRows.isEmpty),
      ("reloadRows", reloadRows.isEmpty), ("moveRows", moveRows.isEmpty),
      ("reconfigureRows", reconfigureRows.isEmpty),
    ]
    let names = lists.filter { !$0.1 }.map(\.0)
    return names.isEmpty ? ["nothing"] : names
  }
}
