import BatchCheck
import BatchCheckCorpus
import BatchCheckExec
import Foundation

// The corpus part of `batchcheck bench`: a generated corpus checked by
// `corpus check` at 1 and at N workers, next to parsing it alone, each run a
// child process timed from the outside, in rounds.
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
  /// (at least 2), in `repeats` rounds (`corpusRuns`). Prints each child's
  /// fastest wall time, cases per second, largest peak memory and slowest
  /// time, the speedup of N workers over 1, whether their outputs are the
  /// same bytes in every round, the ratio of the N-worker check to each
  /// parse alone, and that ratio to Python's parse round by round.
  ///
  ///     // corpus: 300416 cases (416 exhaustive pairs, then 300000 random cases up to 300 rows), 110.2 MB; ...
  ///     //   python3 json.loads, parse only: 3.300 s, 91035 cases/s, peak memory 13 MiB; slowest of 5 runs 3.500 s
  ///     //   ...
  ///     //   ratio, corpus check at 2 workers over parsing alone: python3 0.850x, batchcheck 3.012x
  ///     //   round by round, corpus check at 2 workers over python3's parse: 0.861x, 0.902x, ...
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

  /// The timed runs of `corpusBench` on the corpus written in `folder`:
  /// `repeats` rounds, each running the four children one after the other
  /// (side by side, so that a change of load falls on all of them), each
  /// child reported by its fastest run.
  func corpusRuns(executable: String, folder: String, corpus: GeneratedCorpus) -> (
    text: String, passed: Bool
  ) {
    let path = folder + "/corpus.jsonl"
    let total = corpus.exhaustiveCount + corpus.count
    let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    let rounds = max(1, repeats)
    var text =
      "corpus: \(total) cases (\(corpus.exhaustiveCount) exhaustive pairs, then \(corpus.count) random"
      + " cases up to \(corpus.maxSize) rows), \(String(format: "%.1f", Double(bytes) / 1e6)) MB;"
      + " each run a child process, "
      + (rounds == 1
        ? "timed once\n" : "the fastest of \(rounds) rounds that run them one after the other\n")
    let workers = min(256, max(2, ProcessInfo.processInfo.activeProcessorCount))
    let check = ["corpus", "check", path, "--generator", "heckel", "--workers"]
    var children = [
      CorpusChild(
        "batchcheck, parse only (bench --parse-only)", executable, ["bench", "--parse-only", path],
        "parse"),
      CorpusChild("corpus check --generator heckel, 1 worker", executable, check + ["1"], "1"),
      CorpusChild(
        "corpus check --generator heckel, \(workers) workers", executable,
        check + [String(workers)], "n"),
    ]
    let python3 = Self.pathExecutable("python3")
    if let python3 {
      children.insert(
        CorpusChild(
          "python3 json.loads, parse only", python3, ["-c", Self.pythonParseScript, path],
          "python"), at: 0)
    }
    // The last three children, after Python's parse when there is one.
    let (parse, one, many) = (children.count - 3, children.count - 2, children.count - 1)
    var comparison = CorpusComparison(workers: workers)
    for _ in 0..<rounds {
      for index in children.indices {
        children[index].run(folder: folder, timeout: Self.childLimit(cases: total))
      }
      comparison.add(
        one: children[one], many: children[many], folder: folder,
        python: python3 == nil ? nil : children[0].latest)
    }
    if python3 == nil {
      text += "  python3 json.loads, parse only: unavailable (no python3 on PATH)\n"
    }
    for child in children { text += "  \(child.label): " + child.describe(cases: total) + "\n" }
    if let oneBest = children[one].best, let manyBest = children[many].best {
      text.removeLast()
      text += " (\(Self.format(oneBest.seconds / max(manyBest.seconds, 1e-9)))x one worker)\n"
    }
    text += comparison.identity
    text += Self.ratios(
      check: children[many].best, workers: workers,
      python: python3 == nil ? nil : children[0].best, parse: children[parse].best)
    text += comparison.roundRatios
    let ended = children.suffix(2).allSatisfy { $0.endedWell }
    return (text, comparison.same && ended)
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

/// One child of the corpus part over its rounds: its fastest run, its
/// slowest time, its largest peak memory, and the first run that did not
/// end with status 0 (or why it could not start), which is shown instead.
struct CorpusChild {
  let label: String
  let program: String
  let arguments: [String]
  /// The name of its output files in the folder: `NAME.out`, `NAME.err`.
  let name: String
  /// The fastest run so far, with the largest peak of all.
  private(set) var best: MeasuredProcess?
  /// The latest run, nil when it could not start.
  private(set) var latest: MeasuredProcess?
  /// The slowest run's time, and how many runs there were.
  private var slowest = 0.0
  private var runs = 0
  /// A run that did not end with status 0, or why a run could not start.
  private var trouble: (run: MeasuredProcess?, message: String?)?

  init(_ label: String, _ program: String, _ arguments: [String], _ name: String) {
    (self.label, self.program, self.arguments, self.name) = (label, program, arguments, name)
  }

  /// Runs the child once more (unless it could not start before).
  mutating func run(folder: String, timeout: Double) {
    latest = nil
    if let trouble, trouble.run == nil { return }
    do throws(MeasuredProcessError) {
      let run = try MeasuredProcess.run(
        program, arguments: arguments, standardOutput: "\(folder)/\(name).out",
        standardError: "\(folder)/\(name).err", timeout: timeout)
      latest = run
      runs += 1
      slowest = max(slowest, run.seconds)
      if run.exitCode != 0, trouble == nil { trouble = (run, nil) }
      var fastest = best.map { $0.seconds <= run.seconds ? $0 : run } ?? run
      fastest.peakKilobytes = max(best?.peakKilobytes ?? 0, run.peakKilobytes)
      best = fastest
    } catch {
      trouble = (nil, error.message)
    }
  }

  /// Whether every run ended with status 0 or 1 (a check's findings).
  var endedWell: Bool {
    guard best != nil else { return false }
    guard let trouble else { return true }
    return trouble.run?.exitCode == 1
  }

  /// The line's text after the label: the fastest run (or the troubled
  /// one), the slowest time when there were several runs.
  func describe(cases: Int) -> String {
    guard let best else { return "unavailable (\(trouble?.message ?? "not run"))" }
    var shown = trouble?.run ?? best
    shown.peakKilobytes = best.peakKilobytes
    var text = BenchCommand.describe(shown, cases: cases)
    if runs > 1 { text += "; slowest of \(runs) runs \(BenchCommand.format(slowest)) s" }
    return text
  }
}

/// The corpus part's comparisons, round by round: whether the N-worker
/// output was the 1-worker output each time, and the N-worker check's time
/// over Python's parse in the same round.
struct CorpusComparison {
  let workers: Int
  /// The identity line: the first round's that differed, else the last's.
  private(set) var identity = ""
  private(set) var same = true
  private var ratios: [Double] = []

  init(workers: Int) { self.workers = workers }

  /// Adds one round: the checks at 1 and N workers, and Python's parse.
  mutating func add(
    one: CorpusChild, many: CorpusChild, folder: String, python: MeasuredProcess?
  ) {
    guard same else { return }
    guard one.latest != nil, let manyRun = many.latest else {
      identity = "  FAILED: the outputs were not compared: a check run did not start\n"
      same = false
      return
    }
    let read = { (name: String) in
      (try? Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(name).out"))).map { [UInt8]($0) }
        ?? []
    }
    (identity, same) = BenchCommand.identity(
      one: read(one.name), many: read(many.name), workers: workers)
    if let python, python.exitCode == 0, manyRun.exitCode == 0 || manyRun.exitCode == 1 {
      ratios.append(manyRun.seconds / max(python.seconds, 1e-9))
    }
  }

  /// With several rounds, the N-worker check over Python's parse in each
  /// round, in order; empty otherwise.
  var roundRatios: String {
    guard ratios.count > 1 else { return "" }
    return "  round by round, corpus check at \(workers) workers over python3's parse: "
      + ratios.map { BenchCommand.format($0) + "x" }.joined(separator: ", ") + "\n"
  }
}
