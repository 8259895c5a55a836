import BatchCheck

/// The differential-synchronization diff of seed 004 (DS), mapped onto a table.
///
///     DSGenerator().update(
///       from: [Row(id: "A", content: "A"), Row("B"), Row("C")],
///       to: [Row(id: "A", content: "A1"), Row("C"), Row("D")])
///     // deleteRows (old space): (0,0), (0,1)   A's old value and B
///     // insertRows (new space): (0,2)          D
///     // reloadRows (old space): (0,0)          the replaced key A
///     // -> exception R10: delete and reload of the same index path
///
/// DS compares the two sides as **sets** of values, with the row's identity as
/// the primary key (`DSDiff.make(wins:loses:)`). A table needs indexes, so
/// the adapter puts a delete at the old position of each deleted value, an
/// insert at the new position of each added value and a reload at the old
/// position of each replaced key. "Position" is the first occurrence, as
/// `indexOfObject:` finds it.
///
/// What the simulator finds, all kept on purpose: a set has no order, so a
/// reordering gives an empty update (C1, wrong rows); a set has no
/// duplicates, so a repeated row is inserted or deleted once (R2); and DS
/// lists a replaced key's old value among the deletes as well as in
/// `replace`, so a content change deletes and reloads one path (R10).
///
/// - Complexity: O(*m* + *n* + *r* × *d* + *k* × (*m* + *n*)), where *m* and *n*
///   are the numbers of old and new rows, *r* and *d* the numbers of added and
///   deleted values (DS pairs them by key in a double loop) and *k* the number
///   of operations (each position is found by a linear search).
public struct DSGenerator: DeltaGenerator {
  public init() {}

  public var name: String { "ds" }

  public func update(from old: [Row], to new: [Row]) -> BatchUpdate {
    guard let diff = DSDiff.make(wins: new, loses: old) else {
      return BatchUpdate()  // DS returns nil when nothing was added, deleted or replaced
    }
    var update = BatchUpdate()
    for value in diff.delete {
      if let index = old.firstIndex(of: value) {
        update.deleteRows.append(RowPath(0, index))
      }
    }
    for value in diff.add {
      if let index = new.firstIndex(of: value) {
        update.insertRows.append(RowPath(0, index))
      }
    }
    for value in diff.replace {
      if let index = old.firstIndex(where: { $0.id == value.id }) {
        let path = RowPath(0, index)
        if !update.reloadRows.contains(path) {
          update.reloadRows.append(path)
        }
      }
    }
    return update
  }
}

/// One DS diff: values to add, values to delete, and new values for keys that
/// are on both sides with different values.
///
///     DSDiff.make(wins: ["A", "B", "D"].map { Row($0) }, loses: ["A", "B", "C"].map { Row($0) })
///     // add [D], delete [C], replace []
///
/// DS kept these as `NSSet`s turned into arrays, in hash order. The port keeps
/// every list in the order of first occurrence in its source array (`add` and
/// `replace` in `wins`, `delete` in `loses`), so results are deterministic and
/// do not depend on hashing.
struct DSDiff: Hashable, Sendable {
  /// Values in `wins` and not in `loses` whose key is not being replaced.
  var add: [Row]
  /// Values in `loses` and not in `wins`, replaced keys' old values included.
  var delete: [Row]
  /// Values in `wins` whose key belongs to a deleted value: the new value of a key.
  var replace: [Row]

