#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import BatchCheck
import Foundation

/// One running external generator: `/bin/sh -c COMMAND` in a process group of
/// its own, the parent's ends of its three pipes, and what it has written.
///
/// Why a process group: a command is often a shell running an interpreter
/// running helpers; killing the group's id kills the grandchildren too, so a
/// hung pipeline does not outlive its case. In `batchcheck` the group is led
/// by a supervisor (`GeneratorSupervisor`) that ends it when this process
/// ends, SIGKILL included; on SIGINT, SIGTERM and SIGHUP, `ProcessCleanup`'s
/// handler ends it.
///
/// Not thread-safe: `ExternalGenerator` touches it only while holding its lock.
final class ChildProcess {
  /// The group leader's process id, which is also the id of the group: the
  /// shell's, or its supervisor's, which exits as the shell does.
  let pid: pid_t
  /// Bytes read from stdout and not yet taken as an answer.
  var stdoutBuffer: [UInt8] { Array(stdoutBytes[stdoutStart...]) }
  /// Bytes read from stdout; those before `stdoutStart` are taken already
  /// (dropped from the front once in a while, not at every line).
  private var stdoutBytes: [UInt8] = []
  private var stdoutStart = 0
  /// How many bytes read from stdout are not yet taken as an answer.
  var stdoutBuffered: Int { stdoutBytes.count - stdoutStart }
  /// The most stdout bytes ever buffered at once (the flood bound's witness).
  private(set) var largestStdoutBuffer = 0
  /// The end of what the process wrote to stderr, bounded.
  private(set) var stderrTail: ByteTail
  /// Whether stdout has reached its end (the write end is closed).
  private(set) var stdoutAtEnd = false

  private var stdinFD: Int32
  private var stdoutFD: Int32
  private var stderrFD: Int32
  private var stderrAtEnd = false
  /// The write end of the supervisor's lifeline; -1 without a supervisor.
  private var lifelineFD: Int32 = -1
  private var reaped = false
  private var chunk = [UInt8](repeating: 0, count: 64 * 1024)
  /// `nextLine`'s poll set, kept from call to call.
  private var polled = [pollfd](repeating: pollfd(), count: 3)

  private init(pid: pid_t, stdin: Int32, stdout: Int32, stderr: Int32, stderrLimit: Int) {
    self.pid = pid
    self.stdinFD = stdin
    self.stdoutFD = stdout
    self.stderrFD = stderr
    self.stderrTail = ByteTail(capacity: stderrLimit)
  }

  deinit {
    if !reaped { _ = killAndReap() }
  }

  // MARK: Starting

