import Foundation

extension CaseFile {
  /// How many bytes each read of a streamed file asks for.
  static let blockBytes = 1 << 20

  /// Reads the case file at `path` a block at a time and calls `body` with
  /// each non-blank line's record, in file order, as soon as the line is
  /// complete: memory holds one block and the longest line, never the file.
  ///
  /// A line longer than a line may hold (64 MiB) is a data error with its
  /// true length, counted without being kept; `body` returns whether to go
  /// on. Lines, numbers, blank lines and the byte order mark are as
  /// `read(atPath:)` has them.
  ///
  /// - Parameters:
  ///   - path: a file path, or `-` for standard input; any readable stream.
  ///   - blockBytes: how many bytes each read asks for.
  ///   - body: gets each record; returns false to stop reading.
  /// - Throws: `CaseFileError` when the file does not exist, is a directory,
  ///   cannot be read, or holds one line of more than 1 GiB (a stream
  ///   such as `/dev/zero` that never ends a line).
  package static func forEachLine(
    atPath path: String, blockBytes: Int = blockBytes, _ body: (CaseLine) -> Bool
  ) throws(CaseFileError) {
    try forEachRawLine(atPath: path, blockBytes: blockBytes) { raw in
      switch raw {
      case .text(let number, let bytes):
        return body(
          CaseLine(file: path, line: number, value: readLine(bytes, file: path, line: number)))
      case .unreadable(let line):
        return body(line)
      }
    }
  }

  /// Reads the case file at `path` as `forEachLine(atPath:blockBytes:_:)`
  /// does, but gives each non-blank line's bytes undecoded, so that the
  /// caller can decode them elsewhere (`RawLineBatch`): on another thread,
  /// with `readLine(_:file:line:)`. A line too long to keep comes as its
  /// data error already.
  ///
  /// - Parameters:
  ///   - path: a file path, or `-` for standard input; any readable stream.
  ///   - blockBytes: how many bytes each read asks for.
  ///   - body: gets each line, its bytes valid only during the call;
  ///     returns false to stop reading.
  /// - Throws: `CaseFileError`, as `forEachLine(atPath:blockBytes:_:)` does.
  package static func forEachRawLine(
    atPath path: String, blockBytes: Int = blockBytes, _ body: (RawCaseLine) -> Bool
  ) throws(CaseFileError) {
    let (descriptor, _) = try openForReading(path)
    defer { if descriptor != 0 { _ = close(descriptor) } }
    var reader = StreamedLines(file: path)
    var block = [UInt8](repeating: 0, count: max(1, blockBytes))
    while true {
      let count = block.withUnsafeMutableBytes { buffer in
        Foundation.read(descriptor, buffer.baseAddress!, buffer.count)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw CaseFileError(file: path, reason: systemReason())
      }
      if count == 0 { break }
      let goOn = try block.withUnsafeBufferPointer { all throws(CaseFileError) in
        try reader.feed(UnsafeBufferPointer(rebasing: all[0..<count]), body)
      }
      if !goOn { return }
    }
    reader.finish(body)
  }

  /// The index of the first line break in `bytes` from `start` on, found
  /// by `memchr`: where a line read a block at a time ends.
  package static func firstNewline(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    guard start < bytes.count, let base = bytes.baseAddress,
      let found = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start)
    else { return nil }
    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
  }

  /// Opens `path` (`-`: standard input, descriptor 0) for reading, refusing
  /// a missing file and a directory; with the file's status.
  static func openForReading(_ path: String) throws(CaseFileError) -> (Int32, stat) {
    let descriptor: Int32
    if path == "-" {
      descriptor = 0
    } else {
      var opened: Int32
      repeat { opened = open(path, O_RDONLY | O_CLOEXEC) } while opened < 0 && errno == EINTR
      guard opened >= 0 else {
        throw CaseFileError(file: path, reason: errno == ENOENT ? "no such file" : systemReason())
      }
      descriptor = opened
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let reason = systemReason()
      if descriptor != 0 { _ = close(descriptor) }
      throw CaseFileError(file: path, reason: reason)
    }
    if status.st_mode & S_IFMT == S_IFDIR {
      if descriptor != 0 { _ = close(descriptor) }
      throw CaseFileError(file: path, reason: "is a directory")
    }
    return (descriptor, status)
  }
}

