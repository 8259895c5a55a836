import BatchCheck
import BatchCheckTestSupport
import Foundation
import Testing

@testable import BatchCheckCorpus

@Suite("Case files read a block at a time")
struct CaseFileStreamTests {
  /// A random case file: valid and malformed lines, blank lines, CRLF
  /// endings, a byte order mark or not, a last line with or without a break.
  static func randomFile(seed: UInt64) -> [UInt8] {
    var random = SplitMix64(seed: seed)
    let pieces = [
      #"{"old":[["a","b"]],"new":[["b","a"]]}"#, #"{"old":1}"#, "", "   \t", #"{"old":[],"new":[]"#,
      #"{"contract":"adapter","start":{"rows":[["a"]]},"script":[{"call":"reloadData"}]}"#,
      #"{"name":"ü","old":[["x"]],"new":[["x","y"]],"update":{"insertRows":[[0,1]]}}"#, "\u{FF}",
    ]
    var text: [UInt8] = random.next() % 3 == 0 ? [0xEF, 0xBB, 0xBF] : []
    for _ in 0..<Int(random.next() % 12) {
      text += Array(pieces[Int(random.next() % UInt64(pieces.count))].utf8)
      if random.next() % 4 == 0 { text.append(UInt8(ascii: "\r")) }
      text.append(UInt8(ascii: "\n"))
    }
    if random.next() % 2 == 0, !text.isEmpty { text.removeLast() }
    return text
  }

  @Test("any file, any block size: the same records as reading the whole file at once")
  func sameAsWholeFile() throws {
    let folder = try TemporaryDirectory()
    for seed in 0..<300 as Range<UInt64> {
      let bytes = Self.randomFile(seed: seed)
      let path = folder.path("\(seed).jsonl")
      _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
      let whole = CaseFile.read(bytes, file: path)
      for blockBytes in [1, 2, 3, 5, 64, 1 << 20] {
        var streamed: [CaseLine] = []
        try CaseFile.forEachLine(atPath: path, blockBytes: blockBytes) { line in
          streamed.append(line)
          return true
        }
        #expect(streamed == whole, "seed \(seed), blocks of \(blockBytes): \(bytes)")
      }
    }
  }

  @Test("returning false stops the reading at that line")
  func stops() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.write("three.jsonl", Array(repeating: #"{"old":[],"new":[]}"#, count: 3))
    var seen: [Int] = []
    try CaseFile.forEachLine(atPath: path, blockBytes: 4) { line in
      seen.append(line.line)
      return line.line < 2
    }
    #expect(seen == [1, 2])
  }

  @Test(
    "a line past the most a line may hold is a data error with its length, and the next line still reads"
  )
  func overlongLine() throws {
    let folder = try TemporaryDirectory()
    let path = folder.path("long.jsonl")
    var bytes = [UInt8](repeating: UInt8(ascii: " "), count: CaseDecoder.maxLineBytes + 10)
    bytes[0] = UInt8(ascii: "[")
    bytes += Array("\n{\"old\":[],\"new\":[]}\n".utf8)
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    var lines: [CaseLine] = []
    try CaseFile.forEachLine(atPath: path) { line in
      lines.append(line)
      return true
    }
    #expect(lines.count == 2)
    guard case .failure(let error) = lines.first?.value else {
      Issue.record("the long line is not an error")
      return
    }
    #expect(error.line == 1 && error.column == 1)
    #expect(error.message.contains("\(CaseDecoder.maxLineBytes + 10) bytes"))
    #expect(lines.last.map { (try? $0.result.get()) != nil } == true)
  }

  @Test("a missing file and a folder are refused before any line")
  func unreadable() throws {
    let folder = try TemporaryDirectory()
    #expect(throws: CaseFileError(file: folder.path("none"), reason: "no such file")) {
      try CaseFile.forEachLine(atPath: folder.path("none")) { _ in true }
    }
    #expect(throws: CaseFileError(file: folder.path(""), reason: "is a directory")) {
      try CaseFile.forEachLine(atPath: folder.path("")) { _ in true }
    }
  }
}
