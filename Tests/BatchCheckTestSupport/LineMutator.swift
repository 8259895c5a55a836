import BatchCheck

/// Seeded mutations of one line of a case file, for the fuzz tests: byte
/// edits, truncation, values of the wrong type, extreme numbers, deep
/// nesting, invalid UTF-8, repeated array elements and line breaks.
///
///     var mutator = LineMutator(seed: 0xF022)
///     mutator.mutate(Array(#"{"old":[],"new":[]}"#.utf8))
///     // e.g. {"old":[],"new":9223372036854775808}
///
/// The same seed gives the same mutations, so a failure's seed replays it.
/// Lines never grow past `maxBytes` (a mutation that would is skipped), so
/// every mutation is bounded in size and in time.
package struct LineMutator {
  /// The largest line a mutation may produce.
  static let maxBytes = 1 << 20

  /// Numbers at and beyond the 64-bit edges, and other awkward ones.
  static let extremeNumbers = [
    "9223372036854775807", "-9223372036854775808", "9223372036854775806",
    "9223372036854775808", "-9223372036854775809", "9999999999999999999999", "1e400",
    "-1e400", "1.5", "-0", "0", "-1", "-2", "1E2", "0.0", "4294967296", "-4294967297", "00",
    "1.", "-", "2e", "18446744073709551615", "18446744073709551616",
  ]

  /// Values of every kind, to put where another kind belongs.
  static let values = [
    "\"x\"", "\"\"", "0", "-1", "7", "1.5", "true", "false", "null", "[]", "{}", "[0]",
    "[0,0]", "[[0,0]]", "[[[0,0],[0,0]]]", "[\"a\"]", "[[\"a\"]]", "{\"id\":\"a\"}",
    "{\"id\":1,\"content\":2}", "[{\"delete\":[0,0]}]", "{\"update\":{},\"data\":[]}",
    "[{\"update\":{},\"data\":[[]]}]", "{\"insert\":[0,0],\"row\":\"r\"}", "[[]]",
    "{\"verdict\":\"valid\"}", "[9223372036854775807,-9223372036854775808]",
  ]

  /// Every word the case format knows: keys and the values of its enumerations.
  static let words = [
    "name", "semantics", "duplicates", "old", "new", "update", "expect", "contract",
    "identityOnly", "stages", "steps", "deleteSections", "insertSections", "reloadSections",
    "moveSections", "deleteRows", "insertRows", "reloadRows", "moveRows", "verdict", "rule",
    "message", "id", "content", "data", "insert", "delete", "move", "row", "tableView",
    "collectionView", "reject", "asUIKit", "batch", "staged", "valid", "exception",
    "duplicate", "fallback", "wrongRows", "staleContent", "R1", "R11", "R22", "C1", "C2", "",
    "expcet",
  ]

  /// Byte sequences that are not UTF-8: a lone continuation byte, an
  /// overlong encoding, a surrogate, a code point beyond U+10FFFF, a
  /// truncated sequence, bytes that never occur.
  static let invalidUTF8: [[UInt8]] = [
    [0x80], [0xBF], [0xC0, 0xAF], [0xC1, 0xBF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80],
    [0xF4, 0x90, 0x80, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xE2, 0x82], [0xF0, 0x9F, 0x98],
    [0xFE], [0xFF], [0xC3],
  ]

  /// Bytes for single-byte edits: JSON's punctuation, digits, letters of
  /// its literals, a NUL, a line break and bytes that are not UTF-8.
  static let alphabet =
    Array(#"{}[],:"\-0123456789.eE+ atrufnlx"#.utf8) + [0x00, 0x0A, 0x0D, 0x80, 0xC3, 0xE2, 0xFF]

  /// What a value span holds.
  enum SpanKind {
    case number, string, key, literal, array, object
  }

  /// The bytes of one JSON value (or key) in a line.
  struct Span {
    var range: Range<Int>
    var kind: SpanKind
  }

  /// The mutations `apply` knows.
  enum Mutation: CaseIterable {
    case insertByte, deleteByte, replaceByte, truncate, extremeNumber, wrongType, knownWord
    case invalidUTF8, deepNesting, repeatElements, dropValue, copyValue, lineBreak
  }

  /// The mutations `mutate` draws from: those that keep a line JSON more
  /// often than the others, so that many mutated lines still reach the
  /// simulator.
  static let drawn: [Mutation] =
    Mutation.allCases + [.extremeNumber, .extremeNumber, .wrongType, .knownWord, .copyValue]

  var random: SplitMix64

  /// A mutator whose choices follow `seed`.
  package init(seed: UInt64) {
    random = SplitMix64(seed: seed)
  }

  /// One to three mutations of `line` (mostly one).
  package mutating func mutate(_ line: [UInt8]) -> [UInt8] {
    var bytes = line
    for _ in 0..<pick([1, 1, 1, 2, 3]) {
      let mutation = pick(Self.drawn)
      let mutated = apply(mutation, to: bytes)
      if mutated.count <= Self.maxBytes { bytes = mutated }
    }
    return bytes
  }

  /// `mutation` applied once to `bytes` at a random place.
  mutating func apply(_ mutation: Mutation, to bytes: [UInt8]) -> [UInt8] {
    var bytes = bytes
    let at = random.below(bytes.count + 1)
    switch mutation {
    case .insertByte:
      bytes.insert(pick(Self.alphabet), at: at)
    case .deleteByte:
      if at < bytes.count { bytes.remove(at: at) }
    case .replaceByte:
      if at < bytes.count { bytes[at] = pick(Self.alphabet) }
    case .truncate:
      bytes.removeSubrange(at...)
    case .extremeNumber:
      replace(kinds: [.number], in: &bytes) { $0.pick(Self.extremeNumbers) }
    case .wrongType:
      replace(kinds: [.number, .string, .literal, .array, .object], in: &bytes) {
        $0.pick(Self.values)
      }
    case .knownWord:
      replace(kinds: [.key, .string], in: &bytes) { "\"" + $0.pick(Self.words) + "\"" }
    case .invalidUTF8:
      // Mostly inside a string, where a reader is most likely to pass it on.
      let strings = Self.spans(bytes).filter { $0.kind == .string || $0.kind == .key }
      let place = strings.isEmpty ? at : pick(strings).range.lowerBound + 1
      bytes.insert(contentsOf: pick(Self.invalidUTF8), at: place)
    case .deepNesting:
      // Mostly around the limit of 512; rarely far beyond (see "Enormous lines").
      let depth = random.below(20) == 0 ? pick([5_000, 20_000]) : pick([2, 511, 512, 513, 1_000])
      let open: UInt8 = random.below(4) == 0 ? UInt8(ascii: "{") : UInt8(ascii: "[")
      if open == UInt8(ascii: "["), random.below(2) == 0, let span = pickSpan(in: bytes) {
        bytes.insert(
          contentsOf: repeatElement(UInt8(ascii: "]"), count: depth), at: span.range.upperBound)
        bytes.insert(
          contentsOf: repeatElement(UInt8(ascii: "["), count: depth), at: span.range.lowerBound)
      } else {
        bytes.insert(contentsOf: repeatElement(open, count: depth), at: at)
      }
    case .repeatElements:
      let arrays = Self.spans(bytes).filter { $0.kind == .array && $0.range.count > 2 }
      guard !arrays.isEmpty else { break }
      let span = pick(arrays)
      let inner = Array(bytes[(span.range.lowerBound + 1)..<(span.range.upperBound - 1)])
      // Now and then a thousandfold, more often a little: big lines are slow to read in debug.
      let times = random.below(100) == 0 ? pick([1_000, 5_000]) : pick([2, 3, 10, 30])
      guard bytes.count + inner.count * times < Self.maxBytes else { break }
      var repeated: [UInt8] = [UInt8(ascii: "[")]
      repeated.reserveCapacity((inner.count + 1) * times + 2)
      for index in 0..<times {
        if index > 0 { repeated.append(UInt8(ascii: ",")) }
        repeated += inner
      }
      repeated.append(UInt8(ascii: "]"))
      bytes.replaceSubrange(span.range, with: repeated)
    case .dropValue:
      if let span = pickSpan(in: bytes) { bytes.removeSubrange(span.range) }
    case .copyValue:
      let spans = Self.spans(bytes)
      guard spans.count > 1 else { break }
      let source = pick(spans)
      let target = pick(spans)
      bytes.replaceSubrange(target.range, with: Array(bytes[source.range]))
    case .lineBreak:
      bytes.insert(contentsOf: pick([[0x0A], [0x0D, 0x0A], [0x0D], [0x0A, 0x0A]]), at: at)
    }
    return bytes
  }

  /// Replaces one span of one of `kinds` by `make`'s text; nothing when there is none.
  private mutating func replace(
    kinds: Set<SpanKind>, in bytes: inout [UInt8], _ make: (inout LineMutator) -> String
  ) {
    let candidates = Self.spans(bytes).filter { kinds.contains($0.kind) }
    guard !candidates.isEmpty else { return }
    let span = pick(candidates)
    bytes.replaceSubrange(span.range, with: Array(make(&self).utf8))
  }

  private mutating func pickSpan(in bytes: [UInt8]) -> Span? {
    let spans = Self.spans(bytes)
    return spans.isEmpty ? nil : pick(spans)
  }

  /// A random element of a non-empty array.
  mutating func pick<T>(_ items: [T]) -> T {
    items[random.below(items.count)]
  }

  /// The spans of the values and keys in `bytes`, found by a tolerant scan:
  /// a line that is no longer JSON still yields the spans it has.
  ///
  /// - Complexity: O(*n*), where *n* is the number of bytes.
  static func spans(_ bytes: [UInt8]) -> [Span] {
    var result: [Span] = []
    var open: [(start: Int, isObject: Bool)] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        open.append((index, byte == UInt8(ascii: "{")))
        index += 1
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        if let last = open.popLast() {
          result.append(
            Span(range: last.start..<(index + 1), kind: last.isObject ? .object : .array))
        }
        index += 1
      case UInt8(ascii: "\""):
        var end = index + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
          end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
        }
        end = min(end + 1, bytes.count)
        var after = end
        while after < bytes.count, bytes[after] == UInt8(ascii: " ") { after += 1 }
        let isKey = after < bytes.count && bytes[after] == UInt8(ascii: ":")
        result.append(Span(range: index..<end, kind: isKey ? .key : .string))
        index = end
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        var end = index + 1
        while end < bytes.count, Self.numberBytes.contains(bytes[end]) { end += 1 }
        result.append(Span(range: index..<end, kind: .number))
        index = end
      case UInt8(ascii: "a")...UInt8(ascii: "z"):
        var end = index + 1
        while end < bytes.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[end]) {
          end += 1
        }
        result.append(Span(range: index..<end, kind: .literal))
        index = end
      default:
        index += 1
      }
    }
    return result
  }

  private static let numberBytes = Set(Array("0123456789+-.eE".utf8))
}
