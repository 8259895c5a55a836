import BatchCheckCorpus
import BatchCheckTestSupport
import Foundation
import Testing

@testable import BatchCheckCLI

@Suite("The line pipeline: read, judged on workers, delivered in file order")
struct LinePipelineTests {
  /// A file of `count` cases with blank, malformed and non-UTF-8 lines
  /// among them, of varied lengths.
  static func corpus(_ count: Int, in folder: TemporaryDirectory) throws -> String {
    var random = SystemRandomNumberGenerator()
    var lines: [String] = []
    for number in 0..<count {
      switch Int.random(in: 0..<20, using: &random) {
      case 0: lines.append("")
      case 1: lines.append(#"{"old":[["a"]],"new":1}"#)
      case 2: lines.append("   ")
      default:
        let rows = (0..<Int.random(in: 0..<40, using: &random)).map { _ in
          String(Int.random(in: 0..<9, using: &random))
        }
        lines.append(
          #"{"name":"c\#(number)","old":[[\#(rows.joined(separator: ","))]],"new":[[\#(rows.reversed().joined(separator: ","))]]}"#
        )
      }
    }
    return try folder.write("corpus.jsonl", lines)
  }

  /// What `CaseFile.forEachLine` gives, one line at a time.
  static func sequential(_ path: String) throws -> [CaseLine] {
    var lines: [CaseLine] = []
    try CaseFile.forEachLine(atPath: path) { line in
      lines.append(line)
      return true
    }
    return lines
  }

  @Test(
    "every line decoded as the sequential reader decodes it, judged once, in file order",
    arguments: [(1, 1), (2, 1), (3, 7), (4, 64), (7, 1000)])
  func sameAsSequential(workers: Int, batchLines: Int) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = try Self.corpus(2_000, in: folder)
    let expected = try Self.sequential(path)
    var pipeline = LinePipeline(workers: workers) { (batch: Int, line: CaseLine) in
      (batch, line.line * 3)
    }
    pipeline.batchLines = batchLines
    var delivered: [CaseLine] = []
    var batches: [Int] = []
    var sent = 0
    try pipeline.run(
      file: path,
      context: {
        sent += 1
        return sent
      }, admit: { true },
      deliver: { line, judged in
        delivered.append(line)
        batches.append(judged.0)
        #expect(judged.1 == line.line * 3)
        return true
      })
    #expect(delivered == expected)
    #expect(expected.count > 1_500)
    // Each batch's context is taken as it is sent: in order, one per batch.
    #expect(batches == batches.sorted())
    if workers > 1 {
      #expect(sent == (expected.count + batchLines - 1) / batchLines)
    }
  }

  @Test(
    "judged a chunk at a time: chunk k of a batch on worker k, every line decoded as the sequential reader does, in file order",
    arguments: [(1, 1), (1, 64), (2, 7), (3, 64)])
  func chunks(workers: Int, batchLines: Int) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = try Self.corpus(1_500, in: folder)
    let expected = try Self.sequential(path)
    var pipeline = LinePipeline(workers: workers) {
      (_: Void, worker: Int, lines: [CaseLine]) in
      lines.map { (worker, $0) }
    }
    pipeline.batchLines = batchLines
    var delivered: [CaseLine] = []
    var position = 0
    try pipeline.run(
      file: path, context: {}, admit: { true },
      deliver: { line, judged in
        // The output given for this very line, by the worker of its chunk.
        #expect(judged.1 == line)
        let chunks = min(workers, batchLines)
        #expect(judged.0 == position % batchLines % chunks)
        position += 1
        delivered.append(line)
        return true
      })
    #expect(delivered == expected)
    #expect(expected.count > 1_000)
  }

  @Test("a line left out is neither judged nor delivered; a false delivery stops the run")
  func admitAndStop() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = try Self.corpus(1_000, in: folder)
    let expected = try Self.sequential(path)
    var pipeline = LinePipeline(workers: 3) { (_: Void, line: CaseLine) in line.line }
    pipeline.batchLines = 16
    var index = 0
    var delivered: [Int] = []
    try pipeline.run(
      file: path, context: {},
      admit: {
        defer { index += 1 }
        return index % 3 == 0
      },
      deliver: { line, judged in
        #expect(judged == line.line)
        delivered.append(line.line)
        return delivered.count < 100
      })
    let admitted = expected.enumerated().filter { $0.offset % 3 == 0 }.map(\.element.line)
    #expect(delivered == Array(admitted.prefix(100)))
    #expect(admitted.count > 200)
  }

  @Test("a file that cannot be opened throws, and delivers nothing")
  func missingFile() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let pipeline = LinePipeline(workers: 2) { (_: Void, line: CaseLine) in line.line }
    var delivered = 0
    #expect(throws: CaseFileError.self) {
      try pipeline.run(
        file: folder.path("none.jsonl"), context: {}, admit: { true },
        deliver: { _, _ in
          delivered += 1
          return true
        })
    }
    #expect(delivered == 0)
  }
}
