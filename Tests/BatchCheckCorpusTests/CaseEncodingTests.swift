import BatchCheck
import Testing

@testable import BatchCheckCorpus

@Suite("Writing cases")
struct CaseEncodingTests {
  @Test("key order, defaults left out, plain rows when id equals content")
  func keyOrder() {
    let written = Case(
      name: "n", semantics: .collectionView, duplicates: .asUIKit,
      old: [[Row("a"), Row(id: 1, content: "one")]], new: [],
      update: BatchUpdate(
        reloadSections: [2], moveRows: [RowMove(from: RowPath(0, 0), to: RowPath(0, 1))]),
      expect: CaseExpectation(verdict: .exception, rule: .r10, message: "m")
    ).jsonLine
    #expect(
      written
        == #"{"name":"n","semantics":"collectionView","duplicates":"asUIKit","old":[["a",{"id":1,"content":"one"}]],"new":[],"update":{"reloadSections":[2],"moveRows":[[[0,0],[0,1]]]},"expect":{"verdict":"exception","rule":"R10","message":"m"}}"#
    )
    #expect(
      Case(old: [[]], new: [], update: BatchUpdate()).jsonLine
        == #"{"old":[[]],"new":[],"update":{}}"#)
  }

  @Test("strings are escaped")
  func escaping() {
    #expect(
      Case(name: "q\"b\\n\n\u{01}é", old: [], new: []).jsonLine
        == #"{"name":"q\"b\\n\n\u0001é","old":[],"new":[]}"#)
    #expect(
      CaseFile.text(of: [Case(old: [], new: []), Case(old: [], new: [])])
        == "{\"old\":[],\"new\":[]}\n{\"old\":[],\"new\":[]}\n")
  }

  @Test("read(write(case)) == case on 1000 seeded random cases")
  func roundTrip() throws {
    var random = SplitMix64(seed: 0xBA7C_C4EC)
    for index in 0..<1000 {
      let original = RandomCase.make(using: &random)
      let line = original.jsonLine
      let read = try Case(jsonLine: line, file: "round-trip", line: index + 1)
      #expect(read == original, "seed 0xBA7CC4EC, case \(index): \(line)")
      #expect(!line.contains("\n"))
      let records = CaseFile.read(Array(CaseFile.text(of: [original, original]).utf8), file: "f")
      #expect(records.map(\.result) == [.success(original), .success(original)])
    }
  }
}

/// Random cases covering every field of the format, awkward strings and
/// extreme integers included.
enum RandomCase {
  static func make(using random: inout SplitMix64) -> Case {
    Case(
      name: Bool.random(using: &random) ? string(using: &random) : nil,
      semantics: ViewSemantics.allCases.randomElement(using: &random) ?? .tableView,
      duplicates: DuplicatesPolicy.allCases.randomElement(using: &random) ?? .reject,
      old: sections(using: &random), new: sections(using: &random),
      update: Bool.random(using: &random) ? update(using: &random) : nil,
      expect: Bool.random(using: &random) ? expectation(using: &random) : nil)
  }

  static func integer(using random: inout SplitMix64) -> Int {
    switch Int.random(in: 0..<6, using: &random) {
    case 0: return [Int.min, Int.max, 0, -1, Int.min + 1].randomElement(using: &random) ?? 0
    case 1: return Int.random(in: Int.min...Int.max, using: &random)
    default: return Int.random(in: -3...12, using: &random)
    }
  }

  static func string(using random: inout SplitMix64) -> String {
    let pieces = [
      "a", "b", "row", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "é", "e\u{301}", "👍🏽",
      "\u{2028}", "{", "]", ",", ":",
    ]
    let count = Int.random(in: 0...6, using: &random)
    return (0..<count).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
  }

  static func value(using random: inout SplitMix64) -> RowValue {
    Bool.random(using: &random) ? .int(integer(using: &random)) : .string(string(using: &random))
  }

  static func sections(using random: inout SplitMix64) -> [[Row]] {
    (0..<Int.random(in: 0...3, using: &random)).map { _ in
      (0..<Int.random(in: 0...4, using: &random)).map { _ in
        let id = value(using: &random)
        return Bool.random(using: &random) ? Row(id) : Row(id: id, content: value(using: &random))
      }
    }
  }

  static func indices(using random: inout SplitMix64) -> [Int] {
    (0..<Int.random(in: 0...3, using: &random)).map { _ in integer(using: &random) }
  }

  static func paths(using random: inout SplitMix64) -> [RowPath] {
    (0..<Int.random(in: 0...3, using: &random)).map { _ in
      RowPath(integer(using: &random), integer(using: &random))
    }
  }

  static func update(using random: inout SplitMix64) -> BatchUpdate {
    BatchUpdate(
      deleteSections: indices(using: &random), insertSections: indices(using: &random),
      reloadSections: indices(using: &random),
      moveSections: indices(using: &random).map {
        SectionMove(from: $0, to: integer(using: &random))
      },
      deleteRows: paths(using: &random), insertRows: paths(using: &random),
      reloadRows: paths(using: &random),
      moveRows: paths(using: &random).map {
        RowMove(from: $0, to: RowPath(integer(using: &random), integer(using: &random)))
      })
  }

  static func expectation(using random: inout SplitMix64) -> CaseExpectation {
    CaseExpectation(
      verdict: VerdictKind.allCases.randomElement(using: &random) ?? .valid,
      rule: Bool.random(using: &random) ? Rule.allCases.randomElement(using: &random) : nil,
      message: Bool.random(using: &random) ? string(using: &random) : nil)
  }
}

extension CaseEncodingTests {
  @Test("uikit, visibleRows and reconfigureRows are written in the format's order and read back")
  func version2RoundTrip() throws {
    var written = Case(
      name: "v2", old: [[Row("a"), Row("b")]], new: [[Row("a"), Row("b")]],
      update: BatchUpdate(reconfigureRows: [RowPath(0, 1)]))
    written.visibleRows = .range(first: RowPath(0, 0), last: RowPath(0, 1))
    #expect(
      written.jsonLine
        == #"{"name":"v2","visibleRows":[[0,0],[0,1]],"old":[["a","b"]],"new":[["a","b"]],"update":{"reconfigureRows":[[0,1]]}}"#
    )
    #expect(try Case(jsonLine: written.jsonLine) == written)
    var pinned = Case(old: [[Row("a")]], new: [[Row("a")]])
    pinned.uikit = .ios12
    pinned.visibleRows = .none
    pinned.semantics = .collectionView
    #expect(
      pinned.jsonLine
        == #"{"semantics":"collectionView","uikit":"ios12","visibleRows":[],"old":[["a"]],"new":[["a"]]}"#
    )
    #expect(try Case(jsonLine: pinned.jsonLine) == pinned)
    // A case that names iOS 18 keeps saying so; one that does not, does not.
    var named = Case(old: [], new: [])
    named.uikit = .ios18
    #expect(named.jsonLine == #"{"uikit":"ios18","old":[],"new":[]}"#)
    #expect(Case(old: [], new: []).jsonLine == #"{"old":[],"new":[]}"#)
  }
}
