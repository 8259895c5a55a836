import BatchCheck
import BatchCheckCorpus
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
  var timeout = 5.0
  /// The largest random case (`--max-size`).
  var maxSize = CheckOptions.defaultMaxSize
  /// Judge identities only (`--identity-only`); nil: the generator's own default.
  var identityOnly: Bool?
  /// The simulated view and duplicates policy (`--semantics`, `--duplicates`).
  var simulation = SimulationOptions.default

  static let usage = """
      --generator <name>  A built-in generator: \(ReferenceGenerators.names.joined(separator: ", ")).
      --exec <command>    An external generator: a command run with /bin/sh -c that
                          reads one case per line and answers one update per line.
      --timeout <seconds> How long --exec may take per case (default: 5).
      --max-size <n>      The largest random case, in rows (default: \(CheckOptions.defaultMaxSize)).
      --identity-only     Judge identities only: a content change owes no reload.
                          On by default for generators that compare values only
                          (lcs, lcs-2013, map-moves, collection-difference).
      --semantics <s>     tableView (default) or collectionView.
      --duplicates <p>    reject (default) or asUIKit.
    """

  /// Takes `option` if it is one of these; returns false otherwise.
  mutating func parse(_ option: String, _ scanner: inout ArgumentScanner) throws(CommandError) -> Bool {
    switch option {
    case "--generator": generatorName = try scanner.value(for: option)
    case "--exec": command = try scanner.value(for: option)
    case "--timeout":
      timeout = try scanner.value(for: option, allowed: "seconds, more than 0 and at most 3600") {
        Double($0).flatMap { $0 > 0 && $0 <= 3600 ? $0 : nil }
      }
    case "--max-size": maxSize = try scanner.number(for: option, in: 0...100_000)
    case "--identity-only": identityOnly = true
    case "--semantics": simulation.semantics = try scanner.choice(for: option, ViewSemantics.self)
    case "--duplicates": simulation.duplicates = try scanner.choice(for: option, DuplicatesPolicy.self)
    default: return false
    }
    return true
  }

  /// Exactly one of `--generator` and `--exec`, and a known name.
  func validate(command name: String) throws(CommandError) {
    switch (generatorName, command) {
    case (nil, nil):
      throw .conflictingOptions("Give a generator: --generator <name> or --exec <command>", command: name)
    case (.some, .some):
      throw .conflictingOptions("Give --generator or --exec, not both", command: name)
    case (let generator?, nil):
      if ReferenceGenerators.named(generator) == nil {
        throw .invalidValue(generator, option: "--generator", allowed: ReferenceGenerators.names, command: name)
      }
    case (nil, .some):
      break
    }
  }

  /// The generator to run; an external one must be closed after the run.
  func makeGenerator() -> (any DeltaGenerator)? {
    if let command { return ExternalGenerator(command: command, timeout: timeout) }
    return generatorName.flatMap(ReferenceGenerators.named)
  }

  /// The run's options for `generator`.
  func checkOptions(for generator: any DeltaGenerator) -> CheckOptions {
    var options = CheckOptions(maxSize: maxSize, simulation: simulation)
    options.identityOnly = identityOnly ?? (generator is any IdentityOnlyGenerator)
    return options
  }
}
