/// A small JSON parser for one line of a case file, which knows where every
/// value starts.
///
///     let root = try JSONParser.parse(Array(#"{"old":["a"]}"#.utf8))
///     // an object node at offset 0
///
/// Why not `JSONSerialization` or `JSONDecoder`: they report no column, they
/// round numbers beyond 64 bits, and they recurse without a depth limit. This
/// parser is iterative (no recursion at all, so a line of a million `[` cannot
/// exhaust the stack), stops at `maxDepth` levels of nesting, parses numbers
/// itself with overflow detection, and reports every error at a byte offset.
///
/// It expects valid UTF-8 (`CaseFile` checks that first) and follows RFC 8259:
/// no comments, no trailing commas, no leading zeros, strings with escaped
/// control characters and paired surrogates. It reads the line where it
/// lies (a file's buffer), without a copy; the values it returns hold no
/// pointer into it.
///
/// - Complexity: O(*n*), where *n* is the number of bytes in the line.
struct JSONParser {
  /// The deepest nesting of arrays and objects accepted; a case needs 5.
  static let maxDepth = 512

  private let bytes: UnsafeBufferPointer<UInt8>
  private var position = 0
  /// Whether arrays of integers (and of such arrays, all of one shape) are
  /// read as `.integers`, without a node per element.
  private let compactsIntegers: Bool

  /// An array or object still being read.
  private struct OpenContainer {
    var start: Int
    var isObject: Bool
    var items: [JSONNode] = []
    var members: [JSONMember] = []
    var pendingKey = ""
    var pendingKeyOffset = 0
    /// While every element so far is an integer, or an `.integers` of
    /// `elementShape`: their values, in order (compacting parsers only).
    var flat: [Int]?
    var flatCount = 0
    var elementShape: [Int] = []

    /// Adds an element: to `flat` while the array stays compact, else to `items`.
    mutating func append(_ node: JSONNode) {
      if flat != nil {
        switch node.value {
        case .number(.integer(let value)) where flatCount == 0 || elementShape.isEmpty:
          flat?.append(value)
          flatCount += 1
          return
        case .integers(let inner) where flatCount == 0 || elementShape == inner.shape:
          elementShape = inner.shape
          flat?.append(contentsOf: inner.values)
          flatCount += 1
          return
        default:
          // Not compact after all: the elements so far become nodes.
          if flatCount > 0 { items = compacted.elements(offset: start) }
          flat = nil
        }
      }
      items.append(node)
    }

    /// The elements read so far, compactly.
    var compacted: IntegerArray {
      IntegerArray(shape: [flatCount] + elementShape, values: flat ?? [])
    }

    /// The finished array.
    func closedArray() -> JSONValue {
      if flat != nil, flatCount > 0 { return .integers(compacted) }
      return .array(items)
    }
  }

  /// Creates a parser over one line, without its line break; `bytes` must
  /// stay valid while the parser is used. A parser `compactingIntegers`
  /// reads arrays of integers as `.integers`: a million row paths cost a
  /// few arrays of `Int`, not millions of nodes.
  init(_ bytes: UnsafeBufferPointer<UInt8>, compactingIntegers: Bool = false) {
    self.bytes = bytes
    self.compactsIntegers = compactingIntegers
  }

