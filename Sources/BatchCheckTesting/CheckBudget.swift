import BatchCheck
import Foundation

/// How much a test helper checks when its call gives no `CheckOptions`:
/// `quick` unless the environment variable `BATCHCHECK_BUDGET` says `full`.
///
///     BATCHCHECK_BUDGET=full swift test   // CI: every helper runs the full budget
///
/// A first test answers within seconds in a debug build with the quick
/// budget; CI asks for the full one with the variable. A call that passes
/// `options:` runs exactly those options, whatever the budget.
public enum CheckBudget: String, Sendable, CaseIterable {
  /// Every pair of at most 6 rows in all (contents varied up to 4), every
  /// pair of 7 or 8 rows drawn from at most 3 ids (the small-alphabet
  /// family, `CheckOptions.smallAlphabetTotal`), then 1,000 random cases of
  /// up to 100 rows: 14,825 exhaustive pairs (2,059 and 12,766). The
  /// family holds the smallest failing pairs of the known bugs of diff
  /// libraries, Differ's issue 32 among them (a move from a row past the
  /// end, R13, at 8 rows: `["a","a","b"] -> ["c","c","b","a","a"]`).
  case quick
  /// `CheckOptions`' defaults, as `batchcheck check` runs: every pair of at
  /// most 8 rows in all (contents varied up to 5; the quick budget's
  /// small-alphabet family among them), then 10,000 random cases of up to
  /// 300 rows.
  case full

  /// The environment variable that chooses the budget: `quick` or `full`.
  public static let environmentVariable = "BATCHCHECK_BUDGET"

  /// The budget the environment asks for: `full` when `BATCHCHECK_BUDGET`
  /// is `full`, `quick` when it is unset, empty or `quick`; nil for any
  /// other value (the helpers then record an issue that names it, and run
  /// the quick budget).
  public static var fromEnvironment: CheckBudget? {
    let value = ProcessInfo.processInfo.environment[environmentVariable] ?? ""
    return value.isEmpty ? .quick : CheckBudget(rawValue: value.lowercased())
  }

  /// The options of this budget, with the given seed and, when given, the
  /// number of random cases.
  ///
  ///     CheckBudget.quick.options().exhaustiveTotal      // 6
  ///     CheckBudget.quick.options().smallAlphabetTotal   // 8
  public func options(seed: UInt64 = CheckOptions.defaultSeed, count: Int? = nil) -> CheckOptions {
    switch self {
    case .quick:
      var options = CheckOptions(
        seed: seed, count: count ?? 1_000, maxSize: 100, exhaustiveTotal: 6)
      options.exhaustiveContentTotal = 4
      options.smallAlphabetTotal = 8
      return options
    case .full:
      return CheckOptions(seed: seed, count: count ?? CheckOptions.defaultCount)
    }
  }
}
