import Testing

@testable import BatchCheck

/// The fast `SnapshotStore` against its reference model (the array store it
/// replaced): seeded random calls, flat and in trees and across the switch,
/// every query compared after every call.
@Suite("SnapshotStore")
struct SnapshotStoreTests {
  @Test("random calls on Int ids: every query answers as the reference model's")
  func randomIntCalls() {
    runSequences(of: Int.self, count: 1_000, seed: 0x5709_E001)?.expectBothLayouts()
  }

  @Test("random calls on ids with colliding hashes and equal twins: every query answers alike")
  func randomCollidingCalls() {
    runSequences(of: CollidingID.self, count: 1_000, seed: 0x5709_E002)?.expectBothLayouts()
  }

  @Test("long random runs in trees at hundreds of ids agree with the reference model")
  func longRuns() {
    for seed in UInt64(1)...3 {
      var pair = StorePair<Int>(seed: 0x5709_E100 + seed, batch: 1...12)
      for step in 0..<400 {
        let call = pair.randomCall(flat: step < 100)
        pair.apply(call)
        // Every query per id every 20 calls and at the end; the rest always.
        if let difference = pair.firstDifference(perID: step % 20 == 19) {
          Issue.record("seed \(seed), call \(step) \(call): \(difference)")
          return
        }
      }
      #expect(!pair.fast.isFlat)
    }
  }

  @Test("moving a section to an unknown anchor or onto itself drops it, as the reference's does")
  func moveSectionQuirk() {
    var pair = StorePair<Int>(seed: 7, batch: 1...3)
    pair.apply(.insertSections([1, 2, 3], at: 0))
    pair.apply(.appendItems([10, 11], section: 1))
    pair.apply(.moveSection(2, .after(99)))
    #expect(pair.firstDifference() == nil)
    #expect(pair.fast.sections == [1, 3])
    pair.apply(.moveSection(3, .before(3)))
    #expect(pair.firstDifference() == nil)
    #expect(pair.fast.sections == [1])
  }

  @Test("S1 lists each repeated id once, at its first repeat, as the Set-based check did")
  func repeats() {
    var random = SplitMix64(seed: 0x5709_E200)
    for _ in 0..<500 {
      let ids = (0..<Int.random(in: 0...30, using: &random)).map { _ in
        CollidingID(
          value: Int.random(in: 0..<12, using: &random), salt: Int.random(in: 0..<2, using: &random)
        )
      }
      let found = repeatedIdentifiers(ids).map { IdentityKey($0) }
      // The check before the hash table: two sets of `IdentityKey`.
      var seen = Set<IdentityKey<CollidingID>>()
      var reported = Set<IdentityKey<CollidingID>>()
      let expected = ids.map { IdentityKey($0) }.filter {
        !seen.insert($0).inserted && reported.insert($0).inserted
      }
      #expect(found == expected, "\(ids)")
    }
  }

