import BatchCheckTestSupport
import Foundation
import Testing

@testable import BatchCheck
@testable import BatchCheckCorpus

/// Mutated adapter lines: each gets a verdict (whose report line is JSON
/// with the adapter fields) or a data error inside its own line; a trap or a
/// hang fails the run by itself.
@Suite("Adapter lines: seeded mutations")
struct AdapterFuzzTests {
  @Test("seeded mutations of Corpus/adapter.jsonl: a verdict or a data error inside the line")
  func seededMutations() throws {
    let count = try #require(CaseFuzzTests.mutationCount())
    let run = try #require(CaseFuzzTests.runSeed())
    let path = CorpusReplayTests.corpusFolder.appendingPathComponent("adapter.jsonl").path
    let bytes = try #require(FileManager.default.contents(atPath: path))
    let corpus = [UInt8](bytes).split(separator: 0x0A).map(Array.init)
    #expect(corpus.count > 60)
    var read = 0
    var errors = 0
    var failures: [String] = []
    for index in 0..<count / 2 {
      var random = SplitMix64(seed: SplitMix64.caseSeed(run: run, index: index ^ 0xADA))
      var mutator = LineMutator(seed: random.next())
      let line = mutator.mutate(corpus[Int(random.next() % UInt64(corpus.count))])
      let place = "run seed \(hexSeed(run)), mutation \(index)"
      for record in CaseFile.read(line, file: "fuzz") {
        switch record.value {
        case .failure(let error):
          errors += 1
          let length =
            line.split(separator: 0x0A, omittingEmptySubsequences: false)
            .dropFirst(record.line - 1).first.map { String(decoding: $0, as: UTF8.self).count } ?? 0
          if error.column < 1 || error.column > length + 1 || error.message.isEmpty {
            failures.append("\(place): column \(error.column) outside the line: \(error)")
          }
        case .success(let value):
          read += 1
          guard case .adapter(let testCase) = value else { continue }
          if let problem = Self.problem(testCase) { failures.append("\(place): \(problem)") }
        }
      }
      if failures.count >= 5 { break }
    }
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    #expect(read > count / 20 && errors > count / 20, "\(read) read, \(errors) data errors")
  }

  /// What is wrong with a read case's judgement, if anything: its report
  /// line must be JSON with the adapter fields, and its outcomes well formed.
  static func problem(_ testCase: AdapterCase) -> String? {
    let judged = testCase.judged()
    let line = judged.reportLine(file: "fuzz", line: 1)
    guard
      let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
    else { return "not JSON: \(line)" }
    for key in ["contract", "verdict", "basis", "outcomes", "reads", "agrees"]
    where object[key] == nil {
      return "no \(key): \(line)"
    }
    guard let report = judged.adapterReport else { return "no report" }
    for outcome in report.outcomes {
      if outcome.step.isEmpty || outcome.step.contains(where: { $0 < 0 }) {
        return "outcome at \(outcome.step)"
      }
      if outcome.kind == .exception && outcome.message?.isEmpty != false {
        return "an exception without its text: \(outcome)"
      }
    }
    if report.reads.contains(where: { $0.counts.contains { $0 < 0 } }) { return "negative counts" }
    return nil
  }
}
