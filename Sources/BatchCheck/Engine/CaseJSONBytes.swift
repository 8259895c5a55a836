/// The case format's JSON text written straight into a byte buffer: the
/// same bytes as `CaseJSON` (and `Case.jsonLine`), without a `String` per
/// row, per key or per number on the way. The external-generator route
/// (BatchCheckExec) writes a request line and answers a case through it
/// once per case, where building strings cost more than the generator did.
///
///     var bytes: [UInt8] = []
///     CaseJSONBytes.appendUpdate(BatchUpdate(deleteRows: [RowPath(0, 1)]), to: &bytes)
///     // bytes == Array(#"{"deleteRows":[[0,1]]}"#.utf8) == Array(CaseJSON.update(...).utf8)
package enum CaseJSONBytes {
  /// `{"old":[[...]],"new":[[...]]}` and a line break: the line sent to an
  /// external generator for a case, byte for byte `Case(old:new:).jsonLine + "\n"`.
  package static func requestLine(old: [[Row]], new: [[Row]]) -> [UInt8] {
    // Written through a pointer into room measured first: no growth, no
    // uniqueness check per byte.
    written(capacity: 24 + maxSectionsBytes(old) + maxSectionsBytes(new)) { writer in
      writer.literal("{\"old\":")
      writer.sections(old)
      writer.literal(",\"new\":")
      writer.sections(new)
      writer.literal("}\n")
    }
  }

  /// What `body` writes into room for `capacity` bytes, which it must not exceed.
  private static func written(capacity: Int, _ body: (inout ByteWriter) -> Void) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
      var writer = ByteWriter(buffer.baseAddress!)
      body(&writer)
      precondition(writer.count <= capacity, "CaseJSONBytes wrote past its measure")
      count = writer.count
    }
  }

  /// The most bytes `sections` can take as JSON: each row as if it were
  /// `{"id":...,"content":...}` (a comma and 18 bytes around its values).
  private static func maxSectionsBytes(_ sections: [[Row]]) -> Int {
    var total = 2 + 3 * sections.count
    for section in sections {
      for row in section { total += 19 + maxValueBytes(row.id) + maxValueBytes(row.content) }
    }
    return total
  }

  /// The most bytes a value can take: 20 for an integer; every byte of a
  /// string escaped as `\u00xx`, and its quotes.
  @inline(__always)
  private static func maxValueBytes(_ value: RowValue) -> Int {
    switch value {
    case .int: return 20
    case .string(let text): return 2 + 6 * text.utf8.count
    }
  }

  /// `[["a",1],[]]`, as `CaseJSON.sections`.
  package static func appendSections(_ sections: [[Row]], to bytes: inout [UInt8]) {
    bytes += written(capacity: maxSectionsBytes(sections)) { $0.sections(sections) }
  }

  /// `"a"`, `3` or `{"id":"a","content":"x"}`, as `Row.description`.
  package static func appendRow(_ row: Row, to bytes: inout [UInt8]) {
    bytes += written(capacity: maxSectionsBytes([[row]])) { $0.row(row) }
  }

  /// An integer in decimal, as `String(value)`: `-12`, `0`.
  package static func appendInteger(_ value: Int, to bytes: inout [UInt8]) {
    bytes += written(capacity: 20) { $0.integer(value) }
  }

  /// `text` as a JSON string literal, as `jsonQuoted`: quotes, backslashes
  /// and control characters escaped (`\n`, `\r`, `\t`, else `\u001f`),
  /// everything else as its UTF-8 bytes.
  package static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
    bytes += written(capacity: maxValueBytes(.string(text))) { $0.quoted(text) }
  }

  /// `{"deleteRows":[[0,1]],...}`, as `CaseJSON.update`: only non-empty
  /// keys, in the format's order; `{}` for an update with no operation.
  package static func appendUpdate(_ update: BatchUpdate, to bytes: inout [UInt8]) {
    // A key and its brackets take under 24 bytes; a number 20 and a comma,
    // a pair 2 numbers and 4 bytes, a row move 2 pairs and 4 bytes.
    let integers =
      update.deleteSections.count + update.insertSections.count + update.reloadSections.count
    let pairs =
      update.moveSections.count + update.deleteRows.count + update.insertRows.count
      + update.reloadRows.count
      + update.reconfigureRows.count
    let capacity = 2 + 9 * 24 + 21 * integers + 44 * pairs + 92 * update.moveRows.count
    bytes += written(capacity: capacity) { $0.update(update) }
  }
}

/// Bytes written through a pointer into room the caller measured.
private struct ByteWriter {
  let base: UnsafeMutablePointer<UInt8>
  var count = 0

