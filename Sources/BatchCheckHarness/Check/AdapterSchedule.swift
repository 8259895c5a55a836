import BatchCheck

/// When apply code runs in one trial of `checkAdapter(named:options:apply:)`:
/// the view's start state, whether a main-queue turn ends before the first
/// change, and whether a second change follows, in the same turn or the
/// next.
///
///     AdapterSchedule.simplest   // laid out, one change, no turn before it
///
/// A trial runs the apply code from old to new and, with two cycles, again
/// from new back to old; the last turn always ends (``HarnessView/drain()``,
/// repeated while completion handlers are owed), so code that finishes its
/// work in a completion handler is run to its end.
public struct AdapterSchedule: Hashable, Sendable, CustomStringConvertible {
  /// The view's state before the apply code runs.
  public var start: HarnessStart
  /// Whether a main-queue turn ends (a layout pass, in a window) before
  /// the first change.
  public var drainFirst: Bool
  /// 1, or 2: the apply code runs again, from new back to old.
  public var cycles: Int
  /// With two cycles, whether a turn ends between them (else both run in
  /// one turn, with no layout pass between them).
  public var drainBetween: Bool

  /// A schedule of these moments; `cycles` is clamped to 1...2.
  public init(
    start: HarnessStart = .laidOut, drainFirst: Bool = false, cycles: Int = 1,
    drainBetween: Bool = false
  ) {
    self.start = start
    self.drainFirst = drainFirst
    self.cycles = min(2, max(1, cycles))
    self.drainBetween = drainBetween && self.cycles == 2
  }

  /// A view on screen, one change, nothing else.
  public static let simplest = AdapterSchedule()

  /// `laidOut, 2 cycles in one turn`, `neverLoaded, a turn first, 1 cycle`.
  public var description: String {
    var parts = ["\(start)"]
    if drainFirst { parts.append("a turn first") }
    if cycles == 1 {
      parts.append("1 cycle")
    } else {
      parts.append(drainBetween ? "2 cycles, a turn between" : "2 cycles in one turn")
    }
    return parts.joined(separator: ", ")
  }

  /// How far from ``simplest``: each moment that differs counts one.
  var weight: Int {
    (start == .laidOut ? 0 : 1) + (drainFirst ? 1 : 0) + (cycles - 1) + (drainBetween ? 1 : 0)
  }

  /// Every schedule one step simpler: the start made `laidOut`, a turn
  /// taken away, the second cycle dropped.
  var simplifications: [AdapterSchedule] {
    var simpler: [AdapterSchedule] = []
    if start != .laidOut { simpler.append(with { $0.start = .laidOut }) }
    if cycles == 2 { simpler.append(AdapterSchedule(start: start, drainFirst: drainFirst)) }
    if drainBetween { simpler.append(with { $0.drainBetween = false }) }
    if drainFirst { simpler.append(with { $0.drainFirst = false }) }
    return simpler
  }

  private func with(_ change: (inout AdapterSchedule) -> Void) -> AdapterSchedule {
    var copy = self
    change(&copy)
    return copy
  }

  /// A schedule drawn from `random`: the start uniformly among the four
  /// named states, a turn first half the time, two cycles a third of the
  /// time (a turn between them half of those).
  static func random(_ random: inout SplitMix64) -> AdapterSchedule {
    let starts = HarnessStart.allCases
    let start = starts[random.below(starts.count)]
    let drainFirst = random.below(2) == 0
    let cycles = random.below(3) == 0 ? 2 : 1
    let drainBetween = random.below(2) == 0
    return AdapterSchedule(
      start: start, drainFirst: drainFirst, cycles: cycles, drainBetween: drainBetween)
  }
}