  /// Starts `/bin/sh -c command` with pipes on its stdin, stdout and stderr,
  /// as the leader of a new process group, with SIGPIPE at its default.
  ///
  /// In `batchcheck` (`GeneratorSupervisor.start()` was called), the leader
  /// is a supervisor instead: `batchcheck` itself again, which starts
  /// `/bin/sh -c command` in its group, holds the read end of a lifeline pipe
  /// whose write end only this process holds, and kills the whole group the
  /// moment the lifeline breaks: when this process ends in any way, SIGKILL
  /// included.
  ///
  /// - Throws: `.unavailable` when a pipe or the process cannot be created.
  static func spawn(command: String, stderrLimit: Int) throws(GeneratorError) -> ChildProcess {
    ProcessCleanup.installOnce()
    ProcessCleanup.spawnLock.lock()
    defer { ProcessCleanup.spawnLock.unlock() }
    let supervisor = GeneratorSupervisor.executable
    // stdin read, stdin write, stdout read, stdout write, stderr read, stderr write
    // (and lifeline read, lifeline write under a supervisor)
    var fds: [Int32] = []
    func closeAll() { for fd in fds { _ = close(fd) } }
    for _ in 0..<(supervisor == nil ? 3 : 4) {
      var pair: [Int32] = [-1, -1]
      guard makePipe(&pair) else {
        let reason = errnoText()
        closeAll()
        throw GeneratorError(kind: .unavailable, message: "cannot create a pipe for the generator: \(reason)")
      }
      fds += pair
    }
    let (childIn, parentIn) = (fds[0], fds[1])
    let (parentOut, childOut) = (fds[2], fds[3])
    let (parentErr, childErr) = (fds[4], fds[5])
    var descriptors = [childIn, childOut, childErr]
    var environment = ProcessInfo.processInfo.environment
    var program = "/bin/sh"
    var arguments = ["/bin/sh", "-c", command]
    if let supervisor {
      descriptors.append(fds[6])
      environment[GeneratorSupervisor.variable] = String(getpid())
      program = supervisor
      arguments = [GeneratorSupervisor.processName, command]
    }
    let spawned = spawnProcess(
      program, arguments: arguments, environment: environment, descriptors: descriptors,
      defaultSignals: [SIGPIPE], newGroup: true)
    for fd in descriptors { _ = close(fd) }
    let lifeline = supervisor == nil ? -1 : fds[7]
    guard case .success(let pid) = spawned else {
      for fd in [parentIn, parentOut, parentErr, lifeline] where fd >= 0 { _ = close(fd) }
      throw GeneratorError(kind: .unavailable, message: "cannot start \(program): \(spawned.failureText)")
    }
    ProcessCleanup.shared.insert(pid)
    for fd in [parentIn, parentOut, parentErr] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    let child = ChildProcess(
      pid: pid, stdin: parentIn, stdout: parentOut, stderr: parentErr, stderrLimit: stderrLimit)
    child.lifelineFD = lifeline
    return child
  }

