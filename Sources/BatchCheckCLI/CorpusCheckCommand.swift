import BatchCheck
import BatchCheckCorpus
import BatchCheckExec
import Dispatch
import Foundation

/// `batchcheck corpus check`: runs one generator on every case of corpus
/// files, judges its changes, compares each outcome with the expected one,
/// and shrinks what disagrees.
///
///     batchcheck corpus check Corpus/generated/*.jsonl --generator lcs-2013 \
///       --expect Corpus/expectations/lcs-2013.jsonl
///     // Corpus/generated/one-section.jsonl: 2416 cases, 2416 passed, 0 failed (... as expected)
///     // 3416 passed, 0 failed
///
/// Exit status: 0 every case agrees; 1 one does not; 65 a line or file that
/// cannot be read (the other cases still run); 64 a usage error; 74 a file
/// that cannot be written.
struct CorpusCheckCommand: FilesCommand {
  static let name = "check"
  /// The words after `batchcheck` that name this command in errors.
  static let path = "corpus check"
  static let abstract =
    "Run a generator on every case of corpus files; compare with the expectations."
  static let usage = """
    OVERVIEW: Run one generator on every case of corpus files (each case's old and
    new; an update, stages or steps in the file are ignored), judge its changes
    with the simulated table, and compare each outcome with the expected one:
    the --expect file's, else the case's own "expect", else valid. Each case that
    disagrees is shrunk to a smallest pair that fails the same way. Every case
    runs; --first-failure stops at the first case that disagrees.

    USAGE: batchcheck corpus check <file>... (--generator <name> | --exec <command>) [<options>]

    ARGUMENTS:
      <file>              Case files (JSON Lines, Corpus/README.md); any readable
                          stream (a FIFO, <(command)); - reads standard input.

    OPTIONS:
    \(optionsHelp)

    Each case's own "semantics" and "duplicates" apply when it sets them, and its
    "identityOnly": true adds identity-only mode. A case line cannot hold a waste
    limit: --max-move-ratio and --no-unneeded-deletes hold every case of the run,
    and a valid update that breaches one disagrees with any expectation but a
    "waste" line of the --expect file.

    EXIT STATUS:
      0 every case agrees with its expectation; 1 one does not; 65 a line or file
      could not be read; 64 a usage error; 74 a file could not be written.

    """

  /// How many disagreements the human format lists; the first of each kind
  /// among them is shown in full.
  static let detailed = 10

  var files: [String] = []
  var shared = GeneratorOptions()
  var expectPath: String?
  var writeExpectationsPath: String?
  var shard: Shard?
  var format = OutputFormat.human
  var junit: String?
  var html: String?
  var failures = FailureOptions()
  var waste = WasteOptions()
  /// How many cores run the cases; with --exec, each talks to a generator
  /// process of its own.
  var workers = ProcessInfo.processInfo.activeProcessorCount

  static var options: [CommandOption<Self>] {
    GeneratorOptions.options.map { $0.lifted(\.shared) } + [
      .path(
        "--expect", \.expectPath,
        help:
          "The expected failures of this generator (an expectations file, Corpus/README.md); every case"
          + " not listed is expected to be valid, and the cases' own \"expect\" are not used."),
      .path(
        "--write-expectations", \.writeExpectationsPath,
        help:
          "Write this run's failures as an expectations file (atomically), instead of comparing; not with"
          + " --expect."),
    ] + FailureOptions.options.map { $0.lifted(\.failures) }
      + WasteOptions.options.map { $0.lifted(\.waste) } + [
        .shard(
          \.shard,
          help:
            "Run shard i of n: case k (counting over all files, from 0) runs on shard k % n + 1."),
        .number(
          "--workers", \.workers, in: 1...256,
          help:
            "Run the cases on this many cores (with --exec, each with a process of its own, as many as"
            + " the open-file limit has room for); the output is the same for any number",
          default: "all"),
        .format(\.format, json: "one object per case."),
        .path("--junit", \.junit, help: "Also write JUnit XML: one test case per corpus case."),
        .path(
          "--html", \.html,
          help:
            "Also write an HTML report: one row per disagreeing case, linking to a picture of its smallest"
            + " failure."),
      ]
  }

  func validate() throws(CommandError) {
    if files.isEmpty { throw .missingArgument("<file>", command: Self.path) }
    try shared.validate(command: Self.path)
    try failures.validate(command: Self.path)
    // Comparing with expectations and recording new ones exclude each other.
    if expectPath != nil, writeExpectationsPath != nil {
      throw .conflictingOptions(
        "Give --expect or --write-expectations, not both", command: Self.path)
    }
  }

