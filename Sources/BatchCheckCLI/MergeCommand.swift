import BatchCheck
import BatchCheckCommandLine
import BatchCheckCorpus
import BatchCheckHTML

/// `batchcheck merge`: puts the `--format json` reports of a sharded
/// `check` (`--shard I/N` on several machines) back together into the
/// report of the whole run.
///
///     batchcheck merge shard-1.json shard-2.json shard-3.json
///     // check heckel (one batch), run seed 0x00ba7c4ec4ec0001 ... 57809 passed, 0 failed
///
/// Exit status: 0 the merged run passed; 1 it failed; 65 a report that
/// cannot be read or merged (a sum of counts past `Int.max` included); 64 a
/// usage error.
struct MergeCommand: FilesCommand {
  static let name = "merge"
  static let abstract =
    "Merge the JSON reports of a sharded check into the report of the whole run."
  static let usage = """
    OVERVIEW: Merge the --format json reports of 'batchcheck check --shard I/N'
    into the report of the whole run: case counts and statistics summed, the
    first case of each kind of failure kept (with the occurrences of every
    shard), the coverage floors applied to the summed statistics. When no shard
    ran with --first-failure, the merge is exactly the unsharded report.

    USAGE: batchcheck merge <report>... [--format <format>] [--junit <file>] [--html <file>]

    ARGUMENTS:
      <report>            One JSON report per shard, 1/N to N/N, in any order.

    OPTIONS:
    \(optionsHelp)

    EXIT STATUS:
      0 the merged run passed; 1 it failed; 65 a report could not be read, the
      reports are not the shards of one run, or a summed count does not fit in
      a 64-bit integer; 64 a usage error. Each report is checked as it is read:
      a repeated shard stops the merge at once.

    """

  var files: [String] = []
  var format = OutputFormat.human
  var junit: String?
  var html: String?

  static var options: [CommandOption<Self>] {
    [
      .format(\.format, json: "the merged report as check prints it."),
      .path("--junit", \.junit, help: "Also write a JUnit XML report of the merged run to <file>."),
      .path("--html", \.html, help: "Also write an HTML report of the merged run to <file>."),
    ]
  }

  func validate() throws(CommandError) {
    if files.isEmpty { throw .missingArgument("<report>", command: Self.name) }
  }

  func run(output: inout some OutputSink) async throws(CommandError) -> ExitCode {
    try checkOutput(junit, inputs: files)
    // Each report is checked as it is read and then dropped: a repeated
    // shard or another run stops the merge at once, and memory is that of
    // one report plus the merge's sums, however many files are given.
    var merge = ShardMerge()
    for file in files {
      let report = try readFile(file) { bytes throws(CaseDataError) in
        try CheckReport(jsonBytes: bytes, file: file)
      }
      do throws(MergeError) {
        try merge.add(report)
      } catch {
        throw .unmergeable("\(file): \(error.message)")
      }
    }
    let merged: CheckReport
    do throws(MergeError) {
      merged = try merge.result()
    } catch {
      throw .unmergeable(error.message)
    }
    output.writeOutput(
      (format == .json ? merged.renderJSON() : merged.renderText(naming: .commandLine)) + "\n")
    if let junit {
      try writeAtomically(JUnitReport.xml(for: merged), to: junit)
    }
    if let html {
      try writeAtomically(HTMLReport.render(merged), to: html)
    }
    return merged.passed ? .success : .failure
  }
}
