import BatchCheck
import BatchCheckCommandLine
import BatchCheckCorpus

/// `batchcheck replay`: runs one random case of a run from its case seed,
/// alone, and shrinks it if it fails.
///
///     batchcheck replay --generator lcs-2013 --case-seed 0x5d1c0a2b3e4f5061
struct ReplayCommand: OptionCommand {
  static let name = "replay"
  static let abstract = "Run one random case again from the case seed a report printed."
  static let usage = """
    OVERVIEW: Run one random case again from its case seed (a report prints the
    command), and shrink it if it fails. Give the original run's --max-size,
    --contract, --identity-only, --semantics, --duplicates and waste limits:
    the report's command does.

    USAGE: batchcheck replay (--generator <name> | --exec <command>) --case-seed <seed> [<options>]

    OPTIONS:
    \(optionsHelp)

    EXIT STATUS:
      0 the case passes; 1 it fails; 64 a usage error.

    """

  var shared = GeneratorOptions()
  var caseSeed: UInt64?
  var format = OutputFormat.human
  var waste = WasteOptions()

  static var options: [CommandOption<Self>] {
    [
      .seed(CommandLineFlag.caseSeed.rawValue, help: "The case seed, decimal or 0x hexadecimal.") {
        $0.caseSeed = $1
      }
    ]
      + GeneratorOptions.options.map { $0.lifted(\.shared) }
      + WasteOptions.options.map { $0.lifted(\.waste) }
      + [.format(\.format, json: "the report as one object.")]
  }

  func validate() throws(CommandError) {
    try shared.validate(command: Self.name)
    if caseSeed == nil {
      throw .missingArgument(CommandLineFlag.caseSeed.rawValue, command: Self.name)
    }
  }

  func run(output: inout some OutputSink) async throws(CommandError) -> ExitCode {
    guard let (generator, external) = shared.makeGenerator(), let caseSeed else { return .usage }
    defer { external?.close() }
    var options = shared.checkOptions(for: generator)
    waste.apply(to: &options)
    let report = shared.replayingOnCommandLine(
      BatchCheck.replay(
        generator, caseSeed: caseSeed, under: shared.judgedContract(for: generator),
        options: options))
    output.writeOutput(
      (format == .json ? report.renderJSON() : report.renderText(naming: .commandLine)) + "\n")
    return report.passed ? .success : .failure
  }
}
