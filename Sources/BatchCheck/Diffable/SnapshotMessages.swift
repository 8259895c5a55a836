/// UIKit's texts for the diffable rules (iOS 18.2, an app built with a
/// current SDK), in one place. Ids are written by `SnapshotText`.
package enum SnapshotMessages {
  /// The breakpoint sentence UIKit adds to S3.
  package static let breakpoint =
    "Set a symbolic breakpoint on BUG_IN_CLIENT_OF_DIFFABLE_DATA_SOURCE__IDENTIFIER_ALREADY_EXISTS to catch this in the debugger."

  /// S1: `Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(...)}`.
  package static func notUnique(section: Bool, duplicates: [String]) -> String {
    "Fatal: supplied \(section ? "section" : "item") identifiers are not unique. Duplicate identifiers: \(SnapshotText.set(duplicates))"
  }

  /// S2, one section id or several.
  package static func sectionsExist(_ ids: [String]) -> String {
    let head =
      "Diffable data source detected an attempt to insert or append \(ids.count) section \(ids.count == 1 ? "identifier that already exists" : "identifiers that already exist") in the snapshot. Identifiers in a snapshot must be unique. "
    if ids.count == 1 { return head + "Section identifier that already exists: \(ids[0])" }
    return head + "Section identifiers that already exist: \(SnapshotText.list(ids))"
  }

  /// S3, one item id or several: logged, and the items are moved.
  package static func itemsExist(_ ids: [String]) -> String {
    let one = ids.count == 1
    return
      "Diffable data source detected an attempt to insert or append \(ids.count) item \(one ? "identifier that already exists" : "identifiers that already exist") in the snapshot. The existing item \(one ? "identifier" : "identifiers") will be moved into place instead, but this operation will be more expensive. For best performance, inserted item identifiers should always be unique. \(breakpoint) "
      + (one
        ? "Item identifier that already exists: \(ids[0])"
        : "Item identifiers that already exist: \(SnapshotText.list(ids))")
  }

  /// S4.
  package static let noSections =
    "There are currently no sections in the data source. Please add a section first."
  /// S5.
  package static let missingItemDestination =
    "Invalid parameter not satisfying: section != NSNotFound"
  /// S6.
  package static let missingSectionDestination =
    "Invalid parameter not satisfying: insertIndex != NSNotFound"

  /// S7: `fromIndex`/`toIndex` for items, `fromSection`/`toSection` for sections.
  package static func moveEndMissing(section: Bool, source: Bool) -> String {
    let name = section ? (source ? "fromSection" : "toSection") : (source ? "fromIndex" : "toIndex")
    return "Invalid parameter not satisfying: \(name) != NSNotFound"
  }

  /// S8.
  package static func moveOntoItself(section: Bool, id: String) -> String {
    let update = SnapshotText.update(
      action: "MOV", destination: id, isSection: section, identifiers: [id])
    return
      "Invalid update: destination for \(section ? "section" : "item") move is the same as the source [\(id)] for update: \(update)."
  }

  /// S9; the section text has no final period, as UIKit's has none.
  package static func anchorInList(
    section: Bool, anchor: String, identifiers: [String]
  ) -> String {
    let update = SnapshotText.update(
      action: "INS", destination: anchor, isSection: section, identifiers: identifiers)
    if section {
      return
        "Invalid update: destination for section operation [\(anchor)] is in the inserted section list for update: \(update)"
    }
    return
      "Invalid update: destination for insertion operation [\(anchor)] is in the insertion identifier list for update: \(update)."
  }

  /// S10: `verb` is `reload` or `reconfigure`.
  package static func unknownRefresh(verb: String, section: Bool, id: String) -> String {
    "Attempted to \(verb) \(section ? "section" : "item") identifier that does not exist in the snapshot: \(id)"
  }

  /// S11.
  package static let sectionNotFound =
    "Section identifier was not found. You can verify the section exists by calling the indexOfSectionIdentifier API (which has O(1) performance)"

  /// S12: `x` and `y` are equal but hash differently.
  package static func equalButDifferentHashes(section: Bool, _ x: String, _ y: String) -> String {
    let kind = section ? "section" : "item"
    return
      "Diffable data source detected \(kind) identifiers that are equal but have different hash values. Two identifiers which compare as equal must return the same hash value. You must fix this in the Hashable (Swift) or hash property (Objective-C) implementation for the type of these identifiers. Identifiers that are equal but have different hash values: (\(x)) and (\(y))"
  }

  /// S13, an id not equal to itself. UIKit's first sentence; the rest is
  /// inferred from S12's wording.
  package static func notEqualToItself(section: Bool, _ x: String) -> String {
    let kind = section ? "section" : "item"
    return
      "Diffable data source detected \(section ? "a" : "an") \(kind) identifier that is not equal to itself. An identifier must always compare as equal to itself. You must fix this in the Hashable (Swift) or isEqual: (Objective-C) implementation for the type of this identifier. Identifier that is not equal to itself: (\(x))"
  }

  /// S13, an id whose hash changed. UIKit's first two sentences; the rest
  /// is inferred from S12's wording.
  package static func hashChanged(section: Bool, _ x: String) -> String {
    let kind = section ? "section" : "item"
    return
      "Diffable data source detected \(section ? "a" : "an") \(kind) identifier whose hash value changed. The hash value of an identifier cannot change once it has been added to a snapshot. You must fix this in the Hashable (Swift) or hash property (Objective-C) implementation for the type of this identifier. Identifier whose hash value changed: (\(x))"
  }
}

/// The ids that appear more than once in `ids`, each once, in the order
/// their repeats are found (S1's list). Ids are told apart as `IdentityKey`
/// tells them.
///
/// - Complexity: O(*k*) expected, where *k* is the number of ids.
func repeatedIdentifiers<ID: Hashable>(_ ids: [ID]) -> [ID] {
  repeatedIdentifiers(ids, hashes: IdentityTable.hashValues(of: ids))
}

/// `repeatedIdentifiers(_:)` for ids whose hash values the caller has
/// computed (`hashes[i]` is `ids[i].hashValue`): each id is hashed once.
///
/// - Complexity: O(*k*) expected, where *k* is the number of ids.
func repeatedIdentifiers<ID: Hashable>(_ ids: [ID], hashes: [Int]) -> [ID] {
  // The first occurrence of each id, by its index; an id found there is a
  // repeat, listed at its first repeat only.
  var seen = IdentityTable()
  seen.reserve(ids.count)
  var reported = Set<Int>()
  var repeats: [ID] = []
  for index in ids.indices {
    guard let first = seen.find(ids[index], hash: hashes[index], in: ids) else {
      seen.insert(hash: hashes[index], node: index)
      continue
    }
    if reported.insert(first).inserted { repeats.append(ids[index]) }
  }
  return repeats
}
