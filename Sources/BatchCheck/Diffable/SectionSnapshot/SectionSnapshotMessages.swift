/// UIKit's texts for the section snapshot rules SS1...SS5 (iOS 18.2, an app
/// built with a current SDK), in one place. Ids are written by `SnapshotText`.
///
///     SectionSnapshotMessages.missingParent("p")
///     // Parent item identifier does not exist in section snapshot: p
package enum SectionSnapshotMessages {
  /// SS1: `Identifiers in a section snapshot must be unique. Duplicate item identifiers: {(...)}`.
  package static func notUnique(_ duplicates: [String]) -> String {
    "Identifiers in a section snapshot must be unique. Duplicate item identifiers: \(SnapshotText.set(duplicates))"
  }

  /// SS2: the anchor of `insert(_:before:)` or `insert(_:after:)` is unknown.
  package static func missingAnchor(before: Bool, _ id: String) -> String {
    "Item identifier to insert \(before ? "before" : "after") does not exist in section snapshot: \(id)"
  }

  /// SS3: the parent of `append(_:to:)`, `snapshot(of:includingParent:)` or
  /// `replace(childrenOf:using:)` is unknown.
  package static func missingParent(_ id: String) -> String {
    "Parent item identifier does not exist in section snapshot: \(id)"
  }

  /// SS4: `delete(_:)` of an unknown id.
  package static func indexNotFound(_ id: String) -> String {
    "Failed to find index of item \(id)"
  }

  /// SS5: `isExpanded(_:)`, `isVisible(_:)` or `level(of:)` of an unknown id.
  package static func missingItem(_ id: String) -> String {
    "Item identifier does not exist in section snapshot: \(id)"
  }

  /// SS5: `parent(of:)` of an unknown id.
  package static func missingChild(_ id: String) -> String {
    "Child item identifier does not exist in section snapshot: \(id)"
  }
}