  /// `posix_spawn` of `program`: `descriptors` become its descriptors 0, 1,
  /// 2, 3..., every signal is unblocked, and `defaultSignals` are at their
  /// defaults (an ignored signal would stay ignored across `exec`; SIGPIPE
  /// is ignored here); with `newGroup`, it leads a process group of its own.
  ///
  /// - Returns: its process id, or the error number.
  static func spawnProcess(
    _ program: String, arguments: [String], environment: [String: String], descriptors: [Int32],
    defaultSignals signals: [Int32], newGroup: Bool
  ) -> Result<pid_t, SpawnError> {
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
      var attributes: posix_spawnattr_t? = nil
    #else
      var actions = posix_spawn_file_actions_t()
      var attributes = posix_spawnattr_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    posix_spawnattr_init(&attributes)
    defer {
      posix_spawn_file_actions_destroy(&actions)
      posix_spawnattr_destroy(&attributes)
    }
    // Every pipe end is close-on-exec; dup2 makes uninheritable copies inheritable.
    for (target, fd) in descriptors.enumerated() {
      posix_spawn_file_actions_adddup2(&actions, fd, Int32(target))
    }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var defaultSignals = sigset_t()
    sigemptyset(&defaultSignals)
    for signal in signals { sigaddset(&defaultSignals, signal) }
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
    var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
    if newGroup {
      posix_spawnattr_setpgroup(&attributes, 0)
      flags |= POSIX_SPAWN_SETPGROUP
    }
    posix_spawnattr_setflags(&attributes, Int16(flags))

    let environment = environment.map { "\($0.key)=\($0.value)" }
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, program, &actions, &attributes, &argv, &envp)
    return result == 0 ? .success(pid) : .failure(SpawnError(number: result))
  }

  /// Why `posix_spawn` failed: an error number.
  struct SpawnError: Error {
    let number: Int32
  }

  /// `pipe(2)` with both ends close-on-exec. (`pipe2` would do it in one
  /// step, but Glibc's module does not export it; `spawn` holds
  /// `ProcessCleanup.spawnLock` so that our own spawns never see the gap.)
  private static func makePipe(_ pair: inout [Int32]) -> Bool {
    guard pipe(&pair) == 0 else { return false }
    for fd in pair { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return true
  }

  // MARK: Talking

  /// How one exchange ended.
  enum Outcome: Equatable {
    /// A full line (without its line break).
    case line([UInt8])
    /// A full line arrived while part of the request was still unwritten.
    case answeredEarly
    /// Stdout ended before a full line.
    case endOfOutput
    /// No full line before the deadline.
    case timedOut
    /// More than the bound without a line break.
    case flooded
  }

  /// Reads whatever stderr holds right now, and up to one chunk of stdout,
  /// without waiting.
  func drainAvailable() {
    readStdout(limit: 0)
    readStderr()
  }

  /// Bytes queued for stdin (`enqueue`); those before `outgoingStart` are written.
  private var outgoing: [UInt8] = []
  private var outgoingStart = 0
  /// How many bytes have been queued for stdin since the process started.
  private(set) var queuedBytes = 0
  /// How many of them have been written.
  private(set) var writtenBytes = 0

  /// Queues `bytes` for stdin: they are written while `nextLine` waits.
  func enqueue(_ bytes: [UInt8]) {
    if outgoingStart == outgoing.count {
      outgoing.removeAll(keepingCapacity: true)
      outgoingStart = 0
    }
    outgoing += bytes
    queuedBytes += bytes.count
  }

  /// Writes what is queued for stdin as far as the pipe takes it now,
  /// without waiting; `nextLine` writes the rest.
  func writeQueued() {
    guard outgoingStart < outgoing.count, stdinFD >= 0 else { return }
    writeSome()
  }

  /// One `write` of what is queued; on a broken pipe (the child is gone or
  /// closed its stdin) stdin is closed and the rest dropped: its stdout
  /// tells the rest.
  private func writeSome() {
    let written = outgoing[outgoingStart...].withUnsafeBytes {
      write(stdinFD, $0.baseAddress, $0.count)
    }
    if written > 0 {
      outgoingStart += written
      writtenBytes += written
    } else if written < 0, errno != EAGAIN, errno != EINTR {
      closeStdin()
      outgoingStart = outgoing.count
    }
  }

  /// Writes what is queued for stdin while reading stdout until a full line
  /// (`answeredEarly` when fewer than `requestEnd` bytes were written by
  /// then: the answer came before its case), the end of stdout, the
  /// deadline, or more than `maxLineBytes` without a line break; stderr is
  /// drained all along, so a chatty child never blocks.
  func nextLine(requestEnd: Int, deadline: Deadline, maxLineBytes: Int) -> Outcome {
    // How many bytes from `stdoutStart` on hold no line break: counted
    // from there, since reading may drop the bytes taken before it.
    var scanned = 0
    while true {
      if let newline = ExternalGeneratorWire.firstNewline(in: stdoutBytes, from: stdoutStart + scanned) {
        let line = Array(stdoutBytes[stdoutStart..<newline])
        stdoutStart = newline + 1
        return writtenBytes >= requestEnd ? .line(line) : .answeredEarly
      }
      scanned = stdoutBuffered
      if stdoutBuffered > maxLineBytes { return .flooded }
      if stdoutAtEnd { return .endOfOutput }
      guard let milliseconds = deadline.remainingMilliseconds else { return .timedOut }

      // stdout, stderr (while open), stdin (while something is queued).
      let watchesStderr = !stderrAtEnd
      let writing = outgoingStart < outgoing.count && stdinFD >= 0
      polled[0] = pollfd(fd: stdoutFD, events: Int16(POLLIN), revents: 0)
      polled[1] = pollfd(fd: watchesStderr ? stderrFD : -1, events: Int16(POLLIN), revents: 0)
      polled[2] = pollfd(fd: writing ? stdinFD : -1, events: Int16(POLLOUT), revents: 0)
      let ready = polled.withUnsafeMutableBufferPointer { poll($0.baseAddress, 3, milliseconds) }
      if ready < 0 {
        if errno == EINTR { continue }
        return .endOfOutput
      }
      if writing, polled[2].revents != 0 { writeSome() }
      // Only what poll says is ready is read: no read that would only block.
      if watchesStderr, polled[1].revents != 0 { readStderr() }
      if polled[0].revents != 0 { readStdout(limit: maxLineBytes) }
    }
  }

  /// Reads stdout until it would block, it ends, or the buffer exceeds `limit`.
  private func readStdout(limit: Int) {
    if stdoutStart == stdoutBytes.count {
      stdoutBytes.removeAll(keepingCapacity: true)
      stdoutStart = 0
    } else if stdoutStart >= 1 << 16 {
      stdoutBytes.removeSubrange(..<stdoutStart)
      stdoutStart = 0
    }
    while !stdoutAtEnd && stdoutBuffered <= limit {
      let count = chunk.withUnsafeMutableBytes { read(stdoutFD, $0.baseAddress, $0.count) }
      if count > 0 {
        stdoutBytes += chunk[..<count]
        largestStdoutBuffer = max(largestStdoutBuffer, stdoutBuffered)
      } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
        stdoutAtEnd = true
      } else if errno == EAGAIN {
        return
      }
    }
  }

  /// Reads stderr until it would block or ends, keeping only its tail.
  private func readStderr() {
    while !stderrAtEnd {
      let count = chunk.withUnsafeMutableBytes { read(stderrFD, $0.baseAddress, $0.count) }
      if count > 0 {
        stderrTail.append(chunk[..<count])
      } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
        stderrAtEnd = true
      } else if errno == EAGAIN {
        return
      }
    }
  }

  private func closeStdin() {
    if stdinFD >= 0 {
      _ = close(stdinFD)
      stdinFD = -1
    }
  }

  // MARK: Ending

  /// Whether the shell has exited; it is not reaped, so its process group
  /// id stays taken and safe to signal.
  var hasExited: Bool {
    reaped || processHasExited(pid)
  }

  /// Waits until the shell exits or the deadline passes, draining stderr.
  ///
  /// - Returns: whether it exited.
  func waitForExit(until deadline: Deadline) -> Bool {
    while !hasExited {
      guard deadline.remainingMilliseconds != nil else { return false }
      if stderrAtEnd {
        usleep(2_000)
      } else {
        var polled = [pollfd(fd: stderrFD, events: Int16(POLLIN), revents: 0)]
        _ = poll(&polled, 1, 2)
        readStderr()
      }
    }
    readStderr()
    return true
  }

  /// Kills the whole process group, closes the pipes and reaps the shell.
  ///
  /// - Returns: how the shell ended; a status read before the kill when it
  ///   had already exited.
  @discardableResult
  func killAndReap() -> ExitStatus {
    guard !reaped else { return .unknown }
    _ = kill(-pid, SIGKILL)
    readStderr()
    closeStdin()
    for fd in [stdoutFD, stderrFD] where fd >= 0 { _ = close(fd) }
    stdoutFD = -1
    stderrFD = -1
    stdoutAtEnd = true
    stderrAtEnd = true
    // Unregistered before the reap: a signal handler never signals a
    // group id that the reap has set free for reuse.
    ProcessCleanup.shared.remove(pid)
    var status: Int32 = 0
    var result: pid_t
    repeat { result = waitpid(pid, &status, 0) } while result < 0 && errno == EINTR
    reaped = true
    if lifelineFD >= 0 { _ = close(lifelineFD) }
    lifelineFD = -1
    return result == pid ? ExitStatus(waitStatus: status) : .unknown
  }

  /// Ends the process politely: closes its stdin (a generator's loop ends
  /// there), sends SIGTERM to the group after a moment, and SIGKILL after
  /// `grace`; every process of the group is gone afterwards.
  func terminate(grace: Double) {
    guard !reaped else { return }
    closeStdin()
    if !waitForExit(until: Deadline(after: min(0.1, grace))) {
      _ = kill(-pid, SIGTERM)
      _ = waitForExit(until: Deadline(after: grace))
    }
    killAndReap()
  }
}

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

