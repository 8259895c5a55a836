import BatchCheck
import BatchCheckCorpus

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `--exec` wire's lines read fast: an answer line straight into an
/// update's index arrays, a request line straight into rows, without a
/// JSON tree, a `String` per key or a node per number.
///
/// Each reader takes only the plain spelling of its line: the one
/// `CaseJSONBytes` writes, or a JSON library's with white space between the
/// tokens; known keys once each (an update's in any order, a request's
/// `old` then `new`), strings of printable ASCII without escapes, integers
/// that fit in 64 bits. For anything else it returns nil, and the caller
/// reads the line with the general parser (`CaseDecoder`), which accepts every spelling and words
/// every error with its column. So what a line means, and what is wrong
/// with it, is the general parser's alone: a fast read gives the same value
/// or none (the wire tests hold them to that on random and hostile lines).
package enum ExternalGeneratorWire {
  /// The update of an answer line, or nil: read it with
  /// `CaseDecoder.decodeUpdate`.
  ///
  ///     ExternalGeneratorWire.update(Array(#"{"deleteRows":[[0,1]]}"#.utf8))
  ///     // BatchUpdate(deleteRows: [RowPath(0, 1)])
  package static func update(_ line: [UInt8]) -> BatchUpdate? {
    line.withUnsafeBufferPointer { update($0) }
  }

  /// The update of an answer line where it lies, or nil.
  package static func update(_ line: UnsafeBufferPointer<UInt8>) -> BatchUpdate? {
    guard line.count <= CaseDecoder.maxLineBytes else { return nil }
    var cursor = WireCursor(line)
    return cursor.update()
  }

  /// The old and new sections of a request line, or nil: read it with
  /// `Case(jsonLine:)`.
  ///
  ///     ExternalGeneratorWire.request(Array(#"{"old":[["a"]],"new":[[1]]}"#.utf8))
  ///     // ([[Row("a")]], [[Row(1)]])
  package static func request(_ line: UnsafeBufferPointer<UInt8>) -> (old: [[Row]], new: [[Row]])? {
    guard line.count <= CaseDecoder.maxLineBytes else { return nil }
    var cursor = WireCursor(line)
    return cursor.request()
  }

  /// The old and new sections of a request line, or nil.
  package static func request(_ line: [UInt8]) -> (old: [[Row]], new: [[Row]])? {
    line.withUnsafeBufferPointer { request($0) }
  }
}

extension ExternalGeneratorWire {
  /// The index of the first line break in `bytes` from `start` on: where a
  /// line read from a pipe ends.
  package static func firstNewline(in bytes: [UInt8], from start: Int) -> Int? {
    guard start < bytes.count else { return nil }
    return bytes.withUnsafeBufferPointer { buffer in
      guard
        let found = memchr(
          buffer.baseAddress! + start, Int32(UInt8(ascii: "\n")), buffer.count - start)
      else { return nil }
      return buffer.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
  }
}

/// A position in one line, reading the plain spelling only: every reader
/// returns nil (or false) at the first byte it does not expect.
private struct WireCursor {
  let bytes: UnsafeBufferPointer<UInt8>
  var position = 0

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Whether only white space is left.
  var atEnd: Bool {
    mutating get {
      skipSpace()
      return position == bytes.count
    }
  }

  /// Steps over JSON's white space.
  mutating func skipSpace() {
    while position < bytes.count {
      switch bytes[position] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
        position += 1
      default: return
      }
    }
  }

  /// Steps over white space and `byte` when it comes next.
  mutating func take(_ byte: UInt8) -> Bool {
    skipSpace()
    guard position < bytes.count, bytes[position] == byte else { return false }
    position += 1
    return true
  }

  /// Steps over `"literal":` (white space around the colon) when it comes next.
  mutating func key(_ literal: StaticString) -> Bool {
    take(UInt8(ascii: "\"")) && exactly(literal) && exactly("\"") && take(UInt8(ascii: ":"))
  }

  /// Steps over `literal`, byte for byte, when it comes next.
  mutating func exactly(_ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard bytes.count - position >= count else { return false }
    let matches = literal.withUTF8Buffer { expected in
      memoryEqual(expected.baseAddress!, bytes.baseAddress! + position, count)
    }
    if matches { position += count }
    return matches
  }

