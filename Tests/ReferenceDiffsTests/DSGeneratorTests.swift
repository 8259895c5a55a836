import BatchCheck
import Foundation
import Testing

@testable import ReferenceDiffs

/// DS (seed 004): its diff and merge, its sync cycle, and the table adapter.
@Suite struct DSGeneratorTests {
  let ds = DSGenerator()

  /// The README's primary-key example: A's url changes to A1, B goes, D comes.
  let remote = [row("A", 0), row("B", 0), row("C", 0)]
  let client = [row("A", 1), row("C", 0), row("D", 0)]

  @Test func diffWithoutChangedKeys() {
    // wins [A B D], loses [A B C]: common {A B}; D added, C deleted.
    #expect(
      DSDiff.make(wins: rows("ABD"), loses: rows("ABC"))
        == DSDiff(add: rows("D"), delete: rows("C"), replace: []))
    // Nothing added or deleted: nil, as DS returns.
    #expect(DSDiff.make(wins: rows("A"), loses: rows("A")) == nil)
    // Sets: order and repeats are invisible.
    #expect(DSDiff.make(wins: rows("BA"), loses: rows("AAB")) == nil)
  }

  @Test func diffOfTheReadmeExample() {
    // Added values {A1 D}, deleted {A0 B}; A1 and A0 share the key A, so A1
    // is a replace and leaves add, while A0 stays among the deletes.
    #expect(
      DSDiff.make(wins: client, loses: remote)
        == DSDiff(add: [row("D", 0)], delete: [row("A", 0), row("B", 0)], replace: [row("A", 1)]))
    // Refusing the replacement keeps A's old value: neither deleted nor replaced.
    #expect(
      DSDiff.make(wins: client, loses: remote) { _, _ in false }
        == DSDiff(add: [row("D", 0)], delete: [row("B", 0)], replace: []))
  }

  @Test func merge() {
    #expect(
      DSDiff.merge(
        into: rows("ABC"), applying: DSDiff(add: rows("D"), delete: rows("B"), replace: []))
        == rows("ACD"))
    // A nil diff leaves the array alone, repeats included; any other merge
    // goes through a set.
    #expect(DSDiff.merge(into: rows("AA"), applying: nil) == rows("AA"))
    #expect(
      DSDiff.merge(into: rows("AAB"), applying: DSDiff(add: rows("C"), delete: [], replace: []))
        == rows("ABC"))
  }

  @Test func readmeSyncWithoutPrimaryKeyChanges() {
    // Step by step: client added D. Both sides end with [A B C D].
    var sync = DSSync(client: rows("ABCD"), shadow: rows("ABC"), remote: rows("ABC"))
    sync.synchronize()
    #expect(sync.client == rows("ABCD"))
    #expect(sync.remote == rows("ABCD"))
    #expect(sync.shadow == rows("ABCD"))
    // The tables the cycle updates: the client's has nothing to do, the
    // remote's gets D inserted at 3.
    #expect(ds.update(from: rows("ABCD"), to: sync.client).isEmpty)
    #expect(verdict(ds, rows("ABCD"), sync.client) == .valid)
    #expect(ds.update(from: rows("ABC"), to: sync.remote) == BatchUpdate(insertRows: paths(3)))
    #expect(verdict(ds, rows("ABC"), sync.remote) == .valid)
  }

  @Test func readmeSyncWithPrimaryKey() {
    // merge(remote, diff(client, shadow)): remote minus {A0 B} is [C], plus D,
    // plus A1: [C D A1]. The remote gets the same diff, so the same rows.
    var sync = DSSync(client: client, shadow: remote, remote: remote)
    sync.synchronize()
    #expect(sync.client == [row("C", 0), row("D", 0), row("A", 1)])
    #expect(sync.remote == sync.client)
    #expect(Set(sync.client) == Set(client))  // the README's expectation, as a set
    // The client's table: the same set in another order, so DS sees nothing
    // and the cells keep the old order: wrong rows.
    #expect(ds.update(from: client, to: sync.client).isEmpty)
    let clientVerdict = verdict(ds, client, sync.client)
    #expect(clientVerdict.kind == .wrongRows)
    #expect(clientVerdict.rule == .c1)
    // The remote's table: delete A0 (0) and B (1), insert D (1), reload the
    // key A at its old index 0: a delete and a reload of one path, R10.
    #expect(
      ds.update(from: remote, to: sync.remote)
        == BatchUpdate(deleteRows: paths(0, 1), insertRows: paths(1), reloadRows: paths(0)))
    let remoteVerdict = verdict(ds, remote, sync.remote)
    #expect(remoteVerdict.kind == .exception)
    #expect(remoteVerdict.rule == .r10)
  }

  @Test func adapterOnTheReadmeRows() {
    // remote -> client directly: delete A0 (0) and B (1), insert D at 2,
    // reload A at 0.
    #expect(
      ds.update(from: remote, to: client)
        == BatchUpdate(deleteRows: paths(0, 1), insertRows: paths(2), reloadRows: paths(0)))
  }

  @Test func smallestCounterexample() {
    // [] -> [a a]: one added value, one insert, two new rows: R2.
    let smallest = Exhaustive.smallest(maxTotal: 4, alphabet: rows("abc")) { old, new in
      !verdict(DSGenerator(), old, new).isValid
    }
    #expect(smallest?.old == [])
    #expect(smallest?.new == rows("aa"))
    #expect(ds.update(from: [], to: rows("aa")) == BatchUpdate(insertRows: paths(0)))
    let result = verdict(ds, [], rows("aa"))
    #expect(result.kind == .exception)
    #expect(result.rule == .r2)
  }

  @Test func aReorderingIsInvisible() {
    // [a b] -> [b a]: same set, nil diff, empty update; the cells keep a, b.
    #expect(ds.update(from: rows("ab"), to: rows("ba")).isEmpty)
    let result = verdict(ds, rows("ab"), rows("ba"))
    #expect(result.kind == .wrongRows)
    #expect(result.rule == .c1)
    #expect(
      result.mismatch == RowMismatch(path: RowPath(0, 0), expected: Row("b"), shown: Row("a")))
  }

  @Test func aChangedContentDeletesAndReloadsOnePath() {
    // [a0] -> [a1]: a0 deleted (0), a1 replaces key a, reloaded at 0: R10.
    #expect(
      ds.update(from: [row("a", 0)], to: [row("a", 1)])
        == BatchUpdate(deleteRows: paths(0), reloadRows: paths(0)))
    let result = verdict(ds, [row("a", 0)], [row("a", 1)])
    #expect(result.kind == .exception)
    #expect(result.rule == .r10)
    #expect(
      result.message
        == "attempt to delete and reload the same index path ({length = 2, path = 0 - 0})")
  }

  /// Every arrangement of rows with distinct keys among {A B C}, each with
  /// content 0 or 1: 79 arrays.
  static let keyedArrays: [[Row]] = {
    let letters = ["A", "B", "C"]
    var result: [[Row]] = [[]]
    var frontier: [[Row]] = [[]]
    for _ in letters {
      var next: [[Row]] = []
      for prefix in frontier {
        for letter in letters where !prefix.contains(where: { $0.id == .string(letter) }) {
          next.append(prefix + [row(letter, 0)])
          next.append(prefix + [row(letter, 1)])
        }
      }
      result += next
      frontier = next
    }
    return result
  }()

  /// The verdict the adapter's update gets from `old` (distinct keys) to
  /// `new` (distinct values), worked out from the adapter: a key on both
  /// sides with another value is deleted and reloaded at one path (R10);
  /// otherwise rows on both sides that changed order stay where they were
  /// (C1); otherwise the deletes and inserts are exact.
  static func expectedKind(_ old: [Row], _ new: [Row]) -> (VerdictKind, Rule?) {
    let newValues = Set(new)
    let newKeys = Set(new.map(\.id))
    if old.contains(where: { !newValues.contains($0) && newKeys.contains($0.id) }) {
      return (.exception, .r10)
    }
    let oldValues = Set(old)
    if old.filter(newValues.contains) != new.filter(oldValues.contains) {
      return (.wrongRows, .c1)
    }
    return (.valid, nil)
  }

  @Test func syncCycleKeepsItsPromiseAndEveryTableUpdateIsChecked() async {
    // Every (client, shadow, remote) of keyedArrays: 79^3 = 493,039 syncs
    // at the full scale.
    // After each, client == remote as a set; and the two table updates the
    // cycle implies (client -> new client, remote -> new remote) each get the
    // verdict worked out by `expectedKind`.
    let arrays = Self.keyedArrays
    #expect(arrays.count == 79)
    // Every remote at the full scale (CI, in release); every fourth in a plain swift test.
    let full = ProcessInfo.processInfo.environment["BATCHCHECK_TEST_SCALE"] == "full"
    let remotes = full ? arrays : stride(from: 0, to: arrays.count, by: 4).map { arrays[$0] }
    let failures = await Exhaustive.failures(in: arrays) { client, shadow in
      for remote in remotes {
        var sync = DSSync(client: client, shadow: shadow, remote: remote)
        sync.synchronize()
        guard Set(sync.client) == Set(sync.remote), sync.shadow == sync.remote else { return true }
        for (old, new) in [(client, sync.client), (remote, sync.remote)] {
          let result = verdict(DSGenerator(), old, new)
          let expected = Self.expectedKind(old, new)
          if result.kind != expected.0 || result.rule != expected.1 { return true }
        }
      }
      return false
    }
    #expect(failures.isEmpty, "client, shadow: \(failures.map { describe($0.old, $0.new) })")
  }
}
