/// A process exit status, with the values BatchCheck uses (after sysexits.h).
///
///     ExitCode.usage.rawValue  // 64
public struct ExitCode: RawRepresentable, Hashable, Sendable {
  /// The status the process exits with.
  public var rawValue: Int32

  /// Wraps a status.
  public init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// 0: everything ran and nothing failed.
  public static let success = ExitCode(rawValue: 0)
  /// 1: a failure was found (a case disagrees with its expectation).
  public static let failure = ExitCode(rawValue: 1)
  /// 64: the command line was wrong (EX_USAGE).
  public static let usage = ExitCode(rawValue: 64)
  /// 65: some input could not be read: a malformed line or a missing file (EX_DATAERR).
  public static let dataError = ExitCode(rawValue: 65)
  /// 74: a file could not be written (EX_IOERR).
  public static let cannotWrite = ExitCode(rawValue: 74)
}
