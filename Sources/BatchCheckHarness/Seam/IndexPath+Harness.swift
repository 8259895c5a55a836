import BatchCheck
import Foundation

// Foundation on Linux has no `IndexPath(row:section:)`,
// `IndexPath(item:section:)`, `.row`, `.item` or `.section`: UIKit adds
// them on Apple platforms (and AppKit adds the item and section members on
// macOS). The harness adds the same members only where the platform has
// none, so apply code written for UIKit compiles against the seam
// unchanged and never meets two declarations of one member.
#if !canImport(UIKit)
  extension IndexPath {
    /// A path of a table view's row: `[section, row]` (UIKit's initializer,
    /// added on platforms without UIKit).
    public init(row: Int, section: Int) {
      self.init(indexes: [section, row])
    }

    /// The row: the second index. As in UIKit, the path must hold exactly
    /// two indexes (added on platforms without UIKit).
    public var row: Int {
      get { self[twoIndexes(1)] }
      set { self[twoIndexes(1)] = newValue }
    }
  }
#endif

#if !canImport(UIKit) && !canImport(AppKit)
  extension IndexPath {
    /// A path of a collection view's item: `[section, item]` (UIKit's
    /// initializer, added on platforms without UIKit or AppKit).
    public init(item: Int, section: Int) {
      self.init(indexes: [section, item])
    }

    /// The section: the first index. As in UIKit, the path must hold
    /// exactly two indexes (added on platforms without UIKit or AppKit).
    public var section: Int {
      get { self[twoIndexes(0)] }
      set { self[twoIndexes(0)] = newValue }
    }

    /// The item: the second index. As in UIKit, the path must hold exactly
    /// two indexes (added on platforms without UIKit or AppKit).
    public var item: Int {
      get { self[twoIndexes(1)] }
      set { self[twoIndexes(1)] = newValue }
    }
  }
#endif

extension IndexPath {
  /// `position`, after UIKit's own check that the path has two indexes.
  func twoIndexes(_ position: Int) -> Int {
    precondition(
      count == 2,
      "Invalid index path for use with UITableView. This index path must contain exactly two indices specifying the section and row."
    )
    return position
  }

  /// The path as a ``RowPath``, without trapping: a path of other than two
  /// indexes gives a negative section or row, which the view rejects as
  /// UIKit rejects an invalid path (R22).
  var rowPath: RowPath {
    guard count == 2 else { return RowPath(section: count == 0 ? -1 : self[0], row: -1) }
    return RowPath(section: self[0], row: self[1])
  }
}
