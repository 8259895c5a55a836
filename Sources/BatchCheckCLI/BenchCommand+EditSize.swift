import BatchCheck
import Foundation
import ReferenceDiffs

extension BenchCommand {
  /// The edit size of every built-in generator over the engine's random
  /// cases (`--cases` cases of up to `--max-size` rows, the default run
  /// seed, no exhaustive phase), each generator in its own mode: one table
  /// row per generator with the moves its valid batch updates issue, the
  /// fewest needed, their ratio, the rows deleted and inserted again and
  /// the unchanged rows reloaded (`EditSize`, summed over the run).
  ///
  ///     // edit size, every built-in generator: 300000 random cases up to 50 rows, iOS 18
  ///     //   generator               valid updates       moves      needed  ratio deleted again unchanged reloads
  ///     //   heckel                         300000   1,234,567     412,345    2.9        12,345                 0
  ///
  /// A generator whose changes are not one batch (staged batches, steps)
  /// has no edit size: its row says so.
  func editSizeBench() async -> String {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let uikit = profiles.first ?? .ios18
    var text =
      "edit size, every built-in generator: \(cases) random cases up to \(maxSize) rows, \(uikit)"
      + " (valid batch updates, summed)\n"
    text +=
      Self.editSizeRow([
        "generator", "valid updates", "moves", "needed", "ratio", "deleted again",
        "unchanged reloads",
      ])
      + "\n"
    for generator in ReferenceGenerators.allContracts {
      let options = engineOptions(for: generator, uikit: uikit)
      let report = await check(generator, options: options, workers: cores)
      text += Self.editSizeRow(generator.name, report: report, contract: generator.contract)
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
  static func editSizeRow(_ name: String, report: CheckReport, contract: Contract) -> String {
    guard let edits = report.edits else {
      let why = contract == .batch ? "no valid update" : "not measured: \(contract)"
      return editSizeRow([name, "0", "-", "-", "-", "-", "-"]) + "  (\(why))\n"
    }
    let ratio = edits.moveRatio.map(ratioText) ?? "-"
    let needed = (edits.minimumMovesIsBound ? "<=" : "") + grouped(edits.minimumMoves)
    return editSizeRow([
      name, String(report.editCases), grouped(edits.moves), needed, ratio,
      grouped(edits.rowsDeletedAndInsertedAgain), grouped(edits.unchangedReloads),
    ]) + "\n"
  }

  /// The columns as one line: the name padded, every other right-aligned,
  /// at least one space between two.
  private static func editSizeRow(_ columns: [String]) -> String {
    let widths = [23, 14, 12, 12, 7, 14, 18]
    var line = "  "
    for (index, column) in columns.enumerated() {
      let spaces = String(
        repeating: " ", count: max(1, (index < widths.count ? widths[index] : 0) - column.count))
      line += index == 0 ? column + spaces : spaces + column
    }
    return line
  }
}