  @Test("appendItems and insertItems through a snapshot: S1 raised, S3 logged and moved, as before")
  func snapshotChecks() {
    var snapshot = SimulatedSnapshot<String, String>()
    snapshot.appendSections(["A", "B"])
    snapshot.appendItems(["a", "b", "c"], toSection: "A")
    snapshot.appendItems(["d"])
    // S3: b exists; it is logged and moved to the end of B.
    snapshot.appendItems(["b", "e"], toSection: "B")
    snapshot.insertItems(["c", "f"], beforeItem: "a")
    #expect(snapshot.contents.map { $0.items } == [["c", "f", "a"], ["d", "b", "e"]])
    #expect(snapshot.logs.map { $0.rule } == [.s3, .s3])
    #expect(
      snapshot.logs.first?.message == SnapshotMessages.itemsExist([SnapshotText.identifier("b")]))
    #expect(snapshot.exception == nil)
    #expect(snapshot.indexOfItem("e") == 5)
    snapshot.appendItems(["x", "y", "x", "y", "x"])
    #expect(snapshot.exception?.rule == .s1)
    #expect(
      snapshot.exception?.message
        == SnapshotMessages.notUnique(
          section: false, duplicates: ["x", "y"].map { SnapshotText.identifier($0) }))
    #expect(snapshot.numberOfItems == 6)
  }

  /// Runs `count` random call sequences, each a flat prefix (appends at the
  /// global end) then mixed calls, and reports how much each layout was
  /// seen; nil after the first difference, recorded as an issue.
  private func runSequences<ID: StoreTestID>(
    of _: ID.Type, count: Int, seed: UInt64
  ) -> LayoutCoverage? {
    var coverage = LayoutCoverage()
    var seeds = SplitMix64(seed: seed)
    for sequence in 0..<count {
      var pair = StorePair<ID>(seed: seeds.next(), batch: 0...4)
      let flatCalls = Int.random(in: 0...16, using: &pair.random)
      let mixedCalls = Int.random(in: 0...24, using: &pair.random)
      var calls: [StoreCall<ID>] = []
      for step in 0..<(flatCalls + mixedCalls) {
        let wasFlat = pair.fast.isFlat
        let flat = step < flatCalls || Int.random(in: 0..<4, using: &pair.random) == 0
        let call = pair.randomCall(flat: flat)
        calls.append(call)
        pair.apply(call)
        coverage.count(wasFlat: wasFlat, isFlat: pair.fast.isFlat)
        if step < flatCalls, !pair.fast.isFlat {
          Issue.record(
            "sequence \(sequence): an append at the global end left the flat layout: \(calls)")
          return nil
        }
        if let difference = pair.firstDifference() {
          Issue.record("sequence \(sequence), call \(step): \(difference)\ncalls: \(calls)")
          return nil
        }
      }
    }
    return coverage
  }
}

/// How often the random calls saw each layout and each switch.
struct LayoutCoverage {
  var flatChecks = 0
  var treeChecks = 0
  var switchesToTrees = 0
  var returnsToFlat = 0

  mutating func count(wasFlat: Bool, isFlat: Bool) {
    if isFlat { flatChecks += 1 } else { treeChecks += 1 }
    if wasFlat, !isFlat { switchesToTrees += 1 }
    if !wasFlat, isFlat { returnsToFlat += 1 }
  }

  func expectBothLayouts() {
    #expect(flatChecks > 5_000, "\(self)")
    #expect(treeChecks > 5_000, "\(self)")
    #expect(switchesToTrees > 500, "\(self)")
    #expect(returnsToFlat > 100, "\(self)")
  }
}

/// An id for the random calls: a new one per serial number.
protocol StoreTestID: Hashable {
  /// An id never made before: by `serial`, or, where the type has twins,
  /// a twin of `twin` (`==` to it but with another hash value: another
  /// member of a snapshot).
  static func make(serial: Int, twin: Self?) -> Self
}

extension Int: StoreTestID {
  static func make(serial: Int, twin _: Int?) -> Int { serial }
}

/// An id whose hash value takes five values per salt (a crowded table), and
/// whose twins share its value but not its salt: `==`, hashed differently.
struct CollidingID: StoreTestID, CustomStringConvertible {
  let value: Int
  let salt: Int

  static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }

  func hash(into hasher: inout Hasher) {
    hasher.combine(value % 5)
    hasher.combine(salt)
  }

  static func make(serial: Int, twin: Self?) -> Self {
    twin.map { Self(value: $0.value, salt: serial) } ?? Self(value: serial, salt: 0)
  }

  var description: String { salt == 0 ? "\(value)" : "\(value)~\(salt)" }
}

/// A call on the store, as its callers make them: inserted ids are new.
enum StoreCall<ID: StoreTestID> {
  case insertSections([ID], at: Int)
  case removeSections([ID])
  case insertItems([ID], section: Int, offset: Int)
  case appendItems([ID], section: Int)
  /// `appendNewItems`: ids that may include one the store holds.
  case appendNewItems([ID], section: Int)
  case insertItemsAnchored([ID], SnapshotAnchor<ID>)
  case removeItems([ID])
  case moveSection(ID, SnapshotAnchor<ID>)
  case removeAll
}
