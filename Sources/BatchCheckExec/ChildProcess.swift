#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

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
  var lifelineFD: Int32 = -1
  private var reaped = false
  private var chunk = [UInt8](repeating: 0, count: 64 * 1024)
  /// `nextLine`'s poll set, kept from call to call.
  private var polled = [pollfd](repeating: pollfd(), count: 3)

  init(pid: pid_t, stdin: Int32, stdout: Int32, stderr: Int32, stderrLimit: Int) {
    self.pid = pid
    self.stdinFD = stdin
    self.stdoutFD = stdout
    self.stderrFD = stderr
    self.stderrTail = ByteTail(capacity: stderrLimit)
  }

  deinit {
    if !reaped { _ = killAndReap() }
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

  /// How many of the bytes written to stdin the process has read: those
  /// written less those still in the pipe; nil when the system does not
  /// say (then a case's clock starts when it is sent).
  var consumedBytes: Int? {
    guard stdinFD >= 0 else { return writtenBytes }
    var unread: Int32 = 0
    guard ioctl(stdinFD, UInt(FIONREAD), &unread) == 0 else { return nil }
    return writtenBytes - Int(unread)
  }

  /// Writes what is queued for stdin while reading stdout until a full line
  /// (`answeredEarly` when fewer than `clock.requestEnd` bytes were written
  /// by then: the answer came before its case), the end of stdout, the end
  /// of the case's time (`CaseClock`: from when the process has read the
  /// case), or more than `maxLineBytes` without a line break; stderr is
  /// drained all along, so a chatty child never blocks.
  func nextLine(clock: inout CaseClock, maxLineBytes: Int) -> Outcome {
    let requestEnd = clock.requestEnd
    // How many bytes from `stdoutStart` on hold no line break: counted
    // from there, since reading may drop the bytes taken before it.
    var scanned = 0
    while true {
      if let newline = ExternalGeneratorWire.firstNewline(
        in: stdoutBytes, from: stdoutStart + scanned)
      {
        let line = Array(stdoutBytes[stdoutStart..<newline])
        stdoutStart = newline + 1
        return writtenBytes >= requestEnd ? .line(line) : .answeredEarly
      }
      scanned = stdoutBuffered
      if stdoutBuffered > maxLineBytes { return .flooded }
      if stdoutAtEnd { return .endOfOutput }
      guard let milliseconds = clock.wait(consumed: consumedBytes) else { return .timedOut }

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
