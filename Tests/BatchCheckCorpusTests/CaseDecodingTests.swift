import BatchCheck
import Foundation
import Testing

@testable import BatchCheckCorpus

@Suite("Reading cases")
struct CaseDecodingTests {
  @Test("the example line of the case format")
  func formatExample() throws {
    let line =
      #"{"name":"reload-and-move","old":[["a","b"]],"new":[["b","a"]],"update":{"reloadRows":[[0,1]],"moveRows":[[[0,1],[0,0]]]},"expect":{"verdict":"exception","rule":"R11"}}"#
    let read = try Case(jsonLine: line)
    let expected = Case(
      name: "reload-and-move", old: [[Row("a"), Row("b")]], new: [[Row("b"), Row("a")]],
      update: BatchUpdate(
        reloadRows: [RowPath(0, 1)], moveRows: [RowMove(from: RowPath(0, 1), to: RowPath(0, 0))]),
      expect: CaseExpectation(verdict: .exception, rule: .r11))
    #expect(read == expected)
    #expect(read.jsonLine == line)
  }

  @Test("defaults: tableView, reject, no update, no expectation")
  func defaults() throws {
    let read = try Case(jsonLine: #"{"old":[],"new":[]}"#)
    #expect(read == Case(old: [], new: []))
    #expect(read.options == .default)
  }

  @Test("a flat array of rows is one section; [] is no section")
  func flatRows() throws {
    let read = try Case(jsonLine: #"{"old":["a",1,{"id":"b","content":2}],"new":[]}"#)
    #expect(read.old == [[Row("a"), Row(1), Row(id: "b", content: 2)]])
    #expect(read.new == [])
    let empties = try Case(jsonLine: #"{"old":[[],[]],"new":[[]]}"#)
    #expect(empties.old == [[], []])
    #expect(empties.new == [[]])
  }

  @Test("every option and every update key")
  func everything() throws {
    let line =
      #"{"name":"all","semantics":"collectionView","duplicates":"asUIKit","old":[["a"],[1]],"new":[[{"id":"a","content":"x"}]],"update":{"deleteSections":[0],"insertSections":[1],"reloadSections":[2],"moveSections":[[3,4]],"deleteRows":[[0,1]],"insertRows":[[2,3]],"reloadRows":[[4,5]],"moveRows":[[[6,7],[8,9]]]},"expect":{"verdict":"duplicate","rule":"R20","message":"twice"}}"#
    let read = try Case(jsonLine: line)
    #expect(
      read
        == Case(
          name: "all", semantics: .collectionView, duplicates: .asUIKit,
          old: [[Row("a")], [Row(1)]], new: [[Row(id: "a", content: "x")]],
          update: BatchUpdate(
            deleteSections: [0], insertSections: [1], reloadSections: [2],
            moveSections: [SectionMove(from: 3, to: 4)], deleteRows: [RowPath(0, 1)],
            insertRows: [RowPath(2, 3)], reloadRows: [RowPath(4, 5)],
            moveRows: [RowMove(from: RowPath(6, 7), to: RowPath(8, 9))]),
          expect: CaseExpectation(verdict: .duplicate, rule: .r20, message: "twice")))
    #expect(read.jsonLine == line)
  }

  @Test("duplicates, negative and out-of-range numbers are legal; 64-bit extremes fit")
  func legalNonsense() throws {
    let read = try Case(
      jsonLine:
        #"{"old":[-9223372036854775808],"new":[9223372036854775807],"update":{"deleteRows":[[0,5],[0,5],[-1,-2]],"insertSections":[99,99]}}"#
    )
    #expect(read.old == [[Row(.int(Int.min))]])
    #expect(read.new == [[Row(.int(Int.max))]])
    #expect(read.update?.deleteRows == [RowPath(0, 5), RowPath(0, 5), RowPath(-1, -2)])
    #expect(read.update?.insertSections == [99, 99])
  }

  @Test("JSON white space, escapes and -0 are read")
  func jsonDetails() throws {
    let read = try Case(
      jsonLine:
        " { \"name\" : \"a\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\ud83d\\ude00\" , \"old\" : [ -0 ] ,\r\"new\":[]}\r"
    )
    #expect(read.name == "a\"\\/\u{08}\u{0C}\n\r\té😀")
    #expect(read.old == [[Row(0)]])
  }

  @Test("blank lines are skipped, lines keep their numbers, bad lines do not stop good ones")
  func fileReading() {
    let text =
      "\u{FEFF}{\"old\":[],\"new\":[]}\r\n\r\n  \t\n{\"old\":1}\n{\"name\":\"last\",\"old\":[],\"new\":[]}"
    let records = CaseFile.read(Array(text.utf8), file: "f.jsonl")
    #expect(records.map(\.line) == [1, 4, 5])
    #expect(records.map(\.file) == ["f.jsonl", "f.jsonl", "f.jsonl"])
    #expect(records[0].result == .success(Case(old: [], new: [])))
    #expect(
      records[1].result
        == .failure(
          CaseDataError(
            file: "f.jsonl", line: 4, column: 8,
            message: #"expected an array of sections or rows for "old", found an integer"#)))
    #expect(records[2].result == .success(Case(name: "last", old: [], new: [])))
    #expect(CaseFile.read([], file: "empty.jsonl").isEmpty)
  }

  @Test("a file that cannot be read is an error naming it")
  func unreadableFile() throws {
    #expect(throws: CaseFileError(file: "/no/such/dir/x.jsonl", reason: "no such file")) {
      try CaseFile.read(atPath: "/no/such/dir/x.jsonl")
    }
    let directory = FileManager.default.temporaryDirectory.path
    #expect(throws: CaseFileError(file: directory, reason: "is a directory")) {
      try CaseFile.read(atPath: directory)
    }
    #expect(
      CaseFileError(file: "x.jsonl", reason: "no such file").description
        == "cannot read x.jsonl: no such file")
  }

  @Test("a stream that never ends is an error once it passes the limit, not a crash")
  func endlessStream() throws {
    #expect(throws: CaseFileError(file: "/dev/zero", reason: "more than 100000 bytes; split it")) {
      try CaseFile.bytes(atPath: "/dev/zero", limit: 100_000)
    }
    // A file of exactly the limit is read whole.
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "limit-\(UUID().uuidString)")
    try Data(repeating: 10, count: 100_000).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    #expect(try CaseFile.bytes(atPath: url.path, limit: 100_000).count == 100_000)
    #expect(CaseFile.maximumBytes == 1 << 30)
  }

  @Test("a file on disk is read")
  func fileOnDisk() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "corpus-\(UUID().uuidString).jsonl")
    try Data(
      CaseFile.text(of: [Case(name: "a", old: [], new: []), Case(old: [[Row(1)]], new: [])]).utf8
    ).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let records = try CaseFile.read(atPath: url.path)
    #expect(
      records.map(\.result) == [
        .success(Case(name: "a", old: [], new: [])), .success(Case(old: [[Row(1)]], new: [])),
      ])
    #expect(records.map(\.line) == [1, 2])
  }
}
