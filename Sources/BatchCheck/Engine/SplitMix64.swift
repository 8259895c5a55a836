/// A small, fast, seedable random number generator (SplitMix64).
///
/// Every random choice BatchCheck makes comes from a seeded generator like
/// this one, never from `SystemRandomNumberGenerator`, so a run replays bit
/// for bit from its seed.
///
///     var random = SplitMix64(seed: 42)
///     random.next()  // the same value on every machine
package struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator whose sequence is fixed by `seed`.
  package init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
