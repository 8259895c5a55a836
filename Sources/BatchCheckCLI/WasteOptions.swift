import BatchCheck
import BatchCheckCommandLine

/// `--max-move-ratio` and `--no-unneeded-deletes`, declared once for the
/// commands that judge a generator's updates (`check`, `replay`, `corpus
/// check`): limits on how much a valid update may waste, so that CI can
/// hold a diff to a standard. A breach is a failure of kind `waste`.
struct WasteOptions {
  /// `--max-move-ratio`.
  var maxMoveRatio: Double?
  /// `--no-unneeded-deletes`.
  var noUnneededDeletes = false

  static var options: [CommandOption<Self>] {
    [
      .value(
        CommandLineFlag.maxMoveRatio.rawValue, "<r>",
        allowed: "a number from 1 to \(decimalText(CheckOptions.largestMoveRatio))",
        help:
          "Fail a valid update with more than <r> times the fewest row moves of an update reloading"
          + " no more rows (EditSize.fairMinimumMoves); when none is needed, any move fails. 1: exactly"
          + " the fewest. Staged batches and steps count as the whole change.",
        parse: { Double($0).flatMap { $0 >= 1 && $0 <= CheckOptions.largestMoveRatio ? $0 : nil } },
        set: { $0.maxMoveRatio = $1 }),
      .flag(
        CommandLineFlag.noUnneededDeletes.rawValue, \.noUnneededDeletes,
        help:
          "Fail a valid update that deletes and inserts again a row present on both sides: more deletes"
          + " than the fewest needed plus the kept rows whose content changed."),
    ]
  }

  /// Sets the limits of `options`, always: the engine's defaults are not
  /// the command line's to rely on.
  func apply(to options: inout CheckOptions) {
    options.maxMoveRatio = maxMoveRatio
    options.rejectsUnneededDeletes = noUnneededDeletes
  }
}
