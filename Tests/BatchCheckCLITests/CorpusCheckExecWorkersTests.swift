import BatchCheckTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("corpus check --exec --workers: a process per worker, the output of one")
struct CorpusCheckExecWorkersTests {
  /// A generator in shell that writes its process id to `pids` as it
  /// starts, then answers each case by marker: a row `crash` exits with
  /// status 3 (the message is the same whenever its end is seen),
  /// `garbage` answers a line that is not JSON, `half` dies in
  /// the middle of its answer, `hang` never answers; any other case gets
  /// its one section deleted and inserted again (valid for one section a
  /// side, an exception for more).
  static func generator(pids: String) -> String {
    """
    echo $$ >> '\(pids)'
    while IFS= read -r l; do
      case "$l" in
        *'"crash"'*) exit 3;;
        *'"garbage"'*) echo 'not json';;
        *'"half"'*) printf '{"deleteSect'; exit 0;;
        *'"hang"'*) sleep 100;;
        *) echo '{"deleteSections":[0],"insertSections":[0]}';;
      esac
    done
    """
  }

  /// `count` one-section cases named `c1`..., and at each line of
  /// `markers` (from 1) a case whose new rows hold that marker row.
  static func corpus(count: Int, markers: [Int: String] = [:], sectioned: Set<Int> = [])
    -> [String]
  {
    (1...count).map { line in
      if sectioned.contains(line) {
        return #"{"name":"c\#(line)","old":[["a"],["b"]],"new":[["b"],["a"]]}"#
      }
      let marker = markers[line].map { #","\#($0)""# } ?? ""
      return #"{"name":"c\#(line)","old":[["a","b"]],"new":[["b","a"\#(marker)]]}"#
    }
  }

  /// One run of `corpus check` per worker count, with `extra`: its exit
  /// status, stdout, stderr and JUnit XML as one text, and the distinct
  /// process ids its generators wrote.
  static func runs(
    _ corpus: String, in folder: TemporaryDirectory, extra: [String], workers: [Int] = [1, 3]
  ) async -> [(output: String, pids: Set<String>)] {
    var results: [(output: String, pids: Set<String>)] = []
    for count in workers {
      let pids = folder.path("pids-\(count)")
      let junit = folder.path("junit-\(count).xml")
      try? FileManager.default.removeItem(atPath: pids)
      let run = await runCommand(
        ["corpus", "check", corpus, "--exec", generator(pids: pids), "--workers", "\(count)"]
          + extra + ["--junit", junit])
      let written = (try? String(contentsOfFile: pids, encoding: .utf8)) ?? ""
      results.append(
        (
          "\(run.status)\n\(run.standardOutput)\n\(run.standardError)\n"
            + ((try? String(contentsOfFile: junit, encoding: .utf8)) ?? "no junit"),
          Set(written.split(separator: "\n").map(String.init))
        ))
    }
    return results
  }

  @Test("a well-behaved command: the same output at 1 and 3 workers, from 3 worker processes")
  func wellBehaved() async throws {
    let folder = try TemporaryDirectory(prefix: "batchcheck-exec-workers")
    defer { folder.remove() }
    let corpus = try folder.write("cases.jsonl", Self.corpus(count: 30, sectioned: [4, 17]))
    for extra in [[], ["--format", "json"]] {
      let results = await Self.runs(corpus, in: folder, extra: extra)
      #expect(results[0].output == results[1].output, "\(extra)")
      #expect(results[0].output.hasPrefix("1\n"))
      // Both two-section cases disagree, and are shrunk.
      #expect(results[0].output.contains("c17"))
      // One process per worker, and the run's own, which shrinks.
      #expect(results[0].pids.count == 2, "\(results[0].pids)")
      #expect(results[1].pids.count == 4, "\(results[1].pids)")
      // Every process was reaped: none is left, not even as a zombie.
      for pid in results.flatMap(\.pids).compactMap({ pid_t($0) }) {
        #expect(kill(pid, 0) == -1 && errno == ESRCH, "process \(pid) is left")
      }
    }
  }

  @Test(
    "crashes, garbage, a half answer: the same report at 1 and 3 workers; --max-crashes skips the same cases"
  )
  func misbehaving() async throws {
    let folder = try TemporaryDirectory(prefix: "batchcheck-exec-workers")
    defer { folder.remove() }
    let markers = [7: "crash", 12: "garbage", 23: "crash", 30: "half"]
    let corpus = try folder.write("cases.jsonl", Self.corpus(count: 40, markers: markers))
    for extra in [["--max-crashes", "10", "--format", "json"]] {
      let results = await Self.runs(corpus, in: folder, extra: extra)
      #expect(results[0].output == results[1].output, "\(extra)")
      for marker in ["crashed", "malformedOutput"] {
        #expect(results[0].output.contains(marker), "\(marker) \(extra)")
      }
      #expect(!results[0].output.contains("not run"))
    }
    // The limit is reached at the second failing case in file order; every
    // case after it is not run, at any number of workers.
    let second = try #require(markers.keys.sorted().dropFirst().first)
    let json = await Self.runs(
      corpus, in: folder, extra: ["--max-crashes", "2", "--format", "json"])
    #expect(json[0].output == json[1].output)
    let notRun = json[0].output.components(separatedBy: #""notRun":true"#).count - 1
    #expect(notRun == 40 - second)
    #expect(json[0].output.contains(#""name":"c\#(second + 1)","notRun":true"#))
    #expect(json[0].output.hasPrefix("1\n"))
    let human = await Self.runs(corpus, in: folder, extra: ["--max-crashes", "2"])
    #expect(human[0].output == human[1].output)
    #expect(human[0].output.contains("INCOMPLETE: \(40 - second) cases not run"))
    #expect(human[0].output.contains("failures=\"\(40 - second + 2)\""))
    // The cases not run are not recorded, and the note says so.
    let expectations = folder.path("expectations.jsonl")
    let recorded = await Self.runs(
      corpus, in: folder, extra: ["--max-crashes", "2", "--write-expectations", expectations])
    #expect(recorded[0].output == recorded[1].output)
    let lines = try String(contentsOfFile: expectations, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 2)
    #expect(
      recorded[0].output.contains(
        "(every other case is expected valid; \(40 - second) cases not run)"))
  }

  @Test("each worker keeps --pipeline cases in flight: a command that answers two cases at a time")
  func pipelined() async throws {
    let folder = try TemporaryDirectory(prefix: "batchcheck-exec-workers")
    defer { folder.remove() }
    // Every worker's chunk holds an even number of cases (2 at 3 workers).
    let corpus = try folder.write("cases.jsonl", Self.corpus(count: 6))
    // It answers nothing until it has read two cases: one case at a time would time out.
    let pairs =
      #"while IFS= read -r a && IFS= read -r b; do for c in 1 2; do echo '{"deleteSections":[0],"insertSections":[0]}'; done; done"#
    for workers in ["1", "3"] {
      let run = await runCommand(
        [
          "corpus", "check", corpus, "--exec", pairs, "--workers", workers, "--pipeline", "2",
          "--timeout", "2",
        ])
      #expect(run.status == 0, "\(workers): \(run.standardOutput)")
      #expect(run.standardOutput.hasSuffix("6 passed, 0 failed\n"), "\(workers)")
    }
  }

  @Test("a case that hangs: timed out and shrunk, the same report at 1 and 3 workers")
  func hang() async throws {
    let folder = try TemporaryDirectory(prefix: "batchcheck-exec-workers")
    defer { folder.remove() }
    let corpus = try folder.write("cases.jsonl", Self.corpus(count: 9, markers: [5: "hang"]))
    let hang = await Self.runs(corpus, in: folder, extra: ["--timeout", "0.2"])
    #expect(hang[0].output == hang[1].output)
    #expect(hang[0].output.contains("c5: generatorError timedOut, expected valid"))
    #expect(hang[0].output.contains("8 passed, 1 failed"))
  }

  @Test(
    "a command that exits at once, one that never reads: the run ends, the same at 1 and 3 workers")
  func deadProcesses() async throws {
    let folder = try TemporaryDirectory(prefix: "batchcheck-exec-workers")
    defer { folder.remove() }
    let corpus = try folder.write("cases.jsonl", Self.corpus(count: 9))
    for command in ["exit 0", "sleep 100"] {
      var outputs: [String] = []
      for workers in ["1", "3"] {
        let run = await runCommand(
          [
            "corpus", "check", corpus, "--exec", command, "--workers", workers, "--timeout", "0.1",
            "--max-crashes", "1",
          ])
        outputs.append("\(run.status)\n\(run.standardOutput)")
      }
      #expect(outputs[0] == outputs[1], "\(command)")
      #expect(outputs[0].hasPrefix("1\n"))
      #expect(outputs[0].contains("0 passed, 9 failed (8 not run)"), "\(command)")
    }
  }
}
