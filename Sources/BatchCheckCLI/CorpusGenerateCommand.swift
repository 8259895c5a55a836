import BatchCheck
import BatchCheckCommandLine
import BatchCheckCorpus

/// `batchcheck corpus generate`: writes a `GeneratedCorpus` to a case file,
/// line by line, atomically.
///
///     batchcheck corpus generate --seed 1 --count 2000 --max-size 12 --out corpus.jsonl
///     // wrote 2416 cases to corpus.jsonl: 416 exhaustive pairs (at most 5 rows
///     // in all), then 2000 random cases (seed 0x0000000000000001, max size 12,
///     // one section a side)
///
/// The cases stream to a temporary file beside the target, which is renamed
/// over it at the end (`writeAtomically(to:_:)`): memory stays bounded
/// whatever `--count` is, and a run that is interrupted or killed leaves the
/// target as it was. Exit status: 0 written, 64 a usage error, 74 the file
/// could not be written.
struct CorpusGenerateCommand: OptionCommand {
  static let name = "generate"
  /// The words after `batchcheck` that name this command in errors.
  static let path = "corpus generate"
  static let abstract = "Write every small pair, then seeded random cases, to a case file."
  static let usage = """
    OVERVIEW: Write a corpus for CI: every pair with at most 5 rows in all (values
    canonicalised), then seeded random cases exactly as 'batchcheck check' makes
    them, one case per line with name, old and new (no update, no expectation).
    The same options write the same bytes on every machine.

    USAGE: batchcheck corpus generate --out <file> [--seed <seed>] [--count <n>]
                                      [--max-size <m>] [--sections] [--exhaustive-total <t>]

    OPTIONS:
    \(optionsHelp)

    NAMES:
      exhaustive-<i>             pair i of check's exhaustive phase, from 0
      random-<i>-<case seed>     random case i of 'batchcheck check --seed <seed>
                                 --max-size <m>', from 0; the case seed is what
                                 'batchcheck replay --case-seed' takes

    EXIT STATUS:
      0 written; 64 a usage error; 74 the file could not be written.

    """

  var out: String?
  var seed = CheckOptions.defaultSeed
  var count = CheckOptions.defaultCount
  var maxSize = CheckOptions.defaultMaxSize
  var sections = false
  var exhaustiveTotal = GeneratedCorpus.defaultExhaustiveTotal

  static var options: [CommandOption<Self>] {
    [
      .path(
        "--out", \.out,
        help:
          "The case file to write (its folder must exist). It is written to <file>.batchcheck-tmp-<random>"
          + " and renamed at the end, so it is never left half written."),
      .seed(
        "--seed", help: "The run seed, decimal or 0x hexadecimal",
        default: hexSeed(CheckOptions.defaultSeed)
      ) { $0.seed = $1 },
      .number(
        "--count", \.count, in: 0...1_000_000_000, help: "Random cases, after the pairs",
        default: String(CheckOptions.defaultCount)),
      .number(
        CommandLineFlag.maxSize.rawValue, \.maxSize, in: 0...100_000, valueName: "<m>",
        help: "The largest random case, in rows",
        default: String(CheckOptions.defaultMaxSize)),
      .flag(
        CommandLineFlag.sections.rawValue, \.sections,
        help:
          "Random cases of several sections, as 'check' makes them for a generator that diffs sections"
          + " (--exec)."),
      .number(
        "--exhaustive-total", \.exhaustiveTotal, in: 0...10, valueName: "<t>",
        help:
          "First, every pair with at most <t> rows in all; default \(GeneratedCorpus.defaultExhaustiveTotal)"
          + " (416 pairs), 0 for none, 8 for the 46113 plain pairs of check's exhaustive phase. Not counted in"
          + " --count."),
    ]
  }

  func validate() throws(CommandError) {
    if out == nil { throw .missingArgument("--out", command: Self.path) }
  }

  /// The corpus the options describe.
  var corpus: GeneratedCorpus {
    GeneratedCorpus(
      seed: seed, count: count, maxSize: maxSize, sections: sections,
      exhaustiveTotal: exhaustiveTotal)
  }

  func run(output: inout some OutputSink) async throws(CommandError) -> ExitCode {
    guard let out else { return .usage }
    let corpus = corpus
    var written = 0
    try writeAtomically(to: out) { file throws(CommandError) in
      for testCase in corpus {
        try file.write(testCase.jsonLine + "\n")
        written += 1
      }
    }
    let exhaustive =
      corpus.exhaustiveTotal == 0
      ? "no exhaustive pairs"
      : "\(corpus.exhaustiveCount) exhaustive pairs (at most \(corpus.exhaustiveTotal)"
        + (corpus.exhaustiveTotal == 1 ? " row" : " rows") + " in all)"
    output.writeOutput(
      "wrote \(written) cases to \(out): \(exhaustive), then \(corpus.count) random cases"
        + " (seed \(hexSeed(seed)), max size \(corpus.maxSize),"
        + (sections ? " sectioned" : " one section a side") + ")\n")
    return .success
  }
}