/// The last `capacity` bytes of a stream.
struct ByteTail {
  let capacity: Int
  private(set) var bytes: [UInt8] = []
  /// Whether bytes were dropped from the front.
  private(set) var truncated = false

  init(capacity: Int) {
    self.capacity = max(capacity, 0)
  }

  mutating func append(_ more: ArraySlice<UInt8>) {
    bytes += more.suffix(capacity)
    if bytes.count > capacity {
      bytes.removeFirst(bytes.count - capacity)
      truncated = true
    } else if more.count > capacity {
      truncated = true
    }
  }

  /// The tail as text, from the first whole line when bytes were dropped;
  /// nil when there is nothing but white space.
  var text: String? {
    var start = bytes.startIndex
    if truncated, let newline = bytes.firstIndex(of: UInt8(ascii: "\n")), newline + 1 < bytes.count {
      start = newline + 1
    }
    let text = String(decoding: bytes[start...], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty else { return nil }
    return truncated ? "...\n" + text : text
  }
}

/// A point on the monotonic clock.
struct Deadline {
  private let seconds: Double

  /// `interval` seconds from now.
  init(after interval: Double) {
    seconds = Deadline.now() + interval
  }

  /// The later of two deadlines.
  static func max(_ a: Deadline, _ b: Deadline) -> Deadline { a.seconds >= b.seconds ? a : b }

