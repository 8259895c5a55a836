import BatchCheckTestSupport
import Foundation
import Testing

@Suite("corpus check --workers: the same output on any number of cores")
struct CorpusCheckWorkersTests {
  @Test(
    "human, JSON and JUnit output, --first-failure and exit status: --workers 1 and 3 agree byte for byte",
    arguments: ["heckel", "lcs-2013"])
  func sameOutput(generator: String) async throws {
    let corpus = GeneratedCorpusFilesTests.packageRoot.appendingPathComponent("Corpus")
    let files = ["uikit-rules.jsonl", "contracts.jsonl", "generated/one-section.jsonl"].map {
      corpus.appendingPathComponent($0).path
    }.filter { FileManager.default.fileExists(atPath: $0) }
    #expect(files.count == 3)
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    for extra in [["--format", "json"], [], ["--first-failure"]] {
      var outputs: [String] = []
      for workers in ["1", "3"] {
        let junit = folder.path("junit-\(workers).xml")
        let run = await runCommand(
          ["corpus", "check"] + files + ["--generator", generator, "--workers", workers]
            + extra + ["--junit", junit])
        outputs.append(
          "\(run.status)\n\(run.standardOutput)\n\(run.standardError)\n"
            + ((try? String(contentsOfFile: junit, encoding: .utf8)) ?? "no junit"))
      }
      #expect(outputs[0] == outputs[1], "\(generator) \(extra)")
      #expect(outputs[0].count > 500)
    }
  }
}
