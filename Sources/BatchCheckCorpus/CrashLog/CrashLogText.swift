/// A log's text with every white space character taken out and ASCII
/// letters lower-cased, so that UIKit's texts are found however a console, a
/// crash reporter or an e-mail wrapped, indented, double-spaced, escaped or
/// capitalised them; each byte remembers where it was.
///
///     let text = CrashLogText("Attempt to delete\n    section 3")
///     text.stripped  // the bytes of "attempttodeletesection3"
///     text.line(ofStripped: 15)  // 2
///
/// - Complexity: O(*n*) to build, where *n* is the number of bytes of the log.
struct CrashLogText {
  /// The log's bytes, as given.
  let original: [UInt8]
  /// The bytes that are not white space, in order, ASCII letters lower-cased.
  let stripped: [UInt8]
  /// For each byte of `stripped`, its offset in `original`.
  let origin: [Int]
  /// The offset in `original` where each line starts.
  private let lineStarts: [Int]

  init(_ text: String) {
    self.init(bytes: Array(text.utf8))
  }

  init(bytes: [UInt8]) {
    original = bytes
    var stripped: [UInt8] = []
    var origin: [Int] = []
    var lineStarts = [0]
    stripped.reserveCapacity(bytes.count)
    origin.reserveCapacity(bytes.count)
    var escaped = false
    for offset in bytes.indices {
      let byte = bytes[offset]
      if byte <= 0x20, Self.isSpace(byte) {
        if byte == 0x0A { lineStarts.append(offset + 1) }
        continue
      }
      // A log saved as JSON (a .ips crash report, a pasted JSON string) escapes the text:
      // `\n`, `\t` and `\r` are white space; `\"`, `\'`, `\/` and `\\` the character.
      if escaped {
        escaped = false
        switch byte {
        case UInt8(ascii: "n"), UInt8(ascii: "t"), UInt8(ascii: "r"):
          stripped.removeLast()
          origin.removeLast()
          continue
        case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "/"), UInt8(ascii: "\\"):
          stripped.removeLast()
          origin.removeLast()
        default: break
        }
      } else if byte == UInt8(ascii: "\\") {
        escaped = true
      }
      stripped.append(Self.folded(byte))
      origin.append(offset)
    }
    self.stripped = stripped
    self.origin = origin
    self.lineStarts = lineStarts
  }

  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C
  }

  /// `text` without white space and lower-cased, as bytes: what a piece is searched as.
  static func squeezed(_ text: some StringProtocol) -> [UInt8] {
    text.utf8.filter { !isSpace($0) }.map(folded)
  }

  /// `byte`, an ASCII capital made small.
  static func folded(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
  }

  /// The 1-based line of the original text that holds stripped byte `index`.
  func line(ofStripped index: Int) -> Int {
    guard !origin.isEmpty else { return 1 }
    let offset = origin[min(max(index, 0), origin.count - 1)]
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return low + 1
  }

  /// The original text from stripped byte `start` up to (not including)
  /// stripped byte `end`, each line's leading and trailing white space taken
  /// off and empty lines dropped.
  func quote(_ start: Int, _ end: Int) -> String {
    guard start < end, end <= origin.count else { return "" }
    let bytes = original[origin[start]...origin[end - 1]]
    let text = String(decoding: bytes, as: UTF8.self)
    return text.split(separator: "\n").map { line in
      line.drop(while: { $0 == " " || $0 == "\t" || $0 == "\r" }).reversed().drop(while: {
        $0 == " " || $0 == "\t" || $0 == "\r"
      }).reversed()
    }.map { String($0) }.filter { !$0.isEmpty }.joined(separator: "\n")
  }

  /// Whether `needle` is at stripped offset `index`.
  func has(_ needle: [UInt8], at index: Int) -> Bool {
    guard index >= 0, index + needle.count <= stripped.count else { return false }
    var offset = 0
    while offset < needle.count {
      if stripped[index + offset] != needle[offset] { return false }
      offset += 1
    }
    return true
  }

  /// Every stripped offset where `needle` starts, in order.
  ///
  /// - Complexity: O(*n* × *m*) at worst, where *n* is the length of the
  ///   stripped text and *m* of the needle; O(*n*) for text that rarely
  ///   holds the needle's first byte.
  func occurrences(of needle: [UInt8]) -> [Int] {
    guard needle.count >= 2, needle.count <= stripped.count else {
      guard let first = needle.first else { return [] }
      return stripped.indices.filter { stripped[$0] == first }
    }
    var found: [Int] = []
    let first = needle[0]
    let second = needle[1]
    let last = stripped.count - needle.count
    stripped.withUnsafeBufferPointer { text in
      needle.withUnsafeBufferPointer { pattern in
        var index = 0
        while index <= last {
          if text[index] == first, text[index + 1] == second {
            var offset = 2
            while offset < pattern.count, text[index + offset] == pattern[offset] { offset += 1 }
            if offset == pattern.count { found.append(index) }
          }
          index += 1
        }
      }
    }
    return found
  }

  /// Every stripped offset where each of `needles` starts, in one pass over
  /// the text: the offsets of each needle's first two bytes are collected
  /// once, and only they are compared further.
  ///
  /// - Complexity: O(*n* + *c* × *m*), where *n* is the length of the
  ///   stripped text, *c* the number of offsets whose two bytes start a
  ///   needle and *m* the length of the longest needle.
  func occurrences(of needles: [[UInt8]]) -> [[UInt8]: [Int]] {
    var wanted = [Int](repeating: -1, count: 1 << 16)
    var buckets: [[Int]] = []
    for needle in needles where needle.count >= 2 {
      let key = Int(needle[0]) << 8 | Int(needle[1])
      if wanted[key] < 0 {
        wanted[key] = buckets.count
        buckets.append([])
      }
    }
    if stripped.count >= 2 {
      stripped.withUnsafeBufferPointer { text in
        wanted.withUnsafeBufferPointer { wanted in
          var key = Int(text[0])
          for index in 0..<(text.count - 1) {
            key = (key << 8 | Int(text[index + 1])) & 0xFFFF
            let bucket = wanted[key]
            if bucket >= 0 { buckets[bucket].append(index) }
          }
        }
      }
    }
    var result: [[UInt8]: [Int]] = [:]
    for needle in needles where result[needle] == nil {
      guard needle.count >= 2 else {
        result[needle] = occurrences(of: needle)
        continue
      }
      let bucket = buckets[wanted[Int(needle[0]) << 8 | Int(needle[1])]]
      result[needle] = bucket.filter { has(needle, at: $0) }
    }
    return result
  }

  /// The decimal number at stripped offset `index` and the offset after it;
  /// nil when no digit is there or the number does not fit 64 bits unsigned
  /// (printed negatives do fit: they come back as their bit pattern).
  func number(at index: Int) -> (value: Int, end: Int)? {
    var end = index
    var value: UInt64 = 0
    while end < stripped.count, stripped[end] >= 0x30, stripped[end] <= 0x39 {
      // A number does not run on across white space: "section 3" then "2024-..." on the next line.
      if end > index, origin[end] != origin[end - 1] + 1 { break }
      let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times.addingReportingOverflow(UInt64(stripped[end] - 0x30))
      if overflow1 || overflow2 { return nil }
      value = sum
      end += 1
    }
    guard end > index else { return nil }
    return (Int(bitPattern: UInt(value)), end)
  }

  /// The index path at stripped offset `index` and the offset after it:
  /// `{length=2,path=S-R}`, after an optional `<NSIndexPath:0x…>`.
  func indexPath(at index: Int) -> (section: Int, row: Int, end: Int)? {
    var position = index
    if has(Self.indexPathPrefix, at: position) {
      guard let close = stripped[position...].prefix(64).firstIndex(of: UInt8(ascii: ">")) else {
        return nil
      }
      position = close + 1
    }
    guard has(Self.pathOpen, at: position) else { return nil }
    position += Self.pathOpen.count
    guard let section = number(at: position) else { return nil }
    position = section.end
    guard position < stripped.count, stripped[position] == UInt8(ascii: "-") else { return nil }
    guard let row = number(at: position + 1) else { return nil }
    position = row.end
    guard position < stripped.count, stripped[position] == UInt8(ascii: "}") else { return nil }
    return (section.value, row.value, position + 1)
  }

  /// One identifier at stripped offset `index`, as UIKit's `%@` prints it,
  /// its case kept, and the offset after it: a quoted string, an object's
  /// `<…>` description, or a run that stops at white space, at
  /// `, ; ' " [ ] { } < >` or at a `)` it did not open (white space and those
  /// characters inside parentheses are kept). Nil when none is there, or a
  /// quoted one is cut.
  func identifier(at index: Int) -> (text: String, end: Int)? {
    guard index < stripped.count else { return nil }
    if stripped[index] == UInt8(ascii: "\"") {
      var end = index + 1
      while end < stripped.count, stripped[end] != UInt8(ascii: "\"") { end += 1 }
      guard end < stripped.count else { return nil }
      return (unescapedOriginal(index, end + 1), end + 1)
    }
    // An object's description: `<ZoteroItem: 0x600…; key = ABC>`.
    if stripped[index] == UInt8(ascii: "<") {
      guard let close = closingAngle(from: index, limit: 1_000) else { return nil }
      return (unescapedOriginal(index, close), close)
    }
    var end = index
    var depth = 0
    while end < stripped.count {
      let byte = stripped[end]
      if end > index, depth == 0, origin[end] != origin[end - 1] + 1 { break }
      if byte == UInt8(ascii: "(") {
        depth += 1
      } else if byte == UInt8(ascii: ")") {
        if depth == 0 { break }
        depth -= 1
      } else if depth == 0, Self.identifierStops.contains(byte) {
        break
      }
      end += 1
    }
    guard end > index else { return nil }
    return (unescapedOriginal(index, end), end)
  }

  /// The original text from stripped byte `start` up to (not including)
  /// stripped byte `end`, white space inside kept, JSON escapes undone
  /// (`\"` is `"`, `\n` a line break).
  func unescapedOriginal(_ start: Int, _ end: Int) -> String {
    guard start < end, start >= 0, end <= origin.count else { return "" }
    var bytes: [UInt8] = []
    var escaped = false
    for byte in original[origin[start]...origin[end - 1]] {
      if escaped {
        escaped = false
        switch byte {
        case UInt8(ascii: "n"): bytes.append(0x0A)
        case UInt8(ascii: "t"): bytes.append(0x09)
        case UInt8(ascii: "r"): continue
        case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "/"), UInt8(ascii: "\\"):
          bytes.append(byte)
        default: bytes += [UInt8(ascii: "\\"), byte]
        }
      } else if byte == UInt8(ascii: "\\") {
        escaped = true
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static let identifierStops = Set(",;'\"[]{}<>".utf8)

  /// A list of identifiers at stripped offset `index`: `{(a, b)}` (a set),
  /// `(a, b)` (an array) or `a,b` (an update's list); whether it closed,
  /// and the offset after it. A list cut off loses the id it was cut in.
  func identifierList(at index: Int) -> (ids: [String], closed: Bool, end: Int)? {
    var position = index
    var closer: [UInt8] = []
    if has(Self.setOpen, at: position) {
      position += 2
      closer = Self.setClose
    } else if position < stripped.count, stripped[position] == UInt8(ascii: "(") {
      position += 1
      closer = [UInt8(ascii: ")")]
    }
    var ids: [String] = []
    var closed = false
    while position <= stripped.count {
      if !closer.isEmpty, has(closer, at: position) {
        position += closer.count
        closed = true
        break
      }
      guard let id = identifier(at: position) else { break }
      ids.append(id.text)
      position = id.end
      if position < stripped.count, stripped[position] == UInt8(ascii: ",") {
        position += 1
      } else if closer.isEmpty {
        closed = true
        break
      } else if !has(closer, at: position) {
        ids.removeLast()
        break
      }
    }
    guard closed || !ids.isEmpty else { return nil }
    return (ids, closed, position)
  }

  private static let setOpen = Array("{(".utf8)
  private static let setClose = Array(")}".utf8)

  private static let indexPathPrefix = squeezed("<NSIndexPath:")
  private static let pathOpen = squeezed("{length = 2, path = ")

  /// The offset just after the `>` that closes the `<` at `index`, nested
  /// `<…>` skipped (a view's description holds its layer's); nil when it
  /// does not close within `limit` bytes.
  func closingAngle(from index: Int, limit: Int = 4_000) -> Int? {
    var depth = 0
    var position = index
    while position < min(stripped.count, index + limit) {
      if stripped[position] == UInt8(ascii: "<") { depth += 1 }
      if stripped[position] == UInt8(ascii: ">") {
        depth -= 1
        if depth == 0 { return position + 1 }
      }
      position += 1
    }
    return nil
  }
}
