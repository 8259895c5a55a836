import BatchCheck

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The open-file limit (`ulimit -n`) against the generator processes of
/// `corpus check --exec --workers`: each worker talks to a process of its
/// own, and each process holds descriptors open in `batchcheck` for as long
/// as the run lasts. Past the limit a process cannot be started, and every
/// case it would have run fails as the generator's, which it is not. So the
/// run first raises the soft limit as far as the hard one allows, and then
/// runs no more workers than fit.
enum OpenFileLimit {
  /// Descriptors one generator process holds open here: the ends of its
  /// stdin, stdout and stderr pipes and of its lifeline.
  static let perProcess = 4
  /// Descriptors kept free for everything else: the standard streams, the
  /// files read and written, the pipes of a process being started, and the
  /// runtime's own.
  static let reserve = 24

  /// The descriptors `workers` workers need: a process each, the run's own
  /// process (which shrinks the failures), and the reserve.
  static func needed(workers: Int) -> Int { reserve + perProcess * (workers + 1) }

  /// The most of `requested` workers (at least one) whose processes fit in
  /// `limit` open files.
  ///
  ///     OpenFileLimit.workers(40, limit: 64)     // 9
  ///     OpenFileLimit.workers(40, limit: 1024)   // 40
  static func workers(_ requested: Int, limit: Int) -> Int {
    max(1, min(requested, (limit - reserve) / perProcess - 1))
  }

  /// Raises this process's soft limit to `needed` open files, or as near as
  /// its hard limit allows; never lowers it.
  ///
  /// - Returns: the soft limit in force afterwards; nil when it cannot be read.
  static func raise(toward needed: Int) -> Int? {
    var limits = rlimit()
    guard getrlimit(descriptorResource, &limits) == 0 else { return nil }
    let soft = clamp(limits.rlim_cur)
    guard soft < needed else { return soft }
    var raised = limits
    raised.rlim_cur = rlim_t(min(needed, clamp(limits.rlim_max)))
    guard setrlimit(descriptorResource, &raised) == 0 else { return soft }
    return clamp(raised.rlim_cur)
  }

  /// A limit as an `Int`; anything larger ("unlimited" too) as `Int.max`.
  private static func clamp(_ value: rlim_t) -> Int {
    value > rlim_t(Int.max) ? Int.max : Int(value)
  }

  /// `RLIMIT_NOFILE` as this platform's `getrlimit` and `setrlimit` take it.
  #if canImport(Glibc)
    static var descriptorResource: __rlimit_resource_t {
      __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    }
  #else
    static var descriptorResource: Int32 { RLIMIT_NOFILE }
  #endif

  /// The workers of a run with `--exec`: `requested`, or fewer when the
  /// open-file limit, raised as far as it goes, has no room for them all;
  /// then with the note that says so, for standard error.
  static func execWorkers(_ requested: Int) -> (workers: Int, note: String?) {
    let needed = needed(workers: requested)
    guard let limit = raise(toward: needed), limit < needed else { return (requested, nil) }
    let workers = workers(requested, limit: limit)
    return (
      workers,
      "batchcheck: --workers \(requested) with --exec needs about \(needed) open files and the limit"
        + " is \(limit) (ulimit -n): running \(counted(workers, "worker")), each with a generator"
        + " process of its own; the output is the same for any number\n"
    )
  }
}
