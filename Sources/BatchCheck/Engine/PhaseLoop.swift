/// The skeleton every phase shares, the pairs phases and the random chunks
/// alike: decide each case (run it, probe a predicted crash, skip it as one,
/// or hold it back while a probe's outcome is awaited), run it, record its
/// outcome, count failures against the crash limit, and stop at the first
/// failure when the run stops there. What differs between phases (where
/// cases come from, what is counted per case) comes in as closures.
struct PhaseLoop {
  /// The phase the loop runs, for tracking each case.
  private let phase: CheckPhase
  /// The generator's name, for tracking each case.
  private let generator: String
  /// The run's options, for tracking each case.
  private let options: CheckOptions
  /// The crash limit and interruption.
  var limits: PhaseLimits
  /// The crashes learned so far; their cases are skipped or probed.
  var predictor: CrashPredictor
  /// The failures of the phase: the first case of each kind, and counts.
  var tally = FailureTally()
  /// The edit size of the phase's valid updates.
  var edits = EditTotals()
  /// What the cases were like (the random phase's statistics), when
  /// measured: each case numbered once (`EditTotals.number(old:new:)`) for
  /// these counts and its edit size both. nil when not measured.
  var statistics: CaseStatistics?
  private var statisticsScratch = StatisticsScratch()
  /// The index of the phase's first case that the edit size leaves out
  /// unless a waste limit measured it already: the small-alphabet family's
  /// first pair in the exhaustive phase (its tiny alphabets would skew the
  /// totals, and measuring costs half a case); none by default.
  var unmeasuredFrom = Int.max
  /// The pair of each kind's first case, kept for learning crashes.
  var firstPairs: [FailureKind: (old: [[Row]], new: [[Row]])] = [:]
  /// Cases skipped as predicted crashes.
  var predictedCrashes = 0
  /// Set at the first failure when the run stops there: cases are counted
  /// in order, up to that failure.
  private(set) var stopped = false
  /// Whether the stream ended to wait for a probe's outcome.
  private var paused = false
  private let stopAtFirstFailure: Bool

  /// A loop with the run's limits, starting from what `predictor` learned.
  ///
  /// - Parameter errorsSoFar: the phase's generator errors before this
  ///   loop (those of the chunks before a chunk), for `CheckOptions.maxCrashes`.
  init(
    _ phase: CheckPhase, generator: String, options: CheckOptions, predictor: CrashPredictor,
    errorsSoFar: Int = 0
  ) {
    self.phase = phase
    self.generator = generator
    self.options = options
    limits = PhaseLimits(options: options, errorsSoFar: errorsSoFar)
    self.predictor = predictor
    stopAtFirstFailure = options.stopAtFirstFailure
  }

  /// Streams the cases `take` gives through `runner` until they run out or
  /// the phase stops. After a pause for a probe it streams again; at the
  /// crash limit it asks `learn` to teach the predictor new crashes and, if
  /// it learned any, goes on without their cases.
  ///
  /// - Parameters:
  ///   - take: the next case, nil when there is none.
  ///   - skip: told of a case skipped as a predicted crash.
  ///   - hold: keeps a case for when the stream goes on.
  ///   - answered: told of each outcome first (nil for a case the generator
  ///     could not be given); the outcome is recorded when it returns true.
  ///   - dropped: told of a case whose answer came after the phase stopped,
  ///     with why it stopped.
  ///   - learn: teaches the predictor the crashes met so far, from the
  ///     first pair of each kind; true when it learned any.
  mutating func run<Runner: CaseRunning>(
    _ runner: Runner, take: () -> PendingCase?, skip: () -> Void, hold: (PendingCase) -> Void,
    answered: (PendingCase, CaseResult?) -> Bool,
    dropped: (PendingCase, IncompletePhase.Reason?) -> Void,
    learn: (_ firstPairs: [FailureKind: (old: [[Row]], new: [[Row]])], inout CrashPredictor) -> Bool
  ) {
    while true {
      runner.stream(
        next: {
          guard !stopped, !limits.interrupted(), !paused else { return nil }
          while var pending = take() {
            switch predictor.decide(old: pending.old, new: pending.new) {
            case .run: break
            case .probe(let pattern): pending.probe = pattern
            case .skip:
              // Like a smallest crash: it would crash, and show nothing else.
              predictedCrashes &+= 1
              skip()
              continue
            case .hold:
              hold(pending)
              paused = true
              return nil
            }
            CaseTracking.track(
              phase, index: pending.index, caseSeed: pending.caseSeed, pending.old, pending.new,
              generator: generator, options: options)
            return pending
          }
          return nil
        },
        each: { pending, result in
          guard !stopped, !limits.interrupted() else {
            dropped(pending, limits.reason)
            return false
          }
          if statistics != nil { measure(pending) }
          guard answered(pending, result), let result else { return true }
          return record(pending, result)
        })
      if paused, limits.reason == nil, !stopped {
        paused = false
        continue
      }
      guard limits.reason == .crashBudget, learn(firstPairs, &predictor) else { break }
      limits.restart()
    }
  }

