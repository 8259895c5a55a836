import BatchCheck
import BatchCheckCommandLine
import BatchCheckCorpus
import Foundation

/// `batchcheck validate FILE... [--format human|json]`: runs every case of
/// the case files and compares each verdict with the case's expectation.
///
///     batchcheck validate Corpus/uikit-rules.jsonl --format json
///     // {"file":"Corpus/uikit-rules.jsonl","line":1,"verdict":"valid","agrees":true}
///
/// Every line is reported, in file order: a case's verdict and whether it
/// agrees with its expectation (a case without `expect` is expected valid),
/// or the data error that stopped the line. Exit status: 0 when every case
/// agrees, 1 when one does not, 65 when a line or a file could not be read
/// (65 wins over 1: the unread lines might have failed too), 64 for a usage
/// error.
struct ValidateCommand: FilesCommand {
  static let name = "validate"
  static let abstract = "Run the cases of case files and compare each verdict with its expectation."
  static let usage = """
    OVERVIEW: Run the cases of case files (the case format:
    Sources/BatchCheck/BatchCheck.docc/CaseFormat.md) and compare each verdict
    with the case's expectation.

    USAGE: batchcheck validate <file>... [--format <format>] [--contract <contract>] [--identity-only]
                               [--uikit <profile>] [--workers <n>] [--html <file>]

    ARGUMENTS:
      <file>              A case file: JSON Lines, one case per line; any readable
                          stream (a FIFO, <(command)); - reads standard input.

    OPTIONS:
    \(optionsHelp)

    A case without "expect" is expected valid: any other verdict fails it.

    EXIT STATUS:
      0 every case agrees with its expectation; 1 one does not; 65 a line or a
      file could not be read (wins over 1); 64 a usage error.

    """

  /// The case files, in the order given.
  var files: [String] = []
  /// How results are printed.
  var format = OutputFormat.human
  /// The contract to read every case under; nil: each case's own.
  var contract: Contract?
  /// Whether to judge identities only; nil: each case's own mode.
  var identityOnly: Bool?
  /// The profile for cases that do not name one; nil: iOS 18.
  var uikit: UIKitProfile?
  /// Where to write the HTML report; nil: none.
  var html: String?
  /// How many cores judge the lines.
  var workers = ProcessInfo.processInfo.activeProcessorCount

  static var options: [CommandOption<Self>] {
    [
      .format(
        \.format, human: "one line per case and a summary",
        json: "one JSON object per case or malformed line."),
      .choice(
        CommandLineFlag.contract.rawValue, "<c>", \.contract,
        help:
          "Read every case's changes as batch, staged or steps, the way a user who mixed the contracts up"
          + " would apply them (default: each case's own contract). A case that cannot be read so is a data"
          + " error."),
      .flag(
        CommandLineFlag.identityOnly.rawValue, \.identityOnly,
        help: "Judge identities only: a content change owes no reload."),
      .choice(
        CommandLineFlag.uikit.rawValue, "<profile>", \.uikit,
        help:
          "The UIKit whose rules judge the cases that do not say (\"uikit\" in the case): ios18 (default)"
          + " or ios12."),
      .number(
        "--workers", \.workers, in: 1...256,
        help: "Judge the lines on this many cores; the output is the same for any number",
        default: "all"),
      .path(
        "--html", \.html,
        help:
          "Also write an HTML report: a picture of each case whose verdict is not valid or disagrees with"
          + " its expectation."),
    ]
  }

  func validate() throws(CommandError) {
    if files.isEmpty { throw .missingArgument("<file>", command: Self.name) }
  }

  /// Reads and runs every file; a file that cannot be read is reported once
  /// (`Error: cannot read FILE: REASON` on standard error, and in JSON
  /// format a JSON record too), is counted in the summary (`1 file not
  /// read`), makes the exit status 65, and the other files still run.
  func run(output: inout some OutputSink) async throws(CommandError) -> ExitCode {
    var tally = ValidateTally()
    var pictures = html.map { _ in
      ValidatePictures(contract: contract, identityOnly: identityOnly, uikit: uikit)
    }
    // Lines are decoded and judged a batch at a time on every worker while
    // the next batch is read, and printed in file order as each batch
    // ends: memory holds a few batches of lines.
    let pipeline = LinePipeline(workers: workers) {
      [format, contract, identityOnly, uikit] (_: Void, line) in
      var counts = ValidateTally()
      let text = ValidateReport.lines(
        for: line, format: format, contract: contract, identityOnly: identityOnly,
        uikit: uikit, tally: &counts)
      return (text, counts)
    }
    for file in files {
      var cases = 0
      do throws(CaseFileError) {
        try pipeline.run(
          file: file, context: {},
          admit: {
            cases += 1
            return true
          },
          deliver: { line, judged in
            output.writeOutput(judged.0)
            tally.add(judged.1)
            pictures?.add(line)
            return true
          })
      } catch {
        tally.unreadableFiles += 1
        if format == .json { output.writeOutput(ValidateReport.jsonLine(unreadable: error) + "\n") }
        _ = BatchCheckCommand.report(.unreadableFile(error), output: &output)
        continue
      }
      if cases == 0 {
        // Nothing to run: said, so that an empty file is not mistaken for a pass.
        output.writeError("\(file): no cases (the file holds no line)\n")
      }
    }
    if format == .human { output.writeOutput(tally.summary + "\n") }
    if let html, let pictures { try writeAtomically(pictures.html(tally: tally), to: html) }
    return tally.exitCode
  }
}
