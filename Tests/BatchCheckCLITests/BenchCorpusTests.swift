import BatchCheckTestSupport
import Foundation
import Testing

@testable import BatchCheckCLI

/// `batchcheck bench`'s corpus part: what it prints, that the outputs of 1
/// and N workers are compared, and the parse-only baseline; never how fast.
@Suite("bench command, corpus part")
struct BenchCorpusTests {
  @Test(
    "a small corpus: each run's time, cases/s and peak memory, the outputs compared, the ratios")
  func smallCorpus() async throws {
    let executable = try #require(
      EndToEndTests.executable?.path,
      "no built batchcheck beside the test bundle or in .build*/debug")
    var bench = BenchCommand()
    bench.corpusCases = 2000
    let (text, passed) = await bench.corpusBench(executable: executable)
    #expect(passed, "\(text)")
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.count == 7, "\(text)")
    #expect(
      lines.first?.hasPrefix(
        "corpus: 2416 cases (416 exhaustive pairs, then 2000 random cases up to 300 rows), ")
        == true)
    #expect(lines.first?.hasSuffix(" MB; each run a child process, timed once") == true)
    func timed(_ label: String) -> String? {
      lines.first { $0.hasPrefix("  \(label): ") && $0.contains(" s, ") }
    }
    let workers = max(2, ProcessInfo.processInfo.activeProcessorCount)
    for label in [
      "batchcheck, parse only (bench --parse-only)", "corpus check --generator heckel, 1 worker",
      "corpus check --generator heckel, \(workers) workers",
    ] {
      let line = try #require(timed(label), "\(label) in \(text)")
      #expect(line.contains(" cases/s, peak memory "), "\(line)")
      #expect(!line.contains("ended with"), "\(line)")
    }
    #expect(
      timed("corpus check --generator heckel, \(workers) workers")?.hasSuffix("x one worker)")
        == true)
    if BenchCommand.pathExecutable("python3") != nil {
      #expect(timed("python3 json.loads, parse only")?.hasSuffix(" MiB") == true, "\(text)")
    } else {
      #expect(lines.contains("  python3 json.loads, parse only: unavailable (no python3 on PATH)"))
    }
    let identity = try #require(lines.first { $0.hasPrefix("  \(workers) workers' output: ") })
    #expect(identity.hasPrefix("  \(workers) workers' output: byte-identical to 1 worker's ("))
    #expect(!identity.contains("(0 bytes)"), "\(identity)")
    let ratio = try #require(lines.last)
    #expect(
      ratio.hasPrefix("  ratio, corpus check at \(workers) workers over parsing alone: python3 "))
    #expect(ratio.contains(", batchcheck ") && ratio.hasSuffix("x"), "\(ratio)")
    // The temporary corpus is gone.
    let left = try FileManager.default.contentsOfDirectory(
      atPath: FileManager.default.temporaryDirectory.path)
    #expect(!left.contains { $0.hasPrefix("batchcheck-bench-\(getpid())-") })
  }

  @Test("outputs that differ fail the part, naming the byte and the line")
  func differentOutputs() {
    let one = Array("a\nb\nc\n".utf8)
    let (same, equal) = BenchCommand.identity(one: one, many: one, workers: 2)
    #expect(equal)
    #expect(same == "  2 workers' output: byte-identical to 1 worker's (6 bytes)\n")
    let (differs, failed) = BenchCommand.identity(
      one: one, many: Array("a\nb\nd\ne\n".utf8), workers: 4)
    #expect(!failed)
    #expect(
      differs
        == "  FAILED: 4 workers' output differs from 1 worker's at byte 4 (line 3); 6 bytes with 1 worker, 8 with 4\n"
    )
  }

  @Test("no executable or no cases: the part is skipped, and says so")
  func skipped() async {
    var bench = BenchCommand()
    bench.corpusCases = 10
    let (text, passed) = await bench.corpusBench(executable: nil)
    #expect(passed)
    #expect(text == "corpus: skipped: bench was not started from the batchcheck executable\n")
    bench.corpusCases = 0
    #expect(await bench.corpusBench(executable: "/nonexistent/batchcheck").text.isEmpty)
  }

  @Test("--parse-only reads every case and judges none; an unreadable line exits 65")
  func parseOnly() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let good = try files.write("good.jsonl", [Lines.agrees, "", Lines.disagrees])
    let run = await runCommand(["bench", "--parse-only", good])
    #expect(run.status == 0)
    // The disagreeing case is read, not judged: no failure.
    #expect(run.standardOutput == "read 2 cases from \(good), judged none; 0 unreadable\n")
    let bad = try files.write("bad.jsonl", [Lines.agrees, "{not json"])
    let unreadable = await runCommand(["bench", "--parse-only", bad])
    #expect(unreadable.status == 65)
    #expect(unreadable.standardOutput == "read 1 case from \(bad), judged none; 1 unreadable\n")
    let missing = await runCommand(["bench", "--parse-only", files.path("missing.jsonl")])
    #expect(missing.status != 0)
    #expect(missing.standardError.contains("missing.jsonl"))
  }
}