  /// `-?(0|[1-9][0-9]*)` that fits in 64 bits; a number beyond them is
  /// the general parser's (it words the error).
  mutating func integer() -> Int? {
    skipSpace()
    var index = position
    let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    let digitsStart = index
    var magnitude: UInt64 = 0
    while index < bytes.count {
      let digit = bytes[index] &- UInt8(ascii: "0")
      guard digit < 10 else { break }
      let (shifted, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
      let (next, overflow2) = shifted.addingReportingOverflow(UInt64(digit))
      guard !overflow1, !overflow2 else { return nil }
      magnitude = next
      index += 1
    }
    let digits = index - digitsStart
    guard digits > 0, digits == 1 || bytes[digitsStart] != UInt8(ascii: "0") else { return nil }
    let value: Int
    if negative {
      guard magnitude <= UInt64(Int.max) + 1 else { return nil }
      value = Int(truncatingIfNeeded: 0 &- magnitude)
    } else {
      guard magnitude <= UInt64(Int.max) else { return nil }
      value = Int(magnitude)
    }
    position = index
    return value
  }

  /// `[a,b]`.
  mutating func pair() -> (Int, Int)? {
    guard take(UInt8(ascii: "[")), let a = integer(), take(UInt8(ascii: ",")), let b = integer(),
      take(UInt8(ascii: "]"))
    else { return nil }
    return (a, b)
  }

  /// `[e,e,...]` or `[]`, each element read by `element`.
  mutating func array<Element>(
    into result: inout [Element], _ element: (inout WireCursor) -> Element?
  ) -> Bool {
    guard take(UInt8(ascii: "[")) else { return false }
    if take(UInt8(ascii: "]")) { return true }
    // Room for a small array at once, rather than growing it 1, 2, 4, 8.
    result.reserveCapacity(16)
    while true {
      guard let item = element(&self) else { return false }
      result.append(item)
      if take(UInt8(ascii: ",")) { continue }
      return take(UInt8(ascii: "]"))
    }
  }

  // MARK: Answers

  /// The keys of an update, in the format's order; a key's bit in `seen`.
  private static let updateKeys: [StaticString] = [
    "deleteSections", "insertSections", "reloadSections", "moveSections",
    "deleteRows", "insertRows", "reloadRows", "moveRows", "reconfigureRows",
  ]

  /// `"key":` for one of the update's keys: its index.
  mutating func updateKey() -> Int? {
    guard take(UInt8(ascii: "\"")) else { return nil }
    for (index, key) in Self.updateKeys.enumerated() where exactly(key) {
      guard exactly("\""), take(UInt8(ascii: ":")) else { return nil }
      return index
    }
    return nil
  }

  /// A whole line holding one update object.
  mutating func update() -> BatchUpdate? {
    var update = BatchUpdate()
    guard take(UInt8(ascii: "{")) else { return nil }
    if take(UInt8(ascii: "}")) { return atEnd ? update : nil }
    var seen = 0
    while true {
      guard let key = updateKey(), seen & (1 << key) == 0 else { return nil }
      seen |= 1 << key
      let read: Bool
      switch key {
      case 0: read = array(into: &update.deleteSections) { $0.integer() }
      case 1: read = array(into: &update.insertSections) { $0.integer() }
      case 2: read = array(into: &update.reloadSections) { $0.integer() }
      case 3:
        read = array(into: &update.moveSections) {
          $0.pair().map { SectionMove(from: $0.0, to: $0.1) }
        }
      case 4: read = array(into: &update.deleteRows) { $0.rowPath() }
      case 5: read = array(into: &update.insertRows) { $0.rowPath() }
      case 6: read = array(into: &update.reloadRows) { $0.rowPath() }
      case 7: read = array(into: &update.moveRows) { $0.rowMove() }
      default: read = array(into: &update.reconfigureRows) { $0.rowPath() }
      }
      guard read else { return nil }
      if take(UInt8(ascii: ",")) { continue }
      return take(UInt8(ascii: "}")) && atEnd ? update : nil
    }
  }

  mutating func rowPath() -> RowPath? {
    pair().map { RowPath($0.0, $0.1) }
  }

  /// `[[s,r],[s,r]]`.
  mutating func rowMove() -> RowMove? {
    guard take(UInt8(ascii: "[")), let from = rowPath(), take(UInt8(ascii: ",")),
      let to = rowPath(),
      take(UInt8(ascii: "]"))
    else { return nil }
    return RowMove(from: from, to: to)
  }

  // MARK: Requests

  /// A whole line holding `{"old":[[...]],"new":[[...]]}`.
  mutating func request() -> (old: [[Row]], new: [[Row]])? {
    guard take(UInt8(ascii: "{")), key("old"), let old = sections(), take(UInt8(ascii: ",")),
      key("new"),
      let new = sections(), take(UInt8(ascii: "}")), atEnd
    else { return nil }
    return (old, new)
  }

  /// `[[rows],[rows]]` or `[]`; a flat array of rows is the general parser's.
  mutating func sections() -> [[Row]]? {
    var result: [[Row]] = []
    let read = array(into: &result) { cursor in
      var rows: [Row] = []
      return cursor.array(into: &rows) { $0.row() } ? rows : nil
    }
    return read ? result : nil
  }

  /// `"a"`, `3` or `{"id":...,"content":...}` (those two keys, in that order).
  mutating func row() -> Row? {
    if take(UInt8(ascii: "{")) {
      guard key("id"), let id = value(), take(UInt8(ascii: ",")), key("content"),
        let content = value(),
        take(UInt8(ascii: "}"))
      else { return nil }
      return Row(id: id, content: content)
    }
    return value().map(Row.init)
  }

  /// A string of printable ASCII without escapes, or an integer.
  mutating func value() -> RowValue? {
    skipSpace()
    guard position < bytes.count else { return nil }
    guard bytes[position] == UInt8(ascii: "\"") else { return integer().map(RowValue.int) }
    let start = position + 1
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        position = index + 1
        return .string(
          String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
      }
      guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return nil }
      index += 1
    }
    return nil
  }
}

/// Whether `count` bytes at `a` and `b` are equal.
private func memoryEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool
{
  var index = 0
  while index < count {
    if a[index] != b[index] { return false }
    index += 1
  }
  return true
}
