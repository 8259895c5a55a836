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
    bench.repeats = 2
    let (text, passed) = await bench.corpusBench(executable: executable)
    #expect(passed, "\(text)")
    let lines = text.split(separator: "\n").map(String.init)
    let python = BenchCommand.pathExecutable("python3") != nil
    // With Python, a last line gives the ratio of each round.
    #expect(lines.count == (python ? 8 : 7), "\(text)")
    #expect(
      lines.first?.hasPrefix(
        "corpus: 2416 cases (416 exhaustive pairs, then 2000 random cases up to 300 rows), ")
        == true)
    #expect(
      lines.first?.hasSuffix(
        " MB; each run a child process, the fastest of 2 rounds that run them one after the other")
        == true)
    func timed(_ label: String) -> String? {
      lines.first {
        $0.hasPrefix("  \(label): ") && $0.contains(" s, ") && $0.contains("; slowest of 2 runs ")
      }
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
    if python {
      #expect(timed("python3 json.loads, parse only")?.hasSuffix(" s") == true, "\(text)")
    } else {
      #expect(lines.contains("  python3 json.loads, parse only: unavailable (no python3 on PATH)"))
    }
    let identity = try #require(lines.first { $0.hasPrefix("  \(workers) workers' output: ") })
    #expect(identity.hasPrefix("  \(workers) workers' output: byte-identical to 1 worker's ("))
    #expect(!identity.contains("(0 bytes)"), "\(identity)")
    let ratio = try #require(lines.first { $0.hasPrefix("  ratio, ") })
    #expect(
      ratio.hasPrefix("  ratio, corpus check at \(workers) workers over parsing alone: python3 "))
    #expect(ratio.contains(", batchcheck ") && ratio.hasSuffix("x"), "\(ratio)")
    if python {
      let rounds = try #require(lines.last)
      let prefix = "  round by round, corpus check at \(workers) workers over python3's parse: "
      #expect(rounds.hasPrefix(prefix), "\(rounds)")
      #expect(rounds.dropFirst(prefix.count).split(separator: ", ").count == 2, "\(rounds)")
    }
    // The temporary corpus is gone.
    let left = try FileManager.default.contentsOfDirectory(
      atPath: FileManager.default.temporaryDirectory.path)
    #expect(!left.contains { $0.hasPrefix("batchcheck-bench-\(getpid())-") })
  }

  @Test(
    "a child that ends badly is shown by that run, not its fastest, and fails; one that cannot start says why"
  )
  func childRounds() throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    // Status 0, then 2, then 0: the line shows the run that ended with 2.
    let counter = files.path("count")
    let script =
      "n=$(cat \(counter) 2>/dev/null || echo 0); echo $((n+1)) > \(counter); [ $n -eq 1 ] && exit 2; exit 0"
    var child = CorpusChild("flaky", "/bin/sh", ["-c", script], "flaky")
    for _ in 0..<3 { child.run(folder: files.directory.path, timeout: 30) }
    #expect(child.latest?.exitCode == 0)
    #expect(!child.endedWell)
    let line = child.describe(cases: 10)
    #expect(line.contains("(ended with status 2)"), "\(line)")
    #expect(line.contains("; slowest of 3 runs "), "\(line)")
    // Status 1 (a check's findings) ends well.
    var findings = CorpusChild("findings", "/bin/sh", ["-c", "exit 1"], "findings")
    findings.run(folder: files.directory.path, timeout: 30)
    #expect(findings.endedWell)
    #expect(!findings.describe(cases: 10).contains("slowest"))
    var missing = CorpusChild("missing", files.path("none"), [], "missing")
    missing.run(folder: files.directory.path, timeout: 30)
    missing.run(folder: files.directory.path, timeout: 30)
    #expect(!missing.endedWell)
    #expect(
      missing.describe(cases: 10).hasPrefix("unavailable ("), "\(missing.describe(cases: 10))")
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
