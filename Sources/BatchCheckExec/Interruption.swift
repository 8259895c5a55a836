#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Ctrl-C, SIGTERM and SIGHUP as a request to stop and report what was
/// found, instead of the end of the program.
///
///     Interruption.install()
///     var options = CheckOptions()
///     options.shouldStop = { Interruption.requested }
///     let report = check(generator, options: options)  // partial when interrupted
///     exit(Interruption.requested ? 128 + Interruption.signal : 0)
///
/// Once installed, the first of those signals records itself, kills every
/// generator process group at once (so a run waiting for an answer wakes),
/// and returns: the run sees `requested`, ends where it is, and its report
/// says it is partial. No generator starts again (`ExternalGenerator`
/// answers `unavailable`). A second signal ends the program as before:
/// generators killed, then the signal at its default. A signal that was
/// ignored when the handlers were installed (`nohup`) stays ignored.
package enum Interruption {
  /// Makes the first SIGINT, SIGTERM or SIGHUP a request to stop; once.
  package static func install() {
    interruptionState[1] = 1
    ProcessCleanup.installOnce()
  }

  /// Whether a signal has asked the run to stop.
  package static var requested: Bool { interruptionState[0] != 0 }

  /// The signal that asked the run to stop; 0 while none has.
  package static var signal: Int32 { interruptionState[0] }
}

/// [0]: the signal that asked to stop, 0 for none; [1]: 1 once
/// `Interruption.install()` was called. Written by the signal handler, one
/// aligned 32-bit value at a time; allocated once and never freed.
nonisolated(unsafe) let interruptionState: UnsafeMutablePointer<Int32> = {
  let state = UnsafeMutablePointer<Int32>.allocate(capacity: 2)
  state.initialize(repeating: 0, count: 2)
  return state
}()
