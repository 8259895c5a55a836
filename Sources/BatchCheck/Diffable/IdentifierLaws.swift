/// A broken `Hashable` law of an identifier type, as UIKit reports it when
/// a snapshot holding such ids is applied: S13 (a value not equal to itself,
/// or whose hash changes between two calls) or S12 (two equal values that
/// hash differently).
///
///     let breaches = identifierLawBreaches(in: [Post(id: 1, likes: 0), Post(id: 1, likes: 5)])
///     breaches.first?.rule     // S12, when == compares `id` and hash(into:) also hashes `likes`
///     breaches.first?.message  // Diffable data source detected item identifiers that are equal ...
public struct IdentifierLawBreach: Hashable, Sendable, CustomStringConvertible {
  /// S12 or S13.
  public let rule: SnapshotRule
  /// UIKit's text for it.
  public let message: String
  /// The index of the value that breaks it (for S12, the later of the two).
  public let index: Int
  /// For S12, the index of the earlier value it equals; nil for S13.
  public let otherIndex: Int?

  /// `S12 (values 0 and 1): Diffable data source detected ...`.
  public var description: String {
    let values = otherIndex.map { "values \($0) and \(index)" } ?? "value \(index)"
    return "\(rule) (\(values)): \(message)"
  }
}

/// The `Hashable` laws UIKit's diffable data source relies on, checked on
/// values of an id type: each value equals itself, hashes the same on two
/// calls and as a copy, and equal values hash equally. One breach per law,
/// the first found, in that order: hash stability, self-equality (S13), then
/// equal values with different hashes (S12: for each value, the first
/// earlier value it equals).
///
///     identifierLawBreaches(in: [1, 2, 3])  // []
///
/// Feed it values that are equal in the ways the type's `==` allows but
/// differ elsewhere (the same id with other content), since a hand-written
/// `==` that compares fewer fields than `hash(into:)` hashes is the usual
/// breach.
///
/// - Parameters:
///   - values: values of the id type.
///   - section: whether they are section ids (UIKit's text then says so).
/// - Returns: at most one breach per law.
/// - Complexity: O(*n*²) `==` calls for *n* values: the law of equal
///   values cannot be checked through hashes.
public func identifierLawBreaches<ID: Hashable>(
  in values: [ID], section: Bool = false
) -> [IdentifierLawBreach] {
  var breaches: [IdentifierLawBreach] = []
  let kind = section
  if let index = values.indices.first(where: {
    !SnapshotIdentifierCheck.hashIsStable(values[$0])
  }) {
    breaches.append(
      IdentifierLawBreach(
        rule: .s13,
        message: SnapshotMessages.hashChanged(
          section: kind, SnapshotText.identifier(values[index])),
        index: index, otherIndex: nil))
  }
  if let index = values.indices.first(where: { values[$0] != values[$0] }) {
    breaches.append(
      IdentifierLawBreach(
        rule: .s13,
        message: SnapshotMessages.notEqualToItself(
          section: kind, SnapshotText.identifier(values[index])),
        index: index, otherIndex: nil))
  }
  if let (earlier, later) = SnapshotIdentifierCheck.equalPairIndexes(in: values) {
    breaches.append(
      IdentifierLawBreach(
        rule: .s12,
        message: SnapshotMessages.equalButDifferentHashes(
          section: kind, SnapshotText.identifier(values[earlier]),
          SnapshotText.identifier(values[later])),
        index: later, otherIndex: earlier))
  }
  return breaches
}

/// `identifierLawBreaches(in:)` on values made from generated rows: `count`
/// rows (seeded) whose ids and contents come from small alphabets, so that
/// the same id comes with different contents and the same content with
/// different ids, each turned into the id type by `make`.
///
///     identifierLawBreaches(count: 200) { row in Post(id: row.id, likes: row.content) }
///
/// - Parameters:
///   - count: how many values to make.
///   - seed: the generator's seed; the same seed makes the same values.
///   - section: whether they are section ids.
///   - make: the id type's value for a row.
/// - Returns: at most one breach per law.
public func identifierLawBreaches<ID: Hashable>(
  count: Int = 200, seed: UInt64 = CheckOptions.defaultSeed, section: Bool = false,
  make: (Row) -> ID
) -> [IdentifierLawBreach] {
  var random = SplitMix64(seed: seed)
  let ids: [RowValue] = (0..<8).map { .string(String(UnicodeScalar(UInt8(97 + $0)))) } + [0, 1]
  let contents: [RowValue] = [0, 1, 2, "x", "y"]
  let rows = (0..<max(0, count)).map { _ in
    Row(
      id: ids[Int(random.next() % UInt64(ids.count))],
      content: contents[Int(random.next() % UInt64(contents.count))])
  }
  return identifierLawBreaches(in: rows.map(make), section: section)
}
