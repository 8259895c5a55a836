import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Checks `condition` until it holds, for at most `timeout` seconds; true as
/// soon as it holds. At the timeout the test fails, saying what it waited
/// for, and the answer is false.
///
///     waitUntil("process \(pid) is gone", timeout: 5) { processIsGone(pid) }
///
/// The one place a test polls: for a condition no event announces (a file
/// another process creates, a process that is not the test's child). Between
/// two checks it waits `pause` seconds (0: none, for a test that must catch a
/// moment), as `poll(2)` with no descriptors waits.
@discardableResult
package func waitUntil(
  _ what: @autoclosure () -> String, timeout: Double, pause: Double = 0.01,
  sourceLocation: SourceLocation = #_sourceLocation, _ condition: () throws -> Bool
) rethrows -> Bool {
  let deadline = Date().addingTimeInterval(timeout)
  while true {
    if try condition() { return true }
    guard Date() < deadline else { break }
    if pause > 0 { _ = poll(nil, 0, Int32((pause * 1000).rounded(.up))) }
  }
  Issue.record(
    "timed out after \(timeout) s waiting until \(what())", sourceLocation: sourceLocation)
  return false
}

/// Whether `pid` is gone, or a zombie waiting for its reaper, now.
package func processIsGone(_ pid: pid_t) -> Bool {
  guard kill(pid, 0) == 0 else { return true }
  #if os(Linux)
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return true }
    return stat[close...].dropFirst(2).first == "Z"
  #else
    return false
  #endif
}

/// A FIFO a child process writes a line to when it is ready, and that the
/// test waits on: `poll(2)` on its read end, which returns as soon as the
/// line comes (or the last writer closes the FIFO without one).
///
///     let ready = try ReadySignal(in: files)
///     // the child: echo "$$" > "\(ready.path)"
///     let pid = ready.line(timeout: 10)
///
/// The read end is open from `init` to the end of the signal's life, so a
/// child's `echo > fifo` never blocks waiting for a reader.
package final class ReadySignal: @unchecked Sendable {
  /// The FIFO's path, for the child to write to.
  package let path: String
  private let descriptor: Int32
  private var received: [UInt8] = []
  private var atEnd = false

  /// Creates the FIFO `name` in `directory` and opens its read end.
  package init(in directory: TemporaryDirectory, name: String = "ready") throws {
    path = directory.path(name)
    guard mkfifo(path, 0o600) == 0 else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
    }
    // Never blocks: a read end opened without waiting for a writer.
    descriptor = open(path, O_RDONLY | O_NONBLOCK)
    guard descriptor >= 0 else {
      throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: path])
    }
  }

  deinit {
    close(descriptor)
  }

  /// The first line written (without its line break), once it is there.
  /// Nil, and the test fails, when none comes within `timeout` seconds or
  /// the writers close the FIFO without one.
  package func line(timeout: Double, sourceLocation: SourceLocation = #_sourceLocation)
    -> String?
  {
    let ok = wait(timeout: timeout) { received.contains(UInt8(ascii: "\n")) }
    guard ok, let end = received.firstIndex(of: UInt8(ascii: "\n")) else {
      Issue.record(
        "no line in \(path) within \(timeout) s (got \(String(decoding: received, as: UTF8.self)))",
        sourceLocation: sourceLocation)
      return nil
    }
    return String(decoding: received[..<end], as: UTF8.self)
  }

  /// Reads what comes until `done()` holds, the writers close the FIFO, or
  /// `timeout` seconds pass; whether `done()` holds.
  private func wait(timeout: Double, until done: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    var chunk = [UInt8](repeating: 0, count: 4096)
    while !done() && !atEnd {
      let left = deadline.timeIntervalSinceNow
      guard left > 0 else { break }
      var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      // Returns on data, or on the hang-up of the last writer (Linux reports
      // it only once a writer has come and gone).
      guard poll(&request, 1, Int32((left * 1000).rounded(.up))) > 0 else { continue }
      let count = read(descriptor, &chunk, chunk.count)
      if count > 0 {
        received.append(contentsOf: chunk[..<count])
      } else if count == 0 {
        atEnd = true
      }
    }
    return done()
  }
}
