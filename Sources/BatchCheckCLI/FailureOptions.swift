import BatchCheck

/// `--first-failure` and `--keep-going`, declared once for the commands that
/// run the property engine (`check`, `corpus check`, the main job).
///
/// By default a run goes on past its failures and reports every distinct
/// kind, smallest first; `--first-failure` stops at the first failing case.
/// `--keep-going` asks for the default, for older scripts.
struct FailureOptions {
  /// `--first-failure`.
  var firstFailure = false
  /// `--keep-going`.
  var keepGoing = false

  static var options: [CommandOption<Self>] {
    [
      .flag(
        "--first-failure", \.firstFailure,
        help:
          "Stop at the first failing case and shrink it, instead of running every case and reporting"
          + " every kind of failure, smallest first."),
      .flag("--keep-going", \.keepGoing, help: "The default; kept for older scripts."),
    ]
  }

  /// Not both.
  func validate(command: String?) throws(CommandError) {
    if firstFailure, keepGoing {
      throw .conflictingOptions("Give --first-failure or --keep-going, not both", command: command)
    }
  }

  /// Sets `options.stopAtFirstFailure`, always: the engine's default is not
  /// the command line's to rely on.
  func apply(to options: inout CheckOptions) {
    options.stopAtFirstFailure = firstFailure
  }
}
