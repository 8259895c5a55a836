import BatchCheck

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Names the case a diff trapped on. A diff that traps in process (an index
/// out of range, a force unwrap, `fatalError`) ends the whole test program:
/// no issue is recorded, and the log would name neither the case nor the
/// seeds. Once installed, every check announces each case to this thread's
/// slot before the diff runs it; on SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE
/// or SIGABRT, a handler writes that case to standard error (its rows, the
/// run seed and case seed, and the `check(generator, options:
/// .onePair(...))` call that runs it again), then lets the signal end the
/// program as it would have.
///
///     TrapTrace.install()
///     let report = check(MyDiff())
///     // if MyDiff traps, standard error gets, before the crash report:
///     // batchcheck: the generator MyDiff trapped, which ends the program, on this case (random phase, case 7 ...):
///     //   old:    [["a","b"]]
///     //   new:    [["b"]]
///     //   seeds:  run 0x00ba7c4ec4ec0001, case 0x...
///     //   replay: check(generator, options: .onePair(old: [["a", "b"]], new: [["b"]]))
///
/// `expectValidBatchUpdates` and `XCTAssertValidBatchUpdates` install it
/// themselves; call it once before `check(_:options:)` elsewhere. Cost: one
/// call per case that stores the case in a per-thread slot (a few
/// nanoseconds beside the diff and the simulation). The report is the last
/// thing the program does, written from the signal handler; a trap inside
/// the memory allocator itself could stop it from being written.
public enum TrapTrace {
  /// Installs the per-case tracking and the signal handlers, once; later
  /// calls do nothing.
  public static func install() { _ = installed }

  private static let installed: Bool = {
    CaseTracking.observer = { tracked in
      let slot: TrapSlot
      if let raw = pthread_getspecific(trapSlotKey) {
        slot = Unmanaged<TrapSlot>.fromOpaque(raw).takeUnretainedValue()
      } else {
        slot = TrapSlot()
        // Kept for the thread's life: the handler may need it at any time.
        _ = pthread_setspecific(trapSlotKey, Unmanaged.passRetained(slot).toOpaque())
      }
      slot.tracked = tracked
    }
    for signalNumber in trappedSignals {
      var action = sigaction()
      #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = reportTrap
      #else
        action.__sigaction_handler.sa_handler = reportTrap
      #endif
      sigemptyset(&action.sa_mask)
      action.sa_flags = 0
      _ = sigaction(signalNumber, &action, previousActions + Int(signalNumber))
    }
    return true
  }()

  /// The report the handler writes for the case this thread runs, if any:
  /// what a test reads back.
  static var currentReport: String? {
    guard let raw = pthread_getspecific(trapSlotKey) else { return nil }
    return Unmanaged<TrapSlot>.fromOpaque(raw).takeUnretainedValue().tracked?.report
  }
}

/// The case one thread's check runs now.
private final class TrapSlot: @unchecked Sendable {
  var tracked: TrackedCase?
}

/// The signals a trap ends a program with: Swift's runtime traps (SIGILL on
/// x86, SIGTRAP on ARM), bad memory, arithmetic, `abort`.
private let trappedSignals: [Int32] = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT]

/// The per-thread slot's key.
private let trapSlotKey: pthread_key_t = {
  var key = pthread_key_t()
  _ = pthread_key_create(&key, nil)
  return key
}()

/// The handlers there were before, restored once the case is written.
nonisolated(unsafe) private let previousActions: UnsafeMutablePointer<sigaction> = {
  let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
  actions.initialize(repeating: .init(), count: 65)
  return actions
}()

/// Writes this thread's case, once, then puts the previous handler back
/// and returns: the faulting instruction runs again and the signal ends the
/// program as before (a crash report, a core, the test runner's message);
/// `abort`'s SIGABRT is raised again.
private func reportTrap(_ signalNumber: Int32) {
  if let text = TrapTrace.currentReport {
    var bytes = Array(text.utf8)
    bytes.insert(UInt8(ascii: "\n"), at: 0)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  }
  for number in trappedSignals {
    _ = sigaction(number, previousActions + Int(number), nil)
  }
  if signalNumber == SIGABRT { _ = raise(signalNumber) }
}
