import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

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
package enum GeneratorSupervisor {
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
  package static func start() {
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
