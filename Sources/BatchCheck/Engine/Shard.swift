/// One of several machines' share of a check: shard I of N
/// (`CheckOptions.shard`; the command line takes it as `I/N`). Case *i* of
/// each phase (its position in the regression list, in `ExhaustivePairs`
/// order, or its random case index) belongs to shard
/// `i % count + 1`; per-case seeds make each case the same on every
/// machine, so the shards together run exactly the unsharded run's cases,
/// and `CheckReport.merging(_:)` puts their reports back together.
///
///     Shard(parsing: "2/4")   // Shard(number: 2, count: 4): cases 1, 5, 9, ...
///
/// A shard skips the coverage floors (they hold for the whole run, not for
/// a quarter of it): the merge applies them to the summed statistics.
public struct Shard: Hashable, Sendable, CustomStringConvertible {
  /// The 1-based shard number, 1...count.
  public let number: Int
  /// How many shards the run is split into, at least 1.
  public let count: Int

  /// A shard; nil unless `1 <= number <= count`.
  public init?(number: Int, count: Int) {
    guard count >= 1, number >= 1, number <= count else { return nil }
    self.number = number
    self.count = count
  }

  /// `I/N` with 1 <= I <= N, in decimal; nil for anything else.
  public init?(parsing text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let number = Int(parts[0]), let count = Int(parts[1]) else {
      return nil
    }
    self.init(number: number, count: count)
  }

  /// `2/4`.
  public var description: String { "\(number)/\(count)" }

  /// How many of the cases `0..<total` belong to this shard.
  public func share(of total: Int) -> Int {
    total < number ? 0 : (total - number) / count + 1
  }

  /// Whether case `index` of a phase (0-based) belongs to this shard.
  public func contains(_ index: Int) -> Bool { index % count == number - 1 }
}
