/// What a simulated section snapshot records: every call in order, the
/// answers to its queries, and the exception that ended the run.
///
/// Shared by the copies of one snapshot (a class), so that a query, which
/// is not mutating, can record itself and raise SS5. After an exception,
/// calls are recorded but not applied, as after a crash.
///
///     let journal = SectionSnapshotJournal<String>()
///     journal.begin(.delete(["z"]))  // true
///     journal.raise(.ss4, "Failed to find index of item z")
///     journal.begin(.deleteAll)      // false: recorded, not run
final class SectionSnapshotJournal<ItemID: Hashable> {
  var calls: [SectionSnapshotCall<ItemID>] = []
  var answers: [SectionSnapshotAnswer<ItemID>] = []
  var exception: SnapshotException?

  init() {}

  /// Records `call` and says whether it may run (no exception yet).
  @discardableResult
  func begin(_ call: SectionSnapshotCall<ItemID>) -> Bool {
    calls.append(call)
    return exception == nil
  }

  /// The index of the call being run.
  var current: Int { calls.count - 1 }

  /// Records the first exception, at the current call; later ones are ignored.
  func raise(_ rule: SnapshotRule, _ message: String) {
    guard exception == nil else { return }
    exception = SnapshotException(rule: rule, message: message, call: current)
  }
}
