import BatchCheck
import BatchCheckCommandLine
import BatchCheckCorpus
import BatchCheckExec
import Foundation
import ReferenceDiffs

/// The options `check` and `replay` share: which generator, and how the run
/// judges it.
struct GeneratorOptions {
  /// A built-in generator's name (`--generator`).
  var generatorName: String?
  /// An external generator's command (`--exec`).
  var command: String?
  /// Seconds an external generator may take per case (`--timeout`).
  var timeout = ExternalGenerator.defaultTimeout
  /// Generator errors a phase takes before the rest of it is skipped (`--max-crashes`).
  var maxCrashes = GeneratorOptions.defaultMaxCrashes
  /// The default of `--max-crashes`: enough to find and shrink a crash,
  /// few enough that a generator that crashes on a common input, restarted
  /// for each, is reported within a minute.
  static let defaultMaxCrashes = 5
  /// Cases kept in flight through an external generator's pipe (`--pipeline`).
  var pipeline = ExternalGenerator.defaultPipelineDepth
  /// The external generator's name in reports (`--name`); nil: `exec`.
  var name: String?
  /// Whether an external generator gets cases of several sections (`--sections`).
  var sections = true
  /// The largest random case (`--max-size`).
  var maxSize = CheckOptions.defaultMaxSize
  /// Judge identities only (`--identity-only`); nil: the generator's own default.
  var identityOnly: Bool?
  /// The contract to judge under (`--contract`); for `--exec`, the shape the
  /// process answers in. nil: the generator's own (`batch` for `--exec`).
  var contract: Contract?
  /// The simulated view, duplicates policy and UIKit profile (`--semantics`,
  /// `--duplicates`, `--uikit`).
  var simulation = SimulationOptions.default

  /// The options, declared once for every command that takes them
  /// (`lifted(\.shared)`).
  static var options: [CommandOption<Self>] {
    [
      .string(
        CommandLineFlag.generator.rawValue, "<name>", \.generatorName,
        expected: ReferenceGenerators.allContracts.map(\.name),
        help:
          "A built-in generator: \(ReferenceGenerators.allContracts.map(\.name).joined(separator: ", "))."
      ),
      .string(
        CommandLineFlag.exec.rawValue, "<command>", \.command,
        help:
          "An external generator: a command run with /bin/sh -c that reads one case per line and answers"
          + " one update per line (with --contract staged or steps: one array of stages or of steps per line)."
      ),
      .choice(
        CommandLineFlag.contract.rawValue, "<c>", \.contract,
        help:
          "batch, staged or steps: the contract to judge under. By default a built-in generator's own"
          + " (staged for heckel-staged, steps for edit-script, else batch); another one shows what a contract"
          + " mix-up does. For --exec, the shape the command answers in (default: batch)."),
      .value(
        CommandLineFlag.timeout.rawValue, "<seconds>",
        allowed: "seconds, more than 0 and at most 3600",
        help: "How long --exec may take per case",
        default: decimalText(ExternalGenerator.defaultTimeout),
        parse: { Double($0).flatMap { $0 > 0 && $0 <= 3600 ? $0 : nil } }, set: { $0.timeout = $1 }),
      .number(
        CommandLineFlag.maxCrashes.rawValue, \.maxCrashes, in: 1...1_000_000_000,
        help:
          "How many cases of one phase the generator may crash, hang or answer with something that is not an update on (each restarts"
          + " --exec) before the rest of the phase (corpus check: of the run, in file order) is skipped; the"
          + " report then says how many cases did not"
          + " run, and is not a pass (default: \(GeneratorOptions.defaultMaxCrashes))."),
      .number(
        "--pipeline", \.pipeline, in: 1...ExternalGenerator.maxPipelineDepth,
        help:
          "How many cases --exec keeps in flight (corpus check: each worker's process): sent before their"
          + " answers are read, answered in order"
          + " (default: \(ExternalGenerator.defaultPipelineDepth), at most \(ExternalGenerator.maxPipelineDepth);"
          + " 1 waits for each answer)."),
      .value(
        CommandLineFlag.name.rawValue, "<name>", allowed: "a name of 1 to 200 characters",
        help: "The --exec generator's name in reports, JUnit and corpus lines", default: "exec",
        parse: { $0.isEmpty || $0.count > 200 ? nil : $0 }, set: { $0.name = $1 }),
      .value(
        CommandLineFlag.sections.rawValue, "<on|off>", allowed: "on or off",
        help:
          "Whether --exec gets cases of several sections (default: on; off: one section a side, as a"
          + " generator that diffs one section).",
        parse: { ["on": true, "off": false][$0] }, set: { $0.sections = $1 }),
      .number(
        CommandLineFlag.maxSize.rawValue, \.maxSize, in: 0...100_000,
        help: "The largest random case, in rows",
        default: String(CheckOptions.defaultMaxSize)),
      .flag(
        CommandLineFlag.identityOnly.rawValue, \.identityOnly,
        help:
          "Judge identities only: a content change owes no reload. On by default for generators that"
          + " compare values only (lcs, lcs-2013, map-moves, collection-difference)."),
      .choice(
        CommandLineFlag.semantics.rawValue, "<s>", \.simulation.semantics,
        help: "tableView (default) or collectionView."
      ),
      .choice(
        CommandLineFlag.duplicates.rawValue, "<p>", \.simulation.duplicates,
        help: "reject (default) or asUIKit."),
      uikitOption(\.simulation.uikit),
    ]
  }

