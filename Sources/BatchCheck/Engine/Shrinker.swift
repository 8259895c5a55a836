/// What shrinking a failing case found.
public struct ShrinkResult: Hashable, Sendable {
  /// The smallest old sections found that still fail the same way.
  public var old: [[Row]]
  /// The smallest new sections found that still fail the same way.
  public var new: [[Row]]
  /// How many times `fails` was called.
  public var calls: Int
  /// How many candidate cases were accepted as smaller.
  public var improvements: Int

  public init(old: [[Row]], new: [[Row]], calls: Int, improvements: Int) {
    self.old = old
    self.new = new
    self.calls = calls
    self.improvements = improvements
  }
}

/// Shrinks a failing (old, new) pair to a minimal one that fails the same way.
public enum Shrinker {
  /// Shrinks `(old, new)` while `fails` keeps saying yes, within `budget` calls.
  ///
  /// - Parameters:
  ///   - old: the failing case's old sections.
  ///   - new: the failing case's new sections.
  ///   - budget: the most calls of `fails`.
  ///   - fails: whether a candidate fails the same way (same verdict and rule).
  /// - Returns: the smallest pair found and the statistics.
  public static func shrink(
    old: [[Row]], new: [[Row]], budget: Int = 500, fails: ([[Row]], [[Row]]) -> Bool
  ) -> ShrinkResult {
    ShrinkResult(old: old, new: new, calls: 0, improvements: 0)  // placeholder until the shrinker lands
  }
}
