/// One subcommand of `batchcheck`, in the shape of swift-argument-parser:
/// parse the arguments, `validate()` them, then `run`.
///
///     struct Hello: Subcommand {
///       static let name = "hello"
///       static let abstract = "Say hello."
///       static let usage = "USAGE: batchcheck hello\n"
///       static let optionNames = ["--help"]
///       init(arguments: [String]) throws(CommandError) {}
///       func run(output: inout some OutputSink) async throws(CommandError) -> ExitCode {
///         output.writeOutput("hello\n")
///         return .success
///       }
///     }
///
/// A new subcommand is one file holding one such type, plus its entry in
/// `BatchCheckCommand.subcommands`; one with options declares them
/// (`OptionCommand`), which gives it `init(arguments:)`, `optionNames` and
/// the `OPTIONS:` part of its help.
protocol Subcommand {
  /// The name on the command line: `validate`.
  static var name: String { get }
  /// One line for the root's list of subcommands.
  static var abstract: String { get }
  /// The full help text, ending in a line break.
  static var usage: String { get }
  /// The options the command knows, for "did you mean".
  static var optionNames: [String] { get }

  /// The options known to the command whose arguments after the name are
  /// `arguments`: `optionNames`, unless the first argument names a
  /// subcommand of its own.
  static func optionNames(for arguments: [String]) -> [String]

  /// The help text for a command line whose arguments after the name are
  /// `arguments`: `usage`, unless the command has subcommands of its own
  /// (`corpus generate`) and the first argument names one.
  static func usage(for arguments: [String]) -> String

  /// Parses the arguments after the subcommand's name; `--help` is handled
  /// before this is called.
  ///
  /// - Throws: `CommandError` for an unknown option or a bad value.
  init(arguments: [String]) throws(CommandError)

  /// Checks the parsed options together (a required argument, say).
  ///
  /// - Throws: `CommandError` when they do not make a runnable command.
  func validate() throws(CommandError)

  /// Runs the command, writing everything to `output`.
  ///
  /// - Returns: the exit status.
  /// - Throws: `CommandError` for a failure that stops the command.
  func run(output: inout some OutputSink) async throws(CommandError) -> ExitCode
}

extension Subcommand {
  func validate() throws(CommandError) {}

  static func usage(for arguments: [String]) -> String { usage }

  static func optionNames(for arguments: [String]) -> [String] { optionNames }
}

/// The `SUBCOMMANDS:` lines of a usage: each name, padded to one column, then
/// its abstract.
///
///     subcommandList([CheckCommand.self])
///     // "  check    Check one generator on small, corpus and random cases; ...\n"
func subcommandList(_ commands: [any Subcommand.Type]) -> String {
  let width = (commands.map { $0.name.count }.max() ?? 0) + 4
  return commands.map { command in
    "  " + command.name + String(repeating: " ", count: width - command.name.count)
      + command.abstract + "\n"
  }.joined()
}

/// How a command prints its results.
enum OutputFormat: String, CaseIterable {
  /// One readable line per result and a summary.
  case human
  /// One JSON object per line, for machines.
  case json
}

/// Splits `arguments` at `--`: everything after it is positional.
///
///     splitAtDoubleDash(["a", "--", "-b"])  // (["a"], ["-b"])
func splitAtDoubleDash(_ arguments: [String]) -> (options: [String], positional: [String]) {
  guard let index = arguments.firstIndex(of: "--") else { return (arguments, []) }
  return (Array(arguments[..<index]), Array(arguments[(index + 1)...]))
}
