import Testing

@testable import BatchCheck

/// An id type whose `==` compares fewer fields than its hash hashes: the
/// hand-written `Hashable` behind S12 crashes.
private struct LeakyID: Hashable {
  var id: RowValue
  var content: RowValue
  static func == (lhs: LeakyID, rhs: LeakyID) -> Bool { lhs.id == rhs.id }
  func hash(into hasher: inout Hasher) {
    hasher.combine(id)
    hasher.combine(content)
  }
}

/// An id never equal to itself (a NaN inside).
private struct NaNID: Hashable {
  var value: Double
}

/// An id whose hash changes on every call.
private final class Drifting: Hashable, @unchecked Sendable {
  var calls = 0
  static func == (lhs: Drifting, rhs: Drifting) -> Bool { lhs === rhs }
  func hash(into hasher: inout Hasher) {
    calls += 1
    hasher.combine(calls)
  }
}

@Suite("Identifier laws (S12, S13)")
struct IdentifierLawsTests {
  @Test("lawful ids: no breach, synthesised or plain")
  func lawful() {
    #expect(identifierLawBreaches(in: [1, 2, 3, 1]).isEmpty)
    #expect(identifierLawBreaches(in: ["a", "b"]).isEmpty)
    #expect(identifierLawBreaches { Row(id: $0.id, content: $0.content) }.isEmpty)
  }

  @Test("S12: equal values with different hashes, named with UIKit's text and both indexes")
  func equalButDifferentHashes() throws {
    let values = [
      LeakyID(id: "a", content: 1), LeakyID(id: "b", content: 1), LeakyID(id: "a", content: 2),
    ]
    let breaches = identifierLawBreaches(in: values)
    let breach = try #require(breaches.first)
    #expect(breaches.count == 1)
    #expect(breach.rule == .s12 && breach.index == 2 && breach.otherIndex == 0)
    #expect(
      breach.message.hasPrefix(
        "Diffable data source detected item identifiers that are equal but have different hash values."
      ))
    let generated = identifierLawBreaches { LeakyID(id: $0.id, content: $0.content) }
    #expect(generated.map(\.rule) == [.s12])
    #expect(
      identifierLawBreaches(in: values, section: true).first?.message.contains(
        "section identifiers") == true)
  }

  @Test("S13: a value not equal to itself")
  func notEqualToItself() {
    let breaches = identifierLawBreaches(in: [NaNID(value: 1), NaNID(value: .nan)])
    #expect(breaches.map(\.rule) == [.s13])
    #expect(breaches.first?.index == 1)
    #expect(breaches.first?.message.contains("not equal to itself") == true)
  }

  @Test("S13: a hash that changes between calls")
  func hashChanges() {
    let breaches = identifierLawBreaches(in: [Drifting()])
    #expect(breaches.first?.rule == .s13)
    #expect(breaches.first?.message.contains("whose hash value changed") == true)
  }

  @Test("the apply finds S12 between an old id and a final one, and S13 in the final ids")
  func atApply() {
    var snapshot = SimulatedSnapshot<Int, NaNID>()
    snapshot.appendSections([0])
    snapshot.appendItems([NaNID(value: .nan)])
    let verdict = SnapshotVerdict.judge(snapshot, start: .empty, old: [], new: nil)
    #expect(verdict.rule == .s13 && verdict.call == nil)

    let old = [
      SnapshotSection<SnapshotIdentifier, SnapshotIdentifier>(
        id: "S", rows: [SnapshotRow(id: .custom(eq: "a", hash: 1))])
    ]
    var edited = SimulatedSnapshot<SnapshotIdentifier, SnapshotIdentifier>()
    edited.appendSections(["S"])
    edited.appendItems([.custom(eq: "a", hash: 2)])
    let found = SnapshotVerdict.judge(edited, start: .empty, old: old, new: nil)
    #expect(found.rule == .s12)
    let reloaded = SnapshotVerdict.judge(
      edited, start: .empty, apply: .reloadData, old: old, new: nil)
    #expect(reloaded.kind == .valid)
  }
}
