/// Lines of one case file, read but not yet decoded: their bytes in one
/// buffer, so that a batch of lines costs one allocation to keep and can be
/// decoded on other threads (`corpus check --workers`, `validate --workers`).
package struct RawLineBatch: Sendable {
  /// The file the lines come from, as the caller named it.
  package let file: String
  /// Every text line's bytes, one after another.
  private var bytes: [UInt8] = []
  /// Each line in file order: its number and where its bytes lie in
  /// `bytes`, or its data error when it could not be kept.
  private var entries: [Entry] = []

  private enum Entry: Sendable {
    case text(line: Int, start: Int, end: Int)
    case unreadable(CaseLine)
  }

  /// An empty batch of lines of `file`.
  package init(file: String) {
    self.file = file
  }

  /// How many lines the batch holds.
  package var count: Int { entries.count }

  /// How many bytes of line text the batch holds.
  package var byteCount: Int { bytes.count }

  /// Adds a line as read, copying its bytes.
  package mutating func append(_ line: RawCaseLine) {
    switch line {
    case .text(let number, let text):
      let start = bytes.count
      bytes.append(contentsOf: text)
      entries.append(.text(line: number, start: start, end: bytes.count))
    case .unreadable(let record):
      entries.append(.unreadable(record))
    }
  }

  /// The record of line `index`, decoded as `CaseFile.forEachLine` decodes
  /// it: the same case, or the same data error with file, line and column.
  package func decode(_ index: Int) -> CaseLine {
    switch entries[index] {
    case .unreadable(let record):
      return record
    case .text(let number, let start, let end):
      return bytes.withUnsafeBufferPointer { all in
        CaseLine(
          file: file, line: number,
          value: CaseFile.readLine(
            UnsafeBufferPointer(rebasing: all[start..<end]), file: file, line: number))
      }
    }
  }
}
