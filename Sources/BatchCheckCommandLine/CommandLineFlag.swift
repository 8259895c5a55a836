import BatchCheck

/// The `batchcheck` options that the command line both reads and writes
/// back, each spelled here alone: the command line declares its options
/// with these names (`batchcheck check`, `replay`, `corpus check`), and a
/// failure's `batchcheck replay` command (`ReplayRecipe.commandLine`) and
/// the reports' advice (`OptionSpelling.commandLine`) write them.
///
///     CommandLineFlag.maxMoveRatio.rawValue   // "--max-move-ratio"
///     CommandLineFlag(.maxCrashes)            // .maxCrashes
package enum CommandLineFlag: String, Hashable, Sendable, CaseIterable {
  /// A built-in generator by name.
  case generator = "--generator"
  /// An external generator's command.
  case exec = "--exec"
  /// The contract to judge under; for an external generator, the one it answers in.
  case contract = "--contract"
  /// Seconds an external generator may take per case.
  case timeout = "--timeout"
  /// An external generator's name in reports.
  case name = "--name"
  /// Whether an external generator gets cases of several sections.
  case sections = "--sections"
  /// The random case to replay.
  case caseSeed = "--case-seed"
  /// The largest random case (`CheckOptions.maxSize`).
  case maxSize = "--max-size"
  /// Judge identities only (`CheckOptions.identityOnly`).
  case identityOnly = "--identity-only"
  /// The simulated view (`SimulationOptions.semantics`).
  case semantics = "--semantics"
  /// The duplicates policy (`SimulationOptions.duplicates`).
  case duplicates = "--duplicates"
  /// The UIKit profile (`SimulationOptions.uikit`).
  case uikit = "--uikit"
  /// The waste limit on moves (`CheckOptions.maxMoveRatio`).
  case maxMoveRatio = "--max-move-ratio"
  /// The waste limit on deletes (`CheckOptions.rejectsUnneededDeletes`).
  case noUnneededDeletes = "--no-unneeded-deletes"
  /// The crash limit of a phase (`CheckOptions.maxCrashes`).
  case maxCrashes = "--max-crashes"

  /// The flag that sets `option`.
  package init(_ option: CheckOptionName) {
    switch option {
    case .maxCrashes: self = .maxCrashes
    case .maxMoveRatio: self = .maxMoveRatio
    case .rejectsUnneededDeletes: self = .noUnneededDeletes
    }
  }

  /// Whether the flag takes no value: given or not.
  package var isSwitch: Bool { self == .identityOnly || self == .noUnneededDeletes }

  /// The flag with `value` after it: `--max-size 80`; a switch alone.
  package func with(_ value: String) -> String { isSwitch ? rawValue : rawValue + " " + value }
}

extension OptionSpelling {
  /// The command line's: each option named by its flag (`CommandLineFlag`),
  /// with its value when it has one: `--max-move-ratio 2`,
  /// `--no-unneeded-deletes`, `--max-crashes, CheckOptions.maxCrashes`.
  package static let commandLine = OptionSpelling { option, value in
    let flag = CommandLineFlag(option)
    return value.map(flag.with) ?? flag.rawValue
  }
}