  /// The `--uikit` option, shared by every command that takes it.
  static func uikitOption<Root>(_ path: WritableKeyPath<Root, UIKitProfile>) -> CommandOption<Root>
  {
    .choice(
      CommandLineFlag.uikit.rawValue, "<profile>", path,
      help:
        "The UIKit whose rules judge: ios18 (default: what apps run today) or ios12 (the iOS 12 rules)."
    )
  }

  /// Exactly one of `--generator` and `--exec`, and a known name.
  func validate(command name: String) throws(CommandError) {
    switch (generatorName, command) {
    case (nil, nil):
      throw .conflictingOptions(
        "Give a generator: --generator <name> or --exec <command>", command: name)
    case (.some, .some):
      throw .conflictingOptions("Give --generator or --exec, not both", command: name)
    case (let generator?, nil):
      if ReferenceGenerators.anyContract(named: generator) == nil {
        throw .invalidValue(
          generator, option: CommandLineFlag.generator.rawValue,
          allowed: ReferenceGenerators.allContracts.map(\.name),
          command: name)
      }
    case (nil, .some):
      break
    }
    if command == nil, self.name != nil {
      throw .conflictingOptions(
        "--name names an --exec generator; give it with --exec", command: name)
    }
  }

  /// The generator to run, with its contract and mode, and the external
  /// process behind it (to close after the run), if any.
  func makeGenerator() -> (generator: ContractGenerator, external: ExternalGenerator?)? {
    if let command {
      let external = ExternalGenerator(
        command: command, timeout: timeout, name: name ?? "exec", pipelineDepth: pipeline)
      return (
        external.contractGenerator(
          contract ?? .batch, identityOnly: identityOnly ?? false, sections: sections),
        external
      )
    }
    guard var generator = generatorName.flatMap(ReferenceGenerators.anyContract(named:)) else {
      return nil
    }
    if let identityOnly { generator.identityOnly = identityOnly }
    return (generator, nil)
  }

  /// The contract the run judges `generator` under: `--contract` for a
  /// built-in generator, its own for `--exec` (whose shape `--contract` set).
  func judgedContract(for generator: ContractGenerator) -> Contract {
    command == nil ? contract ?? generator.contract : generator.contract
  }

  /// The run's options for `generator`: `--max-size`, the simulation and
  /// the crash limit, in the mode the engine decides for the generator
  /// (`ContractGenerator.judging(_:)`).
  func checkOptions(for generator: ContractGenerator) -> CheckOptions {
    var options = CheckOptions(maxSize: maxSize, simulation: simulation)
    options.maxCrashes = maxCrashes
    return generator.judging(options).options
  }

  /// For `--exec`, the external generator as a failure's replay command
  /// names it: the command, and `--contract`, `--timeout`, `--name` and
  /// `--sections` when not the defaults. nil for a built-in generator.
  /// The engine leaves it out of its reports (`replayingOnCommandLine(_:)`).
  var replayExternal: ReplayRecipe.ExternalCommand? {
    guard let command else { return nil }
    return ReplayRecipe.ExternalCommand(
      command: command, contract: contract == .batch ? nil : contract,
      timeout: timeout == ExternalGenerator.defaultTimeout ? nil : timeout, name: name,
      sections: sections)
  }

  /// `report` as the command line gives it: each failure's replay as the
  /// `batchcheck replay` command, naming the external generator, if any
  /// (`replayExternal`). The engine hands back the replay as data.
  func replayingOnCommandLine(_ report: CheckReport) -> CheckReport {
    report.replayingOnCommandLine(external: replayExternal)
  }
}
