/// A replayable stream of numbers for the crash-log property tests (a
/// linear congruential generator: the same seed, the same stream).
struct SeededNumbers {
  var state: UInt64

  /// A number in `0..<bound`.
  mutating func next(_ bound: Int) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int((state >> 33) % UInt64(bound))
  }
}