  init(_ base: UnsafeMutablePointer<UInt8>) {
    self.base = base
  }

  mutating func byte(_ value: UInt8) {
    base[count] = value
    count += 1
  }

  mutating func literal(_ text: StaticString) {
    text.withUTF8Buffer { bytes in
      (base + count).update(from: bytes.baseAddress!, count: bytes.count)
      count += bytes.count
    }
  }

  /// `[e,e,...]`, each element written by `element`.
  mutating func array<Element>(
    _ elements: [Element], _ element: (inout ByteWriter, Element) -> Void
  ) {
    byte(UInt8(ascii: "["))
    var first = true
    for item in elements {
      if !first { byte(UInt8(ascii: ",")) }
      first = false
      element(&self, item)
    }
    byte(UInt8(ascii: "]"))
  }

  mutating func sections(_ sections: [[Row]]) {
    array(sections) { writer, section in writer.array(section) { $0.row($1) } }
  }

  mutating func row(_ row: Row) {
    if row.id == row.content {
      value(row.id)
    } else {
      literal("{\"id\":")
      value(row.id)
      literal(",\"content\":")
      value(row.content)
      byte(UInt8(ascii: "}"))
    }
  }

  /// `[a,b]`.
  mutating func pair(_ a: Int, _ b: Int) {
    byte(UInt8(ascii: "["))
    integer(a)
    byte(UInt8(ascii: ","))
    integer(b)
    byte(UInt8(ascii: "]"))
  }

  mutating func update(_ update: BatchUpdate) {
    var first = true
    func key<Element>(
      _ writer: inout ByteWriter, _ name: StaticString, _ items: [Element],
      _ element: (inout ByteWriter, Element) -> Void
    ) {
      guard !items.isEmpty else { return }
      writer.byte(first ? UInt8(ascii: "{") : UInt8(ascii: ","))
      first = false
      writer.byte(UInt8(ascii: "\""))
      writer.literal(name)
      writer.literal("\":")
      writer.array(items, element)
    }
    key(&self, "deleteSections", update.deleteSections) { $0.integer($1) }
    key(&self, "insertSections", update.insertSections) { $0.integer($1) }
    key(&self, "reloadSections", update.reloadSections) { $0.integer($1) }
    key(&self, "moveSections", update.moveSections) { $0.pair($1.from, $1.to) }
    key(&self, "deleteRows", update.deleteRows) { $0.pair($1.section, $1.row) }
    key(&self, "insertRows", update.insertRows) { $0.pair($1.section, $1.row) }
    key(&self, "reloadRows", update.reloadRows) { $0.pair($1.section, $1.row) }
    key(&self, "moveRows", update.moveRows) { writer, move in
      writer.byte(UInt8(ascii: "["))
      writer.pair(move.from.section, move.from.row)
      writer.byte(UInt8(ascii: ","))
      writer.pair(move.to.section, move.to.row)
      writer.byte(UInt8(ascii: "]"))
    }
    key(&self, "reconfigureRows", update.reconfigureRows) { $0.pair($1.section, $1.row) }
    if first { byte(UInt8(ascii: "{")) }
    byte(UInt8(ascii: "}"))
  }

  mutating func value(_ value: RowValue) {
    switch value {
    case .int(let number): integer(number)
    case .string(let text): quoted(text)
    }
  }

  mutating func integer(_ value: Int) {
    if value >= 0, value < 10 {
      byte(UInt8(truncatingIfNeeded: value) &+ UInt8(ascii: "0"))
      return
    }
    if value < 0 { byte(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var digits = 0
    var rest = magnitude
    repeat {
      digits += 1
      rest /= 10
    } while rest != 0
    var index = count + digits
    count = index
    repeat {
      index -= 1
      base[index] = UInt8(truncatingIfNeeded: magnitude % 10) &+ UInt8(ascii: "0")
      magnitude /= 10
    } while magnitude != 0
  }

  /// As `jsonQuoted`; at most 2 + 6 bytes per byte of `text`.
  mutating func quoted(_ text: String) {
    byte(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { utf8 in
      for byte in utf8 {
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
          self.byte(byte)
          continue
        }
        self.byte(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): self.byte(byte)
        case UInt8(ascii: "\n"): self.byte(UInt8(ascii: "n"))
        case UInt8(ascii: "\r"): self.byte(UInt8(ascii: "r"))
        case UInt8(ascii: "\t"): self.byte(UInt8(ascii: "t"))
        default:
          literal("u00")
          self.byte(hexDigit(byte >> 4))
          self.byte(hexDigit(byte & 15))
        }
      }
    }
    byte(UInt8(ascii: "\""))
  }

  private func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
  }
}
