#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The time one case may take, counted from when the generator starts on
/// it: once it has read the whole case (the bytes have left its stdin pipe)
/// and answered the case before it. So the cases queued behind a slow one
/// do not pay for its wait, and a fresh process's start-up (an interpreter
/// loading its modules before it reads anything) counts against no case.
/// A process that reads nothing gets `startAllowance` seconds before the
/// clock starts anyway.
struct CaseClock {
  /// Seconds from the start to the end.
  let limit: Double
  /// Where the case's request ends in what was queued for the process.
  let requestEnd: Int
  /// When the clock starts at the latest.
  private let latestStart: Deadline
  /// When the case's time ends; nil until the clock starts.
  private(set) var deadline: Deadline?
  /// When the clock started, in monotonic seconds; nil until it does.
  private(set) var started: Double?
  /// The next wait while the clock has not started, in milliseconds:
  /// short at first, longer while the process keeps not reading.
  private var pause: Int32 = 1

  /// A clock for the case whose request ends at byte `requestEnd`,
  /// waiting for it to be read from now on, for at most `startAllowance`.
  init(limit: Double, requestEnd: Int, startAllowance: Double) {
    self.limit = limit
    self.requestEnd = requestEnd
    latestStart = Deadline(after: startAllowance)
  }

  /// Starts the clock once `consumed` (the bytes the process has read; nil
  /// when not known, which starts it at once) covers the request, or the
  /// allowance has passed; returns how long to wait before asking again:
  /// the milliseconds left once started, nil when the time is up.
  mutating func wait(consumed: Int?) -> Int32? {
    if deadline == nil {
      if consumed.map({ $0 >= requestEnd }) ?? true || latestStart.remainingMilliseconds == nil {
        started = Deadline.monotonicSeconds
        deadline = Deadline(after: limit)
      } else {
        defer { pause = Swift.min(pause * 2, 20) }
        return Swift.min(pause, latestStart.remainingMilliseconds ?? 1)
      }
    }
    return deadline?.remainingMilliseconds
  }

  /// Seconds since the clock started; 0 before.
  var elapsed: Double {
    started.map { Deadline.monotonicSeconds - $0 } ?? 0
  }
}
