import BatchCheck
import Testing

@testable import BatchCheckCorpus

/// One test per kind of malformed line: each asserts file, line, column and
/// message, because other tools (and people) rely on them.
@Suite("Malformed lines")
struct CaseDataErrorTests {
  /// The data error that reading `line` as line 3 of `Corpus/x.jsonl` gives.
  private func error(_ line: String) -> CaseDataError? {
    let records = CaseFile.read(Array(("\n\n" + line + "\n").utf8), file: "Corpus/x.jsonl")
    guard records.count == 1, case .failure(let error) = records[0].result else { return nil }
    return error
  }

  private func expectError(
    _ line: String, column: Int, _ message: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(
      error(line)?.description == "Corpus/x.jsonl:3:\(column): \(message)",
      sourceLocation: sourceLocation)
  }

  @Test("not JSON at all")
  func notJSON() {
    expectError("nope", column: 1, "unexpected 'n'; expected a JSON value")
    expectError("{old: []}", column: 2, "expected a key in double quotes, found 'o'")
    expectError(#"{"old":[],"new":[]} x"#, column: 21, "unexpected 'x' after the JSON value")
    expectError(#"{"old":[1,],"new":[]}"#, column: 11, "unexpected ']'; expected a JSON value")
    expectError(#"{"old":[1 2]}"#, column: 11, "expected ',' or ']', found '2'")
    expectError(
      #"{"old":[1],"new":[]"#, column: 20, "expected ',' or '}', found the end of the line")
    expectError(#"{"old":["#, column: 9, "unexpected end of line inside an array")
    expectError(#"{"old":[tru],"new":[]}"#, column: 9, "unexpected 't'; expected a JSON value")
  }

  @Test("a bad string")
  func badStrings() {
    expectError(#"{"name":"abc"#, column: 9, "unterminated string")
    expectError(
      "{\"name\":\"a\tb\",\"old\":[],\"new\":[]}", column: 11,
      "character U+0009 must be escaped inside a string")
    expectError(
      #"{"name":"a\qb","old":[],"new":[]}"#, column: 11, "invalid escape sequence in a string")
    expectError(
      #"{"name":"\ud800x","old":[],"new":[]}"#, column: 10, "unpaired surrogate in a \\u escape")
    expectError(
      #"{"name":"\udc00","old":[],"new":[]}"#, column: 10, "unpaired surrogate in a \\u escape")
    expectError(
      #"{"name":"\u12","old":[],"new":[]}"#, column: 10,
      "a \\u escape needs four hexadecimal digits")
  }

  @Test("the root is not an object")
  func rootNotObject() {
    expectError(
      #"[{"old":[],"new":[]}]"#, column: 1, "expected an object for a case, found an array")
  }

  @Test("a wrong type")
  func wrongType() {
    expectError(
      #"{"old":1,"new":[]}"#, column: 8,
      #"expected an array of sections or rows for "old", found an integer"#)
    expectError(
      #"{"name":7,"old":[],"new":[]}"#, column: 9,
      #"expected a string for "name", found an integer"#)
    expectError(
      #"{"old":[],"new":[],"update":[]}"#, column: 29,
      #"expected an object for "update", found an array"#)
    expectError(
      #"{"old":[],"new":[],"expect":"valid"}"#, column: 29,
      #"expected an object for "expect", found a string"#)
    expectError(
      #"{"old":[true],"new":[]}"#, column: 9,
      #"expected a row (a string, an integer or {"id":...,"content":...}), found true"#)
    expectError(
      #"{"old":[null],"new":[]}"#, column: 9,
      #"expected a row (a string, an integer or {"id":...,"content":...}), found null"#)
    expectError(
      #"{"old":[[{"id":[1],"content":1}]],"new":[]}"#, column: 16,
      "expected a string or an integer for a row's id, found an array")
    expectError(
      #"{"old":[],"new":[],"update":{"deleteSections":[0,"1"]}}"#, column: 50,
      "expected an integer for a section index, found a string")
    expectError(
      #"{"old":[],"new":[],"update":{"insertRows":{}}}"#, column: 43,
      #"expected an array of row paths for "insertRows", found an object"#)
  }

  @Test("sections and rows mixed in one array")
  func mixedSections() {
    expectError(
      #"{"old":[["a"],"b"],"new":[]}"#, column: 15,
      #"expected a section (an array of rows) in "old", found a string; write sections or one flat array of rows, not both"#
    )
    expectError(
      #"{"old":["a",["b"]],"new":[]}"#, column: 13,
      #"expected a row in "old", found an array; write sections or one flat array of rows, not both"#
    )
  }

  @Test("an unknown verdict, semantics, duplicates policy or rule")
  func unknownValues() {
    expectError(
      #"{"old":[],"new":[],"expect":{"verdict":"exeption"}}"#, column: 40,
      #"unknown verdict "exeption"; expected one of valid, exception, duplicate, fallback, wrongRows, staleContent"#
    )
    expectError(
      #"{"semantics":"table","old":[],"new":[]}"#, column: 14,
      #"unknown semantics "table"; expected one of tableView, collectionView"#)
    expectError(
      #"{"duplicates":"merge","old":[],"new":[]}"#, column: 15,
      #"unknown duplicates "merge"; expected one of reject, asUIKit"#)
    expectError(
      #"{"old":[],"new":[],"expect":{"verdict":"exception","rule":"R99"}}"#, column: 59,
      #"unknown rule "R99"; expected one of R1, R2, R2b, R3, R4, R5, R6, R7, R8, R9, R10, R11, R12, R13, R14, R15, R16, R17, R18, R19, R20, R21, R22, R23, R28, C1, C2"#
    )
    expectError(
      #"{"old":[],"new":[],"expect":{"rule":"R1"}}"#, column: 29,
      #"missing key "verdict" in "expect""#)
  }

  @Test("a row path that is not two integers")
  func badRowPath() {
    expectError(
      #"{"old":[],"new":[],"update":{"deleteRows":[[0]]}}"#, column: 44,
      "expected an array of two integers for a row path, found an array of 1 element")
    expectError(
      #"{"old":[],"new":[],"update":{"reloadRows":[[0,1,2]]}}"#, column: 44,
      "expected an array of two integers for a row path, found an array of 3 elements")
    expectError(
      #"{"old":[],"new":[],"update":{"insertRows":[5]}}"#, column: 44,
      "expected an array of two integers for a row path, found an integer")
    expectError(
      #"{"old":[],"new":[],"update":{"deleteRows":[[0,"1"]]}}"#, column: 47,
      "expected an integer in a row path, found a string")
    expectError(
      #"{"old":[],"new":[],"update":{"moveRows":[[[0,1]]]}}"#, column: 42,
      "expected an array of two row paths for a row move, found an array of 1 element")
    expectError(
      #"{"old":[],"new":[],"update":{"moveRows":[[[0,1],[0]]]}}"#, column: 49,
      "expected an array of two integers for a row path, found an array of 1 element")
    expectError(
      #"{"old":[],"new":[],"update":{"moveSections":[[0,1,2]]}}"#, column: 46,
      "expected an array of two integers for a section move, found an array of 3 elements")
  }

  @Test("a number beyond 64 bits does not trap")
  func tooLarge() {
    expectError(
      #"{"old":[],"new":[],"update":{"deleteRows":[[0,99999999999999999999]]}}"#, column: 47,
      "number 99999999999999999999 does not fit in a 64-bit integer")
    expectError(
      #"{"old":[9223372036854775808],"new":[]}"#, column: 9,
      "number 9223372036854775808 does not fit in a 64-bit integer")
    expectError(
      #"{"old":[],"new":[],"update":{"deleteSections":[-9223372036854775809]}}"#, column: 48,
      "number -9223372036854775809 does not fit in a 64-bit integer")
  }

  @Test("a non-integer number where an integer is needed")
  func nonInteger() {
    expectError(#"{"old":[1.5],"new":[]}"#, column: 9, "expected an integer for a row, found 1.5")
    expectError(
      #"{"old":[],"new":[],"update":{"deleteSections":[1e2]}}"#, column: 48,
      "expected an integer for a section index, found 1e2")
    expectError(
      #"{"old":[],"new":[],"update":{"deleteRows":[[0,1.0]]}}"#, column: 47,
      "expected an integer in a row path, found 1.0")
    expectError(#"{"old":[01],"new":[]}"#, column: 9, "a number must not start with a leading zero")
    expectError(#"{"old":[-],"new":[]}"#, column: 10, "expected a digit after '-', found ']'")
    expectError(#"{"old":[1.],"new":[]}"#, column: 11, "expected a digit after '.', found ']'")
    expectError(
      #"{"old":[1e],"new":[]}"#, column: 11, "expected a digit in the exponent, found ']'")
  }

  @Test("old or new missing")
  func missingRows() {
    expectError(#"{"new":[]}"#, column: 1, #"missing key "old": a case needs its old rows"#)
    expectError(#"  {"old":[]}"#, column: 3, #"missing key "new": a case needs its new rows"#)
    expectError(#"{}"#, column: 1, #"missing key "old": a case needs its old rows"#)
  }

  @Test("an unknown or repeated key")
  func unknownKeys() {
    expectError(
      #"{"old":[],"new":[],"expcet":{"verdict":"valid"}}"#, column: 20,
      #"unknown key "expcet" in a case; expected one of name, semantics, duplicates, uikit, visibleRows, old, new, update, expect, contract, identityOnly, stages, steps"#
    )
    expectError(
      #"{"old":[],"new":[],"update":{"deleteRow":[]}}"#, column: 30,
      #"unknown key "deleteRow" in an update; expected one of deleteSections, insertSections, reloadSections, moveSections, deleteRows, insertRows, reloadRows, moveRows, reconfigureRows"#
    )
    expectError(
      #"{"old":[],"new":[],"expect":{"verdict":"valid","why":"x"}}"#, column: 48,
      #"unknown key "why" in "expect"; expected one of verdict, rule, message"#)
    expectError(
      #"{"old":[[{"id":1,"content":2,"x":3}]],"new":[]}"#, column: 30,
      #"unknown key "x" in a row; expected one of id, content"#)
    expectError(#"{"old":[[{"id":1}]],"new":[]}"#, column: 10, #"missing key "content" in a row"#)
    expectError(#"{"old":[],"new":[],"old":[]}"#, column: 20, #"duplicate key "old" in a case"#)
  }

  @Test("invalid UTF-8 is reported at its character column")
  func invalidUTF8() {
    var bytes = Array(#"{"name":"éé"#.utf8)
    bytes.append(0xFF)
    bytes += Array(#"","old":[],"new":[]}"#.utf8)
    let records = CaseFile.read(bytes, file: "bad.jsonl")
    #expect(records.count == 1)
    #expect(
      records.first?.result
        == .failure(
          CaseDataError(
            file: "bad.jsonl", line: 1, column: 12, message: "invalid UTF-8 (byte 0xFF)")))
  }

  @Test("columns count characters, not bytes")
  func columnsCountCharacters() {
    // "👍🏽" is one character of eight bytes; "é" written as e + U+0301 is one character.
    expectError(
      #"{"name":"👍🏽e\#u{301}","old":x}"#, column: 20, "unexpected 'x'; expected a JSON value")
  }

  @Test("deep nesting is an error, not a stack overflow")
  func deepNesting() {
    // The case object is the first level, so the 512th "[" (column 7 + 512) is one too many.
    let deep = #"{"old":"# + String(repeating: "[", count: 100_000)
    expectError(
      deep, column: 7 + JSONParser.maxDepth, "arrays and objects nested deeper than 512 levels")
    let allowed =
      String(repeating: "[", count: JSONParser.maxDepth)
      + String(repeating: "]", count: JSONParser.maxDepth)
    expectError(allowed, column: 1, "expected an object for a case, found an array")
  }

  @Test("Case(jsonLine:) names the file and line it is given")
  func singleLine() {
    #expect(
      throws: CaseDataError(
        file: "-", line: 1, column: 8,
        message: #"expected an array of sections or rows for "old", found a string"#)
    ) {
      try Case(jsonLine: #"{"old":"a","new":[]}"#)
    }
    #expect(
      throws: CaseDataError(file: "f.jsonl", line: 9, column: 1, message: "expected a JSON value")
    ) {
      try Case(jsonLine: "", file: "f.jsonl", line: 9)
    }
  }
}

extension CaseDataErrorTests {
  @Test("the case format's version 2 keys: a bad uikit, visibleRows or reconfigure under ios12")
  func version2Keys() {
    expectError(
      #"{"uikit":"ios9","old":[],"new":[]}"#, column: 10,
      #"unknown uikit "ios9"; expected one of ios18, ios12"#)
    expectError(
      #"{"visibleRows":[[0,0]],"old":[],"new":[]}"#, column: 16,
      "expected an array of two row paths (the first and the last row on screen) or [] for \"visibleRows\", found an array of 1 element"
    )
    expectError(
      #"{"visibleRows":[0,1],"old":[],"new":[]}"#, column: 17,
      "expected an array of two integers for a row path, found an integer")
    // reconfigureRows needs iOS 15: a data error at the key that holds it.
    expectError(
      #"{"uikit":"ios12","old":[["a"]],"new":[["a"]],"update":{"reconfigureRows":[[0,0]]}}"#,
      column: 46,
      #""update" reconfigures rows, which UIKit has from iOS 15 on; this case says "uikit":"ios12" (remove it to judge under ios18)"#
    )
    expectError(
      #"{"uikit":"ios12","old":[["a"]],"new":[["a"]],"steps":[{"reconfigure":[0,0],"row":"a"}]}"#,
      column: 46,
      #""steps" reconfigures rows, which UIKit has from iOS 15 on; this case says "uikit":"ios12" (remove it to judge under ios18)"#
    )
    // The same line without the pin reads, and runs under iOS 18.
    let records = CaseFile.read(
      Array(#"{"old":[["a"]],"new":[["a"]],"update":{"reconfigureRows":[[0,0]]}}"#.utf8), file: "x")
    guard case .success(let read) = records.first?.result else {
      Issue.record("the line did not read")
      return
    }
    #expect(read.update?.reconfigureRows == [RowPath(0, 0)])
    #expect(read.run() == .valid)
  }
}
