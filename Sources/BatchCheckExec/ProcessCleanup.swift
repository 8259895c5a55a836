import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every running generator process group, killed when the program exits
/// normally, so that no generator outlives a run even when its
/// `ExternalGenerator` is never deinitialized (a global, say), and when it
/// is ended by SIGINT, SIGTERM or SIGHUP.
///
/// A generator leads a process group of its own, so a terminal's Ctrl-C
/// (sent to the foreground group) or a `kill` of this process alone never
/// reaches it: on those three signals a handler sends SIGTERM to every
/// group, gives them up to a second to exit, sends SIGKILL, and raises the
/// signal again at its default, so the program ends as the signal says
/// (status 128 + the signal, to a shell). A signal that was ignored when the
/// first generator started (`nohup`) stays ignored. SIGKILL cannot be
/// caught: the supervisor (`GeneratorSupervisor`) covers it.
///
/// A signal handler may only do async-signal-safe work: it takes no lock
/// and allocates nothing, and reads the groups from `slots`, a fixed array
/// of process ids (0: free) that `insert` and `remove` keep, under `lock`,
/// equal to `groups`. A group registered beyond its `slotCount` entries is
/// killed on exit but not by the handler.
///
/// `@unchecked Sendable`: `groups` and `slots` are only written while holding
/// `lock`; the handler only reads `slots`, one aligned 32-bit value at a time.
final class ProcessCleanup: @unchecked Sendable {
  static let shared = ProcessCleanup()
  /// Held while creating pipes and spawning, so that no generator process
  /// inherits another one's pipe ends before they are close-on-exec.
  static let spawnLock = NSLock()
  /// How many groups the signal handler knows of at once.
  static var slotCount: Int { generatorGroupSlotCount }
  private let lock = NSLock()
  private var groups: Set<pid_t> = []
  /// The groups, for the signal handler.
  private var slots: UnsafeMutablePointer<pid_t> { generatorGroupSlots }

  /// Ignores SIGPIPE (a write to a dead generator is then an error, not the
  /// end of this program), registers the exit handler and the signal
  /// handlers, once.
  static func installOnce() { _ = installed }

  private static let installed: Bool = {
    _ = signal(SIGPIPE, SIG_IGN)
    _ = generatorGroupSlots  // initialized before any handler can run
    _ = interruptionState
    for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
      let previous = signal(signalNumber, endGeneratorsAndReraise)
      if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
        _ = signal(signalNumber, SIG_IGN)
      }
    }
    return atexit { ProcessCleanup.shared.killAll() } == 0
  }()

  func insert(_ group: pid_t) {
    lock.lock()
    if groups.insert(group).inserted,
      let free = (0..<Self.slotCount).first(where: { slots[$0] == 0 })
    {
      slots[free] = group
    }
    lock.unlock()
  }

  func remove(_ group: pid_t) {
    lock.lock()
    groups.remove(group)
    for index in 0..<Self.slotCount where slots[index] == group { slots[index] = 0 }
    lock.unlock()
  }

  func contains(_ group: pid_t) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return groups.contains(group)
  }

  private func killAll() {
    lock.lock()
    for group in groups { _ = kill(-group, SIGKILL) }
    groups = []
    slots.update(repeating: 0, count: Self.slotCount)
    lock.unlock()
  }
}

/// How many generator groups `generatorGroupSlots` holds.
private let generatorGroupSlotCount = 1024

/// The running generator groups, for the signal handler (`ProcessCleanup`):
/// process ids, 0 for a free slot. Allocated once and never freed; a global
/// of its own, so that the handler reads it without touching a reference count.
nonisolated(unsafe) private let generatorGroupSlots: UnsafeMutablePointer<pid_t> = {
  let slots = UnsafeMutablePointer<pid_t>.allocate(capacity: generatorGroupSlotCount)
  slots.initialize(repeating: 0, count: generatorGroupSlotCount)
  return slots
}()

/// The handler of SIGINT, SIGTERM and SIGHUP once a generator has started
/// (`ProcessCleanup`): SIGTERM to every generator group, up to a second for
/// their leaders to exit, SIGKILL to every group, then `signal` again at its
/// default disposition. Async-signal-safe: `kill`, `waitid`, `nanosleep`,
/// `signal` and `raise`, on values read from a fixed array.
private func endGeneratorsAndReraise(_ signalNumber: Int32) {
  let slots = generatorGroupSlots
  let count = generatorGroupSlotCount
  var index = 0
  if interruptionState[1] != 0, interruptionState[0] == 0 {
    // The first signal under `Interruption`: a request to stop. The
    // generators go at once, so a run waiting on one wakes and reports.
    interruptionState[0] = signalNumber
    while index < count {
      if slots[index] > 0 { _ = kill(-slots[index], SIGKILL) }
      index += 1
    }
    return
  }
  while index < count {
    if slots[index] > 0 { _ = kill(-slots[index], SIGTERM) }
    index += 1
  }
  var rounds = 0
  var running = true
  while running && rounds < 100 {
    running = false
    index = 0
    while index < count {
      if slots[index] > 0 && !processHasExited(slots[index]) { running = true }
      index += 1
    }
    if running {
      var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)
      _ = nanosleep(&pause, nil)
    }
    rounds += 1
  }
  index = 0
  while index < count {
    if slots[index] > 0 { _ = kill(-slots[index], SIGKILL) }
    index += 1
  }
  _ = signal(signalNumber, SIG_DFL)
  _ = raise(signalNumber)
}

/// Whether the child `pid` has exited, without reaping it (its id stays
/// taken, and so does its process group's). Async-signal-safe.
func processHasExited(_ pid: pid_t) -> Bool {
  var info = siginfo_t()
  let result = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
  // ECHILD: already reaped, as when the program sets SIGCHLD to SIG_IGN.
  return result == 0 ? info.si_signo == SIGCHLD : errno == ECHILD
}
