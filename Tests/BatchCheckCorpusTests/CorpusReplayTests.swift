import BatchCheck
import BatchCheckCorpus
import Foundation
import Testing

/// Replays every `.jsonl` file under `Corpus/`: each line must read, and each
/// case with an expectation must get it.
@Suite("Corpus replay")
struct CorpusReplayTests {
  /// The repository's `Corpus/` folder, found from this file's path.
  static let corpusFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Corpus")

  /// The lines of `Corpus/<file>`, each without its `"name":...,` member:
  /// what a rule explanation's example must be one of.
  static func linesWithoutNames(_ file: String) throws -> Set<String> {
    let path = corpusFolder.appendingPathComponent(file).path
    let text = try String(contentsOfFile: path, encoding: .utf8)
    return Set(
      text.split(separator: "\n").map { String($0).replacing(#/"name":"[^"]*",/#, with: "") })
  }

  /// Every `.jsonl` case file under `Corpus/`, sorted, as paths; the
  /// expectations files of `Corpus/expectations/` are not case files.
  static func corpusFiles() -> [String] {
    guard
      let walker = FileManager.default.enumerator(
        at: corpusFolder, includingPropertiesForKeys: nil)
    else { return [] }
    return walker.compactMap { ($0 as? URL)?.path }
      .filter { $0.hasSuffix(".jsonl") && !$0.contains("/Corpus/expectations/") }.sorted()
  }

  @Test(
    "every case under Corpus/ reads and agrees with its expectation, batch, snapshot and adapter cases"
  )
  func replayAll() throws {
    let files = Self.corpusFiles()
    #expect(files.contains { $0.hasSuffix("Corpus/uikit-rules.jsonl") }, "no uikit-rules.jsonl")
    #expect(files.contains { $0.hasSuffix("Corpus/snapshot.jsonl") }, "no snapshot.jsonl")
    var replayed = 0
    var snapshots = 0
    var adapters = 0
    for file in files {
      for line in try CaseFile.read(atPath: file) {
        switch line.value {
        case .failure(let error):
          Issue.record("\(error)")
        case .success(.batch(let testCase)):
          guard let expect = testCase.expect else { continue }
          let verdict = testCase.run()
          replayed += 1
          #expect(
            expect.agrees(with: verdict),
            "\(file):\(line.line) \(testCase.name ?? ""): expected \(expect.verdict.rawValue) \(expect.rule?.rawValue ?? ""), got \(verdict)"
          )
        case .success(.snapshot(let testCase)):
          guard testCase.expect != nil else { continue }
          snapshots += 1
          #expect(
            testCase.agrees,
            "\(file):\(line.line) \(testCase.name ?? ""): got \(testCase.verdict.description)")
        case .success(.sectionSnapshot(let testCase)):
          guard testCase.expect != nil else { continue }
          snapshots += 1
          #expect(
            testCase.agrees,
            "\(file):\(line.line) \(testCase.name ?? ""): got \(testCase.verdict.description)")
        case .success(.adapter(let testCase)):
          adapters += 1
          #expect(
            testCase.agrees,
            "\(file):\(line.line) \(testCase.name ?? ""): got \(testCase.script().run().outcomes)")
        }
      }
    }
    #expect(adapters > 0)
    #expect(replayed > 0)
    #expect(snapshots > 0)
  }

  @Test("the rule corpus covers every rule R1-R22 and every verdict")
  func ruleCoverage() throws {
    let path = Self.corpusFolder.appendingPathComponent("uikit-rules.jsonl").path
    let cases = try CaseFile.read(atPath: path).compactMap { try? $0.result.get() }
    let verdicts = Set(cases.compactMap { $0.expect?.verdict })
    #expect(verdicts == Set(VerdictKind.allCases))
    let named = Set(cases.compactMap { $0.name?.split(separator: "-").first.map(String.init) })
    for number in 1...22 {
      #expect(named.contains("R\(number)"), "no case named R\(number)-...")
    }
  }
}
