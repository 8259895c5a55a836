import BatchCheck
import Foundation
import ReferenceDiffs

extension BenchCommand {
  /// The edit size of every built-in generator over the engine's random
  /// cases (`--cases` cases of up to `--max-size` rows, the default run
  /// seed, no exhaustive phase), each generator in its own mode: one table
  /// row per generator with the moves its valid changes issue, the fewest
  /// needed (`EditSize.fairMinimumMoves`), their ratio (rounded up), the
  /// extra moves and the rows deleted and inserted again (each case's own
  /// excess, added up) and the unchanged rows reloaded (`EditSize`, summed
  /// over the run).
  ///
  ///     // edit size, every built-in generator: 300000 random cases up to 50 rows, iOS 18
  ///     //   generator               valid updates       moves      needed  ratio   extra moves deleted again unchanged reloads
  ///     //   heckel                         300000   1,234,567     412,345    3.0       822,222        12,345                 0
  ///
  /// Staged batches and steps are measured as the whole change from old
  /// to new (`EditSize.init(old:new:changes:pairBudget:)`).
  func editSizeBench() async -> String {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let uikit = profiles.first ?? .ios18
    var text =
      "edit size, every built-in generator: \(cases) random cases up to \(maxSize) rows, \(uikit)"
      + " (valid changes, each case's excess added up)\n"
    text +=
      Self.editSizeRow([
        "generator", "valid updates", "moves", "needed", "ratio", "extra moves", "deleted again",
        "unchanged reloads",
      ])
      + "\n"
    for generator in ReferenceGenerators.allContracts {
      let options = engineOptions(for: generator, uikit: uikit)
      let report = await check(generator, options: options, workers: cores)
      text += Self.editSizeRow(generator.name, report: report)
    }
    return text
  }

  /// The engine's options for `generator`: `--cases` random cases of up to
  /// `--max-size` rows judged by `uikit`, no exhaustive phase, the
  /// generator's own mode.
  func engineOptions(for generator: ContractGenerator, uikit: UIKitProfile) -> CheckOptions {
    var shared = GeneratorOptions()
    shared.maxSize = maxSize
    shared.simulation.uikit = uikit
    var options = shared.checkOptions(for: generator)
    options.count = cases
    options.exhaustiveTotal = 0
    return options
  }

  /// One generator's row of the edit-size table.
  static func editSizeRow(_ name: String, report: CheckReport) -> String {
    guard let edits = report.edits else {
      return editSizeRow([name, "0", "-", "-", "-", "-", "-", "-"]) + "  (no valid changes)\n"
    }
    let ratio =
      edits.fairMinimumMoves > 0 ? ratioText(edits.moves, over: edits.fairMinimumMoves) : "-"
    let needed = (edits.minimumMovesIsBound ? "<=" : "") + grouped(edits.fairMinimumMoves)
    return editSizeRow([
      name, String(report.editCases), grouped(edits.moves), needed, ratio,
      grouped(edits.extraMoves), grouped(edits.deletedAndInsertedAgain),
      grouped(edits.unchangedReloads),
    ]) + "\n"
  }

  /// The columns as one line: the name padded, every other right-aligned,
  /// at least one space between two.
  private static func editSizeRow(_ columns: [String]) -> String {
    let widths = [23, 14, 12, 12, 7, 14, 14, 18]
    var line = "  "
    for (index, column) in columns.enumerated() {
      let spaces = String(
        repeating: " ", count: max(1, (index < widths.count ? widths[index] : 0) - column.count))
      line += index == 0 ? column + spaces : spaces + column
    }
    return line
  }
}