  /// Numbers a case's ids and rows once and counts its statistics from
  /// them; its edit size, if measured, reads the same numbers.
  private mutating func measure(_ pending: PendingCase) {
    edits.number(old: pending.old, new: pending.new)
    statistics?.record(edits.dense, scratch: &statisticsScratch)
  }

  /// Records one outcome: a probe's, the edit size of a valid batch, and a
  /// failure (tallied, counted against the crash limit unless predicted).
  /// Returns whether the phase goes on.
  private mutating func record(_ pending: PendingCase, _ result: CaseResult) -> Bool {
    if let probe = pending.probe {
      predictor.record(
        probe: probe, failedAsPredicted: result.kind == predictor.patterns[probe].kind)
    }
    // Every valid batch update counts, a breach of a waste limit too.
    // With statistics measured, `measure` numbered this case just before.
    if pending.index < unmeasuredFrom || result.edits != nil {
      edits.add(result, old: pending.old, new: pending.new, numbered: statistics != nil)
    }
    guard let kind = result.kind else { return true }
    tally.add(kind, at: pending.index, message: result.detail, waste: result.waste)
    if firstPairs[kind] == nil { firstPairs[kind] = (pending.old, pending.new) }
    if pending.probe == nil || !predictor.knows(kind) { limits.count(kind) }
    if stopAtFirstFailure { stopped = true }
    return !stopped && !limits.reached
  }
}

/// What ends a phase early: the generator's errors reaching
/// `CheckOptions.maxCrashes`, or `CheckOptions.shouldStop` answering true.
struct PhaseLimits {
  /// The phase's generator errors since the limit last restarted.
  private(set) var errors = 0
  /// The phase's generator errors in all.
  private(set) var totalErrors = 0
  /// Why the phase ended early; nil while it goes on.
  private(set) var reason: IncompletePhase.Reason?
  private let maxErrors: Int?
  private let shouldStop: (@Sendable () -> Bool)?

  init(options: CheckOptions, errorsSoFar: Int = 0) {
    maxErrors = options.maxCrashes
    shouldStop = options.shouldStop
    errors = errorsSoFar
    if let maxErrors, errors >= maxErrors { reason = .crashBudget }
  }

  /// Allows another `maxCrashes` errors: once the phase has learned to
  /// skip the cases that crash.
  mutating func restart() {
    errors = 0
    if reason == .crashBudget { reason = nil }
  }

  /// Whether the phase has ended early.
  var reached: Bool { reason != nil }

  /// Asks `shouldStop`: true (and the phase ends) once it does.
  mutating func interrupted() -> Bool {
    guard reason == nil else { return true }
    if shouldStop?() == true { reason = .interrupted }
    return reason != nil
  }

  /// Counts a failing case; a generator error may reach the limit.
  mutating func count(_ kind: FailureKind) {
    guard case .generatorError = kind else { return }
    errors &+= 1
    totalErrors &+= 1
    if let maxErrors, errors >= maxErrors, reason == nil { reason = .crashBudget }
  }
}
