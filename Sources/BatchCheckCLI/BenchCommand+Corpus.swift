import BatchCheck
import BatchCheckCorpus
import BatchCheckExec
import Foundation

// The corpus part of `batchcheck bench`: a generated corpus checked by
// `corpus check` at 1 and at N workers, next to parsing it alone, each run a
// child process timed from the outside.
extension BenchCommand {
  /// The largest random case of the corpus part's corpus, in rows.
  static let corpusMaxSize = 300

  /// The Python baseline: parses every non-blank line with the C `json`
  /// module and prints how many it parsed.
  static let pythonParseScript = """
    import json, sys
    count = 0
    for line in open(sys.argv[1], 'rb'):
        if line.strip():
            json.loads(line)
            count += 1
    print(count)
    """

  /// Generates the corpus of `--corpus-cases` random cases (as `corpus
  /// generate --max-size 300` does) in a temporary folder, then runs, each
  /// as a child of `executable`: Python's C `json` parse of it (when
  /// `python3` is on `PATH`), BatchCheck's own parse (`bench --parse-only`),
  /// and `corpus check --generator heckel` at 1 worker and at one per core
  /// (at least 2). Prints each run's wall time, cases per second and peak
  /// memory, the speedup of N workers over 1, whether their outputs are the
  /// same bytes, and the ratio of the N-worker check to each parse alone.
  ///
  ///     // corpus: 300416 cases (416 exhaustive pairs, then 300000 random cases up to 300 rows), 110.2 MB; ...
  ///     //   python3 json.loads, parse only: 1.700 s, 176715 cases/s, peak memory 10 MiB
  ///     //   ...
  ///     //   ratio, corpus check at 2 workers over parsing alone: python3 2.412x, batchcheck 4.556x
  ///
  /// - Returns: the text, and false when the outputs differ or a check run
  ///   ended other than with status 0 or 1 (the part failed).
  func corpusBench(executable: String?) async -> (text: String, passed: Bool) {
    guard corpusCases > 0 else { return ("", true) }
    guard let executable else {
      return ("corpus: skipped: bench was not started from the batchcheck executable\n", true)
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "batchcheck-bench-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    ).path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      return ("corpus: skipped: cannot make a temporary folder: \(error)\n", false)
    }
    var generate = CorpusGenerateCommand()
    generate.out = folder + "/corpus.jsonl"
    generate.count = corpusCases
    generate.maxSize = Self.corpusMaxSize
    var discarded = CapturedOutput()
    do {
      _ = try await generate.run(output: &discarded)
    } catch {
      return ("corpus: skipped: \(error.message)\n", false)
    }
    return corpusRuns(executable: executable, folder: folder, corpus: generate.corpus)
  }

