import BatchCheck
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension ChildProcess {
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
        throw GeneratorError(
          kind: .unavailable, message: "cannot create a pipe for the generator: \(reason)")
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
      throw GeneratorError(
        kind: .unavailable, message: "cannot start \(program): \(spawned.failureText)")
    }
    ProcessCleanup.shared.insert(pid)
    for fd in [parentIn, parentOut, parentErr] {
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }
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
}

extension Result where Failure == ChildProcess.SpawnError {
  /// The failure's `strerror` text; empty for a success.
  var failureText: String {
    guard case .failure(let error) = self else { return "" }
    return String(cString: strerror(error.number))
  }
}

/// `strerror(errno)`.
func errnoText() -> String {
  String(cString: strerror(errno))
}
