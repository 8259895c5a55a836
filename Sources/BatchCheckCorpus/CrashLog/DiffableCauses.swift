import BatchCheck

/// The likely causes of a diffable data source's exception (the S and SS
/// rules), most likely first, each with the evidence the text gives.
///
/// A list per rule, so that further causes (an adapter's data source out of
/// step with its snapshot, say) join the ranking by adding an entry.
enum DiffableCauses {
  typealias Cause = CrashDiagnosis.Cause

  /// Causes for `rule`; `ids` the identifiers the text names.
  static func causes(_ rule: SnapshotRule, sections: Bool, ids: [String]) -> [Cause] {
    let named = ids.isEmpty ? "" : " (here: " + ids.prefix(5).joined(separator: ", ") + ")"
    let kind = sections ? "section" : "item"
    switch rule {
    case .s1, .s2, .s3, .s12, .s13, .ss1:
      return identityCauses(rule, kind: kind, named: named)
    default:
      return placeCauses(rule, kind: kind, named: named)
    }
  }

  /// The cause every identity rule shares.
  private static func hashable(kind: String, named: String) -> Cause {
    Cause(
      cause: "A hand-written Hashable",
      reason:
        "An == that compares fewer or other fields than hash(into:) (or an id built from a field that repeats, a"
        + " title or a date) makes two \(kind)s one id, or one id two.\(named)")
  }

  /// Causes for the rules about ids that must be unique or lawful.
  private static func identityCauses(_ rule: SnapshotRule, kind: String, named: String) -> [Cause] {
    let hashable = hashable(kind: kind, named: named)
    switch rule {
    case .s1:
      return [
        Cause(
          cause: "The same id from two pages or two sources",
          reason:
            "A page fetched twice, two fetches merged, or an object that appears under two groupings puts one id"
            + " twice into one call\(named). De-duplicate the model before building the snapshot."),
        hashable,
        Cause(
          cause: "The model holds a duplicate",
          reason: "The same element was added twice to the array the snapshot is built from."),
      ]
    case .s2:
      return [
        Cause(
          cause: "A section appended again",
          reason:
            "A builder that starts from dataSource.snapshot() instead of an empty snapshot, or appends sections one"
            + " by one, appends a section that is already there\(named)."),
        hashable,
      ]
    case .s3:
      return [
        Cause(
          cause: "An item appended that is already in the snapshot",
          reason:
            "The same id in two sections or from two pages\(named): UIKit moves it, which is slower and often not"
            + " what was meant. Start from an empty snapshot, or delete the item first."),
        hashable,
      ]
    case .s12, .s13:
      return [
        Cause(
          cause: "A hand-written Hashable",
          reason:
            "Equal ids must hash alike, and an id's hash must not change while it is in a snapshot\(named): =="
            + " and hash(into:) must use the same fields, none of them mutable."),
        Cause(
          cause: "A class used as an id",
          reason:
            "A reference type whose hash depends on mutable properties changes its hash after it was added."
        ),
      ]
    default:
      return [
        Cause(
          cause: "The same item under two parents",
          reason:
            "A tree whose nodes are shared (one element in two groups) appends one id twice\(named); ids must be"
            + " unique in the whole section snapshot."),
        hashable,
      ]
    }
  }

  /// Causes for the rules about a place, an anchor or an id that is not there.
  private static func placeCauses(_ rule: SnapshotRule, kind: String, named: String) -> [Cause] {
    switch rule {
    case .s4:
      return [
        Cause(
          cause: "Items appended before any section",
          reason:
            "appendItems on a snapshot with no section. deleteAllItems() removes the sections too (the"
            + " DiffableDataSources backport keeps them, so code tested on it meets this only on UIKit)."
        )
      ]
    case .s5, .s6, .s7:
      return [
        Cause(
          cause: "A destination that is not in the snapshot",
          reason:
            "The section or anchor was taken from the model, not from the snapshot: it was deleted earlier in the"
            + " same snapshot, never added, or its id changed (an id that embeds content)."),
        hashable(kind: kind, named: named),
      ]
    case .s8:
      return [
        Cause(
          cause: "A move onto itself",
          reason:
            "A diff that emits a move whose source and destination are one \(kind)\(named): skip moves that do"
            + " not move anything.")
      ]
    case .s9:
      return [
        Cause(
          cause: "An anchor that is itself being inserted",
          reason:
            "The anchor was computed from the new model, where it is one of the new \(kind)s\(named): insert"
            + " after an id that is already in the snapshot.")
      ]
    case .s10:
      return [
        Cause(
          cause: "A reload of an id the snapshot does not hold",
          reason:
            "The id was deleted earlier in the same snapshot, taken from the new model, or changed because it"
            + " embeds content\(named). Reload or reconfigure only ids in the snapshot."),
        hashable(kind: kind, named: named),
      ]
    case .s11:
      return [
        Cause(
          cause: "A query of a section the snapshot does not hold",
          reason:
            "numberOfItems(inSection:) or itemIdentifiers(inSection:) with a section id from the model; check"
            + " indexOfSection first. Before iOS 14 itemIdentifiers(inSection:) answered [].")
      ]
    default:
      return [
        Cause(
          cause: "An id the section snapshot does not hold",
          reason:
            "The anchor, parent or deleted item\(named) was taken from the model, not from the section snapshot."
        )
      ]
    }
  }
}
