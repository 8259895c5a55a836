/// A process exit status, with the values BatchCheck uses (after sysexits.h).
///
///     ExitCode.usage.rawValue  // 64
package struct ExitCode: RawRepresentable, Hashable, Sendable {
  /// The status the process exits with.
  package var rawValue: Int32

  /// Wraps a status.
  package init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// 0: everything ran and nothing failed.
  package static let success = ExitCode(rawValue: 0)
  /// 1: a failure was found (a case disagrees with its expectation).
  package static let failure = ExitCode(rawValue: 1)
  /// 64: the command line was wrong (EX_USAGE).
  package static let usage = ExitCode(rawValue: 64)
  /// 65: some input could not be read: a malformed line or a missing file (EX_DATAERR).
  package static let dataError = ExitCode(rawValue: 65)
  /// 74: a file could not be written (EX_IOERR).
  package static let cannotWrite = ExitCode(rawValue: 74)
}
