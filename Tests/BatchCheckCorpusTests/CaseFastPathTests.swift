import BatchCheckTestSupport
import Testing

@testable import BatchCheck
@testable import BatchCheckCorpus

/// The fast path (`CaseFastReader`) against the general reader
/// (`JSONParser` and `CaseDecoder`), the reference: equal cases, and the
/// general reader's error wherever the fast path gives up.
@Suite("The case reader's fast path")
struct CaseFastPathTests {
  /// What the general reader alone makes of a line: a case or an error.
  static func general(_ line: [UInt8]) -> Result<CaseLineValue, LineError> {
    line.withUnsafeBufferPointer { buffer in
      Result { () throws(LineError) in
        try CaseDecoder.decodeCompactly(buffer, CaseDecoder.decodeLineValue)
      }
    }
  }

  /// What the reader makes of a line: the fast path, else the general reader.
  static func reader(_ line: [UInt8]) -> Result<CaseLineValue, LineError> {
    line.withUnsafeBufferPointer { buffer in
      Result { () throws(LineError) in try CaseDecoder.decodeLine(buffer) }
    }
  }

  /// The fast path alone.
  static func fast(_ line: [UInt8]) -> Case? {
    line.withUnsafeBufferPointer { CaseFastReader.decode($0) }
  }

