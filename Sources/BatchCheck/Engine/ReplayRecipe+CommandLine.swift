extension ReplayRecipe {
  /// The command that runs the case again:
  /// `batchcheck replay --generator NAME --case-seed 0x...`, or `--exec
  /// '...'` (with its `--contract`, `--timeout`, `--name` and `--sections`)
  /// for an external generator, then each option that changes the case or
  /// its verdict when it is not the default. nil for a case with no case
  /// seed: its corpus line replays it.
  public var commandLine: String? {
    guard let caseSeed else { return nil }
    var command = "batchcheck replay " + generatorWords + " --case-seed \(hexSeed(caseSeed))"
    if maxSize != CheckOptions.defaultMaxSize { command += " --max-size \(maxSize)" }
    if let judgedAs { command += " --contract \(judgedAs.rawValue)" }
    if identityOnly { command += " --identity-only" }
    if simulation.semantics != .tableView {
      command += " --semantics \(simulation.semantics.rawValue)"
    }
    if simulation.duplicates != .reject {
      command += " --duplicates \(simulation.duplicates.rawValue)"
    }
    if simulation.uikit != .ios18 { command += " --uikit \(simulation.uikit.rawValue)" }
    if let maxMoveRatio { command += " --max-move-ratio \(decimalText(maxMoveRatio))" }
    if rejectsUnneededDeletes { command += " --no-unneeded-deletes" }
    return command
  }

  /// The options that name the generator: `--generator NAME`, or for an
  /// external one `--exec '...'` and those of its options that are not the
  /// defaults.
  private var generatorWords: String {
    guard let external else { return "--generator " + shellWord(generator) }
    var words = "--exec " + shellWord(external.command)
    if let contract = external.contract { words += " --contract \(contract.rawValue)" }
    if let timeout = external.timeout { words += " --timeout \(timeout)" }
    if let name = external.name { words += " --name " + shellWord(name) }
    if !external.sections { words += " --sections off" }
    return words
  }
}

/// `word` as one shell word: as is when it is made of safe characters,
/// single-quoted otherwise.
package func shellWord(_ word: String) -> String {
  let safe =
    !word.isEmpty
    && word.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || "-_./:=+,@".unicodeScalars.contains($0)
    }
  if safe { return word }
  return "'"
    + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
}
