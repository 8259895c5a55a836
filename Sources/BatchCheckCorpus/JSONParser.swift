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

  let bytes: UnsafeBufferPointer<UInt8>
  var position = 0
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
      let node: JSONNode
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
      guard let root = try close(with: node, open: &open) else { continue readValue }
      skipWhitespace()
      guard position == bytes.count else {
        throw LineError(
          offset: position,
          message: "unexpected \(characterDescription(at: position)) after the JSON value")
      }
      return root
    }
  }

  /// Hands the finished `node` to the innermost `open` container, and each
  /// container it completes to the one around it. Returns the root value when
  /// every container is closed, nil when one waits for another value (a
  /// `,` read, and an object's next key).
  @inline(__always)
  private mutating func close(
    with node: JSONNode, open: inout [OpenContainer]
  ) throws(LineError) -> JSONNode? {
    var node = node
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
          return nil
        }
        guard next == UInt8(ascii: "}") else { throw expected("',' or '}'") }
        position += 1
        let closed = open.removeLast()
        node = JSONNode(value: .object(closed.members), offset: closed.start)
      } else {
        open[top].append(node)
        if next == UInt8(ascii: ",") {
          position += 1
          return nil
        }
        guard next == UInt8(ascii: "]") else { throw expected("',' or ']'") }
        position += 1
        let closed = open.removeLast()
        node = JSONNode(value: closed.closedArray(), offset: closed.start)
      }
    }
    return node
  }
}