  /// The timed runs of `corpusBench` on the corpus written in `folder`.
  func corpusRuns(executable: String, folder: String, corpus: GeneratedCorpus) -> (
    text: String, passed: Bool
  ) {
    let path = folder + "/corpus.jsonl"
    let total = corpus.exhaustiveCount + corpus.count
    let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    var text =
      "corpus: \(total) cases (\(corpus.exhaustiveCount) exhaustive pairs, then \(corpus.count) random"
      + " cases up to \(corpus.maxSize) rows), \(String(format: "%.1f", Double(bytes) / 1e6)) MB;"
      + " each run a child process, timed once\n"
    func measured(_ label: String, _ program: String, _ arguments: [String], _ name: String)
      -> MeasuredProcess?
    {
      do throws(MeasuredProcessError) {
        let run = try MeasuredProcess.run(
          program, arguments: arguments, standardOutput: "\(folder)/\(name).out",
          standardError: "\(folder)/\(name).err", timeout: Self.childLimit(cases: total))
        text += "  \(label): " + Self.describe(run, cases: total) + "\n"
        return run
      } catch {
        text += "  \(label): unavailable (\(error.message))\n"
        return nil
      }
    }
    var python: MeasuredProcess?
    if let python3 = Self.pathExecutable("python3") {
      python = measured(
        "python3 json.loads, parse only", python3, ["-c", Self.pythonParseScript, path], "python")
    } else {
      text += "  python3 json.loads, parse only: unavailable (no python3 on PATH)\n"
    }
    let parse = measured(
      "batchcheck, parse only (bench --parse-only)", executable,
      ["bench", "--parse-only", path], "parse")
    let workers = min(256, max(2, ProcessInfo.processInfo.activeProcessorCount))
    let check = ["corpus", "check", path, "--generator", "heckel", "--workers"]
    let one = measured("corpus check --generator heckel, 1 worker", executable, check + ["1"], "1")
    let many = measured(
      "corpus check --generator heckel, \(workers) workers", executable,
      check + [String(workers)], "n")
    if let one, let many {
      text.removeLast()
      text += " (\(Self.format(one.seconds / max(many.seconds, 1e-9)))x one worker)\n"
    }
    let read = { (name: String) in
      (try? Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(name).out"))).map { [UInt8]($0) }
        ?? []
    }
    var same = false
    if one == nil || many == nil {
      text += "  FAILED: the outputs were not compared: a check run did not start\n"
    } else {
      let identity: String
      (identity, same) = Self.identity(one: read("1"), many: read("n"), workers: workers)
      text += identity
    }
    text += Self.ratios(check: many, workers: workers, python: python, parse: parse)
    let ended = [one, many].allSatisfy { $0?.exitCode == 0 || $0?.exitCode == 1 }
    return (text, same && ended)
  }

  /// How long a child of the corpus part may run before it is killed, in
  /// seconds: 120, and 1 more per 1,000 cases.
  static func childLimit(cases: Int) -> Double { 120 + Double(cases) / 1_000 }

  /// A run's time, cases per second and peak memory; how it ended unless
  /// with status 0.
  static func describe(_ run: MeasuredProcess, cases: Int) -> String {
    var text =
      "\(format(run.seconds)) s, \(Int(Double(cases) / max(run.seconds, 1e-9))) cases/s,"
      + " peak memory \(run.peakKilobytes / 1024) MiB"
    if run.exitCode != 0 { text += " (ended with \(run.ending))" }
    return text
  }

  /// Whether the N-worker output is the 1-worker output, byte for byte: the
  /// line to print, and whether it is.
  static func identity(one: [UInt8], many: [UInt8], workers: Int) -> (String, Bool) {
    guard one != many else {
      return (
        "  \(workers) workers' output: byte-identical to 1 worker's (\(counted(one.count, "byte")))\n",
        true
      )
    }
    let at = zip(one, many).prefix { $0 == $1 }.count
    let line = one[..<at].reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    return (
      "  FAILED: \(workers) workers' output differs from 1 worker's at byte \(at) (line \(line));"
        + " \(counted(one.count, "byte")) with 1 worker, \(many.count) with \(workers)\n",
      false
    )
  }

  /// The N-worker check's time over each parse alone, or why there is none.
  static func ratios(
    check: MeasuredProcess?, workers: Int, python: MeasuredProcess?, parse: MeasuredProcess?
  ) -> String {
    func ratio(_ baseline: MeasuredProcess?, _ name: String) -> String {
      guard let check, check.exitCode == 0 || check.exitCode == 1 else {
        return "\(name) unavailable (no check run)"
      }
      guard let baseline, baseline.exitCode == 0 else { return "\(name) unavailable" }
      return "\(name) \(format(check.seconds / max(baseline.seconds, 1e-9)))x"
    }
    return
      "  ratio, corpus check at \(workers) workers over parsing alone: \(ratio(python, "python3")),"
      + " \(ratio(parse, "batchcheck"))\n"
  }

  /// The first executable file named `name` in a folder of `PATH`.
  static func pathExecutable(_ name: String) -> String? {
    let folders = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":") ?? []
    return folders.map { "\($0)/\(name)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// `bench --parse-only <file>`: reads every line of `file` with the case
  /// reader, judging none, and prints how many it read: the corpus part's
  /// own parse-only baseline.
  func parseOnly(_ file: String, output: inout some OutputSink) throws(CommandError) -> ExitCode {
    var read = 0
    var unreadable = 0
    do throws(CaseFileError) {
      try CaseFile.forEachLine(atPath: file) { line in
        if case .failure = line.value { unreadable += 1 } else { read += 1 }
        return true
      }
    } catch {
      throw .unreadableFile(error)
    }
    output.writeOutput(
      "read \(counted(read, "case")) from \(file), judged none; \(unreadable) unreadable\n")
    return unreadable == 0 ? .success : .dataError
  }
}
