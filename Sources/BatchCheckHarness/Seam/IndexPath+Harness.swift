import BatchCheck
import Foundation

#if !canImport(UIKit)
  // Foundation on Linux has no `IndexPath(row:section:)`,
  // `IndexPath(item:section:)`, `.row`, `.item` or `.section`: UIKit adds
  // them on Apple platforms. The harness adds the same members here, only
  // where UIKit is absent, so apply code written for UIKit compiles against
  // the seam unchanged.
  extension IndexPath {
    /// A path of a table view's row: `[section, row]` (UIKit's initializer,
    /// added on platforms without UIKit).
    public init(row: Int, section: Int) {
      self.init(indexes: [section, row])
    }

    /// A path of a collection view's item: `[section, item]` (UIKit's
    /// initializer, added on platforms without UIKit).
    public init(item: Int, section: Int) {
      self.init(indexes: [section, item])
    }

    /// The section: the first index. As in UIKit, the path must hold
    /// exactly two indexes (added on platforms without UIKit).
    public var section: Int {
      get { self[checkedPosition(0)] }
      set { self[checkedPosition(0)] = newValue }
    }

    /// The row: the second index. As in UIKit, the path must hold exactly
    /// two indexes (added on platforms without UIKit).
    public var row: Int {
      get { self[checkedPosition(1)] }
      set { self[checkedPosition(1)] = newValue }
    }

    /// The item: the second index. As in UIKit, the path must hold exactly
    /// two indexes (added on platforms without UIKit).
    public var item: Int {
      get { self[checkedPosition(1)] }
      set { self[checkedPosition(1)] = newValue }
    }

    /// `position`, after UIKit's own check that the path has two indexes.
    private func checkedPosition(_ position: Int) -> Int {
      precondition(
        count == 2,
        "Invalid index path for use with UITableView. This index path must contain exactly two indices specifying the section and row."
      )
      return position
    }
  }
#endif

extension IndexPath {
  /// The path as a ``RowPath``, without trapping: a path of other than two
  /// indexes gives a negative section or row, which the view rejects as
  /// UIKit rejects an invalid path (R22).
  var rowPath: RowPath {
    guard count == 2 else { return RowPath(section: count == 0 ? -1 : self[0], row: -1) }
    return RowPath(section: self[0], row: self[1])
  }
}
