/// The checks UIKit makes of identifiers when a snapshot is applied: S13
/// (an id not equal to itself, or whose hash changes) and S12 (two ids equal
/// under `==` that hash differently), and the same laws checked on any
/// values of an id type (`expectLawfulIdentifiers`).
///
/// Where UIKit calls these checks was not read (inferred): BatchCheck runs
/// them at every apply but `reloadData`, over the final snapshot's items,
/// then its sections, then every pair of an old id and a final id. The first
/// pair found, in that order (for each id, the earliest id before it), is the
/// one named.
package enum SnapshotIdentifierCheck {
  /// The most ids of a type other than `SnapshotIdentifier` searched
  /// pairwise for S12 (their `==` is all there is to compare them by).
  package static let pairwiseLimit = 2_000

  /// S13, then S12, as UIKit's apply raises them; nil when the ids are lawful.
  static func applyException<SectionID: Hashable, ItemID: Hashable>(
    final: [(section: SectionID, items: [ItemID])],
    old: [SnapshotSection<SectionID, ItemID>]
  ) -> (rule: SnapshotRule, message: String)? {
    let items = final.flatMap(\.items)
    let sections = final.map(\.section)
    if let found = unlawfulSelf(items, section: false) ?? unlawfulSelf(sections, section: true) {
      return found
    }
    if let pair = equalPair(in: items) {
      return (.s12, SnapshotMessages.equalButDifferentHashes(section: false, pair.0, pair.1))
    }
    if let pair = equalPair(in: sections) {
      return (.s12, SnapshotMessages.equalButDifferentHashes(section: true, pair.0, pair.1))
    }
    let oldItems = old.flatMap { $0.rows.map(\.id) }
    if let pair = equalPair(between: oldItems, and: items) {
      return (.s12, SnapshotMessages.equalButDifferentHashes(section: false, pair.0, pair.1))
    }
    if let pair = equalPair(between: old.map(\.id), and: sections) {
      return (.s12, SnapshotMessages.equalButDifferentHashes(section: true, pair.0, pair.1))
    }
    return nil
  }

  /// S13: the first id not equal to itself, or whose hash differs between two calls.
  package static func unlawfulSelf<ID: Hashable>(
    _ ids: [ID], section: Bool
  ) -> (rule: SnapshotRule, message: String)? {
    for id in ids {
      if !hashIsStable(id) {
        return (.s13, SnapshotMessages.hashChanged(section: section, SnapshotText.identifier(id)))
      }
      if id != id {
        return (
          .s13, SnapshotMessages.notEqualToItself(section: section, SnapshotText.identifier(id))
        )
      }
    }
    return nil
  }

  /// Whether `id` hashes the same on two calls, and as a copy (S13).
  package static func hashIsStable<ID: Hashable>(_ id: ID) -> Bool {
    let copy = id
    return id.hashValue == id.hashValue && id.hashValue == copy.hashValue
  }

  /// S12 within one list, by `==` alone: the first id (in order) equal to
  /// an earlier one with another hash, and the first such earlier one.
  ///
  /// - Complexity: O(*n*²) `==` calls for *n* ids.
  package static func equalPairIndexes<ID: Hashable>(in ids: [ID]) -> (
    earlier: Int, later: Int
  )? {
    let hashes = ids.map(\.hashValue)
    for later in ids.indices {
      for earlier in 0..<later
      where hashes[earlier] != hashes[later] && ids[earlier] == ids[later] {
        return (earlier, later)
      }
    }
    return nil
  }

  /// S12 within one list: the first id equal to an earlier one with another
  /// hash, and that earlier id (the first such), as texts.
  package static func equalPair<ID: Hashable>(in ids: [ID]) -> (String, String)? {
    equalPair(between: ids, and: ids, ordered: true)
  }

  /// S12 between two lists: for the first `a` (in order) equal to some `b`
  /// with another hash, the first such `b`.
  static func equalPair<ID: Hashable>(between a: [ID], and b: [ID]) -> (String, String)? {
    equalPair(between: a, and: b, ordered: false)
  }

  /// `ordered`: `a` and `b` are one list, and a pair is an earlier and a later id.
  private static func equalPair<ID: Hashable>(
    between a: [ID], and b: [ID], ordered: Bool
  ) -> (String, String)? {
    if let a = a as? [SnapshotIdentifier], let b = b as? [SnapshotIdentifier] {
      return groupedPair(between: a, and: b, ordered: ordered)
    }
    guard a.count <= pairwiseLimit, b.count <= pairwiseLimit else { return nil }
    if ordered {
      return equalPairIndexes(in: b).map {
        (SnapshotText.identifier(b[$0.earlier]), SnapshotText.identifier(b[$0.later]))
      }
    }
    for x in a {
      for y in b where x == y && x.hashValue != y.hashValue {
        return (SnapshotText.identifier(x), SnapshotText.identifier(y))
      }
    }
    return nil
  }

  /// The same search for case-file ids, by the value `==` compares: O(*n*).
  private static func groupedPair(
    between a: [SnapshotIdentifier], and b: [SnapshotIdentifier], ordered: Bool
  ) -> (String, String)? {
    // For each value `==` compares: the first two ids with distinct hashes, in order.
    var seen: [SnapshotIdentifier: [SnapshotIdentifier]] = [:]
    func group(_ id: SnapshotIdentifier) -> SnapshotIdentifier {
      if case .custom(let eq, _) = id { return .custom(eq: eq, hash: 0) }
      return id
    }
    if ordered {
      for id in b {
        let firsts = seen[group(id), default: []]
        if let earlier = firsts.first(where: { $0.hashValue != id.hashValue }) {
          return (SnapshotText.identifier(earlier), SnapshotText.identifier(id))
        }
        if firsts.count < 2 { seen[group(id), default: []].append(id) }
      }
      return nil
    }
    for id in b where seen[group(id), default: []].count < 2 {
      let firsts = seen[group(id), default: []]
      if !firsts.contains(where: { $0.hashValue == id.hashValue }) {
        seen[group(id), default: []].append(id)
      }
    }
    for x in a {
      if let y = seen[group(x)]?.first(where: { $0.hashValue != x.hashValue }) {
        return (SnapshotText.identifier(x), SnapshotText.identifier(y))
      }
    }
    return nil
  }
}
