import BatchCheck

/// The root command, `batchcheck`: dispatches to a subcommand and turns its
/// errors into text and an exit status.
///
///     var output = CapturedOutput()
///     await BatchCheckCommand.run(["validate", "cases.jsonl", "--format", "json"], output: &output)
///     // 0, and one JSON line per case in output.standardOutput
///
/// Exit statuses: 0 ok, 1 a failure found, 64 a usage error, 65 input that
/// could not be read (a malformed line, a missing file), 74 a file that
/// could not be written.
public enum BatchCheckCommand {
  /// The subcommands, in the order the usage lists them.
  ///
  /// Others join here, one file each.
  static var subcommands: [any Subcommand.Type] {
    [
      CheckCommand.self,
      ReplayCommand.self,
      MergeCommand.self,
      ValidateCommand.self,
      SnapshotCommand.self,
      CorpusCommand.self,
      BenchCommand.self,
      AnswerCommand.self,
      ExplainCommand.self,
      DiagnoseCommand.self,
    ]
  }

  /// Runs `batchcheck` with `arguments` (without the program name), writing
  /// to the process's standard output and standard error: what `main` calls.
  ///
  /// - Returns: the exit status.
  public static func main(_ arguments: [String]) async -> Int32 {
    var output = StandardOutput()
    return await run(arguments, output: &output)
  }

  /// Runs `batchcheck` with `arguments` (without the program name).
  ///
  /// - Parameters:
  ///   - arguments: the command line after the program name.
  ///   - output: where standard output and standard error go.
  /// - Returns: the exit status: 0, 1, 64, 65 or 74.
  package static func run(_ arguments: [String], output: inout some OutputSink) async -> Int32 {
    let status = await dispatch(arguments, output: &output)
    output.flush()
    return status.rawValue
  }

  private static func dispatch(_ arguments: [String], output: inout some OutputSink) async
    -> ExitCode
  {
    guard let first = arguments.first else { return await runDefault(output: &output) }
    if first == "--help" || first == "-h" {
      output.writeOutput(usage)
      return .success
    }
    if first == "--version", arguments.count == 1 {
      output.writeOutput("batchcheck \(version)\n")
      return .success
    }
    if first == "help" {
      let name = arguments.dropFirst().first
      guard let name else {
        output.writeOutput(usage)
        return .success
      }
      guard let command = subcommand(named: name) else {
        return report(.unknownSubcommand(name), output: &output)
      }
      output.writeOutput(command.usage(for: Array(arguments.dropFirst(2))))
      return .success
    }
    if first.hasPrefix("-") {
      // The main job with options: `batchcheck --uikit ios12 --first-failure`.
      if splitAtDoubleDash(arguments).options.contains(where: { $0 == "--help" || $0 == "-h" }) {
        output.writeOutput(usage)
        return .success
      }
      let job: DefaultRun
      do throws(CommandError) {
        job = try DefaultRun(arguments: arguments)
      } catch {
        return report(error, output: &output)
      }
      return await job.run(output: &output)
    }
    guard let command = subcommand(named: first) else {
      return report(.unknownSubcommand(first), output: &output)
    }
    let rest = Array(arguments.dropFirst())
    if splitAtDoubleDash(rest).options.contains(where: { $0 == "--help" || $0 == "-h" }) {
      output.writeOutput(command.usage(for: rest))
      return .success
    }
    do throws(CommandError) {
      let parsed = try command.init(arguments: rest)
      try parsed.validate()
      return try await parsed.run(output: &output)
    } catch {
      return report(error, output: &output)
    }
  }

  /// What `batchcheck` does with no arguments: the main job, checking every
  /// built-in generator (see `DefaultRun`).
  ///
  /// - Returns: `.success`.
  static func runDefault(output: inout some OutputSink) async -> ExitCode {
    await DefaultRun().run(output: &output)
  }

  /// The one place a `CommandError` becomes text: `Error: ...` on standard
  /// error; when the command line was at fault, what was probably meant
  /// (`Did you mean '--seed'?`) and where the help is, one line each.
  ///
  /// - Returns: the error's exit status.
  static func report(_ error: CommandError, output: inout some OutputSink) -> ExitCode {
    var text = "Error: \(error.message)\n"
    if error.showsUsage {
      let suggestion = error.suggestion(
        options: error.command.flatMap(optionNames(ofCommand:)) ?? optionNames,
        subcommands: subcommands.map { $0.name } + ["help"])
      if let suggestion { text += "Did you mean '\(suggestion)'?\n" }
      let words = error.command.map { "batchcheck \($0) --help" } ?? "batchcheck --help"
      text += "See '\(words)'.\n"
    }
    output.writeError(text)
    return error.exitCode
  }

  /// The root's options: the main job's, `--version` and `--help`.
  static var optionNames: [String] { DefaultRun.options.map(\.name) + ["--version", "--help"] }

  /// The options of a command named by its words after `batchcheck`.
  static func optionNames(ofCommand words: String) -> [String]? {
    let words = words.split(separator: " ").map(String.init)
    return words.first.flatMap(subcommand(named:))?.optionNames(for: Array(words.dropFirst()))
  }

  /// The version `batchcheck --version` prints.
  static let version = "0.2.0"

  static func subcommand(named name: String) -> (any Subcommand.Type)? {
    subcommands.first { $0.name == name }
  }

  /// The usage of a command named by its words after `batchcheck`:
  /// `"check"`, or `"corpus generate"` for a subcommand's own subcommand.
  static func usage(ofCommand words: String) -> String? {
    let words = words.split(separator: " ").map(String.init)
    return words.first.flatMap(subcommand(named:))?.usage(for: Array(words.dropFirst()))
  }

  /// The root usage, listing the subcommands.
  static var usage: String {
    let list = subcommandList(subcommands)
    let options = helpColumns(
      DefaultRun.options.map { ($0.label, $0.fullHelp) } + [
        ("--version", "Print the version."), helpRow,
      ])
    return """
      OVERVIEW: Would UIKit accept this batch update, and would the table then show the right rows?

      USAGE: batchcheck <subcommand> [<options>]
             batchcheck [--uikit <profile>] [--first-failure]
                           (no subcommand: check every built-in generator,
                           judged by iOS 18's UIKit or, with --uikit ios12, iOS 12's)

      SUBCOMMANDS:
      \(list)
      OPTIONS:
      \(options)

      See 'batchcheck help <subcommand>' or 'batchcheck <subcommand> --help' for its options.

      """
  }
}
