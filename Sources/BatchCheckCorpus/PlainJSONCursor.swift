import BatchCheck

/// A position in one line of JSON, reading the plain spelling only: every
/// reader returns nil (or false) at the first byte it does not expect.
///
///     var cursor = PlainJSONCursor(line)  // {"deleteRows":[[0,1]]}
///     cursor.update()  // BatchUpdate(deleteRows: [RowPath(0, 1)])
///
/// The plain spelling is the one `Case.jsonLine` and `CaseJSONBytes`
/// write, or a JSON library's with white space between the tokens: known
/// keys, strings of printable ASCII without escapes, integers that fit in
/// 64 bits. The fast paths of the case reader (`CaseFastReader`) and of
/// the `--exec` wire read with it; for anything else they return nil, and
/// their caller reads the line with the general parser (`CaseDecoder`).
package struct PlainJSONCursor {
  /// The line, without its line break.
  package let bytes: UnsafeBufferPointer<UInt8>
  /// The offset of the next byte to read.
  package var position = 0

  /// A cursor at the start of `bytes`, which must stay valid while it is used.
  package init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Whether only white space is left.
  package var atEnd: Bool {
    mutating get {
      skipSpace()
      return position == bytes.count
    }
  }

  /// Steps over JSON's white space.
  package mutating func skipSpace() {
    while position < bytes.count {
      switch bytes[position] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
        position += 1
      default: return
      }
    }
  }

  /// Steps over white space and `byte` when it comes next.
  package mutating func take(_ byte: UInt8) -> Bool {
    skipSpace()
    guard position < bytes.count, bytes[position] == byte else { return false }
    position += 1
    return true
  }

  /// Steps over `"literal":` (white space around the colon) when it comes next.
  package mutating func key(_ literal: StaticString) -> Bool {
    take(UInt8(ascii: "\"")) && exactly(literal) && exactly("\"") && take(UInt8(ascii: ":"))
  }

  /// Steps over `literal`, byte for byte, when it comes next.
  package mutating func exactly(_ literal: StaticString) -> Bool {
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
  package mutating func integer() -> Int? {
    skipSpace()
    var index = position
    let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    let digitsStart = index
    var magnitude: UInt64 = 0
    // 18 digits cannot overflow: they are read without checks.
    var uncheckedEnd = min(bytes.count, index + 18)
    while index < uncheckedEnd {
      let digit = bytes[index] &- UInt8(ascii: "0")
      guard digit < 10 else { break }
      magnitude = magnitude &* 10 &+ UInt64(digit)
      index += 1
    }
    while index == uncheckedEnd, index < bytes.count {
      let digit = bytes[index] &- UInt8(ascii: "0")
      guard digit < 10 else { break }
      let (shifted, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
      let (next, overflow2) = shifted.addingReportingOverflow(UInt64(digit))
      guard !overflow1, !overflow2 else { return nil }
      magnitude = next
      index += 1
      uncheckedEnd = index
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
  package mutating func pair() -> (Int, Int)? {
    guard take(UInt8(ascii: "[")), let a = integer(), take(UInt8(ascii: ",")), let b = integer(),
      take(UInt8(ascii: "]"))
    else { return nil }
    return (a, b)
  }

  /// `[e,e,...]` or `[]`, each element read by `element`.
  package mutating func array<Element>(
    into result: inout [Element], _ element: (inout PlainJSONCursor) -> Element?
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

  /// `"key":` for one of `keys`: its index. No key of `keys` may begin
  /// another: the first whose bytes come next is the one read.
  package mutating func key(among keys: [StaticString]) -> Int? {
    guard take(UInt8(ascii: "\"")) else { return nil }
    for (index, key) in keys.enumerated() where exactly(key) {
      guard exactly("\""), take(UInt8(ascii: ":")) else { return nil }
      return index
    }
    return nil
  }

  /// A whole line holding one update object.
  package mutating func update() -> BatchUpdate? {
    guard let update = updateObject(), atEnd else { return nil }
    return update
  }

  /// An update object.
  package mutating func updateObject() -> BatchUpdate? {
    var update = BatchUpdate()
    guard take(UInt8(ascii: "{")) else { return nil }
    if take(UInt8(ascii: "}")) { return update }
    var seen = 0
    while true {
      guard let key = key(among: Self.updateKeys), seen & (1 << key) == 0 else { return nil }
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
      return take(UInt8(ascii: "}")) ? update : nil
    }
  }

  package mutating func rowPath() -> RowPath? {
    pair().map { RowPath($0.0, $0.1) }
  }

  /// `[[s,r],[s,r]]`.
  package mutating func rowMove() -> RowMove? {
    guard take(UInt8(ascii: "[")), let from = rowPath(), take(UInt8(ascii: ",")),
      let to = rowPath(),
      take(UInt8(ascii: "]"))
    else { return nil }
    return RowMove(from: from, to: to)
  }

  // MARK: Requests

  /// A whole line holding `{"old":[[...]],"new":[[...]]}`.
  package mutating func request() -> (old: [[Row]], new: [[Row]])? {
    guard take(UInt8(ascii: "{")), key("old"), let old = sections(), take(UInt8(ascii: ",")),
      key("new"),
      let new = sections(), take(UInt8(ascii: "}")), atEnd
    else { return nil }
    return (old, new)
  }

  /// `[[rows],[rows]]` or `[]`; a flat array of rows is the general parser's.
  package mutating func sections() -> [[Row]]? {
    var result: [[Row]] = []
    let read = array(into: &result) { cursor in
      var rows: [Row] = []
      return cursor.array(into: &rows) { $0.row() } ? rows : nil
    }
    return read ? result : nil
  }

  /// `"a"`, `3` or `{"id":...,"content":...}` (those two keys, in that order).
  package mutating func row() -> Row? {
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
  package mutating func value() -> RowValue? {
    skipSpace()
    guard position < bytes.count else { return nil }
    guard bytes[position] == UInt8(ascii: "\"") else { return integer().map(RowValue.int) }
    return string().map(RowValue.string)
  }

  /// A string of printable ASCII without escapes.
  package mutating func string() -> String? {
    guard take(UInt8(ascii: "\"")) else { return nil }
    let start = position
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        position = index + 1
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
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