  /// Parses `bytes`, one line without its line break, as one JSON value.
  ///
  /// - Throws: `LineError` at the first offending byte.
  static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, compactingIntegers: Bool = false
  ) throws(LineError) -> JSONNode {
    var parser = JSONParser(bytes, compactingIntegers: compactingIntegers)
    return try parser.parseDocument()
  }

  /// Parses `bytes`, one line without its line break, as one JSON value.
  ///
  /// - Throws: `LineError` at the first offending byte.
  static func parse(_ bytes: [UInt8], compactingIntegers: Bool = false) throws(LineError)
    -> JSONNode
  {
    try bytes.withUnsafeBufferPointer { buffer throws(LineError) in
      try parse(buffer, compactingIntegers: compactingIntegers)
    }
  }

  /// Parses the whole line as one JSON value; only white space may follow it.
  ///
  /// - Returns: the root value, with its offset.
  /// - Throws: `LineError` at the first offending byte.
  mutating func parseDocument() throws(LineError) -> JSONNode {
    var open: [OpenContainer] = []
    readValue: while true {
      skipWhitespace()
      guard position < bytes.count else {
        throw LineError(
          offset: position,
          message: open.isEmpty
            ? "expected a JSON value"
            : "unexpected end of line inside \(open[open.count - 1].isObject ? "an object" : "an array")"
        )
      }
      let start = position
      var node: JSONNode
      switch bytes[position] {
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        let isObject = bytes[position] == UInt8(ascii: "{")
        guard open.count < Self.maxDepth else {
          throw LineError(
            offset: start, message: "arrays and objects nested deeper than \(Self.maxDepth) levels")
        }
        position += 1
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: isObject ? "}" : "]") {
          position += 1
          node = JSONNode(value: isObject ? .object([]) : .array([]), offset: start)
        } else {
          var container = OpenContainer(start: start, isObject: isObject)
          if compactsIntegers, !isObject { container.flat = [] }
          if isObject {
            (container.pendingKey, container.pendingKeyOffset) = try readKey()
          }
          open.append(container)
          continue readValue
        }
      case UInt8(ascii: "\""):
        node = JSONNode(value: .string(try readString()), offset: start)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        node = JSONNode(value: .number(try readNumber()), offset: start)
      case UInt8(ascii: "t"):
        try readLiteral("true")
        node = JSONNode(value: .bool(true), offset: start)
      case UInt8(ascii: "f"):
        try readLiteral("false")
        node = JSONNode(value: .bool(false), offset: start)
      case UInt8(ascii: "n"):
        try readLiteral("null")
        node = JSONNode(value: .null, offset: start)
      default:
        throw LineError(
          offset: start,
          message: "unexpected \(characterDescription(at: start)); expected a JSON value")
      }

      // Hand the finished value to the containers it closes.
      while !open.isEmpty {
        let top = open.count - 1
        skipWhitespace()
        let next = position < bytes.count ? bytes[position] : nil
        if open[top].isObject {
          open[top].members.append(
            JSONMember(
              key: open[top].pendingKey, keyOffset: open[top].pendingKeyOffset, value: node))
          if next == UInt8(ascii: ",") {
            position += 1
            skipWhitespace()
            (open[top].pendingKey, open[top].pendingKeyOffset) = try readKey()
            continue readValue
          }
          guard next == UInt8(ascii: "}") else { throw expected("',' or '}'") }
          position += 1
          let closed = open.removeLast()
          node = JSONNode(value: .object(closed.members), offset: closed.start)
        } else {
          open[top].append(node)
          if next == UInt8(ascii: ",") {
            position += 1
            continue readValue
          }
          guard next == UInt8(ascii: "]") else { throw expected("',' or ']'") }
          position += 1
          let closed = open.removeLast()
          node = JSONNode(value: closed.closedArray(), offset: closed.start)
        }
      }
      skipWhitespace()
      guard position == bytes.count else {
        throw LineError(
          offset: position,
          message: "unexpected \(characterDescription(at: position)) after the JSON value")
      }
      return node
    }
  }

  // MARK: Tokens

  private mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
        position += 1
      default: return
      }
    }
  }

  /// `expected X, found Y` at the current position.
  private func expected(_ what: String) -> LineError {
    guard position < bytes.count else {
      return LineError(offset: position, message: "expected \(what), found the end of the line")
    }
    return LineError(
      offset: position, message: "expected \(what), found \(characterDescription(at: position))")
  }

  /// Reads `"key"` and the colon after it.
  private mutating func readKey() throws(LineError) -> (String, Int) {
    let start = position
    guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
      throw expected("a key in double quotes")
    }
    let key = try readString()
    skipWhitespace()
    guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
      throw expected("':' after the key")
    }
    position += 1
    return (key, start)
  }

  private mutating func readLiteral(_ literal: StaticString) throws(LineError) {
    let start = position
    let count = literal.utf8CodeUnitCount
    let matches = literal.withUTF8Buffer { expected in
      bytes.count - position >= count && bytes[position..<position + count].elementsEqual(expected)
    }
    guard matches else {
      throw LineError(
        offset: start,
        message: "unexpected \(characterDescription(at: start)); expected a JSON value")
    }
    position += count
  }

  /// Reads a string; `position` is at its opening quote.
  private mutating func readString() throws(LineError) -> String {
    let start = position
    position += 1
    var buffer: [UInt8] = []
    while position < bytes.count {
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: "\""):
        position += 1
        return String(decoding: buffer, as: UTF8.self)
      case UInt8(ascii: "\\"):
        let scalar = try readEscape()
        buffer.append(contentsOf: String(Character(scalar)).utf8)
      case 0..<0x20:
        throw LineError(
          offset: position,
          message: "\(characterDescription(at: position)) must be escaped inside a string")
      default:
        buffer.append(byte)
        position += 1
      }
    }
    throw LineError(offset: start, message: "unterminated string")
  }

  /// Reads one escape sequence; `position` is at its backslash.
  private mutating func readEscape() throws(LineError) -> Unicode.Scalar {
    let start = position
    guard position + 1 < bytes.count else {
      throw LineError(offset: start, message: "unterminated string")
    }
    let letter = bytes[position + 1]
    position += 2
    switch letter {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let unit = try readHex4(escapeStart: start)
      switch unit {
      case 0xD800...0xDBFF:
        let lowStart = position
        guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
          bytes[position + 1] == UInt8(ascii: "u")
        else {
          throw LineError(offset: start, message: "unpaired surrogate in a \\u escape")
        }
        position += 2
        let low = try readHex4(escapeStart: lowStart)
        guard (0xDC00...0xDFFF).contains(low) else {
          throw LineError(offset: start, message: "unpaired surrogate in a \\u escape")
        }
        let value = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
        guard let scalar = Unicode.Scalar(value) else {
          throw LineError(offset: start, message: "unpaired surrogate in a \\u escape")
        }
        return scalar
      case 0xDC00...0xDFFF:
        throw LineError(offset: start, message: "unpaired surrogate in a \\u escape")
      default:
        guard let scalar = Unicode.Scalar(unit) else {
          throw LineError(offset: start, message: "invalid \\u escape")
        }
        return scalar
      }
    default:
      throw LineError(offset: start, message: "invalid escape sequence in a string")
    }
  }

  /// Reads four hex digits after `\u`.
  private mutating func readHex4(escapeStart: Int) throws(LineError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard position < bytes.count else {
        throw LineError(offset: escapeStart, message: "a \\u escape needs four hexadecimal digits")
      }
      let byte = bytes[position]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default:
        throw LineError(offset: escapeStart, message: "a \\u escape needs four hexadecimal digits")
      }
      value = value << 4 | UInt32(digit)
      position += 1
    }
    return value
  }

  private func isDigit(at index: Int) -> Bool {
    index < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
  }

  /// Reads a number by the JSON grammar; integers are accumulated with
  /// overflow checks (negatively, so that `Int.min` fits).
  private mutating func readNumber() throws(LineError) -> JSONNumber {
    let start = position
    let negative = bytes[position] == UInt8(ascii: "-")
    if negative { position += 1 }
    let digitsStart = position
    guard isDigit(at: position) else { throw expected("a digit after '-'") }
    if bytes[position] == UInt8(ascii: "0") {
      position += 1
      if isDigit(at: position) {
        throw LineError(offset: start, message: "a number must not start with a leading zero")
      }
    } else {
      while isDigit(at: position) { position += 1 }
    }
    let digitsEnd = position
    var isInteger = true
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      isInteger = false
      position += 1
      guard isDigit(at: position) else { throw expected("a digit after '.'") }
      while isDigit(at: position) { position += 1 }
    }
    if position < bytes.count,
      bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E")
    {
      isInteger = false
      position += 1
      if position < bytes.count,
        bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
      {
        position += 1
      }
      guard isDigit(at: position) else { throw expected("a digit in the exponent") }
      while isDigit(at: position) { position += 1 }
    }
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    guard isInteger else { return .nonInteger(text) }
    var value = 0  // minus the magnitude read so far
    for byte in bytes[digitsStart..<digitsEnd] {
      let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (next, overflow2) = shifted.subtractingReportingOverflow(Int(byte - UInt8(ascii: "0")))
      if overflow1 || overflow2 { return .tooLarge(text) }
      value = next
    }
    if negative { return .integer(value) }
    let (positive, overflow) = (0).subtractingReportingOverflow(value)
    return overflow ? .tooLarge(text) : .integer(positive)
  }

  /// `'x'`, or `U+0009` for an invisible character, for the character at `index`.
  private func characterDescription(at index: Int) -> String {
    var iterator = bytes[index...].makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    guard case .valid(let encoded) = parser.parseScalar(from: &iterator) else {
      return "a byte that is not UTF-8"
    }
    let scalar = UTF8.decode(encoded)
    if scalar.properties.isWhitespace || scalar.value < 0x20 || scalar.value == 0x7F
      || scalar.properties.generalCategory == .format
    {
      let hex = String(scalar.value, radix: 16, uppercase: true)
      return "character U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
    return "'\(scalar)'"
  }
}
