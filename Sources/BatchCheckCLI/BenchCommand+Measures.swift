import BatchCheck
import BatchCheckCorpus
import BatchCheckExec
import Foundation
import ReferenceDiffs

// How `batchcheck bench` measures: the best of timed runs, seconds, peak memory.
extension BenchCommand {
  /// The best of `repeats` timed runs of `run`, in seconds, and what the
  /// last run gave.
  func best<Result>(_ run: () -> Result) -> (seconds: Double, result: Result) {
    let clock = ContinuousClock()
    func timed() -> (Duration, Result) {
      let start = clock.now
      let result = run()
      return (clock.now - start, result)
    }
    var (best, result) = timed()
    for _ in 1..<max(repeats, 1) {
      let (elapsed, next) = timed()
      result = next
      best = min(best, elapsed)
    }
    return (Self.seconds(best), result)
  }

  /// A verdict's kind and rule: "valid", "exception R2".
  static func describe(_ verdict: Verdict) -> String {
    [verdict.kind.rawValue, verdict.rule?.rawValue].compactMap { $0 }.joined(separator: " ")
  }

  static func seconds(_ duration: Duration) -> Double {
    let (whole, attoseconds) = duration.components
    return Double(whole) + Double(attoseconds) / 1e18
  }

  static func format(_ value: Double) -> String {
    String(format: "%.3f", value)
  }

  /// Starts the peak resident memory over from the current one (Linux:
  /// `/proc/self/clear_refs`); elsewhere the peak stays the process's.
  static func resetPeakMemory() {
    guard let file = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return }
    try? file.write(contentsOf: Data("5".utf8))
    try? file.close()
  }

  /// The process's peak resident memory, from `/proc/self/status` (Linux);
  /// "unknown" elsewhere.
  static func peakMemory() -> String {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return "unknown" }
    let kilobytes = line.split(separator: " ").compactMap { Int($0) }.first ?? 0
    return "\(kilobytes / 1024) MiB"
  }
}
