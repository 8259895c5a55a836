import BatchCheck
import BatchCheckCommandLine
import BatchCheckCorpus
import BatchCheckExec
import Foundation
import ReferenceDiffs

/// `batchcheck bench`: times the simulator on a large valid update and prints
/// what it measured. Timings live here, never in tests.
///
///     batchcheck bench --rows 1000000 --operations 100000
///     // simulator: 1000000 rows, 100002 operations (valid)
///     //   iOS 18, fast path, best of 5: 0.050 s per update, ...
///     //   iOS 18, full simulation, best of 5: 0.065 s per update, ...
///     //   iOS 12, fast path, ...
struct BenchCommand: OptionCommand {
  static let name = "bench"
  static let abstract = "Time the simulator on a large valid update."
  static let usage = """
    OVERVIEW: Time the simulator on a large valid update (a release build
    measures what users get: swift run -c release batchcheck bench).

    Then time an invalid update of the same size (every check runs), and six
    shapes of reloads next to deleted or inserted sections at --rows rows
    (their rows are sized, not matched: some end in a row-check verdict).
    Then the worst cases for the full simulation (a reversal of --rows / 2
    rows, --operations moves, reloads near section operations, heckel's
    update): the fast path, the full simulation of the same valid update and
    its invalid twin (one insert dropped), each also as a multiple of the
    fast path's time.

    Then time building a diffable snapshot of --rows Int items in about
    sqrt(--rows) sections (SimulatedSnapshot: appendSections, then one
    appendItems(_:toSection:) per section, every check run), next to an
    [Int] of the same ids with an [Int: Int] index, and their ratio.

    Then time the property engine: random cases (generation, the generator,
    the simulation and the row check) on one core and on all of them, and
    through the --exec route; and, for the failing reference generators
    (lcs-2013, map-moves, ds), the time to the full list of their kinds of
    failure, each shrunk and proven minimal, with the calls that took (with
    --cases below 10000, a quick run: that many random cases and every pair
    up to 4 rows instead of check's defaults). And the same for batchcheck
    answer misbehaving on purpose (--misbehave crash-on-triples, die-every:4,
    hang-on:2,3) through --exec: the time to its report, the kinds listed
    and what did not run.

    Each is timed under both UIKit profiles, iOS 18 and iOS 12, unless
    --uikit names one.

    Then a table of the edit size of every built-in generator over --cases
    random cases of up to --max-size rows: the row moves its valid updates
    issue against the fewest needed, their ratio, the rows deleted and
    inserted again and the unchanged rows reloaded.

    Last, the corpus part: a corpus of --corpus-cases random cases of up to
    300 rows (after the 416 small pairs, as 'corpus generate --max-size 300'
    writes it) in a temporary folder, and, each as a child process:
    Python's C json module parsing every line (when python3 is on PATH),
    batchcheck's own parse (--parse-only), and 'corpus check --generator
    heckel' at --workers 1 and at one worker per core (at least 2). They run
    in --repeat rounds, one after the other in each round, so that a change
    of the machine's load falls on all of them. For each, the fastest run's
    wall time and cases/s, the largest peak memory (the child's own maximum
    resident set) and the slowest time; the speedup of N workers over 1;
    whether the N-worker output is byte-identical to the 1-worker output in
    every round (if not, the line says FAILED and bench exits 1); the ratio
    of the N-worker check's fastest time to each parse's fastest (1.0 or
    less: checking costs no more than parsing); and that ratio to Python's
    parse round by round. A child still running after 120 s plus 1 s per
    1,000 cases is killed and its line says so; a check killed so, or ended
    other than with status 0 or 1, fails the part.

    USAGE: batchcheck bench [--rows <n>] [--operations <k>] [--repeat <r>]
                            [--generator <name>] [--cases <n>] [--max-size <m>]
                            [--uikit <profile>] [--corpus-cases <n>]
           batchcheck bench --write-case <file> [--rows <n>] [--operations <k>]
           batchcheck bench --parse-only <file>

    OPTIONS:
    \(optionsHelp)

    """

