import BatchCheck
import BatchCheckCorpus
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
struct CheckCommand: Subcommand {
  static let name = "check"
  static let abstract = "Check one generator on small, corpus and random cases; report the smallest failure."
  static let usage = """
    OVERVIEW: Check one generator: the regression corpus, every pair with at most 8
    rows in all, then seeded random cases; each failure is shrunk to a smallest
    pair that fails the same way.

    USAGE: batchcheck check (--generator <name> | --exec <command>) [<options>]

    OPTIONS:
    \(GeneratorOptions.usage)
      --seed <seed>       The run seed, decimal or 0x hexadecimal (default: 0x00ba7c4ec4ec0001).
      --count <n>         Random cases (default: \(CheckOptions.defaultCount)).
      --exhaustive-total <t>
                          Every pair with at most <t> rows in all, before the random
                          cases (default: \(CheckOptions.defaultExhaustiveTotal); 0 skips the phase; at most 10).
      --workers <n>       Random cases run on this many cores (default: all).
      --keep-going        Run every case instead of stopping at the first failure;
                          each phase reports the first case of each kind of failure.
      --shard <i>/<n>     Run shard i of n (1 <= i <= n): case k of each phase runs
                          on shard k % n + 1. Merge the shards' --format json
                          reports with 'batchcheck merge'; with --keep-going the
                          merge is exactly the unsharded report.
      --format <format>   human (default) or json: one object with generator, seed,
                          cases and failures.
      --junit <file>      Also write a JUnit XML report to <file>.
      --html <file>       Also write an HTML report to <file>: one self-contained page
                          with a picture of each failure (Guides/HTMLReport.md).
      --save-regressions <dir>
                          Replay <dir>/<generator>.jsonl first, and append each new
                          smallest counterexample to it.
      -h, --help          Show this help.

    EXIT STATUS:
      0 no failure; 1 a failure found; 65 a regression file could not be read;
      64 a usage error; 74 a file could not be written, or may not be replaced.

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
  var keepGoing = false
  var shard: Shard?

  init(arguments: [String]) throws(CommandError) {
    var scanner = ArgumentScanner(arguments, command: Self.name)
    while let option = try scanner.nextOption() {
      if try shared.parse(option, &scanner) { continue }
      switch option {
      case "--seed": seed = try scanner.value(for: option, allowed: "a 64-bit seed", parse: parseSeed)
      case "--count": count = try scanner.number(for: option, in: 0...1_000_000_000)
      case "--exhaustive-total": exhaustiveTotal = try scanner.number(for: option, in: 0...10)
      case "--workers": workers = try scanner.number(for: option, in: 1...256)
      case "--format": format = try scanner.choice(for: option, OutputFormat.self)
      case "--junit": junit = try scanner.value(for: option)
      case "--html": html = try scanner.value(for: option)
      case "--save-regressions": regressionsFolder = try scanner.value(for: option)
      case "--keep-going": keepGoing = true
      case "--shard":
        shard = try scanner.value(for: option, allowed: "i/n with 1 <= i <= n", parse: Shard.init(parsing:))
      default: throw scanner.unknown(option)
      }
    }
    if let extra = scanner.positional.first { throw .unexpectedArgument(extra, command: Self.name) }
  }

  func validate() throws(CommandError) {
    try shared.validate(command: Self.name)
  }

  func run(output: inout some OutputSink) async throws(CommandError) -> ExitCode {
    guard let (generator, external) = shared.makeGenerator() else { return .usage }
    defer { external?.close() }
    let regressionFile = regressionsFolder.map { RegressionFile(folder: $0, generator: generator.name) }
    // The regression file is read, then replaced: checked before it is read
    // (a FIFO there would block the read).
    try checkOutput(regressionFile?.path, inputs: [])
    try checkOutput(junit, inputs: [regressionFile?.path])
    var options = shared.checkOptions(for: generator)
    options.seed = seed
    options.count = count
    options.exhaustiveTotal = exhaustiveTotal
    options.stopAtFirstFailure = !keepGoing
    options.shard = shard
    if format == .human { options.progress = ProgressLine.make() }
    if let regressionFile {
      options.regressions = try regressionFile.pairs()
    }
    var report = await BatchCheck.check(
      generator, under: shared.judgedContract(for: generator), options: options, workers: workers)
    shared.rewriteReplayCommands(&report)
    if options.progress != nil { ProgressLine.clear() }
    output.writeOutput((format == .json ? report.renderJSON() : report.renderText()) + "\n")
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
    return report.passed ? .success : .failure
  }
}