  /// Milliseconds left, at least 1, for `poll`; nil once it has passed.
  var remainingMilliseconds: Int32? {
    let left = seconds - Deadline.now()
    guard left > 0 else { return nil }
    return Int32(Swift.min(Swift.max((left * 1000).rounded(.up), 1), 60_000))
  }

  private static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}

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

extension Result where Failure == ChildProcess.SpawnError {
  /// The failure's `strerror` text; empty for a success.
  var failureText: String {
    guard case .failure(let error) = self else { return "" }
    return String(cString: strerror(error.number))
  }
}

/// `strerror(errno)`.
private func errnoText() -> String {
  String(cString: strerror(errno))
}

/// The supervisor of an external generator, for the `batchcheck` executable:
/// the leader of the generator's process group, which kills the group when
/// `batchcheck` ends in any way, SIGKILL included.
///
/// Why: a generator leads a process group of its own, and SIGKILL leaves no
/// handler a chance to end it; the shell and everything it started would
/// live on, reparented to init. Linux's `prctl(PR_SET_PDEATHSIG)` could make
/// one process die with its parent, but not its children, and it fires when
/// the parent *thread* that started it exits, which a thread pool's thread
/// does at any time. So the supervisor watches a lifeline instead: a pipe
/// whose write end only `batchcheck` holds (close-on-exec), which the kernel
/// closes when `batchcheck` ends, however it ends.
///
/// How: `ChildProcess.spawn` starts `batchcheck` itself again, as leader of
/// a new group, with `BATCHCHECK_EXEC_TRAMPOLINE` set to its own process id,
/// the command as the only argument, the generator's pipes on 0, 1, 2 and the
/// lifeline's read end on 3. `start()`, the first thing `main` does, sees
/// the variable and becomes the supervisor: it starts `/bin/sh -c COMMAND`
/// in its group with those pipes, lets go of its own copies (so the
/// generator's end of stdout is the generator's alone), and waits. When the
/// shell exits, the supervisor exits the same way (the same status, or the
/// same signal), so `batchcheck` sees the shell's end as before. When the
/// lifeline breaks, it sends SIGKILL to its group, itself included. It
/// ignores SIGINT, SIGTERM and SIGHUP (the shell gets them at their
/// defaults): a SIGTERM to the group is the shell's to answer, and the
/// supervisor follows it out.
///
/// Only in the `batchcheck` executable, and only on Linux (it starts
/// `/proc/self/exe`): elsewhere, and in a test bundle, the shell leads the
/// group itself, without the lifeline. The variable is honoured only when it
/// names the parent and descriptor 3 is a pipe; otherwise it is removed and
/// `batchcheck` runs as usual.
public enum GeneratorSupervisor {
  /// The environment variable that asks for the supervisor: the parent's process id.
  static let variable = "BATCHCHECK_EXEC_TRAMPOLINE"
  /// The supervisor's `argv[0]`, as `ps` shows it.
  static let processName = "batchcheck-exec"
  /// The descriptor of the lifeline's read end, in the supervisor.
  static let lifeline: Int32 = 3