  /// DS's `diffWins:loses:primaryKey:shouldReplace:`, with the identity as the
  /// primary key. Returns nil when nothing was added or deleted, as DS does.
  ///
  ///     DSDiff.make(wins: [Row(id: "A", content: 1)], loses: [Row(id: "A", content: 0)])
  ///     // add [], delete [{A,0}], replace [{A,1}]
  ///
  /// - Parameters:
  ///   - wins: the side whose values win (the newer state).
  ///   - loses: the side whose values lose (the older state).
  ///   - shouldReplace: given the old and new values of the keys found on both
  ///     sides, whether to take the new ones. When false, the changed keys are
  ///     left alone: neither deleted, added nor replaced.
  /// - Complexity: O(*m* + *n* + *r* × *d*), where *m* and *n* are the lengths
  ///   of `wins` and `loses` and *r*, *d* the numbers of added and deleted values.
  static func make(
    wins: [Row], loses: [Row], shouldReplace: ([Row], [Row]) -> Bool = { _, _ in true }
  ) -> DSDiff? {
    let winSet = Set(wins)
    let loseSet = Set(loses)
    let added = uniqued(wins.filter { !loseSet.contains($0) })
    let deleted = uniqued(loses.filter { !winSet.contains($0) })
    if added.isEmpty && deleted.isEmpty {
      return nil
    }
    var oldValues: [Row] = []
    var newValues: [Row] = []
    for addition in added {
      for deletion in deleted where addition.id == deletion.id {
        newValues.append(addition)
        oldValues.append(deletion)
      }
    }
    let newValueSet = Set(newValues)
    let add = added.filter { !newValueSet.contains($0) }
    guard shouldReplace(oldValues, newValues) else {
      let oldValueSet = Set(oldValues)
      return DSDiff(add: add, delete: deleted.filter { !oldValueSet.contains($0) }, replace: [])
    }
    return DSDiff(add: add, delete: deleted, replace: uniqued(newValues))
  }

  /// DS's `mergeInto:applyDiff:`: the set of `array` minus the deletes, then
  /// the added values and the replacing values that are not already there.
  ///
  ///     DSDiff.merge(into: ["A", "B", "C"].map { Row($0) },
  ///                  applying: DSDiff(add: [Row("D")], delete: [Row("B")], replace: []))
  ///     // [A, C, D]
  ///
  /// A nil diff leaves `array` exactly as it is. Otherwise the result holds
  /// each value once (DS went through a set), kept values in `array`'s order
  /// of first occurrence, then `add`, then `replace` (DS: hash order).
  ///
  /// - Complexity: O(*n* + *k*), where *n* is the length of `array` and *k*
  ///   the size of the diff.
  static func merge(into array: [Row], applying diff: DSDiff?) -> [Row] {
    guard let diff else { return array }
    let deleted = Set(diff.delete)
    var seen = Set<Row>()
    var result: [Row] = []
    for value in array where !deleted.contains(value) && seen.insert(value).inserted {
      result.append(value)
    }
    for value in diff.add + diff.replace where seen.insert(value).inserted {
      result.append(value)
    }
    return result
  }

  /// `values` without repeats, first occurrences kept in order.
  private static func uniqued(_ values: [Row]) -> [Row] {
    var seen = Set<Row>()
    return values.filter { seen.insert($0).inserted }
  }
}

/// One client's state in DS's differential-synchronization cycle (the README's
/// step-by-step example): the client's rows, its shadow (the last synchronized
/// result) and the remote's rows.
///
///     var sync = DSSync(client: ["A", "B", "C", "D"].map { Row($0) },
///                       shadow: ["A", "B", "C"].map { Row($0) },
///                       remote: ["A", "B", "C"].map { Row($0) })
///     sync.synchronize()
///     // client == remote == shadow == [A, B, C, D]
///
/// The cycle promises that after a sync the client and the remote hold the
/// same values (as a set).
struct DSSync: Hashable, Sendable {
  /// The client's rows.
  var client: [Row]
  /// The last synchronized result.
  var shadow: [Row]
  /// The remote's rows.
  var remote: [Row]

  /// Runs one cycle: diff client against shadow, apply it to a copy of the
  /// remote (the new client), diff the new client against the remote, push
  /// that diff to the remote, and save the result as the shadow.
  ///
  /// - Complexity: that of four diffs and merges over the three arrays.
  mutating func synchronize() {
    let clientChanges = DSDiff.make(wins: client, loses: shadow)
    let newClient = DSDiff.merge(into: remote, applying: clientChanges)
    let remoteChanges = DSDiff.make(wins: newClient, loses: remote)
    let newRemote = DSDiff.merge(into: remote, applying: remoteChanges)
    client = newClient
    remote = newRemote
    shadow = newRemote
  }
}
