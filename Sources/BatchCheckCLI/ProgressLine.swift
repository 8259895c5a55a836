import BatchCheck
import BatchCheckCorpus
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Progress of a long run on standard error, redrawn in place:
///
///     heckel (5/9): exhaustive pairs 12288 / 46113, 5400 cases/s, 7 s left
///
/// the phase (and in the main job, which generator), cases done and in all,
/// the rate and the time left. Shown only when standard error is a terminal
/// (CI logs stay clean) and once the run has taken more than a second;
/// cleared (`clear()`) before the report is printed.
final class ProgressLine: @unchecked Sendable {
  /// Guards everything below: the engine calls from the task running the
  /// check, one call at a time, but not always from one thread.
  private let lock = NSLock()
  private let start = ContinuousClock.now
  /// Said before the phase: the generator in the main job.
  private var prefix: String?
  /// How many pairs the exhaustive phase runs (the engine does not count them).
  private var exhaustiveTotal: Int?
  /// The phase being drawn, and its first call: the rate counts from there.
  private var phase: String?
  private var phaseFirst: (time: ContinuousClock.Instant, done: Int)?
  private var lastDraw: ContinuousClock.Instant?

  private init() {}

  /// `body`, holding the lock (`NSLock.withLock` is not on every platform).
  private func locked<T>(_ body: () -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body()
  }

  /// A progress line, or nil when standard error is not a terminal.
  static func make() -> ProgressLine? {
    isatty(STDERR_FILENO) != 0 ? ProgressLine() : nil
  }

  /// A progress line for a run with `options`, or nil when standard error
  /// is not a terminal.
  static func make(for options: CheckOptions) -> ProgressLine? {
    let line = make()
    line?.expect(options, prefix: nil)
    return line
  }

  /// Sets what the next run is: its options (for the phases' totals) and
  /// what to say before each phase (`heckel (5/9)`).
  func expect(_ options: CheckOptions, prefix: String?) {
    // The engine's exhaustive phase: its pairs and their content changes.
    let pairs = options.exhaustivePairs?.count ?? 0
    locked {
      self.prefix = prefix
      exhaustiveTotal = options.shard?.share(of: pairs) ?? pairs
      phase = nil
    }
  }

  /// Sets `options`' progress callbacks to draw this line.
  func install(in options: inout CheckOptions) {
    options.progress = { [self] done, total in update("random cases", done: done, total: total) }
    options.phaseProgress = { [self] phase, done, total in
      switch phase {
      case .corpus: update("corpus cases", done: done, total: total)
      case .exhaustive: update("exhaustive pairs", done: done, total: total ?? exhaustiveTotalNow)
      case .random: update("random cases", done: done, total: total)
      }
    }
  }

  private var exhaustiveTotalNow: Int? { locked { exhaustiveTotal } }

  /// Draws `done` of `total` cases of `phase`, at most every tenth of a
  /// second, except a phase's last call (`done == total`), which stays on
  /// screen while its failures shrink.
  func update(_ phase: String, done: Int, total: Int?) {
    let now = ContinuousClock.now
    let text: String? = locked {
      if phase != self.phase {
        self.phase = phase
        phaseFirst = (now, done)
      }
      let last = total.map { done >= $0 } ?? false
      guard now - start > .seconds(1), last || now - (lastDraw ?? start) >= .milliseconds(100)
      else { return nil }
      lastDraw = now
      let first = phaseFirst ?? (now, done)
      return Self.text(
        prefix: prefix, phase: phase, done: done, total: total, counted: done - first.done,
        elapsed: now - first.time)
    }
    guard let text else { return }
    FileHandle.standardError.write(Data(("\r\u{1B}[K" + text).utf8))
  }

  /// Clears the line.
  func clear() {
    FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
  }

  /// The line's text: `prefix: phase done / total, rate cases/s, time left`.
  /// The rate is `counted` cases in `elapsed`; without a rate (nothing
  /// counted yet) or a total, what cannot be known is left out.
  ///
  ///     ProgressLine.text(
  ///       prefix: "heckel (5/9)", phase: "exhaustive pairs", done: 12_000, total: 46_113,
  ///       counted: 10_000, elapsed: .seconds(2))
  ///     // "heckel (5/9): exhaustive pairs 12000 / 46113, 5000 cases/s, 7 s left"
  static func text(
    prefix: String?, phase: String, done: Int, total: Int?, counted: Int, elapsed: Duration
  ) -> String {
    var text = (prefix.map { $0 + ": " } ?? "") + phase + " \(done)"
    if let total { text += " / \(total)" }
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    guard counted > 0, seconds > 0 else { return text }
    let rate = Double(counted) / seconds
    text +=
      ", " + (rate >= 10 ? String(Int(rate.rounded())) : String(format: "%.1f", rate)) + " cases/s"
    if let total, total > done {
      text += ", " + timeLeft(seconds: Double(total - done) / rate) + " left"
    }
    return text
  }

  /// Seconds as `7 s`, `3 min 20 s` or `2 h 5 min`, rounded up.
  static func timeLeft(seconds: Double) -> String {
    let whole = seconds.isFinite ? Int(min(seconds.rounded(.up), 1e9)) : 1_000_000_000
    if whole < 60 { return "\(whole) s" }
    if whole < 3600 { return "\(whole / 60) min \(whole % 60) s" }
    return "\(whole / 3600) h \(whole % 3600 / 60) min"
  }
}
