import BatchCheck
import Testing

@testable import BatchCheckCorpus

/// One test per kind of malformed adapter line: each asserts the column
/// (the place the message points at) and the message, as tools rely on them.
/// A block left open and out-of-range indexes are not data errors: they get
/// a verdict.
@Suite("Adapter lines: data errors")
struct AdapterCaseDataErrorTests {
  /// A table view laid out in a window with one section of three rows.
  static let start = #""start":{"rows":[["a","b","c"]]}"#

  /// The data error of `line` read as line 3 of `Corpus/x.jsonl`.
  private func error(_ line: String) -> CaseDataError? {
    let records = CaseFile.read(Array(("\n\n" + line + "\n").utf8), file: "Corpus/x.jsonl")
    guard records.count == 1, case .failure(let error) = records[0].value else { return nil }
    return error
  }

  /// Expects a data error whose column is that of the first occurrence of
  /// `marker` in `line` (plus `offset`), and whose message contains `message`.
  private func expectError(
    _ line: String, at marker: String, plus offset: Int = 0, _ message: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let range = line.range(of: marker) else {
      Issue.record("no \(marker) in \(line)", sourceLocation: sourceLocation)
      return
    }
    let column = line[..<range.lowerBound].count + 1 + offset
    guard let error = error(line) else {
      Issue.record("no data error: \(line)", sourceLocation: sourceLocation)
      return
    }
    #expect(error.file == "Corpus/x.jsonl" && error.line == 3, sourceLocation: sourceLocation)
    #expect(
      error.column == column, "column \(error.column), wanted \(column): \(error.message)",
      sourceLocation: sourceLocation)
    #expect(
      error.message.contains(message), "\(error.message)", sourceLocation: sourceLocation)
  }

  /// A table-view line with `script`, and `extra` keys before `start`.
  private func table(_ script: String, _ extra: String = "") -> String {
    #"{"contract":"adapter","# + extra + Self.start + #","script":"# + script + "}"
  }

  /// A collection-view line with `script`.
  private func collection(_ script: String) -> String {
    table(script, #""semantics":"collectionView","#)
  }

  @Test("a missing start, script or start.rows is an error at the object that lacks it")
  func missingKeys() {
    expectError(
      #"{"contract":"adapter","script":[]}"#, at: "{", "missing key \"start\"")
    expectError(
      #"{"contract":"adapter","start":{"rows":[]}}"#, at: "{", "missing key \"script\"")
    expectError(
      #"{"contract":"adapter","start":{"loaded":true},"script":[]}"#, at: #"{"loaded""#,
      "missing key \"rows\" in \"start\"")
  }

  @Test("start and script without the adapter contract is an error at the key")
  func missingContract() {
    expectError(
      #"{"start":{"rows":[]},"script":[]}"#, at: #""start""#,
      "needs \"contract\": \"adapter\"")
    expectError(
      #"{"contract":"batch","old":[],"new":[],"script":[]}"#, at: #""script""#,
      "needs \"contract\": \"adapter\"")
  }

  @Test("a snapshot line's own start reads; a snapshot line with a script is an error at the key")
  func snapshotStartIsNotAdapter() throws {
    let line = #"{"contract":"snapshot","start":"empty","old":[],"calls":[]}"#
    #expect(error(line) == nil)
    guard case .snapshot = try CaseLineValue(jsonLine: line) else {
      Issue.record("not read as a snapshot case")
      return
    }
    expectError(
      #"{"contract":"snapshot","old":[],"calls":[],"script":[]}"#, at: #""script""#,
      "unknown key \"script\"")
  }

  @Test("every v2 batch key is an error in an adapter line, at its key")
  func forbiddenKeys() {
    for key in ["old", "new", "update", "stages", "steps", "visibleRows", "identityOnly"] {
      expectError(
        table("[]", "\"\(key)\":[],"), at: "\"\(key)\"", "is not part of an adapter case")
    }
  }

  @Test("an unknown key at any level is an error at the key")
  func unknownKeys() {
    expectError(table("[]", #""view":"table","#), at: #""view""#, "unknown key \"view\"")
    expectError(
      #"{"contract":"adapter","start":{"rows":[],"visible":true},"script":[]}"#,
      at: #""visible""#, "unknown key \"visible\" in an adapter case's start")
    expectError(
      table(#"[{"call":"reloadData","animated":true}]"#), at: #""animated""#,
      "unknown key \"animated\"")
    expectError(
      table(#"[{"dataSource":[],"rows":[]}]"#), at: #""rows":[]}"#, "unknown key \"rows\"")
    expectError(
      table(#"[{"call":"insertRows","at":[[0,0]],"with":"fade"}]"#), at: #""with""#,
      "unknown key \"with\"")
    expectError(
      table(#"[{"call":"performBatchUpdates","steps":[{"call":"reloadData","x":1}]}]"#),
      at: #""x""#, "unknown key \"x\"")
    expectError(
      #"{"contract":"adapter","# + Self.start
        + #","script":[],"expect":{"verdict":"valid","place":1}}"#,
      at: #""place""#, "unknown key \"place\" in an adapter expect")
    expectError(
      table(#"[{"call":"numberOfSections","section":0}]"#), at: #""section""#,
      "unknown key \"section\"")
  }

  @Test("a step with none or two of the head keys, or an unknown call, is an error")
  func stepHeads() {
    expectError(table(#"[{}]"#), at: "[{", plus: 1, "a step needs one of the keys")
    expectError(table(#"[{"at":[0]}]"#), at: "[{", plus: 1, "a step needs one of the keys")
    expectError(
      table(#"[{"drain":true,"geometryChange":true}]"#), at: #""geometryChange""#,
      "a step has exactly one of")
    expectError(
      table(#"[{"call":"reloadData","inWindow":true}]"#), at: #""inWindow""#,
      "a step has exactly one of")
    expectError(
      table(#"[{"call":"insertItems","at":[[0,0]]}]"#), at: #""insertItems""#, "unknown call")
    expectError(table(#"[1]"#), at: "[1", plus: 1, "expected an object for a step")
    expectError(table(#"{}"#), at: #""script":{"#, plus: 9, "expected an array of steps")
  }

  @Test("table-only calls on a collection view, numberOfItems on a table view")
  func callsOfTheOtherView() {
    for call in ["beginUpdates", "endUpdates"] {
      expectError(
        collection("[{\"call\":\"\(call)\"}]"), at: "\"\(call)\"",
        "a collection view has no call \"\(call)\"; use \"performBatchUpdates\"")
    }
    expectError(
      collection(#"[{"call":"numberOfRows","section":0}]"#), at: #""numberOfRows""#,
      "a collection view has no call \"numberOfRows\"; use \"numberOfItems\"")
    expectError(
      table(#"[{"call":"numberOfItems","section":0}]"#), at: #""numberOfItems""#,
      "a table view has no call \"numberOfItems\"; use \"numberOfRows\"")
    expectError(
      table(#"[{"call":"numberOfRows"}]"#), at: #""call""#, "missing key \"section\"")
  }

  @Test("reconfigureRows and a diffable source under ios12")
  func ios12() {
    expectError(
      table(#"[{"call":"reconfigureRows","at":[[0,0]]}]"#, #""uikit":"ios12","#),
      at: #""reconfigureRows""#, "\"reconfigureRows\" exists from iOS 15 on")
    expectError(
      table("[]", #""source":"diffable","uikit":"ios12","#), at: #""diffable""#,
      "cannot be used with \"uikit\":\"ios12\"")
    expectError(
      table("[]", #""uikit":"ios12","source":"diffable","#), at: #""diffable""#,
      "cannot be used with \"uikit\":\"ios12\"")
    // Under ios18, or with no profile named, both read.
    #expect(error(table(#"[{"call":"reconfigureRows","at":[[0,0]]}]"#)) == nil)
    #expect(error(table("[]", #""source":"diffable","#)) == nil)
  }

  @Test("drain inside a block, drain and geometryChange not true")
  func drainAndGeometry() {
    expectError(
      table(#"[{"call":"performBatchUpdates","steps":[{"drain":true}]}]"#), at: #""drain""#,
      "\"drain\" inside a performBatchUpdates block")
    expectError(table(#"[{"drain":false}]"#), at: "false", "expected true for \"drain\"")
    expectError(table(#"[{"drain":1}]"#), at: ":1", plus: 1, "expected true for \"drain\"")
    expectError(
      table(#"[{"geometryChange":false}]"#), at: "false", "expected true for \"geometryChange\"")
    expectError(table(#"[{"inWindow":"yes"}]"#), at: #""yes""#, "expected true or false")
    // A drain inside beginUpdates ... endUpdates is legal.
    #expect(
      error(table(#"[{"call":"beginUpdates"},{"drain":true},{"call":"endUpdates"}]"#)) == nil)
  }

  @Test("an at of the wrong shape, a missing at, a move call without exactly one move")
  func argumentShapes() {
    expectError(
      table(#"[{"call":"insertRows","at":[0,1]}]"#), at: "[0,1]", plus: 1, "expected")
    expectError(
      table(#"[{"call":"insertSections","at":[[0,1]]}]"#), at: "[[0,1]]", plus: 1, "expected")
    expectError(table(#"[{"call":"deleteRows","at":{}}]"#), at: "{}", "expected")
    expectError(table(#"[{"call":"deleteRows"}]"#), at: #""call""#, "missing key \"at\"")
    expectError(
      table(#"[{"call":"moveRows","at":[]}]"#), at: #""at":[]"#, plus: 5,
      "a move call moves exactly one row or section")
    expectError(
      table(#"[{"call":"moveRows","at":[[[0,0],[0,1]],[[0,1],[0,2]]]}]"#), at: #""at":"#,
      plus: 5, "\"at\" holds 2")
    expectError(
      table(#"[{"call":"moveSections","at":[[0,1],[1,2]]}]"#), at: #""at":"#, plus: 5,
      "\"at\" holds 2")
    expectError(
      table(#"[{"call":"moveSections","at":[0,1]}]"#), at: "[0,1]", plus: 1, "expected")
  }

  @Test("laidOut true with loaded false")
  func laidOutWithoutLoad() {
    expectError(
      #"{"contract":"adapter","start":{"loaded":false,"laidOut":true,"rows":[]},"script":[]}"#,
      at: "true", "\"laidOut\": true with \"loaded\": false")
    #expect(
      error(
        #"{"contract":"adapter","start":{"loaded":false,"laidOut":false,"rows":[]},"script":[]}"#)
        == nil)
  }

  @Test("an expect cause or basis the form does not know, and a bad verdict or step")
  func badExpect() {
    func line(_ expect: String) -> String {
      #"{"contract":"adapter","# + Self.start + #","script":[],"expect":"# + expect + "}"
    }
    expectError(
      line(#"{"verdict":"valid","cause":"A14"}"#), at: #""A14""#, "unknown cause \"A14\"")
    expectError(
      line(#"{"verdict":"valid","cause":"R2"}"#), at: #""R2""#, "unknown cause \"R2\"")
    expectError(
      line(#"{"verdict":"valid","basis":"likely"}"#), at: #""likely""#, "unknown basis")
    expectError(
      line(#"{"verdict":"crashed"}"#), at: #""crashed""#, "unknown verdict \"crashed\"")
    expectError(line(#"{"rule":"R2"}"#), at: #""expect":{"#, plus: 9, "missing key \"verdict\"")
    expectError(
      line(#"{"verdict":"skipped","step":["0"]}"#), at: #"["0"]"#, plus: 1, "in a step path")
  }

  @Test(
    "a script that ends inside an open block is an A13 outcome at the beginUpdates, not an error")
  func openBlockIsAnOutcome() throws {
    let line = table(
      #"[{"dataSource":[["a","b","c","d"]]},{"call":"beginUpdates"},{"call":"insertRows","at":[[0,3]]}]"#
    )
    #expect(error(line) == nil)
    let testCase = try AdapterCase(jsonLine: line)
    let report = testCase.script().run()
    #expect(report.verdict == .skipped)
    #expect(report.cause == .a13)
    #expect(report.step == [1])
    #expect(report.message?.contains("unbalanced") == true)
  }

  @Test("negative and huge indexes get a verdict, never a trap")
  func outOfRangeIndexes() throws {
    let negative = try AdapterCase(
      jsonLine: table(#"[{"call":"deleteRows","at":[[0,-1]]}]"#)
    ).script().run()
    #expect(negative.verdict == .exception && negative.rule == .r22 && negative.step == [0])
    let nested = try AdapterCase(
      jsonLine: table(
        #"[{"call":"performBatchUpdates","steps":[{"call":"moveSections","at":[[-9223372036854775808,0]]}]}]"#
      )
    ).script().run()
    #expect(nested.verdict == .exception && nested.rule == .r22 && nested.step == [0, 0])
    let max = Int.max
    for call in [
      "{\"call\":\"insertRows\",\"at\":[[0,\(max)]]}",
      "{\"call\":\"deleteRows\",\"at\":[[\(max),0]]}",
      "{\"call\":\"reloadSections\",\"at\":[\(max)]}",
      "{\"call\":\"moveRows\",\"at\":[[[0,\(max)],[\(max),0]]]}",
      "{\"call\":\"performBatchUpdates\",\"steps\":[{\"call\":\"insertSections\",\"at\":[\(max)]}]}",
      "{\"call\":\"numberOfRows\",\"section\":\(max)}",
    ] {
      let report = try AdapterCase(jsonLine: table("[" + call + "]")).script().run()
      #expect(
        report.verdict != .valid || call.contains("numberOfRows"), "\(call): \(report.outcomes)")
      if let failure = report.firstFailure {
        #expect(failure.kind == .exception && failure.rule != nil, "\(call): \(failure)")
      }
    }
  }
}
