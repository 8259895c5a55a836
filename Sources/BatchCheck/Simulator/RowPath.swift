/// The position of one row: a section and a row inside it.
///
/// A `RowPath` carries no index space of its own; the operation that holds it
/// says which one it is in. Deletes, reloads and move sources are **old-space**
/// paths (the table as UIKit last cached it); inserts and move destinations
/// are **new-space** paths (what the data source returns after the update).
///
///     RowPath(section: 0, row: 2).description  // "{length = 2, path = 0 - 2}"
///
/// Any integers are allowed, negative and huge ones included: judging them is
/// the simulator's job (rule R22), not the initializer's.
public struct RowPath: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The section index, in the space of the operation holding this path.
  public var section: Int
  /// The row index inside `section`, in the same space.
  public var row: Int

  /// Creates a path; no bounds are checked here.
  public init(section: Int, row: Int) {
    self.section = section
    self.row = row
  }

  /// Creates a path from a section and a row; no bounds are checked here.
  public init(_ section: Int, _ row: Int) {
    self.init(section: section, row: row)
  }

  /// Orders by section, then row, as `-[NSIndexPath compare:]` does.
  public static func < (lhs: RowPath, rhs: RowPath) -> Bool {
    (lhs.section, lhs.row) < (rhs.section, rhs.row)
  }

  /// The `{length = 2, path = S - R}` part of NSIndexPath's description.
  ///
  /// Negative numbers print as UIKit prints them, as unsigned 64-bit values
  /// (`-1` is `18446744073709551615`).
  public var description: String {
    Self.describe(section: section, row: row)
  }

  /// `{length = 2, path = S - R}` for any two integers, printed unsigned.
  static func describe(section: Int, row: Int) -> String {
    "{length = 2, path = \(UInt(bitPattern: section)) - \(UInt(bitPattern: row))}"
  }
}

extension RowPath {
  /// Builds a path from the indices of an index path, as UIKit reads one.
  ///
  ///     RowPath.fromIndices([0, 3])     // .success(RowPath(0, 3))
  ///     RowPath.fromIndices([0, 3, 1])  // .failure, rule R23
  ///
  /// UIKit raises rule R23 when an index path whose length is not 2 is passed
  /// to a table view. `BatchUpdate` always holds two-index paths, so this is
  /// the one place R23 can arise: when a caller converts raw index paths.
  ///
  /// - Parameter indices: the index path's indices, in any space.
  /// - Returns: the path, or an exception verdict for R23.
  public static func fromIndices(_ indices: [Int]) -> Result<RowPath, UIKitException> {
    guard indices.count == 2 else {
      return .failure(UIKitException(rule: .r23, message: UIKitMessages.invalidIndexPathLength))
    }
    return .success(RowPath(section: indices[0], row: indices[1]))
  }
}
