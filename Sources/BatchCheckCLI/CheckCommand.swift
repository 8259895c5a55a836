import BatchCheck
import BatchCheckCommandLine
import BatchCheckCorpus
import BatchCheckExec
import BatchCheckHTML
import Foundation

/// `batchcheck check`: throws property-based random arrays at one generator,
/// validates every update against the simulated table, and reports the
/// smallest failing input.
///
///     batchcheck check --generator lcs-2013
///     // check lcs-2013, run seed 0x00ba7c4ec4ec0001 ... FAIL wrongRows C1 ...
///     // 50 passed, 1 failed
///
/// Exit status: 0 no failure, 1 a failure found, 64 a usage error, 65 a
/// regression file that cannot be read, 74 a file that cannot be written.
struct CheckCommand: OptionCommand {
  static let name = "check"
  static let abstract =
    "Check one generator on small, corpus and random cases; report the smallest failure."
  static let usage = """
    OVERVIEW: Check one generator: the regression corpus, every pair with at most 8
    rows in all, then seeded random cases. Every case runs, and the first case of
    each kind of failure is shrunk to a smallest pair that fails the same way and
    reported, smallest first; --first-failure stops at the first failing case.

    USAGE: batchcheck check (--generator <name> | --exec <command>) [<options>]

    OPTIONS:
    \(optionsHelp)

    Ctrl-C (or SIGTERM, SIGHUP) ends the run where it is: the report of what was
    found so far is printed and written, marked partial; a second one ends it at once.

    EXIT STATUS:
      0 no failure; 1 a failure found, or a partial report; 65 a regression file
      could not be read; 64 a usage error; 74 a file could not be written, or may
      not be replaced; 128 + the signal when interrupted.

    """

  var shared = GeneratorOptions()
  var seed = CheckOptions.defaultSeed
  var count = CheckOptions.defaultCount
  var exhaustiveTotal = CheckOptions.defaultExhaustiveTotal
  var workers = ProcessInfo.processInfo.activeProcessorCount
  var format = OutputFormat.human
  var junit: String?
  var html: String?
  var regressionsFolder: String?
  var failures = FailureOptions()
  var waste = WasteOptions()
  var shard: Shard?

  static var options: [CommandOption<Self>] {
    GeneratorOptions.options.map { $0.lifted(\.shared) } + [
      .seed(
        "--seed", help: "The run seed, decimal or 0x hexadecimal",
        default: hexSeed(CheckOptions.defaultSeed)
      ) { $0.seed = $1 },
      .number(
        "--count", \.count, in: 0...1_000_000_000, help: "Random cases",
        default: String(CheckOptions.defaultCount)),
      .number(
        "--exhaustive-total", \.exhaustiveTotal, in: 0...10, valueName: "<t>",
        help: "Every pair with at most <t> rows in all, before the random cases (default:"
          + " \(CheckOptions.defaultExhaustiveTotal); 0 skips the phase; at most 10)."),
      .number(
        "--workers", \.workers, in: 1...256, help: "Random cases run on this many cores",
        default: "all"),
    ] + FailureOptions.options.map { $0.lifted(\.failures) }
      + WasteOptions.options.map { $0.lifted(\.waste) } + [
        .shard(
          \.shard,
          help:
            "Run shard i of n (1 <= i <= n): case k of each phase runs on shard k % n + 1. Merge the shards'"
            + " --format json reports with 'batchcheck merge': without --first-failure the merge is exactly"
            + " the unsharded report."),
        .format(\.format, json: "one object with generator, seed, cases and failures."),
        .path("--junit", \.junit, help: "Also write a JUnit XML report to <file>."),
        .path(
          "--html", \.html,
          help:
            "Also write an HTML report to <file>: one self-contained page with a picture of each failure"
            + " (Sources/BatchCheck/BatchCheck.docc/HTMLReport.md)."),
        .string(
          "--save-regressions", "<dir>", \.regressionsFolder,
          help:
            "Replay <dir>/<generator>.jsonl first, and append each new smallest counterexample to it."
        ),
      ]
  }

  func validate() throws(CommandError) {
    try shared.validate(command: Self.name)
    try failures.validate(command: Self.name)
  }

  /// The run's options for `generator`, as the command line sets them
  /// (without the regressions, read when the run starts).
  func checkOptions(for generator: ContractGenerator) -> CheckOptions {
    var options = shared.checkOptions(for: generator)
    options.seed = seed
    options.count = count
    options.exhaustiveTotal = exhaustiveTotal
    failures.apply(to: &options)
    waste.apply(to: &options)
    options.shard = shard
    return options
  }

  func run(output: inout some OutputSink) async throws(CommandError) -> ExitCode {
    guard let (generator, external) = shared.makeGenerator() else { return .usage }
    defer { external?.close() }
    let regressionFile = regressionsFolder.map {
      RegressionFile(folder: $0, generator: generator.name)
    }
    // The regression file is read, then replaced: checked before it is read
    // (a FIFO there would block the read).
    try checkOutput(regressionFile?.path, inputs: [])
    try checkOutput(junit, inputs: [regressionFile?.path])
    var options = checkOptions(for: generator)
    // Ctrl-C, SIGTERM, SIGHUP: the run ends where it is and reports what it found.
    Interruption.install()
    options.shouldStop = { Interruption.requested }
    let progress = format == .human ? ProgressLine.make(for: options) : nil
    progress?.install(in: &options)
    if let regressionFile {
      options.regressions = try regressionFile.pairs()
    }
    let report = shared.replayingOnCommandLine(
      await BatchCheck.check(
        generator, under: shared.judgedContract(for: generator), options: options,
        workers: workers))
    progress?.clear()
    output.writeOutput(
      (format == .json ? report.renderJSON() : report.renderText(naming: .commandLine)) + "\n")
    if let junit {
      try writeAtomically(JUnitReport.xml(for: report), to: junit)
    }
    if let html {
      try writeAtomically(HTMLReport.render(report), to: html)
    }
    if let regressionFile {
      let lines = report.failures.compactMap(\.corpusLine)
      let added = try regressionFile.append(lines)
      // Said on standard error when standard output is JSON.
      let note =
        "--save-regressions: \(counted(added, "new counterexample")) written to \(regressionFile.path)"
        + (lines.count > added ? " (\(lines.count - added) already there)" : "") + "\n"
      if format == .json { output.writeError(note) } else { output.writeOutput(note) }
    }
    if Interruption.requested { return ExitCode(rawValue: 128 + Interruption.signal) }
    return report.passed ? .success : .failure
  }
}
