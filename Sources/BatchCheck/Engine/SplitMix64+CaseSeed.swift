extension SplitMix64 {
  /// The seed of case `index` of a run seeded with `run`, by random access.
  ///
  ///     SplitMix64.caseSeed(run: 42, index: 2)
  ///     // == the third value SplitMix64(seed: 42) produces
  ///
  /// Case *i*'s seed is the *i*-th value (counting from 0) of
  /// `SplitMix64(seed: run)`, computed directly, without producing the ones
  /// before it. So any case replays alone, in any order, on any worker.
  ///
  /// - Parameters:
  ///   - run: the run seed.
  ///   - index: the case's index in the random phase; any integer (wrapping).
  /// - Complexity: O(1).
  package static func caseSeed(run: UInt64, index: Int) -> UInt64 {
    var random = SplitMix64(seed: run &+ UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15)
    return random.next()
  }

  /// A number in `0..<bound`, or 0 when `bound` is at most 1.
  ///
  /// Multiply-high of the next 64 bits (bias below 2^-50 for the bounds the
  /// engine uses); written out rather than `Int.random(in:using:)` so that a
  /// seed means the same case on every toolchain.
  /// - Complexity: O(1); one call of `next()`.
  @inline(__always)
  package mutating func below(_ bound: Int) -> Int {
    guard bound > 1 else { return 0 }
    return Int(truncatingIfNeeded: next().multipliedFullWidth(by: UInt64(bound)).high)
  }

  /// A number in `0...max`, or 0 when `max` is at most 0.
  @inline(__always)
  mutating func upTo(_ max: Int) -> Int {
    max >= Int.max ? below(Int.max) : below(max + 1)
  }
}

/// `0x` and 16 lower-case hexadecimal digits: `0x00ba7c4ec4ec0001`.
package func hexSeed(_ seed: UInt64) -> String {
  let digits = String(seed, radix: 16)
  return "0x" + String(repeating: "0", count: 16 - digits.count) + digits
}
