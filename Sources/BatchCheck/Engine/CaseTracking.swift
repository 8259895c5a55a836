/// The case a check is about to give its generator, for a trap reporter:
/// a diff that traps in process (an index out of range, a force unwrap)
/// ends the whole program, and the reporter's signal handler then names the
/// case it trapped on (BatchCheckTesting's `TrapTrace`).
package struct TrackedCase: Sendable {
  /// The generator's name.
  package var generator: String
  /// The run seed.
  package var runSeed: UInt64
  /// Where the case comes from: its phase, or nil while a failure shrinks
  /// or its minimality is searched.
  package var phase: CheckPhase?
  /// The case's index in its phase, when it has one.
  package var index: Int?
  /// The random case's seed.
  package var caseSeed: UInt64?
  package var old: [[Row]]
  package var new: [[Row]]
  /// The simulation that judges it, for the replay call.
  package var simulation: SimulationOptions
  /// Whether the run is identity-only, for the replay call.
  package var identityOnly: Bool

  /// Where it comes from, in words: `exhaustive phase, pair 12`, `random
  /// phase, case 7 (case seed 0x...)`, `while shrinking a failure`.
  package var place: String {
    guard let phase else { return "while shrinking a failure or searching below it" }
    var text = "\(phase.rawValue) phase"
    if let index { text += phase == .random ? ", case \(index)" : ", pair \(index)" }
    if let caseSeed { text += " (case seed \(hexSeed(caseSeed)))" }
    return text
  }

  /// The lines a trap reporter writes: the case, the seeds and the call
  /// that runs it again.
  package var report: String {
    let replay = SwiftLiteral.onePairOptions(
      old: old, new: new, simulation: simulation, identityOnly: identityOnly)
    return """
      batchcheck: the generator \(generator) trapped, which ends the program, on this case (\(place)):
        old:    \(CaseJSON.sections(old))
        new:    \(CaseJSON.sections(new))
        seeds:  run \(hexSeed(runSeed))\(caseSeed.map { ", case \(hexSeed($0))" } ?? "")
        replay: check(generator, options: \(replay))

      """
  }
}

/// Where a check announces each case before its generator runs it.
package enum CaseTracking {
  /// Called with each case before the generator runs it in process; nil
  /// (the default) tracks nothing. Set once, before any check runs
  /// (`TrapTrace.install()`); the calls come from every thread running a
  /// check.
  nonisolated(unsafe) package static var observer: (@Sendable (TrackedCase) -> Void)?

  /// Tells `observer`, if any, that `generator` runs `old` and `new` next,
  /// in a run with `options`.
  static func track(
    _ phase: CheckPhase?, index: Int?, caseSeed: UInt64?, _ old: [[Row]], _ new: [[Row]],
    generator: String, options: CheckOptions
  ) {
    guard let observer = CaseTracking.observer else { return }
    observer(
      TrackedCase(
        generator: generator, runSeed: options.seed, phase: phase, index: index, caseSeed: caseSeed,
        old: old, new: new, simulation: options.simulation, identityOnly: options.identityOnly))
  }
}

extension CheckRun {
  /// Tells `CaseTracking.observer`, if any, that `old` and `new` run next.
  func track(
    _ phase: CheckPhase?, index: Int? = nil, caseSeed: UInt64? = nil, _ old: [[Row]], _ new: [[Row]]
  ) {
    CaseTracking.track(
      phase, index: index, caseSeed: caseSeed, old, new, generator: runner.name, options: options)
  }
}
