/// `batchcheck corpus <subcommand>`: works with case files made from a seed.
/// Its first argument names a subcommand of its own, one type and file each:
///
///     batchcheck corpus generate --seed 1 --count 2000 --max-size 12 --out corpus.jsonl
///     // wrote 2416 cases to corpus.jsonl: ...
///
/// `corpus --help` lists the subcommands; `corpus generate --help` gives
/// `generate`'s options. An unknown or missing subcommand is a usage error
/// (64) that lists them.
struct CorpusCommand: Subcommand {
  static let name = "corpus"
  static let abstract = "Generate case files for CI, and check a generator on them."

  /// `corpus`'s own subcommands, in the order the usage lists them.
  static var subcommands: [any Subcommand.Type] {
    [CorpusGenerateCommand.self, CorpusCheckCommand.self]
  }

  static var usage: String {
    """
    OVERVIEW: Case files made from a seed, for CI: a corpus holds every small pair
    and seeded random cases exactly as 'batchcheck check' makes them; 'check'
    runs a generator on every case of corpus files and compares each outcome
    with the recorded expectations.

    USAGE: batchcheck corpus <subcommand> [<options>]

    SUBCOMMANDS:
    \(subcommandList(subcommands))
    See 'batchcheck corpus <subcommand> --help' for its options.

    """
  }

  static func usage(for arguments: [String]) -> String {
    arguments.first.flatMap(subcommand(named:))?.usage ?? usage
  }

  static var optionNames: [String] { ["--help"] }

  static func optionNames(for arguments: [String]) -> [String] {
    arguments.first.flatMap(subcommand(named:))?.optionNames ?? optionNames
  }

  static func subcommand(named name: String) -> (any Subcommand.Type)? {
    subcommands.first { $0.name == name }
  }

  /// The parsed subcommand.
  let subcommand: any Subcommand

  /// Parses the subcommand the first argument names from the arguments after it.
  init(arguments: [String]) throws(CommandError) {
    // (`map(\.name)` crashes Swift 6.3's compiler: a key path to a static
    // property through an existential metatype.)
    let known = Self.subcommands.map { $0.name }
    guard let first = arguments.first, !first.hasPrefix("-") else {
      throw .missingNestedSubcommand(command: Self.name, known: known)
    }
    guard let command = Self.subcommand(named: first) else {
      throw .unknownNestedSubcommand(first, command: Self.name, known: known)
    }
    subcommand = try command.init(arguments: Array(arguments.dropFirst()))
  }

  func validate() throws(CommandError) {
    try subcommand.validate()
  }

  func run(output: inout some OutputSink) async throws(CommandError) -> ExitCode {
    try await subcommand.run(output: &output)
  }
}
