import Foundation

/// What a line of a case file holds: a batch case (version 2), or a
/// diffable snapshot case (version 3's `"contract":"snapshot"`).
package enum CaseLineValue: Hashable, Sendable {
  case batch(Case)
  case snapshot(SnapshotCase)
  case sectionSnapshot(SectionSnapshotCase)
  case adapter(AdapterCase)
}

/// One non-blank line of a case file: a case, or why it is not one.
package struct CaseLine: Hashable, Sendable {
  /// The file, as the caller named it.
  package var file: String
  /// The 1-based line number.
  package var line: Int
  /// The case of any contract, or the data error that stopped it.
  package var value: Result<CaseLineValue, CaseDataError>

  /// Creates a line record.
  package init(file: String, line: Int, value: Result<CaseLineValue, CaseDataError>) {
    self.file = file
    self.line = line
    self.value = value
  }

  /// Creates a batch line record.
  package init(file: String, line: Int, result: Result<Case, CaseDataError>) {
    self.init(file: file, line: line, value: result.map { .batch($0) })
  }

  /// The batch case, or the data error that stopped it. A snapshot line is a
  /// data error here: the commands that run generators over batch cases
  /// (`corpus check`, regression files) cannot run it; `validate` judges it.
  package var result: Result<Case, CaseDataError> {
    switch value {
    case .success(.batch(let testCase)): return .success(testCase)
    case .success(.snapshot), .success(.sectionSnapshot), .success(.adapter):
      return .failure(Self.notBatch(file: file, line: line))
    case .failure(let error): return .failure(error)
    }
  }

  /// The error a batch-only command reports for a snapshot line.
  static func notBatch(file: String, line: Int) -> CaseDataError {
    CaseDataError(
      file: file, line: line, column: 1,
      message:
        "a snapshot or adapter case holds its own calls and has no batch update for a generator to produce; batchcheck validate judges it"
    )
  }
}

