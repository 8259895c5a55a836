import BatchCheck
import Foundation
import ReferenceDiffs
import Testing

@testable import BatchCheckCLI

/// The declared option lists: parsing, the derived help and "did you mean",
/// and `--first-failure` / `--keep-going`.
@Suite("option lists")
struct OptionTableTests {
  /// Every command with a declared list: its help, its names.
  static let commands: [(usage: String, names: [String])] = [
    (CheckCommand.usage, CheckCommand.optionNames),
    (ReplayCommand.usage, ReplayCommand.optionNames),
    (MergeCommand.usage, MergeCommand.optionNames),
    (ValidateCommand.usage, ValidateCommand.optionNames),
    (CorpusGenerateCommand.usage, CorpusGenerateCommand.optionNames),
    (CorpusCheckCommand.usage, CorpusCheckCommand.optionNames),
    (BenchCommand.usage, BenchCommand.optionNames),
    (AnswerCommand.usage, AnswerCommand.optionNames),
    (ExplainCommand.usage, ExplainCommand.optionNames),
    (BatchCheckCommand.usage, BatchCheckCommand.optionNames),
  ]

  @Test("every declared option is in its command's help, whose OPTIONS lines fit in 80 columns")
  func helpIsDerived() {
    for (usage, names) in Self.commands {
      for name in names {
        #expect(usage.contains("  " + name) || usage.contains(", " + name), "\(name)")
      }
      let options = usage.components(separatedBy: "OPTIONS:\n").last ?? ""
      let block = (options.components(separatedBy: "\n\n").first ?? "").trimmingCharacters(
        in: .newlines)
      for line in block.split(separator: "\n") {
        #expect(line.count <= 80, "\(line)")
      }
      #expect(
        block.hasSuffix("  -h, --help          Show this help.")
          || block.hasSuffix("Show this help."))
    }
    // Shared groups are declared once and appear in each command that takes them.
    for usage in [CheckCommand.usage, ReplayCommand.usage, CorpusCheckCommand.usage] {
      #expect(usage.contains("  --exec <command>    An external generator"))
      #expect(usage.contains("  --uikit <profile>   The UIKit whose rules judge"))
    }
    for usage in [CheckCommand.usage, CorpusCheckCommand.usage, BatchCheckCommand.usage] {
      #expect(usage.contains("  --first-failure"))
      #expect(usage.contains("The default; kept for older scripts."))
    }
    for usage in [CheckCommand.usage, ReplayCommand.usage, CorpusCheckCommand.usage] {
      #expect(
        usage.contains(
          "  --max-move-ratio <r>\n                      Fail a valid update with more than <r> times"
        ))
      #expect(usage.contains("  --no-unneeded-deletes\n"))
    }
  }

  @Test("each option's value type: the shared ones are declared once, alike everywhere")
  func kinds() {
    #expect(
      CheckCommand.options.first { $0.name == "--format" }?.valueType == .choice(["human", "json"]))
    #expect(
      CheckCommand.options.first { $0.name == "--count" }?.valueType == .number(0...1_000_000_000))
    #expect(CheckCommand.options.first { $0.name == "--seed" }?.valueType == .seed)
    #expect(CheckCommand.options.first { $0.name == "--shard" }?.valueType == .shard)
    #expect(CheckCommand.options.first { $0.name == "--junit" }?.valueType == .path)
    #expect(CheckCommand.options.first { $0.name == "--first-failure" }?.valueType == .flag)
    #expect(CorpusCheckCommand.options.first { $0.name == "--exec" }?.valueType == .string)
    #expect(
      ReplayCommand.options.first { $0.name == "--uikit" }?.valueType
        == .choice(["ios18", "ios12"]))
    for options in [CheckCommand.options.map(\.name), CorpusCheckCommand.options.map(\.name)] {
      #expect(Set(options).count == options.count, "each name once")
    }
    func wasteValueTypes<Root>(_ options: [CommandOption<Root>]) -> [OptionValueType?] {
      ["--max-move-ratio", "--no-unneeded-deletes"].map { name in
        options.first { $0.name == name }?.valueType
      }
    }
    for types in [
      wasteValueTypes(CheckCommand.options), wasteValueTypes(ReplayCommand.options),
      wasteValueTypes(CorpusCheckCommand.options),
    ] {
      #expect(types == [.other("a number from 1 to 1000000000"), .flag])
    }
  }

  @Test("help columns: a long label on its own line, help wrapped under its column")
  func helpColumns() {
    let text = BatchCheckCLI.helpColumns([
      ("--seed <seed>", "The run seed."),
      ("--save-regressions <dir>", String(repeating: "word ", count: 20)),
    ])
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines[0] == "  --seed <seed>       The run seed.")
    #expect(lines[1] == "  --save-regressions <dir>")
    #expect(lines[2].hasPrefix(String(repeating: " ", count: 22) + "word word"))
    #expect(lines.allSatisfy { $0.count <= 80 })
    #expect(lines.count == 4)
    #expect(wrap("a bb ccc", width: 4) == ["a bb", "ccc"])
    #expect(wrap("", width: 4) == [])
  }

  @Test("did you mean, from the declared names; a value option given twice is a usage error")
  func derivedErrors() async {
    let misspelled = await runCommand(["check", "--generator", "heckel", "--first-falure"])
    #expect(misspelled.status == 64)
    #expect(misspelled.standardError.contains("Did you mean '--first-failure'?"))
    let corpus = await runCommand([
      "corpus", "check", "x.jsonl", "--generator", "heckel", "--expcet", "e",
    ])
    #expect(corpus.standardError.contains("Did you mean '--expect'?"))
    let root = await runCommand(["--uikti", "ios12"])
    #expect(root.status == 64)
    #expect(root.standardError.contains("Did you mean '--uikit'?"))
    for arguments in [
      ["validate", "x.jsonl", "--format", "json", "--format", "human"],
      ["merge", "a.json", "--junit", "a.xml", "--junit=b.xml"],
      ["bench", "--rows", "3", "--rows", "4"],
      ["--uikit", "ios12", "--uikit", "ios18"],
    ] {
      let run = await runCommand(arguments)
      #expect(run.status == 64, "\(arguments)")
      #expect(run.standardError.contains("is given more than once; give it once"), "\(arguments)")
    }
  }

  @Test("--first-failure sets stopAtFirstFailure; by default and with --keep-going it is false")
  func firstFailureSetsTheOption() throws {
    let generator = try #require(ReferenceGenerators.anyContract(named: "heckel"))
    let cases: [([String], Bool)] = [
      ([], false),
      (["--keep-going"], false),
      (["--first-failure"], true),
    ]
    for (flags, stops) in cases {
      let command = try CheckCommand(arguments: ["--generator", "heckel"] + flags)
      #expect(command.checkOptions(for: generator).stopAtFirstFailure == stops, "\(flags)")
      let job = try DefaultRun(arguments: flags.isEmpty ? ["--uikit", "ios18"] : flags)
      var options = CheckOptions()
      options.stopAtFirstFailure = !stops
      job.failures.apply(to: &options)
      #expect(options.stopAtFirstFailure == stops, "\(flags)")
      let corpus = try CorpusCheckCommand(arguments: ["x.jsonl", "--generator", "heckel"] + flags)
      #expect(corpus.failures.firstFailure == stops, "\(flags)")
    }
  }

  @Test("--first-failure ends check at the first failing case; the default reports every kind")
  func firstFailureEndToEnd() async {
    let common = ["check", "--generator", "lcs-2013", "--count", "300", "--format", "json"]
    let first = await runCommand(common + ["--first-failure"])
    let every = await runCommand(common)
    #expect(first.status == 1 && every.status == 1)
    #expect(first.standardOutput.contains(#""exhaustive":51,"random":0,"#))
    #expect(first.standardOutput.contains(#""failed":1}"#))
    #expect(every.standardOutput.contains(#""exhaustive":46113,"random":300,"#))
  }

  @Test("corpus check --first-failure ends the run at the first case that disagrees")
  func corpusFirstFailure() async throws {
    let folder = CorpusCheckCommandTests.corpus + "/regressions"
    let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
      $0.hasSuffix(".jsonl")
    }
    .sorted().map { folder + "/" + $0 }
    let every = await runCommand(["corpus", "check"] + files + ["--generator", "ds"])
    let first = await runCommand(
      ["corpus", "check"] + files + ["--generator", "ds", "--first-failure"])
    #expect(every.status == 1 && first.status == 1)
    let count = { (run: CommandRun) in
      run.standardOutput.split(separator: "\n").last.map(String.init)
    }
    #expect(count(first)?.hasSuffix(" passed, 1 failed") == true)
    #expect(
      count(first) != count(every), "the run without the flag goes on past the first disagreement")
  }

  @Test(
    "--keep-going with --first-failure is a usage error, for check, corpus check and the main job")
  func bothIsAUsageError() async {
    let cases: [([String], String)] = [
      (
        ["check", "--generator", "heckel", "--keep-going", "--first-failure"],
        "batchcheck check --help"
      ),
      (
        ["corpus", "check", "x.jsonl", "--generator", "heckel", "--first-failure", "--keep-going"],
        "batchcheck corpus check --help"
      ),
      (["--first-failure", "--keep-going"], "batchcheck --help"),
    ]
    for (arguments, help) in cases {
      let run = await runCommand(arguments)
      #expect(run.status == 64, "\(arguments)")
      #expect(run.standardOutput == "", "\(arguments)")
      #expect(
        run.standardError
          == "Error: Give --first-failure or --keep-going, not both\nSee '\(help)'.\n",
        "\(arguments)")
    }
  }

  @Test("the main job's options: a positional argument or an unknown option is a usage error")
  func mainJobErrors() async {
    let extra = await runCommand(["--first-failure", "extra"])
    #expect(extra.status == 64)
    #expect(extra.standardError.hasPrefix("Error: Unexpected argument 'extra'\n"))
    let help = await runCommand(["--first-failure", "--help"])
    #expect(help.status == 0 && help.standardOutput == BatchCheckCommand.usage)
  }
}
