/// What a table asks its data source, in the spirit of UITableViewDataSource.
///
/// The simulator asks only for counts while it checks an update, and for rows
/// only while it checks which row each cell shows, one row at a time. So a
/// computed or lazy source of a million rows is validated without being copied.
///
///     struct Evens: TableDataSource {        // rows 0, 2, 4, ... on demand
///       let count: Int
///       var numberOfSections: Int { 1 }
///       func numberOfRows(inSection section: Int) -> Int { count }
///       func row(at path: RowPath) -> Row { Row(.int(path.row * 2)) }
///     }
public protocol TableDataSource {
  /// The number of sections. A negative number is treated as a count UIKit
  /// would compare and reject, never as an index.
  var numberOfSections: Int { get }
  /// The number of rows in `section`, for `0 <= section < numberOfSections`.
  func numberOfRows(inSection section: Int) -> Int
  /// The row at `path`, for a path inside the counts above.
  func row(at path: RowPath) -> Row
}

/// Sections of rows held in arrays: the plain data source.
extension Array: TableDataSource where Element == [Row] {
  public var numberOfSections: Int { count }
  public func numberOfRows(inSection section: Int) -> Int { self[section].count }
  public func row(at path: RowPath) -> Row { self[path.section][path.row] }
}
