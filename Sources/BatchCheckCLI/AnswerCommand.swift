import BatchCheck
import BatchCheckCorpus
import ReferenceDiffs

/// `batchcheck answer --generator NAME`: the other side of `--exec`. Reads
/// case lines on standard input and answers each with the built-in
/// generator's changes, one line each, flushed.
///
///     echo '{"old":[["a","b"]],"new":[["b"]]}' | batchcheck answer --generator heckel
///     // {"deleteRows":[[0,0]]}
///
/// It serves to try an `--exec` setup with a generator known to be right, and
/// to measure what the process route costs against the in-process one
/// (`batchcheck bench` does).
struct AnswerCommand: OptionCommand {
  static let name = "answer"
  static let abstract = "Answer --exec case lines on standard input with a built-in generator."
  static let usage = """
    OVERVIEW: Answer case lines on standard input with a built-in generator: the
    process side of --exec. Each line {"old":[[...]],"new":[[...]]} gets one
    line with the generator's changes, in its contract's shape (an update, an
    array of stages or an array of steps), flushed; the process ends with its
    input.

    A case of several sections is answered by replacing every section (the
    built-in generators diff one section). A line that is not a case is
    answered with {"error":"..."}, which --exec reports as a malformed answer.

    With --misbehave it fails on purpose, to try the crash limit and time its
    cost (batchcheck bench does): crash-on-triples exits with status 3 on a
    case whose new rows hold an id three times; die-every:N exits with status
    1 instead of answering its Nth case (each process counts from its start);
    hang-on:A,B never answers a case of A old rows and B new rows.

    USAGE: batchcheck answer --generator <name> [--misbehave <mischief>]

    OPTIONS:
    \(optionsHelp)

    EXAMPLE:
      batchcheck check --exec 'batchcheck answer --generator heckel'

    """

  var generatorName = ""
  var mischief: AnswerMischief?

  static var options: [CommandOption<Self>] {
    [
      .generator(
        \.generatorName, help: "A built-in generator (batchcheck check --help lists them)."),
      .value(
        "--misbehave", "<mischief>", allowed: AnswerMischief.spellings,
        help: "Fail on purpose: crash-on-triples, die-every:N or hang-on:A,B",
        parse: AnswerMischief.init(parsing:)
      ) { $0.mischief = $1 },
    ]
  }

  func validate() throws(CommandError) {
    if generatorName.isEmpty {
      throw .conflictingOptions("Give a generator: --generator <name>", command: Self.name)
    }
  }

  func run(output: inout some OutputSink) async throws(CommandError) -> ExitCode {
    guard let generator = ReferenceGenerators.anyContract(named: generatorName) else {
      return .usage
    }
    AnswerLoop(generator: generator, mischief: mischief).run(input: 0) { answers in
      output.writeOutput(String(decoding: answers, as: UTF8.self))
      output.flush()
    }
    return .success
  }

  /// The answer line to one case line.
  static func answer(_ line: String, generator: ContractGenerator) -> String {
    let testCase: Case
    do throws(CaseDataError) {
      testCase = try Case(jsonLine: line)
    } catch {
      return "{\"error\":" + jsonQuoted(error.description) + "}"
    }
    guard testCase.old.count == 1, testCase.new.count == 1 else {
      return CaseJSON.update(
        BatchUpdate(
          deleteSections: Array(testCase.old.indices), insertSections: Array(testCase.new.indices)))
    }
    do throws(GeneratorError) {
      switch try generator.changes(from: testCase.old[0], to: testCase.new[0]) {
      case .batch(let update): return CaseJSON.update(update)
      case .staged(let stages): return CaseJSON.stages(stages)
      case .steps(let steps): return CaseJSON.steps(steps)
      }
    } catch {
      return "{\"error\":" + jsonQuoted(error.description) + "}"
    }
  }
}