  /// Checks one line: the fast path gives nil or the general reader's
  /// case, and the reader as a whole gives exactly the general reader's
  /// result. Returns whether the fast path read the line.
  @discardableResult
  static func compare(_ line: [UInt8], _ place: String) -> Bool {
    let expected = general(line)
    #expect(reader(line) == expected, "\(place): \(String(decoding: line, as: UTF8.self))")
    guard let fastCase = fast(line) else { return false }
    #expect(
      expected == .success(.batch(fastCase)),
      "\(place): the fast path read \(String(decoding: line, as: UTF8.self))")
    return true
  }

  @Test("random valid lines: the fast path reads the batch ones, as the general reader does")
  func randomLines() {
    var random = SplitMix64(seed: 0xFA57)
    var read = 0
    for index in 0..<3_000 {
      let line = Array(FuzzCases.make(using: &random).jsonLine.utf8)
      if Self.compare(line, "random case \(index)") { read += 1 }
    }
    // FuzzCases' plain batch cases take the fast path; those with escapes,
    // a contract key or a flat array of rows fall back.
    #expect(read > 300 && read < 3_000, "\(read) of 3000 lines on the fast path")
  }

  @Test("random mutations of valid lines: the same case or the same error, column and all")
  func mutatedLines() {
    var random = SplitMix64(seed: 0xFA57_0001)
    var read = 0
    var failed = 0
    for index in 0..<6_000 {
      let base =
        random.below(2) == 0
        ? Array(FuzzCases.batch(using: &random).testCase.jsonLine.utf8)
        : Array(FuzzCases.make(using: &random).jsonLine.utf8)
      var mutator = LineMutator(seed: random.next())
      let line = mutator.mutate(base)
      guard CaseFile.firstInvalidUTF8(line) == nil else { continue }
      if Self.compare(line, "mutation \(index)") { read += 1 }
      if case .failure = Self.general(line) { failed += 1 }
      // The column an error names is the same, since the error is.
      if case .failure(let error) = Self.reader(line) {
        let placed = CaseDataError(file: "f", line: 1, lineBytes: line, error: error)
        #expect((1...line.count + 1).contains(placed.column))
      }
    }
    #expect(read > 500 && failed > 500, "\(read) read fast, \(failed) errors")
  }

  @Test("a generated corpus takes the fast path on every line: no tree is built")
  func generatedCorpus() {
    let corpus = GeneratedCorpus(seed: 7, count: 300, maxSize: 40, exhaustiveTotal: 4)
    var lines = 0
    for testCase in corpus {
      let line = Array(testCase.jsonLine.utf8)
      #expect(Self.fast(line) == testCase, "\(testCase.jsonLine)")
      lines += 1
    }
    #expect(lines > 300)
  }

  @Test("a huge reversal reads fast, each row once")
  func hugeReversal() {
    let count = 20_000
    let old = (0..<count).map(String.init).joined(separator: ",")
    let new = (0..<count).reversed().map(String.init).joined(separator: ",")
    let line = Array(#"{"old":[[\#(old)]],"new":[[\#(new)]]}"#.utf8)
    let testCase = Self.fast(line)
    #expect(testCase?.old == [(0..<count).map { Row(.int($0)) }])
    #expect(testCase?.new == [(0..<count).reversed().map { Row(.int($0)) }])
    Self.compare(line, "huge reversal")
  }

  @Test(
    "lines at the fast path's edges that it reads, as the general reader reads them",
    arguments: [
      #" { "old" : [ [ 1 , "a" ] ] , "new" : [ [ ] , [ {"id":"x", "content":2} ] ] } "#,
      #"{"old":[[-0,-7,9223372036854775807,-9223372036854775808]],"new":[],"uikit":"ios12"}"#,
      #"{"old":[],"new":[],"update":{},"expect":{"message":"m","verdict":"valid"}}"#,
      #"{"old":[],"new":[],"update":{"moveRows":[[[0,1],[1,0]]],"moveSections":[[0,1]]}}"#,
      #"{"semantics":"collectionView","duplicates":"asUIKit","old":[[]],"new":[[]]}"#,
    ])
  func fastEdges(line: String) {
    #expect(Self.compare(Array(line.utf8), "edge"))
  }

  @Test(
    "lines at the fast path's edges that it leaves to the general reader",
    arguments: [
      #"{"old":[[9223372036854775808]],"new":[]}"#,
      #"{"old":[[-9223372036854775809]],"new":[]}"#,
      #"{"old":[1,"a"],"new":[]}"#,
      #"{"old":[[{"content":2,"id":"x"}]],"new":[]}"#,
      #"{"old":[],"new":[],"name":"é"}"#,
      #"{"old":[[01]],"new":[]}"#,
      #"{"old":[[1.0]],"new":[]}"#,
      #"{"old":[[1e2]],"new":[]}"#,
      #"{"old":["a\"b"],"new":[]}"#,
      #"{"old":[],"new":[],"old":[]}"#,
      #"{"old":[],"new":[],"name":null}"#,
      #"{"old":[]}"#,
      #"{"old":[],"new":[],}"#,
      #"{"old":[[1],2],"new":[]}"#,
      #"{"old":[1,[2]],"new":[]}"#,
      #"{"old":[{"id":1}],"new":[]}"#,
      #"{"old":[{"id":1,"id":2,"content":3}],"new":[]}"#,
      #"{"old":[],"new":[],"update":{"deleteRows":[[0]]}}"#,
      #"{"old":[],"new":[],"update":{"deleteRows":[],"deleteRows":[]}}"#,
      #"{"old":[],"new":[],"expect":{"rule":"R1"}}"#,
      #"{"old":[],"new":[],"expect":{"verdict":"nope"}}"#,
      #"{"old":[],"new":[],"uikit":"ios12","update":{"reconfigureRows":[[0,0]]}}"#,
      #"{"old":[],"new":[],"contract":"batch"}"#,
      #"{"old":[],"new":[]} x"#,
      #"{"old":[],"new":["#,
    ])
  func fallbackEdges(line: String) {
    #expect(!Self.compare(Array(line.utf8), "edge"))
  }

  @Test("the ASCII prefix check finds the same first invalid byte as the scalar check")
  func utf8Prefix() {
    var random = SplitMix64(seed: 0x0A5C_11)
    for index in 0..<2_000 {
      var line = (0..<random.below(40)).map { _ in
        UInt8(truncatingIfNeeded: 0x20 + random.below(90))
      }
      for _ in 0..<random.below(3) {
        let bytes: [[UInt8]] = [
          [0xC3, 0xA9], [0xFF], [0xE2, 0x82], [0x80], [0xF0, 0x9F, 0x91, 0x8D],
        ]
        line.insert(contentsOf: bytes[random.below(bytes.count)], at: random.below(line.count + 1))
      }
      let expected = CaseFile.firstInvalidUTF8(line)
      var found: Int?
      do throws(LineError) { try CaseFile.checkUTF8(line) } catch { found = error.offset }
      #expect(found == expected, "line \(index): \(line)")
    }
  }
}
