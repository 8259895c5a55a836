import Foundation

@testable import BatchCheck

extension UIKitProfile {
  /// The profile `judge` uses when a test does not name one: iOS 18, or the
  /// one `BATCHCHECK_TEST_UIKIT` names (`BATCHCHECK_TEST_UIKIT=ios12 swift
  /// test` runs the rule suites under iOS 12: every test that does not pin
  /// a profile must pass under both).
  static let underTest: UIKitProfile =
    ProcessInfo.processInfo.environment["BATCHCHECK_TEST_UIKIT"].flatMap(
      UIKitProfile.init(rawValue:))
    ?? .ios18
}

/// Rows from space-separated plain values: `rows("a b c")`.
func rows(_ text: String) -> [Row] {
  text.split(separator: " ").map { Row(.string(String($0))) }
}

/// Sections from `|`-separated rows: `table("a b | c")`; `""` is no section, `"-"` one empty section.
func table(_ text: String) -> [[Row]] {
  if text.isEmpty { return [] }
  return text.split(separator: "|", omittingEmptySubsequences: false).map {
    let t = $0.trimmingCharacters()
    return t == "-" ? [] : rows(t)
  }
}

/// Sections with `counts[s]` distinct rows each ("s0r0", "s0r1", ...).
func table(counts: [Int]) -> [[Row]] {
  counts.enumerated().map { s, n in (0..<n).map { Row(.string("s\(s)r\($0)")) } }
}

/// `RowPath(section, row)`.
func p(_ section: Int, _ row: Int) -> RowPath { RowPath(section: section, row: row) }

/// A row move.
func mv(_ from: RowPath, _ to: RowPath) -> RowMove { RowMove(from: from, to: to) }

/// Judges `update` from `old` to `new`, under `UIKitProfile.underTest` (iOS
/// 18 by default) unless `uikit` says otherwise.
func judge(
  _ old: [[Row]], _ new: [[Row]], _ update: BatchUpdate,
  semantics: ViewSemantics = .tableView, duplicates: DuplicatesPolicy = .reject,
  uikit: UIKitProfile = .underTest, visibleRows: VisibleRows = .all
) -> Verdict {
  SimulatedTableView(
    old,
    options: SimulationOptions(
      semantics: semantics, duplicates: duplicates, uikit: uikit, visibleRows: visibleRows)
  )
  .performBatchUpdates(update, dataSource: new)
}

extension Substring {
  func trimmingCharacters() -> String {
    String(self.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}

/// How thorough the heaviest property and complexity tests are: quick by
/// default (a debug `swift test` stays near two minutes), and full with
/// `BATCHCHECK_TEST_SCALE=full`, which CI runs in a release build:
///
///     BATCHCHECK_TEST_SCALE=full swift test -c release -Xswiftc -enable-testing \
///       --filter "ComplexityTests|ReloadDecompositionTests|RobustnessTests"
enum TestScale {
  static let isFull = ProcessInfo.processInfo.environment["BATCHCHECK_TEST_SCALE"] == "full"

  /// `full` under the full scale, else a fifth of it (at least 1).
  static func trials(_ full: Int) -> Int { isFull ? full : max(1, full / 5) }
}
