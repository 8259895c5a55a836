extension SimulatedTableView {
  /// R22: the first negative section or row, in the order of the case format's
  /// keys (deleteSections, insertSections, reloadSections, moveSections,
  /// deleteRows, insertRows, reloadRows, moveRows; a move's source before its
  /// destination). UIKit raises it when the call is made, so the order of the
  /// calls decides which path it names; this order stands for that.
  func checkNegativePaths(_ update: BatchUpdate, counter: inout OperationCounter) -> UIKitException?
  {
    // The place is on the side whose space the operation indexes.
    func fail(_ section: Int, _ row: Int, _ side: UpdateSide) -> UIKitException {
      UIKitException(
        rule: .r22, message: UIKitMessages.invalidIndexPath(section: section, row: row),
        place: VerdictPlace(side, RowPath(section, row)))
    }
    let notFound = UIKitMessages.notFound
    for (list, side) in [
      (update.deleteSections, .old), (update.insertSections, .new), (update.reloadSections, .old),
    ]
      as [([Int], UpdateSide)]
    {
      for section in list {
        counter.add()
        if section < 0 { return fail(section, notFound, side) }
      }
    }
    for move in update.moveSections {
      counter.add()
      if move.from < 0 { return fail(move.from, notFound, .old) }
      if move.to < 0 { return fail(move.to, notFound, .new) }
    }
    for (list, side) in [
      (update.deleteRows, .old), (update.insertRows, .new), (update.reloadRows, .old),
    ]
      as [([RowPath], UpdateSide)]
    {
      for path in list {
        counter.add()
        if path.section < 0 || path.row < 0 { return fail(path.section, path.row, side) }
      }
    }
    for move in update.moveRows {
      counter.add()
      if move.from.section < 0 || move.from.row < 0 {
        return fail(move.from.section, move.from.row, .old)
      }
      if move.to.section < 0 || move.to.row < 0 { return fail(move.to.section, move.to.row, .new) }
    }
    return nil
  }

  /// BatchCheck's duplicates policy (`reject`): the first exact duplicate
  /// section or row delete or insert, looked for in deleteSections,
  /// insertSections, deleteRows, insertRows, each in its own order. Reloads
  /// and moves are never duplicates here (UIKit merges or drops them).
  /// Returns the message and the repeated section or row (old space for a
  /// delete, new space for an insert).
  func firstDuplicate(_ update: BatchUpdate, counter: inout OperationCounter) -> (
    String, VerdictPlace
  )? {
    let item = options.semantics == .tableView ? "row" : "item"
    if let section = firstRepeated(in: update.deleteSections, counter: &counter) {
      return (
        UIKitMessages.duplicate("section \(section)", "delete"),
        VerdictPlace(.old, section: section)
      )
    }
    if let section = firstRepeated(in: update.insertSections, counter: &counter) {
      return (
        UIKitMessages.duplicate("section \(section)", "insert"),
        VerdictPlace(.new, section: section)
      )
    }
    if let path = firstRepeated(in: update.deleteRows, counter: &counter) {
      return (UIKitMessages.duplicate("\(item) \(path)", "delete"), VerdictPlace(.old, path))
    }
    if let path = firstRepeated(in: update.insertRows, counter: &counter) {
      return (UIKitMessages.duplicate("\(item) \(path)", "insert"), VerdictPlace(.new, path))
    }
    return nil
  }
}

/// The first element of `list` equal to an earlier one. A list strictly
/// ascending or strictly descending, as diffs usually give their deletes
/// and inserts, holds none: one pass tells, without hashing.
/// - Complexity: O(*k*) for *k* elements.
func firstRepeated<T: Hashable & Comparable>(in list: [T], counter: inout OperationCounter) -> T? {
  guard list.count > 1 else { return nil }
  counter.add(list.count)
  var ascending = true
  var descending = true
  for index in 1..<list.count {
    if !(list[index - 1] < list[index]) { ascending = false }
    if !(list[index] < list[index - 1]) { descending = false }
    if !ascending, !descending { break }
  }
  if ascending || descending { return nil }
  var seen = Set<T>(minimumCapacity: list.count)
  for element in list where !seen.insert(element).inserted {
    return element
  }
  return nil
}
