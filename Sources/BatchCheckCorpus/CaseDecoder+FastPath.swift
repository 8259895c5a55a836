import BatchCheck

/// The case reader's fast path: a batch case in the plain spelling corpus
/// lines have, read straight from the line's bytes into its rows and
/// update, without a JSON tree.
///
///     CaseFastReader.decode(line)  // {"old":[[0,1]],"new":[[1,0]]}: the Case
///     CaseFastReader.decode(line)  // {"old":[[0,1]],"new":[[1,0]],"x":1}: nil
///
/// It reads the keys `name`, `semantics`, `duplicates`, `uikit`, `old`,
/// `new`, `update` and `expect`, in any order, each at most once, with
/// `PlainJSONCursor`: sections of rows (`[[...]]`), rows that are integers,
/// strings or `{"id":...,"content":...}`, integers that fit in 64 bits and
/// strings of printable ASCII without escapes. Anything else, and anything
/// wrong, gives nil: an unknown or repeated key, an escape, a `null`, a
/// flat array of rows, a misplaced comma, a case the general reader would
/// refuse. The caller then reads the line with `JSONParser` and
/// `CaseDecoder`, which give the same case or the error with its column:
/// the fast path decides nothing the general reader would decide otherwise
/// (the tests compare both on random lines and their mutations).
///
/// - Complexity: O(*n*), where *n* is the number of bytes in the line; no
///   allocation per integer row.
enum CaseFastReader {
  /// The case keys, in the order of their bits in a mask of keys seen.
  static let caseKeys: [StaticString] = [
    "name", "semantics", "duplicates", "uikit", "old", "new", "update", "expect",
  ]
  static let expectKeys: [StaticString] = ["verdict", "rule", "message"]

  /// The batch case `line` holds, or nil when the general reader is to
  /// read it (see the type's summary).
  ///
  /// - Parameter line: one line of valid UTF-8, without its line break.
  static func decode(_ line: UnsafeBufferPointer<UInt8>) -> Case? {
    var cursor = PlainJSONCursor(line)
    guard cursor.take(UInt8(ascii: "{")) else { return nil }
    var result = Case(old: [], new: [])
    var seen: UInt32 = 0
    repeat {
      guard let key = cursor.key(among: caseKeys), seen & (1 << key) == 0,
        read(key, from: &cursor, into: &result)
      else { return nil }
      seen |= 1 << key
    } while cursor.take(UInt8(ascii: ","))
    guard cursor.take(UInt8(ascii: "}")), cursor.atEnd else { return nil }
    // Both `old` and `new`, and no `reconfigureRows` under a `uikit` the
    // general reader would have to weigh.
    guard seen & 0b11_0000 == 0b11_0000 else { return nil }
    if result.uikit != nil, result.update?.reconfigureRows.isEmpty == false { return nil }
    return result
  }

  /// Reads the value of `caseKeys[key]` into `result`; false to fall back.
  private static func read(
    _ key: Int, from cursor: inout PlainJSONCursor, into result: inout Case
  ) -> Bool {
    switch key {
    case 0:
      guard let name = cursor.string() else { return false }
      result.name = name
    case 1:
      guard let semantics: ViewSemantics = enumeration(&cursor) else { return false }
      result.semantics = semantics
    case 2:
      guard let duplicates: DuplicatesPolicy = enumeration(&cursor) else { return false }
      result.duplicates = duplicates
    case 3:
      guard let profile: UIKitProfile = enumeration(&cursor) else { return false }
      result.uikit = profile
    case 4, 5:
      guard let rows = cursor.sections() else { return false }
      if key == 4 { result.old = rows } else { result.new = rows }
    case 6:
      guard let update = cursor.updateObject() else { return false }
      result.update = update
    default:
      guard let expect = expectation(&cursor) else { return false }
      result.expect = expect
    }
    return true
  }

  /// A string that is one of `Value`'s raw values.
  private static func enumeration<Value: RawRepresentable>(_ cursor: inout PlainJSONCursor)
    -> Value?
  where Value.RawValue == String {
    cursor.string().flatMap(Value.init(rawValue:))
  }

  /// `{"verdict":...,"rule":...,"message":...}`, `verdict` required.
  private static func expectation(_ cursor: inout PlainJSONCursor) -> Expectation? {
    guard cursor.take(UInt8(ascii: "{")) else { return nil }
    var verdict: VerdictKind?
    var rule: Rule?
    var message: String?
    var seen: UInt32 = 0
    repeat {
      guard let key = cursor.key(among: expectKeys), seen & (1 << key) == 0 else { return nil }
      seen |= 1 << key
      switch key {
      case 0: verdict = enumeration(&cursor)
      case 1: rule = enumeration(&cursor)
      default: message = cursor.string()
      }
      let read = key == 0 ? verdict != nil : key == 1 ? rule != nil : message != nil
      guard read else { return nil }
    } while cursor.take(UInt8(ascii: ","))
    guard cursor.take(UInt8(ascii: "}")), let verdict else { return nil }
    return Expectation(verdict: verdict, rule: rule, message: message)
  }
}
