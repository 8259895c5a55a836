import BatchCheckTestSupport
import Foundation
import Testing

@testable import BatchCheck
@testable import BatchCheckCorpus

/// Mutated snapshot and section snapshot lines: each gets a verdict (whose
/// report line is JSON) or a data error inside its own line; a trap or a
/// hang fails the run by itself.
@Suite("Snapshot lines: seeded mutations")
struct SnapshotFuzzTests {
  @Test("seeded mutations of Corpus/snapshot.jsonl: a verdict or a data error inside the line")
  func seededMutations() throws {
    let count = try #require(CaseFuzzTests.mutationCount())
    let run = try #require(CaseFuzzTests.runSeed())
    let path = CorpusReplayTests.corpusFolder.appendingPathComponent("snapshot.jsonl").path
    let bytes = try #require(FileManager.default.contents(atPath: path))
    let corpus = [UInt8](bytes).split(separator: 0x0A).map(Array.init)
    #expect(corpus.count > 80)
    var read = 0
    var errors = 0
    var failures: [String] = []
    for index in 0..<count / 2 {
      var random = SplitMix64(seed: SplitMix64.caseSeed(run: run, index: index))
      var mutator = LineMutator(seed: random.next())
      let line = mutator.mutate(corpus[Int(random.next() % UInt64(corpus.count))])
      let records = CaseFile.read(line, file: "fuzz")
      for record in records {
        switch record.value {
        case .failure(let error):
          errors += 1
          let length = String(decoding: line, as: UTF8.self).count
          if error.column < 1 || error.column > length + 1 {
            failures.append("mutation \(index): column \(error.column) outside the line")
          }
        case .success(let value):
          read += 1
          let report: String
          switch value {
          case .snapshot(let testCase): report = testCase.reportLine(file: "fuzz", line: 1)
          case .sectionSnapshot(let testCase): report = testCase.reportLine(file: "fuzz", line: 1)
          case .adapter(let testCase): report = testCase.judged().reportLine(file: "fuzz", line: 1)
          case .batch(let testCase): report = testCase.jsonLine
          }
          if (try? JSONSerialization.jsonObject(with: Data(report.utf8))) == nil {
            failures.append("mutation \(index): not JSON: \(report)")
          }
        }
      }
      if failures.count >= 5 { break }
    }
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    #expect(read > count / 20 && errors > count / 20, "\(read) read, \(errors) data errors")
  }
}
