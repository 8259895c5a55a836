import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A program run to its end with its output in files, and what it cost:
/// how it ended, its wall time and its own peak resident memory. On Linux
/// the peak is read while it runs from `VmHWM` in `/proc/<pid>/status`,
/// every 10 ms: `wait4`'s `ru_maxrss` would count the resident memory of
/// the process that started it as well (Linux carries it over the spawn),
/// so a large `bench` would lend its children its own size. Elsewhere, and
/// for a run too short to be read, the peak is `wait4`'s (never another
/// child's).
///
///     let run = try MeasuredProcess.run(
///       "/usr/bin/true", arguments: [], standardOutput: "/dev/null", standardError: "/dev/null")
///     // run.exitCode == 0, run.seconds ≈ 0.001, run.peakKilobytes ≈ 1000
package struct MeasuredProcess: Sendable {
  /// The exit code, or nil when a signal ended it.
  package var exitCode: Int32?
  /// How it ended: `status 0`, `signal 9 (Killed)`.
  package var ending: String
  /// Wall time from the spawn to the reap, in seconds.
  package var seconds: Double
  /// Its peak resident memory, in KiB (`VmHWM` on Linux, else `ru_maxrss`).
  package var peakKilobytes: Int

  /// Whether it was killed for running past its time limit.
  package var timedOut = false

  /// Runs `program` (a path; `PATH` is not searched) with `arguments`, its
  /// standard input on `/dev/null` and its standard output and error
  /// written to the files at `standardOutput` and `standardError` (created
  /// or truncated), and waits for it to end: at most `timeout` seconds when
  /// given, after which it is killed (`SIGKILL`), `timedOut` is true and
  /// `ending` says so. The wait then looks every millisecond.
  ///
  /// - Throws: a message when a file cannot be opened or the process cannot
  ///   start.
  package static func run(
    _ program: String, arguments: [String], standardOutput: String, standardError: String,
    timeout: Double? = nil
  ) throws(MeasuredProcessError) -> MeasuredProcess {
    var descriptors: [Int32] = []
    defer { for fd in descriptors { _ = close(fd) } }
    for (path, flags) in [
      ("/dev/null", O_RDONLY), (standardOutput, O_WRONLY | O_CREAT | O_TRUNC),
      (standardError, O_WRONLY | O_CREAT | O_TRUNC),
    ] {
      let fd = open(path, flags | O_CLOEXEC, 0o644)
      guard fd >= 0 else { throw MeasuredProcessError("cannot open \(path): \(errnoText())") }
      descriptors.append(fd)
    }
    let start = ContinuousClock.now
    let spawned = ChildProcess.spawnProcess(
      program, arguments: [program] + arguments, environment: ProcessInfo.processInfo.environment,
      descriptors: descriptors, defaultSignals: [SIGPIPE], newGroup: false)
    guard case .success(let pid) = spawned else {
      throw MeasuredProcessError("cannot start \(program): \(spawned.failureText)")
    }
    var status: Int32 = 0
    var usage = rusage()
    var result: pid_t = 0
    var timedOut = false
    // The peak read while it runs (Linux), the largest reading so far.
    var highWater: Int?
    if timeout != nil || Self.readsHighWater {
      // Until the limit, look without blocking; past it, kill and reap.
      let limit = timeout.map { start + .milliseconds(Int64(min($0, 1e9) * 1000)) }
      var looks = 0
      while true {
        result = wait4(pid, &status, WNOHANG, &usage)
        if result != 0 && !(result < 0 && errno == EINTR) { break }
        if looks % 10 == 0, let reading = Self.highWaterKilobytes(pid) {
          highWater = max(highWater ?? 0, reading)
        }
        looks &+= 1
        if let limit, ContinuousClock.now >= limit {
          _ = kill(pid, SIGKILL)
          timedOut = true
          result = -1
          break
        }
        usleep(1_000)
      }
    }
    if result <= 0 {
      repeat { result = wait4(pid, &status, 0, &usage) } while result < 0 && errno == EINTR
    }
    let (whole, attoseconds) = (ContinuousClock.now - start).components
    let ended = result == pid ? ExitStatus(waitStatus: status) : .unknown
    var exitCode: Int32?
    if case .exited(let code) = ended { exitCode = code }
    #if canImport(Darwin)
      let peak = Int(usage.ru_maxrss) / 1024  // bytes on Darwin
    #else
      let peak = highWater ?? Int(usage.ru_maxrss)  // KiB on Linux
    #endif
    let seconds = Double(whole) + Double(attoseconds) / 1e18
    if timedOut {
      let limit = timeout.map { String(format: "%g", $0) } ?? "?"
      return MeasuredProcess(
        exitCode: nil, ending: "a kill at its limit of \(limit) s", seconds: seconds,
        peakKilobytes: peak, timedOut: true)
    }
    return MeasuredProcess(
      exitCode: exitCode, ending: ended.description, seconds: seconds, peakKilobytes: peak)
  }
}

extension MeasuredProcess {
  /// Whether a running process's peak can be read (`highWaterKilobytes`).
  static var readsHighWater: Bool {
    #if os(Linux)
      true
    #else
      false
    #endif
  }

  /// The peak resident memory of the running process `pid`, in KiB: the
  /// `VmHWM:` line of `/proc/<pid>/status`; nil where there is none (not
  /// Linux, or the process has ended).
  static func highWaterKilobytes(_ pid: pid_t) -> Int? {
    #if os(Linux)
      let fd = open("/proc/\(pid)/status", O_RDONLY | O_CLOEXEC)
      guard fd >= 0 else { return nil }
      defer { _ = close(fd) }
      var bytes = [UInt8](repeating: 0, count: 8192)
      let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      guard count > 0 else { return nil }
      let text = String(decoding: bytes[0..<count], as: UTF8.self)
      guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
      else { return nil }
      // `VmHWM:	   12345 kB`
      return Int(line.dropFirst(6).filter(\.isNumber))
    #else
      return nil
    #endif
  }
}

/// Why `MeasuredProcess.run` could not run a program.
package struct MeasuredProcessError: Error, Sendable {
  /// What went wrong, naming the file or the program.
  package var message: String

  init(_ message: String) { self.message = message }
}
