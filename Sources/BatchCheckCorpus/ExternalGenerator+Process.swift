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
/// hung pipeline does not outlive its case.
///
/// Not thread-safe: `ExternalGenerator` touches it only while holding its lock.
final class ChildProcess {
  /// The shell's process id, which is also the id of its process group.
  let pid: pid_t
  /// Bytes read from stdout and not yet taken as an answer.
  private(set) var stdoutBuffer: [UInt8] = []
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
  private var reaped = false
  private var chunk = [UInt8](repeating: 0, count: 64 * 1024)

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
  /// - Throws: `.unavailable` when a pipe or the process cannot be created.
  static func spawn(command: String, stderrLimit: Int) throws(GeneratorError) -> ChildProcess {
    ProcessCleanup.installOnce()
    ProcessCleanup.spawnLock.lock()
    defer { ProcessCleanup.spawnLock.unlock() }
    var fds: [Int32] = []  // stdin read, stdin write, stdout read, stdout write, stderr read, stderr write
    func closeAll() { for fd in fds { _ = close(fd) } }
    for _ in 0..<3 {
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
    posix_spawn_file_actions_adddup2(&actions, childIn, 0)
    posix_spawn_file_actions_adddup2(&actions, childOut, 1)
    posix_spawn_file_actions_adddup2(&actions, childErr, 2)
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var defaultSignals = sigset_t()
    sigemptyset(&defaultSignals)
    sigaddset(&defaultSignals, SIGPIPE)  // ignored here, so it would be inherited ignored
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let arguments = ["/bin/sh", "-c", command]
    let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, "/bin/sh", &actions, &attributes, &argv, &envp)
    for fd in [childIn, childOut, childErr] { _ = close(fd) }
    guard spawned == 0 else {
      for fd in [parentIn, parentOut, parentErr] { _ = close(fd) }
      throw GeneratorError(
        kind: .unavailable, message: "cannot start /bin/sh: \(String(cString: strerror(spawned)))")
    }
    ProcessCleanup.shared.insert(pid)
    for fd in [parentIn, parentOut, parentErr] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    return ChildProcess(pid: pid, stdin: parentIn, stdout: parentOut, stderr: parentErr, stderrLimit: stderrLimit)
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

  /// Writes `request` to stdin while reading stdout until a full line, the
  /// end of stdout, the deadline, or more than `maxLineBytes` without a line
  /// break; stderr is drained all along, so a chatty child never blocks.
  func exchange(_ request: [UInt8], deadline: Deadline, maxLineBytes: Int) -> Outcome {
    var pending = request[...]
    var scanned = 0
    while true {
      if let newline = stdoutBuffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
        let line = Array(stdoutBuffer[..<newline])
        stdoutBuffer.removeSubrange(...newline)
        return pending.isEmpty ? .line(line) : .answeredEarly
      }
      scanned = stdoutBuffer.count
      if stdoutBuffer.count > maxLineBytes { return .flooded }
      if stdoutAtEnd { return .endOfOutput }
      guard let milliseconds = deadline.remainingMilliseconds else { return .timedOut }

      var polled: [pollfd] = [pollfd(fd: stdoutFD, events: Int16(POLLIN), revents: 0)]
      if !stderrAtEnd { polled.append(pollfd(fd: stderrFD, events: Int16(POLLIN), revents: 0)) }
      let writing = !pending.isEmpty && stdinFD >= 0
      if writing { polled.append(pollfd(fd: stdinFD, events: Int16(POLLOUT), revents: 0)) }
      let ready = poll(&polled, nfds_t(polled.count), milliseconds)
      if ready < 0 {
        if errno == EINTR { continue }
        return .endOfOutput
      }
      if writing, polled[polled.count - 1].revents != 0 {
        let written = pending.withUnsafeBytes { write(stdinFD, $0.baseAddress, $0.count) }
        if written > 0 {
          pending = pending.dropFirst(written)
        } else if written < 0, errno != EAGAIN, errno != EINTR {
          // EPIPE: the child is gone or closed its stdin; its stdout tells the rest.
          closeStdin()
          pending = []
        }
      }
      readStderr()
      readStdout(limit: maxLineBytes)
    }
  }

  /// Reads stdout until it would block, it ends, or the buffer exceeds `limit`.
  private func readStdout(limit: Int) {
    while !stdoutAtEnd && stdoutBuffer.count <= limit {
      let count = chunk.withUnsafeMutableBytes { read(stdoutFD, $0.baseAddress, $0.count) }
      if count > 0 {
        stdoutBuffer += chunk[..<count]
        largestStdoutBuffer = max(largestStdoutBuffer, stdoutBuffer.count)
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
    guard !reaped else { return true }
    var info = siginfo_t()
    let result = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
    // ECHILD: already reaped, as when the program sets SIGCHLD to SIG_IGN.
    return result == 0 ? info.si_signo == SIGCHLD : errno == ECHILD
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
    var status: Int32 = 0
    var result: pid_t
    repeat { result = waitpid(pid, &status, 0) } while result < 0 && errno == EINTR
    reaped = true
    ProcessCleanup.shared.remove(pid)
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
/// `ExternalGenerator` is never deinitialized (a global, say).
///
/// `@unchecked Sendable`: `groups` is only touched while holding `lock`.
final class ProcessCleanup: @unchecked Sendable {
  static let shared = ProcessCleanup()
  /// Held while creating pipes and spawning, so that no generator process
  /// inherits another one's pipe ends before they are close-on-exec.
  static let spawnLock = NSLock()
  private let lock = NSLock()
  private var groups: Set<pid_t> = []

  /// Ignores SIGPIPE (a write to a dead generator is then an error, not the
  /// end of this program) and registers the exit handler, once.
  static func installOnce() { _ = installed }

  private static let installed: Bool = {
    _ = signal(SIGPIPE, SIG_IGN)
    return atexit { ProcessCleanup.shared.killAll() } == 0
  }()

  func insert(_ group: pid_t) {
    lock.lock()
    groups.insert(group)
    lock.unlock()
  }

  func remove(_ group: pid_t) {
    lock.lock()
    groups.remove(group)
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
    lock.unlock()
  }
}

/// `strerror(errno)`.
private func errnoText() -> String {
  String(cString: strerror(errno))
}