/// Reading and writing case files (the case format, version 2; Corpus/README.md): JSON
/// Lines, one case per line, UTF-8.
///
///     let lines = CaseFile.read(Array("{\"old\":[],\"new\":[]}\n\n{\"old\":1}\n".utf8),
///                               file: "x.jsonl")
///     // line 1: a case; line 3: x.jsonl:3:8: expected an array of sections
///     // or rows for "old", found an integer
///
/// A malformed line never stops the others: each gets its own `CaseDataError`.
/// Blank lines (nothing but spaces, tabs and a carriage return) are skipped;
/// a UTF-8 byte order mark at the very start of the file is ignored.
package enum CaseFile {
  /// Reads every line of a case file's contents.
  ///
  /// - Parameters:
  ///   - bytes: the whole file.
  ///   - file: the name errors and records carry.
  /// - Returns: one record per non-blank line, in file order.
  /// - Complexity: O(*n*), where *n* is the number of bytes.
  package static func read(_ bytes: [UInt8], file: String) -> [CaseLine] {
    bytes.withUnsafeBufferPointer { read(buffer: $0, file: file) }
  }

  /// Reads every line of a case file's contents where they lie: each line is
  /// parsed in place, without a copy.
  static func read(buffer bytes: UnsafeBufferPointer<UInt8>, file: String) -> [CaseLine] {
    var records: [CaseLine] = []
    forEachLine(in: bytes) { number, line in
      records.append(
        CaseLine(file: file, line: number, value: readLine(line, file: file, line: number)))
    }
    return records
  }

  /// Calls `body` with each non-blank line of a JSON Lines file's contents,
  /// where it lies, and its 1-based number, without its line break; a byte
  /// order mark at the start is skipped. Case files and expectations files
  /// are split so.
  ///
  /// - Complexity: O(*n*), where *n* is the number of bytes, plus `body`.
  static func forEachLine<Failure: Error>(
    in bytes: UnsafeBufferPointer<UInt8>,
    _ body: (_ number: Int, _ line: UnsafeBufferPointer<UInt8>) throws(Failure) -> Void
  ) throws(Failure) {
    var start = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
    var lineNumber = 0
    while start <= bytes.count {
      lineNumber += 1
      let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
      let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
      start = end + 1
      if isBlank(line) { continue }
      try body(lineNumber, line)
    }
  }

  /// Whether a line holds nothing but spaces, tabs and a carriage return.
  static func isBlank(_ line: some Collection<UInt8>) -> Bool {
    line.allSatisfy {
      $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r")
    }
  }

  /// Reads the case file at `path`.
  ///
  /// - Parameter path: a file path, or `-` for standard input; records and
  ///   errors carry it as given. Any readable stream will do: a regular
  ///   file, a FIFO, `/dev/fd/N` (a shell's `<(command)`), read to its end.
  /// - Returns: one record per non-blank line, in file order.
  /// - Throws: `CaseFileError` when the file does not exist, is a directory
  ///   or cannot be read.
  package static func read(atPath path: String) throws(CaseFileError) -> [CaseLine] {
    var records: [CaseLine] = []
    try forEachLine(atPath: path) { record in
      records.append(record)
      return true
    }
    return records
  }

  /// The bytes of the file at `path` (`-`: standard input), read to the end
  /// of the stream: its size is never asked for, so a FIFO, a pipe or a
  /// `/dev/fd/N` is read like a regular file.
  ///
  /// - Throws: `CaseFileError` when the file does not exist, is a directory,
  ///   cannot be read (the reason is the system's: `permission denied`...),
  ///   or holds more than 1 GiB (`/dev/zero` never ends).
  package static func bytes(atPath path: String) throws(CaseFileError) -> [UInt8] {
    try bytes(atPath: path, limit: maximumBytes)
  }

  /// The most bytes a file may hold: 1 GiB.
  static let maximumBytes = 1 << 30

  /// `bytes(atPath:)`, holding a file to `limit` bytes.
  static func bytes(atPath path: String, limit: Int) throws(CaseFileError) -> [UInt8] {
    let (descriptor, status) = try openForReading(path)
    defer { if descriptor != 0 { _ = close(descriptor) } }
    // The size of a regular file is only a hint: the file may grow or shrink.
    let hint = status.st_mode & S_IFMT == S_IFREG ? Int(clamping: status.st_size) : 0
    // One byte more than the limit, to see a file go past it.
    var bytes = [UInt8](repeating: 0, count: min(max(hint + 1, 1 << 16), limit + 1))
    var count = 0
    while true {
      if count == bytes.count {
        guard count <= limit else {
          throw CaseFileError(file: path, reason: "more than \(limit) bytes; split it")
        }
        bytes += repeatElement(0, count: min(bytes.count, limit + 1 - bytes.count))
      }
      let result = bytes.withUnsafeMutableBytes { buffer in
        Foundation.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
      }
      if result > 0 {
        count += result
      } else if result == 0 {
        break
      } else if errno != EINTR {
        throw CaseFileError(file: path, reason: systemReason())
      }
    }
    bytes.removeSubrange(count...)
    return bytes
  }

  /// `strerror(errno)`, lowercased as the other reasons are: `permission denied`.
  static func systemReason() -> String {
    String(cString: strerror(errno)).lowercased()
  }

  /// The text of a case file holding `cases`: one line each, each ending in a
  /// line break.
  ///
  ///     CaseFile.text(of: [Case(old: [], new: [])])  // "{\"old\":[],\"new\":[]}\n"
  package static func text(of cases: [Case]) -> String {
    cases.map { $0.jsonLine + "\n" }.joined()
  }

  /// One line: checks its size and UTF-8, then parses and decodes.
  static func readLine(
    _ line: UnsafeBufferPointer<UInt8>, file: String, line number: Int
  ) -> Result<CaseLineValue, CaseDataError> {
    do throws(LineError) {
      try CaseDecoder.checkLineSize(line.count)
      try checkUTF8(line)
      return .success(try CaseDecoder.decodeLine(line))
    } catch {
      return .failure(CaseDataError(file: file, line: number, lineBytes: line, error: error))
    }
  }

  /// Throws at the first byte of `bytes` that is not part of valid UTF-8.
  static func checkUTF8(_ bytes: some Collection<UInt8>) throws(LineError) {
    // ASCII, a word at a time, is valid: the scalar-by-scalar check starts
    // at the first byte that is not, and counts its offsets from there.
    let ascii = bytes.withContiguousStorageIfAvailable(asciiPrefixCount) ?? 0
    if let bad = firstInvalidUTF8(bytes.dropFirst(ascii)).map({ $0 + ascii }) {
      let byte = bytes.dropFirst(bad).first ?? 0
      throw LineError(offset: bad, message: "invalid UTF-8 (byte 0x\(hex(byte)))")
    }
  }

  /// How many bytes at the start of `bytes` are ASCII (below 0x80).
  ///
  /// - Complexity: O(*n*), where *n* is that count, 8 bytes at a time.
  static func asciiPrefixCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = UnsafeRawPointer(bytes.baseAddress) else { return 0 }
    var index = 0
    while index + 8 <= bytes.count,
      base.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
    {
      index += 8
    }
    while index < bytes.count, bytes[index] < 0x80 { index += 1 }
    return index
  }

  /// The offset of the first byte that is not part of valid UTF-8, if any.
  static func firstInvalidUTF8(_ bytes: some Sequence<UInt8>) -> Int? {
    var iterator = bytes.makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded): offset += encoded.count
      case .emptyInput: return nil
      case .error: return offset
      }
    }
  }

  private static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return digits.count == 1 ? "0" + digits : digits
  }
}
