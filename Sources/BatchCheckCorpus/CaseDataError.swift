/// A line of a case file that could not be read as a case.
///
///     error.description
///     // Corpus/x.jsonl:3:17: expected an array of two integers for a row path, found an integer
///
/// The line and column are 1-based; the column is that of the offending
/// character, counted in characters (grapheme clusters) of the line.
public struct CaseDataError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file, as the caller named it.
  public var file: String
  /// The 1-based line number.
  public var line: Int
  /// The 1-based column of the offending character, in characters of the line.
  public var column: Int
  /// What is wrong, one sentence without a final period.
  public var message: String

  /// Creates an error at a place.
  public init(file: String, line: Int, column: Int, message: String) {
    self.file = file
    self.line = line
    self.column = column
    self.message = message
  }

  /// Places a `LineError` (a byte offset) as a column of the line.
  package init(file: String, line: Int, lineBytes: some Collection<UInt8>, error: LineError) {
    let offset = min(max(error.offset, 0), lineBytes.count)
    let column = String(decoding: lineBytes.prefix(offset), as: UTF8.self).count + 1
    self.init(file: file, line: line, column: column, message: error.message)
  }

  /// `file:line:column: message`, as compilers print errors.
  public var description: String {
    "\(file):\(line):\(column): \(message)"
  }
}

/// A case file that could not be read at all.
///
///     error.description  // "cannot read Corpus/x.jsonl: no such file"
package struct CaseFileError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file, as the caller named it.
  package var file: String
  /// Why it could not be read: `no such file`, `is a directory`, ...
  package var reason: String

  /// Creates an error for a file.
  package init(file: String, reason: String) {
    self.file = file
    self.reason = reason
  }

  /// `cannot read FILE: REASON`.
  package var description: String {
    "cannot read \(file): \(reason)"
  }
}
