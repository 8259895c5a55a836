#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a process ended.
enum ExitStatus: Equatable {
  /// `exit(code)`.
  case exited(Int32)
  /// Killed by a signal.
  case signaled(Int32)
  /// Not known (already reaped elsewhere).
  case unknown

  /// Decodes a `waitpid` status (the same layout on Linux and Darwin).
  init(waitStatus status: Int32) {
    let signal = status & 0x7F
    if signal == 0 {
      self = .exited((status >> 8) & 0xFF)
    } else if signal != 0x7F {
      self = .signaled(signal)
    } else {
      self = .unknown
    }
  }

  /// `status 3`, `signal 11 (Segmentation fault)`.
  var description: String {
    switch self {
    case .exited(let code): return "status \(code)"
    case .signaled(let signal):
      guard let name = strsignal(signal) else { return "signal \(signal)" }
      return "signal \(signal) (\(String(cString: name)))"
    case .unknown: return "an unknown status"
    }
  }
}
