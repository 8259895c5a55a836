import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Progress of a long run on standard error: `random cases: 42000 / 100000`,
/// redrawn in place, shown only when standard error is a terminal and only
/// once the run has taken more than a second; cleared at the end.
enum ProgressLine {
  /// A progress callback for `CheckOptions.progress`, or nil when standard
  /// error is not a terminal (CI logs stay clean).
  static func make() -> (@Sendable (Int, Int) -> Void)? {
    guard isatty(STDERR_FILENO) != 0 else { return nil }
    let start = ContinuousClock.now
    return { done, total in
      guard ContinuousClock.now - start > .seconds(1) else { return }
      let text = done >= total ? "\r\u{1B}[K" : "\rrandom cases: \(done) / \(total)"
      FileHandle.standardError.write(Data(text.utf8))
    }
  }

  /// Clears the progress line, if standard error is a terminal.
  static func clear() {
    guard isatty(STDERR_FILENO) != 0 else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
  }
}