  var rows = 1_000_000
  var operations = 100_000
  var repeats = 5
  var generatorName = "heckel"
  var cases = 300_000
  var maxSize = 50
  var profiles = UIKitProfile.allCases
  var caseFile: String?
  var corpusCases = 300_000
  var parseOnlyFile: String?

  static var options: [CommandOption<Self>] {
    let range = 0...100_000_000
    return [
      .number("--rows", \.rows, in: range, help: "Old rows in the one section", default: "1000000"),
      .number(
        "--operations", \.operations, in: range, valueName: "<k>",
        help: "About how many operations the update holds", default: "100000"),
      .number(
        "--repeat", in: range, valueName: "<r>", help: "How many timed runs; the best is reported",
        default: "5"
      ) { $0.repeats = max(1, $1) },
      .generator(\.generatorName, help: "The generator the engine runs", default: "heckel"),
      .number(
        "--cases", \.cases, in: range, help: "Random cases per engine run", default: "300000"),
      .number(
        CommandLineFlag.maxSize.rawValue, \.maxSize, in: 0...100_000, valueName: "<m>",
        help: "The largest random case, in rows",
        default: "50"),
      .choice(
        CommandLineFlag.uikit.rawValue, "<profile>", help: "Time one profile only: ios18 or ios12",
        default: "both"
      ) { (root, profile: UIKitProfile) in root.profiles = [profile] },
      .path(
        "--write-case", \.caseFile,
        help:
          "Time nothing: write the valid update of --rows rows and about --operations operations as one"
          + " case line (the case format), for 'batchcheck validate <file>'."),
      .number(
        "--corpus-cases", \.corpusCases, in: range,
        help:
          "Random cases of the corpus part's corpus, after the 416 small pairs; 0 skips the part",
        default: "300000"),
      .path(
        "--parse-only", \.parseOnlyFile,
        help:
          "Time nothing: read every case of <file> with the case reader, judging none, and print how"
          + " many were read (the corpus part's own parse-only baseline). Exit 65 if a line cannot be"
          + " read."),
    ]
  }

  func run(output: inout some OutputSink) async throws(CommandError) -> ExitCode {
    if let parseOnlyFile { return try parseOnly(parseOnlyFile, output: &output) }
    if let caseFile {
      try checkOutput(caseFile, inputs: [])
      let large = LargeCase(rows: rows, operations: operations)
      // Rows whose content is the initial 0 are written as plain integers
      // (content = id, on both sides alike): the line stays small.
      func plain(_ row: Row) -> Row { row.content == 0 ? Row(row.id) : row }
      let line = Case(
        name: "large-\(rows)-rows-\(large.update.operationCount)-operations",
        old: [large.old.map(plain)],
        new: [large.new.map(plain)], update: large.update, expect: Expectation(verdict: .valid)
      ).jsonLine
      try writeAtomically(line + "\n", to: caseFile)
      output.writeOutput(
        "wrote a case of \(counted(rows, "row")) and \(counted(large.update.operationCount, "operation")) to \(caseFile)\n"
      )
      return .success
    }
    // Each part's data is freed before the next, and each reports its own
    // peak memory: the peak is reset before it starts.
    Self.resetPeakMemory()
    let (validText, verdict) = validBench()
    output.writeOutput(validText + "  peak memory: \(Self.peakMemory())\n")
    Self.resetPeakMemory()
    output.writeOutput(invalidBench() + "  peak memory while judging: \(Self.peakMemory())\n")
    Self.resetPeakMemory()
    output.writeOutput(familyBench() + "  peak memory: \(Self.peakMemory())\n")
    Self.resetPeakMemory()
    output.writeOutput(worstCaseBench() + "  peak memory: \(Self.peakMemory())\n")
    Self.resetPeakMemory()
    output.writeOutput(snapshotBench() + "  peak memory: \(Self.peakMemory())\n")
    let engineText = await engineBench()
    output.writeOutput(engineText)
    output.writeOutput(await editSizeBench())
    let corpus = await corpusBench(executable: Self.batchcheckExecutable)
    output.writeOutput(corpus.text)
    if !corpus.passed {
      output.writeError("Error: bench's corpus part failed; see the corpus lines above\n")
    }
    return verdict.isValid && corpus.passed ? .success : .failure
  }
}