  /// The program to start as supervisor; nil: none, the shell leads the group.
  static var executable: String? {
    executableLock.lock()
    defer { executableLock.unlock() }
    return registeredExecutable
  }

  nonisolated(unsafe) private static var registeredExecutable: String?
  private static let executableLock = NSLock()

  /// Becomes a generator's supervisor when this process was started as one
  /// (and then never returns); otherwise makes the generators this process
  /// starts supervised, on Linux. `batchcheck` calls it first thing.
  public static func start() {
    if let parent = ProcessInfo.processInfo.environment[variable] {
      unsetenv(variable)
      var status = stat()
      let arguments = CommandLine.arguments
      if parent == String(getppid()), arguments.count == 2, fstat(lifeline, &status) == 0,
        status.st_mode & S_IFMT == S_IFIFO
      {
        supervise(command: arguments[1])
      }
    }
    #if os(Linux)
      // Without /proc (a bare chroot), the shell leads the group itself.
      guard access("/proc/self/exe", X_OK) == 0 else { return }
      executableLock.lock()
      registeredExecutable = "/proc/self/exe"
      executableLock.unlock()
    #endif
  }

  /// Runs `/bin/sh -c command` in this process's group until it exits or
  /// the lifeline breaks; exits as the shell did.
  private static func supervise(command: String) -> Never {
    _ = fcntl(lifeline, F_SETFD, FD_CLOEXEC)
    var defaults = [SIGPIPE]
    for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
      let previous = signal(signalNumber, SIG_IGN)
      // Ignored already (nohup): the shell keeps it ignored.
      if unsafeBitCast(previous, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self) {
        defaults.append(signalNumber)
      }
    }
    let spawned = ChildProcess.spawnProcess(
      "/bin/sh", arguments: ["/bin/sh", "-c", command],
      environment: ProcessInfo.processInfo.environment.filter { $0.key != variable },
      descriptors: [0, 1, 2], defaultSignals: defaults, newGroup: false)
    guard case .success(let shell) = spawned else {
      let message = "batchcheck: cannot start /bin/sh: \(spawned.failureText)\n"
      _ = message.withCString { write(2, $0, strlen($0)) }
      exit(127)
    }
    // Let go of the generator's pipes: their other ends see the generator's end alone.
    let null = open("/dev/null", O_RDWR)
    for fd: Int32 in 0...2 { _ = dup2(null, fd) }
    if null > 2 { _ = close(null) }
    while true {
      var status: Int32 = 0
      let result = waitpid(shell, &status, WNOHANG)
      if result == shell { exitAs(ExitStatus(waitStatus: status)) }
      if result < 0 && errno != EINTR { exit(127) }
      var polled = [pollfd(fd: lifeline, events: Int16(POLLIN), revents: 0)]
      if poll(&polled, 1, 20) > 0 && polled[0].revents != 0 {
        // The lifeline broke: batchcheck is gone.
        _ = kill(0, SIGKILL)
      }
    }
  }

  /// Ends this process as `status` says: the same exit status, or the same
  /// signal (without a core dump).
  private static func exitAs(_ status: ExitStatus) -> Never {
    switch status {
    case .exited(let code): exit(code)
    case .signaled(let signalNumber):
      var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
      #if os(Linux)
        _ = setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)
      #else
        _ = setrlimit(RLIMIT_CORE, &noCore)
      #endif
      _ = signal(signalNumber, SIG_DFL)
      var unblocked = sigset_t()
      sigemptyset(&unblocked)
      sigaddset(&unblocked, signalNumber)
      _ = sigprocmask(SIG_UNBLOCK, &unblocked, nil)
      _ = raise(signalNumber)
      exit(128 + signalNumber)
    case .unknown: exit(127)
    }
  }
}