/// The lines of a file fed to it a block at a time: the part of a line not
/// yet ended is kept, up to the most a line may hold; past it, the line is
/// only counted.
struct StreamedLines {
  let file: String
  /// The bytes not yet ended by a line break.
  private var pending: [UInt8] = []
  /// How many bytes of `pending` are known to hold no line break.
  private var scanned = 0
  /// The length of a line too long to keep, counted so far; nil when the
  /// current line is kept.
  private var overlong: Int?
  /// The number of the current line, from 1.
  private var number = 1
  /// Whether the file's first bytes are still to be checked for a byte order mark.
  private var atStart = true

  init(file: String) {
    self.file = file
  }

  /// Takes in the next block; calls `body` with each line it ends, and
  /// returns false when `body` does.
  mutating func feed(_ block: UnsafeBufferPointer<UInt8>, _ body: (RawCaseLine) -> Bool)
    throws(CaseFileError) -> Bool
  {
    var rest = block[...]
    if let count = overlong {
      guard let end = rest.firstIndex(of: UInt8(ascii: "\n")) else {
        try self.count(overlong: count + rest.count)
        return true
      }
      overlong = count + (end - rest.startIndex)
      if !endOverlong(body) { return false }
      rest = rest[(end + 1)...]
    }
    pending.append(contentsOf: rest)
    if atStart {
      guard pending.count >= 3 else { return true }
      stripByteOrderMark()
    }
    return try emitEnded(body)
  }

  /// Emits every line `pending` ends, keeping the rest; a rest past the
  /// most a line may hold is only counted from then on.
  private mutating func emitEnded(_ body: (RawCaseLine) -> Bool) throws(CaseFileError) -> Bool {
    var lineStart = 0
    while let end = pending.withUnsafeBufferPointer({
      CaseFile.firstNewline(in: $0, from: max(lineStart, scanned))
    }) {
      let goOn = pending.withUnsafeBufferPointer { all in
        emit(UnsafeBufferPointer(rebasing: all[lineStart..<end]), body)
      }
      lineStart = end + 1
      if !goOn { return false }
    }
    pending.removeFirst(lineStart)
    scanned = pending.count
    if pending.count > CaseDecoder.maxLineBytes {
      let count = pending.count
      pending = []
      scanned = 0
      try self.count(overlong: count)
    }
    return true
  }

  /// The end of the file: the last line, if it has no line break.
  mutating func finish(_ body: (RawCaseLine) -> Bool) {
    if overlong != nil {
      _ = endOverlong(body)
      return
    }
    if atStart {
      stripByteOrderMark()
      // A file shorter than a byte order mark: its lines are ended here.
      guard (try? emitEnded(body)) == true else { return }
    }
    if !pending.isEmpty {
      _ = pending.withUnsafeBufferPointer { emit($0, body) }
    }
  }

  private mutating func stripByteOrderMark() {
    atStart = false
    if pending.starts(with: [0xEF, 0xBB, 0xBF]) { pending.removeFirst(3) }
  }

  /// Counts a line too long to keep, up to the most a file may hold in one line.
  private mutating func count(overlong count: Int) throws(CaseFileError) {
    overlong = count
    if count > CaseFile.maximumBytes {
      throw CaseFileError(
        file: file, reason: "a line of more than \(CaseFile.maximumBytes) bytes; split it")
    }
  }

  /// Ends a line too long to keep: its data error, with its length.
  private mutating func endOverlong(_ body: (RawCaseLine) -> Bool) -> Bool {
    let count = overlong ?? 0
    overlong = nil
    atStart = false
    var lineError = LineError(offset: 0, message: "")
    do throws(LineError) { try CaseDecoder.checkLineSize(count) } catch { lineError = error }
    let error = CaseDataError(file: file, line: number, lineBytes: [], error: lineError)
    number += 1
    return body(.unreadable(CaseLine(file: file, line: number - 1, value: .failure(error))))
  }

  /// One ended line: its bytes to `body`, unless it is blank.
  private mutating func emit(_ line: UnsafeBufferPointer<UInt8>, _ body: (RawCaseLine) -> Bool)
    -> Bool
  {
    defer { number += 1 }
    if CaseFile.isBlank(line) { return true }
    return body(.text(line: number, bytes: line))
  }
}

/// A non-blank line of a case file as read, before it is decoded
/// (`CaseFile.forEachRawLine`).
package enum RawCaseLine {
  /// The line's number from 1, and its bytes without the line break: valid
  /// only during the call that gives them.
  case text(line: Int, bytes: UnsafeBufferPointer<UInt8>)
  /// A line that cannot be kept (too long): its data error.
  case unreadable(CaseLine)
}
