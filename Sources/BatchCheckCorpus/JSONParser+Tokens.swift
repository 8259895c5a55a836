/// The tokens of `JSONParser`: whitespace, keys, literals, strings with their
/// escapes, and numbers, each read at `position` in `bytes`.
extension JSONParser {
  mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
        position += 1
      default: return
      }
    }
  }

  /// `expected X, found Y` at the current position.
  func expected(_ what: String) -> LineError {
    guard position < bytes.count else {
      return LineError(offset: position, message: "expected \(what), found the end of the line")
    }
    return LineError(
      offset: position, message: "expected \(what), found \(characterDescription(at: position))")
  }

  /// Reads `"key"` and the colon after it.
  mutating func readKey() throws(LineError) -> (String, Int) {
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

  mutating func readLiteral(_ literal: StaticString) throws(LineError) {
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
  mutating func readString() throws(LineError) -> String {
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
  mutating func readEscape() throws(LineError) -> Unicode.Scalar {
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
  mutating func readHex4(escapeStart: Int) throws(LineError) -> UInt32 {
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

  func isDigit(at index: Int) -> Bool {
    index < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
  }

  /// Reads a number by the JSON grammar; integers are accumulated with
  /// overflow checks (negatively, so that `Int.min` fits).
  mutating func readNumber() throws(LineError) -> JSONNumber {
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
  func characterDescription(at index: Int) -> String {
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
