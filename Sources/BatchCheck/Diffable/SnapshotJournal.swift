/// What a simulated snapshot records: every call in order, the answers to
/// its queries, the S3 logs, and the exception that ended the run.
///
/// Shared by the copies of one snapshot (a class): a copy made after the
/// first call goes on recording into the same script, as one app process
/// goes on after one call. After an exception, calls are recorded but not
/// applied, as after a crash.
final class SnapshotJournal<SectionID: Hashable, ItemID: Hashable> {
  var calls: [SnapshotCall<SectionID, ItemID>] = []
  var answers: [SnapshotAnswer<SectionID, ItemID>] = []
  var logs: [SnapshotLog] = []
  var exception: SnapshotException?
  /// Mutating calls recorded, queries not counted: the single-update fast
  /// path of apply asks for one.
  var mutations = 0
  /// Ids S3 moved in the first mutating call (for the single-update fast path).
  var firstCallReinserted: [ItemID] = []

  init() {}

  /// Records `call` and says whether it may run (no exception yet).
  func begin(_ call: SnapshotCall<SectionID, ItemID>) -> Bool {
    calls.append(call)
    if !call.isQuery { mutations += 1 }
    return exception == nil
  }

  /// The index of the call being run.
  var current: Int { calls.count - 1 }

  func raise(_ rule: SnapshotRule, _ message: String) {
    guard exception == nil else { return }
    exception = SnapshotException(rule: rule, message: message, call: current)
  }
}
