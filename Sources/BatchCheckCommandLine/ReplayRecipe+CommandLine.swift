import BatchCheck

extension ReplayRecipe {
  /// The command that runs the case again:
  /// `batchcheck replay --generator NAME --case-seed 0x...`, or the
  /// external generator's command with those of its settings that are not
  /// the defaults (`external`), then each option that changes the case or
  /// its verdict when it is not the default. nil for a case with no case
  /// seed: its corpus line replays it.
  package var commandLine: String? {
    guard let caseSeed else { return nil }
    var words = ["batchcheck replay"] + generatorWords
    words.append(CommandLineFlag.caseSeed.with(hexSeed(caseSeed)))
    if maxSize != CheckOptions.defaultMaxSize {
      words.append(CommandLineFlag.maxSize.with(String(maxSize)))
    }
    if let judgedAs { words.append(CommandLineFlag.contract.with(judgedAs.rawValue)) }
    if identityOnly { words.append(CommandLineFlag.identityOnly.rawValue) }
    if simulation.semantics != .tableView {
      words.append(CommandLineFlag.semantics.with(simulation.semantics.rawValue))
    }
    if simulation.duplicates != .reject {
      words.append(CommandLineFlag.duplicates.with(simulation.duplicates.rawValue))
    }
    if simulation.uikit != .ios18 {
      words.append(CommandLineFlag.uikit.with(simulation.uikit.rawValue))
    }
    if let maxMoveRatio {
      words.append(CommandLineFlag.maxMoveRatio.with(decimalText(maxMoveRatio)))
    }
    if rejectsUnneededDeletes { words.append(CommandLineFlag.noUnneededDeletes.rawValue) }
    return words.joined(separator: " ")
  }

  /// The options that name the generator: `--generator NAME`, or for an
  /// external one its command and those of its settings that are not the
  /// defaults.
  private var generatorWords: [String] {
    guard let external else { return [CommandLineFlag.generator.with(shellWord(generator))] }
    var words = [CommandLineFlag.exec.with(shellWord(external.command))]
    if let contract = external.contract {
      words.append(CommandLineFlag.contract.with(contract.rawValue))
    }
    if let timeout = external.timeout { words.append(CommandLineFlag.timeout.with("\(timeout)")) }
    if let name = external.name { words.append(CommandLineFlag.name.with(shellWord(name))) }
    if !external.sections { words.append(CommandLineFlag.sections.with("off")) }
    return words
  }
}

extension CheckReport {
  /// The report as the command line gives it: each failure's replay as the
  /// `batchcheck replay` command (`ReplayRecipe.commandLine`; nil for a
  /// case with no case seed), naming `external` when the run checked an
  /// external generator. The engine renders replays in Swift; the command
  /// line calls this on each report of a run it made.
  package func replayingOnCommandLine(external: ReplayRecipe.ExternalCommand?) -> CheckReport {
    var report = self
    for index in report.failures.indices {
      guard var recipe = report.failures[index].replay else { continue }
      recipe.external = external
      report.failures[index].setReplay(recipe, text: recipe.commandLine)
    }
    return report
  }
}
