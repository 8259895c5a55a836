#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

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

  /// Seconds on the monotonic clock.
  static var monotonicSeconds: Double { now() }

  private static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
