import BatchCheckExec
import BatchCheckTestSupport
import Testing

@testable import BatchCheck
@testable import BatchCheckCorpus

/// The `--exec` route's fast writers and readers against the general JSON
/// path: the writers give the same bytes as `Case.jsonLine` and `CaseJSON`,
/// and the readers give the general parser's value or none (never another
/// value, never a value where the general parser finds an error), on random
/// lines, hostile strings and numbers, and mutated lines.
@Suite("Fast --exec wire")
struct FastWireTests {
  /// Strings that need escapes or are not ASCII: quotes, backslashes,
  /// control characters, DEL, two- to four-byte UTF-8, separators.
  static let hostileStrings = [
    "", "a", "b", "abc", "\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}",
    "a\"b\\c", "é", "中文", "😀", "\u{2028}\u{2029}", "\u{FEFF}", "\r\n", "/", "\\u0041",
    "a b", String(repeating: "x", count: 40), "\u{10FFFF}", "e\u{301}",
  ]

  /// Integers at the edges and in between.
  static let hostileIntegers = [
    0, 1, -1, 9, 10, -10, 99, 12_345, -987_654, Int.max, Int.min, Int.max - 1, Int.min + 1,
    999_999_999_999_999_999, -999_999_999_999_999_999, 1_000_000_000_000_000_000,
  ]

  static func value(_ random: inout SplitMix64) -> RowValue {
    switch random.below(3) {
    case 0: return .string(hostileStrings[random.below(hostileStrings.count)])
    case 1: return .int(hostileIntegers[random.below(hostileIntegers.count)])
    default:
      return random.below(2) == 0
        ? .int(random.below(5)) : .string(["a", "b", "c"][random.below(3)])
    }
  }

  static func sections(_ random: inout SplitMix64) -> [[Row]] {
    (0..<random.below(4)).map { _ in
      (0..<random.below(6)).map { _ in
        let id = value(&random)
        return random.below(3) == 0 ? Row(id: id, content: value(&random)) : Row(id)
      }
    }
  }

  static func integer(_ random: inout SplitMix64) -> Int {
    random.below(4) == 0 ? hostileIntegers[random.below(hostileIntegers.count)] : random.below(20)
  }

  static func update(_ random: inout SplitMix64) -> BatchUpdate {
    func integers() -> [Int] { (0..<random.below(3)).map { _ in integer(&random) } }
    func paths() -> [RowPath] {
      (0..<random.below(3)).map { _ in RowPath(integer(&random), integer(&random)) }
    }
    var update = BatchUpdate()
    if random.below(2) == 0 { update.deleteSections = integers() }
    if random.below(2) == 0 { update.insertSections = integers() }
    if random.below(3) == 0 { update.reloadSections = integers() }
    if random.below(3) == 0 {
      update.moveSections = (0..<random.below(3)).map { _ in
        SectionMove(from: integer(&random), to: integer(&random))
      }
    }
    if random.below(2) == 0 { update.deleteRows = paths() }
    if random.below(2) == 0 { update.insertRows = paths() }
    if random.below(3) == 0 { update.reloadRows = paths() }
    if random.below(3) == 0 {
      update.moveRows = (0..<random.below(3)).map { _ in
        RowMove(
          from: RowPath(integer(&random), integer(&random)),
          to: RowPath(integer(&random), integer(&random)))
      }
    }
    if random.below(3) == 0 { update.reconfigureRows = paths() }
    return update
  }

  // MARK: Writers

  @Test("a request line is byte for byte Case.jsonLine and a line break")
  func requestLines() {
    var random = SplitMix64(seed: 0x3E9)
    for _ in 0..<3_000 {
      let old = Self.sections(&random)
      let new = Self.sections(&random)
      let expected = Array((Case(old: old, new: new).jsonLine + "\n").utf8)
      #expect(CaseJSONBytes.requestLine(old: old, new: new) == expected)
    }
  }

  @Test("integers, strings, rows and updates are written as the String writers write them")
  func pieces() {
    for value in Self.hostileIntegers + (-1_000...1_000) {
      var bytes: [UInt8] = []
      CaseJSONBytes.appendInteger(value, to: &bytes)
      #expect(bytes == Array(String(value).utf8))
    }
    var strings = Self.hostileStrings
    for scalar in 0..<0x100 { strings.append(String(Character(Unicode.Scalar(UInt8(scalar))))) }
    for text in strings {
      var bytes: [UInt8] = []
      CaseJSONBytes.appendQuoted(text, to: &bytes)
      #expect(bytes == Array(jsonQuoted(text).utf8), "\(text.unicodeScalars.map(\.value))")
    }
    var random = SplitMix64(seed: 0x3EA)
    for _ in 0..<3_000 {
      let update = Self.update(&random)
      var bytes: [UInt8] = []
      CaseJSONBytes.appendUpdate(update, to: &bytes)
      #expect(bytes == Array(CaseJSON.update(update).utf8))
      var sections: [UInt8] = []
      let rows = Self.sections(&random)
      CaseJSONBytes.appendSections(rows, to: &sections)
      #expect(sections == Array(CaseJSON.sections(rows).utf8))
    }
  }