  func run(output: inout some OutputSink) async throws(CommandError) -> ExitCode {
    for output in [junit, writeExpectationsPath] {
      try checkOutput(output, inputs: files + [expectPath])
    }
    guard let (generator, external) = shared.makeGenerator() else { return .usage }
    var externals = external.map { [$0] } ?? []
    defer { Self.close(externals) }
    var expectations: CorpusExpectations?
    if let expectPath {
      expectations = try readFile(expectPath) { bytes throws(CaseDataError) in
        try CorpusExpectations(bytes, file: expectPath)
      }
    }
    var run = CorpusRun(
      fileNames: CorpusExpectations.Key.fileNames(for: files),
      generator: generator, contract: shared.judgedContract(for: generator),
      simulation: shared.simulation, expectations: expectations,
      comparing: writeExpectationsPath == nil, format: format, junit: junit != nil)
    run.stopAtFirstFailure = failures.firstFailure
    run.waste = waste
    var workers = workers
    if external != nil {
      // One generator, and so one process, per worker; the run's own
      // (`external`) shrinks the failures, in file order. As many workers
      // as the open-file limit has room for their processes.
      let fitting = OpenFileLimit.execWorkers(workers)
      workers = fitting.workers
      if let note = fitting.note { output.writeError(note) }
      for _ in 0..<workers {
        guard let made = shared.makeGenerator(), let process = made.external else { continue }
        externals.append(process)
        guard generator.contract == .batch else {
          run.workerGenerators.append(made.generator)
          continue
        }
        // One batch: the worker keeps --pipeline cases in flight.
        let worker = PrefetchingWorker(
          process: process, sections: shared.sections, identityOnly: shared.identityOnly ?? false)
        run.prefetching.append(worker)
        run.workerGenerators.append(worker.generator)
      }
      run.maxGeneratorErrors = shared.maxCrashes
    }
    let progress = format == .human ? ProgressLine.make() : nil
    checkFiles(run: &run, workers: workers, progress: progress, output: &output)
    progress?.clear()
    if format == .human {
      output.writeOutput(run.summary(shard: shard))
    }
    if let junit {
      try writeAtomically(run.junit(), to: junit)
    }
    if let html {
      try writeAtomically(run.html(shard: shard), to: html)
    }
    if let writeExpectationsPath {
      try writeAtomically(run.recorded.text, to: writeExpectationsPath)
      let note =
        "--write-expectations: \(counted(run.recorded.entries.count, "failing case")) written to"
        + " \(writeExpectationsPath) (every other case is expected valid"
        + (run.notRunCount > 0 ? "; \(counted(run.notRunCount, "case")) not run)\n" : ")\n")
      if format == .json { output.writeError(note) } else { output.writeOutput(note) }
    }
    if run.unreadableCount > 0 { return .dataError }
    return run.disagreementCount == 0 && run.notRunCount == 0 ? .success : .failure
  }

  /// Ends the generator processes, all at once: one that ignores the end
  /// of its input costs its grace period once, not once per worker.
  private static func close(_ externals: [ExternalGenerator]) {
    DispatchQueue.concurrentPerform(iterations: externals.count) { externals[$0].close() }
  }

  /// Checks every case of every file, a batch at a time.
  private func checkFiles(
    run: inout CorpusRun, workers: Int, progress: ProgressLine?, output: inout some OutputSink
  ) {
    var index = 0
    var stopped = false
    // Cases are decoded and judged a batch at a time on every worker while
    // the next batch is read; the run records and prints them in file
    // order, so the output is the same for any number.
    run.makeDefaultChecker()
    // Chunk k of every batch runs on worker k, which measures edit sizes
    // in memory of its own, reused from batch to batch; with one worker,
    // judging runs beside the reading thread.
    run.editWorkspaces = (0..<max(1, workers)).map { _ in EditWorkspace() }
    let pipeline = LinePipeline(
      workers: workers,
      judgeChunk: { (judge: CorpusRun.Judge, worker, lines) in
        judge.prepare(lines, worker: worker)
      })
    for file in files where !stopped {
      // Each case is printed once its batch is judged: memory holds one
      // block of the file, a few batches and the longest line.
      run.startFile(file)
      var number = 0
      do throws(CaseFileError) {
        try pipeline.run(
          file: file, context: { run.judge },
          admit: {
            defer {
              index += 1
              number += 1
            }
            progress?.update(file, done: number, total: nil)
            return shard?.contains(index) ?? true
          },
          deliver: { line, prepared in
            run.check(line, prepared: prepared, output: &output)
            // --first-failure: the run ends at the first case that disagrees.
            stopped = failures.firstFailure && run.disagreementCount > 0
            if stopped { run.halt.raise() }
            return !stopped
          })
      } catch {
        run.dropFile(file)
        run.unreadable(file: file, error: error, output: &output, format: format)
      }
    }
  }
}
