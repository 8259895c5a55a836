/// Checks a diff given as a closure: the one call a diff library's test needs.
///
///     let report = checkDiff(named: "my-diff", count: 5_000) { old, new in
///       MyDiff(old.map(\.id), new.map(\.id)).batchUpdate(section: 0)
///     }
///     report.passed   // false: report.renderText() says what broke, smallest case first
///
/// The closure gets the old and new rows of section 0 and returns the batch
/// update it would hand to `performBatchUpdates`. The run is `check(_:options:)`:
/// every pair with at most 8 rows in all, then `count` seeded random cases,
/// stopping at the first failure and shrinking it.
///
/// - Parameters:
///   - name: the diff's name in the report.
///   - seed: the run seed; the same seed gives the same report.
///   - count: how many random cases.
///   - identityOnly: judge identities only, for a diff with no notion of
///     content (it then owes no reloads).
///   - diff: the diff under test.
/// - Returns: the report.
/// - Complexity: as `check(_:options:)`.
public func checkDiff(
  named name: String = "diff", seed: UInt64 = CheckOptions.defaultSeed,
  count: Int = CheckOptions.defaultCount, identityOnly: Bool = false,
  _ diff: @escaping @Sendable ([Row], [Row]) -> BatchUpdate
) -> CheckReport {
  check(
    ClosureGenerator(name: name, diff),
    options: CheckOptions(seed: seed, count: count, identityOnly: identityOnly))
}