  // MARK: Readers

  /// The general path's reading of an answer line.
  static func general(update line: [UInt8]) -> Result<BatchUpdate, LineError> {
    do throws(LineError) {
      return .success(try CaseDecoder.decodeUpdate(lineBytes: line))
    } catch {
      return .failure(error)
    }
  }

  /// The general path's reading of a request line, as `batchcheck answer` has it.
  static func general(request line: [UInt8]) -> Result<Case, CaseDataError> {
    do throws(CaseDataError) {
      return .success(try Case(jsonLine: String(decoding: line, as: UTF8.self)))
    } catch {
      return .failure(error)
    }
  }

  /// Checks that the fast read of an answer line is the general one or
  /// none; returns whether it was read fast.
  @discardableResult
  static func checkUpdate(_ line: [UInt8], sourceLocation: SourceLocation = #_sourceLocation)
    -> Bool
  {
    guard let fast = ExternalGeneratorWire.update(line) else { return false }
    let text = String(decoding: line, as: UTF8.self)
    switch general(update: line) {
    case .success(let update): #expect(fast == update, "\(text)", sourceLocation: sourceLocation)
    case .failure(let error):
      Issue.record(
        "read fast, but the general parser says \(error.message): \(text)",
        sourceLocation: sourceLocation)
    }
    return true
  }

  /// The same for a request line.
  @discardableResult
  static func checkRequest(_ line: [UInt8], sourceLocation: SourceLocation = #_sourceLocation)
    -> Bool
  {
    guard let fast = ExternalGeneratorWire.request(line) else { return false }
    let text = String(decoding: line, as: UTF8.self)
    switch general(request: line) {
    case .success(let testCase):
      #expect(
        fast.old == testCase.old && fast.new == testCase.new, "\(text)",
        sourceLocation: sourceLocation)
      #expect(testCase.jsonLine == Case(old: testCase.old, new: testCase.new).jsonLine, "\(text)")
    case .failure(let error):
      Issue.record(
        "read fast, but the general parser says \(error): \(text)", sourceLocation: sourceLocation)
    }
    return true
  }

  @Test(
    "answer lines as the writer and as JSON libraries spell them are read fast, to the general parser's update"
  )
  func plainAnswers() {
    var random = SplitMix64(seed: 0x3EB)
    for _ in 0..<3_000 {
      let update = Self.update(&random)
      var line: [UInt8] = []
      CaseJSONBytes.appendUpdate(update, to: &line)
      #expect(ExternalGeneratorWire.update(line) == update)
      #expect(Self.checkUpdate(line))
      // A JSON library's spelling: a space after each ',' and ':'.
      var spaced: [UInt8] = []
      for byte in line {
        spaced.append(byte)
        if byte == UInt8(ascii: ",") || byte == UInt8(ascii: ":") {
          spaced.append(UInt8(ascii: " "))
        }
      }
      #expect(ExternalGeneratorWire.update(spaced) == update)
      #expect(Self.checkUpdate(spaced))
    }
  }

  @Test(
    "hostile answer lines: the fast reader gives the general parser's update or leaves the line to it"
  )
  func hostileAnswers() {
    let lines = [
      "{}", " {} ", "{}\r", "\t{ }", "{\"deleteRows\":[[0,1]]}",
      "{ \"deleteRows\" : [ [ 0 , 1 ] ] }",
      "{\"delete\\u0052ows\":[[0,1]]}", "{\"deleteSections\":[99999999999999999999]}",
      "{\"deleteSections\":[999999999999999999]}", "{\"deleteSections\":[9223372036854775807]}",
      "{\"deleteSections\":[-9223372036854775808]}", "{\"deleteSections\":[-9223372036854775809]}",
      "{\"deleteSections\":[-1,-0,0]}", "{\"deleteSections\":[01]}", "{\"deleteSections\":[1.0]}",
      "{\"deleteSections\":[1e2]}", "{\"deleteSections\":[-]}", "{\"deleteSections\":[- 1]}",
      "{\"deleteRows\":[[0,1]],\"deleteRows\":[]}", "{\"deleteRows\":[[0,1],]}",
      "{\"deleteRows\":[[0,1,2]]}",
      "{\"deleteRows\":[[0]]}", "{\"deleteRows\":[0,1]}", "{} x", "{}{}", "{\"nope\":[]}",
      "{\"deleteRows\":null}",
      "{\"\\ud800\":[]}", "{\"\\ud83d\\ude00\":[]}", "{\"moveRows\":[[[0,1],[0,2]]]}",
      "{\"moveRows\":[[0,1],[0,2]]}",
      "{\"moveSections\":[[0,1]]}", "{\"moveSections\":[[0,1,2]]}", "{\"reconfigureRows\":[[0,0]]}",
      "[]", "", " ", "{", "{\"deleteRows\":[[0,1]]", "{\"deleteRows\"", "{\"deleteRows\":",
      "\u{FEFF}{}",
      "{\"deleteRows\":[[0,1]]}\u{0}", "{\"deleteRows\"\n:[]}", "{\"deleteRowsX\":[]}",
      "{\"deleteRow\":[]}",
      "{\"deleteSections\":[],\"insertSections\":[],\"reloadSections\":[],\"moveSections\":[],\"deleteRows\":[],\"insertRows\":[],\"reloadRows\":[],\"moveRows\":[],\"reconfigureRows\":[]}",
    ]
    var fast = 0
    for line in lines where Self.checkUpdate(Array(line.utf8)) { fast += 1 }
    #expect(fast >= 14)
    // Invalid UTF-8 and huge numbers around a plain line.
    for bytes: [UInt8] in [[0xFF], [0xC3], [0xED, 0xA0, 0x80]] {
      #expect(!Self.checkUpdate(Array("{\"deleteRows\":[[0,1]]}".utf8) + bytes))
      #expect(!Self.checkUpdate(Array("{\"".utf8) + bytes + Array("\":[]}".utf8)))
    }
  }

  @Test(
    "mutated answer lines: the fast reader gives the general parser's update or leaves the line to it"
  )
  func mutatedAnswers() {
    var random = SplitMix64(seed: 0x3EC)
    var mutator = LineMutator(seed: 0x3ED)
    var fast = 0
    for _ in 0..<20_000 {
      var line: [UInt8] = []
      CaseJSONBytes.appendUpdate(Self.update(&random), to: &line)
      for _ in 0..<(1 + random.below(3)) { line = mutator.mutate(line) }
      if Self.checkUpdate(line) { fast += 1 }
    }
    #expect(fast > 100)
  }

  @Test(
    "request lines, plain, hostile and mutated: the fast reader gives the general parser's rows or none"
  )
  func requests() {
    var random = SplitMix64(seed: 0x3EE)
    var mutator = LineMutator(seed: 0x3EF)
    var plain = 0
    var fast = 0
    for _ in 0..<10_000 {
      let old = Self.sections(&random)
      let new = Self.sections(&random)
      var line = CaseJSONBytes.requestLine(old: old, new: new)
      line.removeLast()
      if let read = ExternalGeneratorWire.request(line) {
        plain += 1
        #expect(read.old == old && read.new == new)
      }
      Self.checkRequest(line)
      for _ in 0..<(1 + random.below(3)) { line = mutator.mutate(line) }
      if Self.checkRequest(line) { fast += 1 }
    }
    // Lines of ASCII strings without escapes are all read fast.
    #expect(plain > 1_000)
    #expect(fast > 100)
    let lines = [
      #"{"old":[["a"]],"new":[["b"]]}"#, #"{ "old" : [ [ "a" , 1 ] ] , "new" : [ ] }"#,
      #"{"new":[],"old":[]}"#,
      #"{"old":["a"],"new":[]}"#, #"{"old":[[{"id":"a","content":1}]],"new":[[]]}"#,
      #"{"old":[[{"content":1,"id":"a"}]],"new":[[]]}"#, #"{"old":[[{"id":"a"}]],"new":[[]]}"#,
      #"{"old":[["\u0041"]],"new":[]}"#, #"{"old":[["\ud800"]],"new":[]}"#,
      #"{"old":[["é"]],"new":[]}"#,
      #"{"old":[[99999999999999999999]],"new":[]}"#, #"{"old":[[-0,01]],"new":[]}"#,
      #"{"old":[[1.5]],"new":[]}"#, #"{"old":[[null]],"new":[]}"#,
      #"{"old":[[]],"new":[[]],"name":"x"}"#,
      #"{"old":[[]],"new":[[]]} "#, #"{"old":[[]],"new":[[]]}x"#,
      #"{"old":[[]],"old":[[]],"new":[]}"#,
      "{\"old\":[[\"a\tb\"]],\"new\":[]}", #"{"old":[["a"]],"new":[["a"]]"#,
    ]
    for line in lines { Self.checkRequest(Array(line.utf8)) }
  }
}
