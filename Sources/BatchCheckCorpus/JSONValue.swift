/// One parsed JSON value and where it starts in its line.
///
/// The case reader keeps every value's position so that a value of the wrong
/// shape is reported at its own column, not at the start of the line.
struct JSONNode: Sendable {
  /// The value.
  var value: JSONValue
  /// The offset of the value's first byte in its line (0-based, UTF-8 bytes).
  var offset: Int
}

/// A member of a JSON object, with the position of its key.
struct JSONMember: Sendable {
  /// The key, unescaped.
  var key: String
  /// The offset of the key's opening quote in its line (0-based, UTF-8 bytes).
  var keyOffset: Int
  /// The member's value.
  var value: JSONNode
}

/// A JSON number, as written: an integer that fits in `Int`, or not.
///
/// Numbers are parsed by hand so that `99999999999999999999` is reported as
/// too large instead of being rounded or trapping.
enum JSONNumber: Sendable, Equatable {
  /// An integer literal (no fraction, no exponent) that fits in 64 bits.
  case integer(Int)
  /// An integer literal beyond 64 bits; the text as written.
  case tooLarge(String)
  /// A number with a fraction or an exponent; the text as written.
  case nonInteger(String)
}

/// A non-empty array of integers, or of such arrays all of one shape, read
/// compactly (`JSONParser(compactingIntegers:)`): `[[0,1],[0,2]]` is shape
/// `[2, 2]` and values `[0, 1, 0, 2]`, one `Int` per number where the tree
/// spends a node per number and an allocation per array.
struct IntegerArray: Sendable {
  /// The length of each level, outermost first; none is 0.
  var shape: [Int]
  /// Every integer, in file order.
  var values: [Int]

  /// The elements, as the tree would hold them. They carry the offset of
  /// the whole array, not their own: a compact line's errors are reported
  /// from the tree (`CaseDecoder.decodeCompactly`).
  func elements(offset: Int) -> [JSONNode] {
    let inner = Array(shape.dropFirst())
    guard !inner.isEmpty else {
      return values.map { JSONNode(value: .number(.integer($0)), offset: offset) }
    }
    let size = inner.reduce(1, *)
    return stride(from: 0, to: values.count, by: size).map {
      JSONNode(
        value: .integers(IntegerArray(shape: inner, values: Array(values[$0..<$0 + size]))),
        offset: offset)
    }
  }
}

/// A JSON value. Objects keep their members in file order, duplicates included.
enum JSONValue: Sendable {
  case null
  case bool(Bool)
  case number(JSONNumber)
  case string(String)
  case array([JSONNode])
  /// An array of integers, or of arrays of them, all of one shape; only
  /// from a parser that compacts them.
  case integers(IntegerArray)
  case object([JSONMember])

  /// Whether the value is an array, compact or not.
  var isArray: Bool {
    switch self {
    case .array, .integers: return true
    default: return false
    }
  }

  /// What the value is, for messages: `a string`, `an array`, `1.5`.
  ///
  ///     JSONValue.string("a").typeDescription  // "a string"
  var typeDescription: String {
    switch self {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .number(.integer): return "an integer"
    case .number(.tooLarge(let text)), .number(.nonInteger(let text)): return text
    case .string: return "a string"
    case .array, .integers: return "an array"
    case .object: return "an object"
    }
  }
}

/// A problem in one line: where (a byte offset in the line) and what.
package struct LineError: Error, Equatable, Sendable {
  /// The offset of the offending character's first byte (0-based, UTF-8 bytes).
  package var offset: Int
  /// What is wrong, as one sentence without a final period.
  package var message: String
}
