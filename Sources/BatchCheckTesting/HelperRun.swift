import BatchCheck
import Testing

/// The steps every helper takes: the options its call asks for, the check,
/// and the record of what failed.
enum HelperRun {
  /// The options of a helper call that gives no `CheckOptions`: the budget
  /// the environment asks for (`CheckBudget`), with the call's seed, count,
  /// mode and profile.
  static func options(seed: UInt64, count: Int?, identityOnly: Bool, uikit: UIKitProfile)
    -> CheckOptions
  {
    var options = (CheckBudget.fromEnvironment ?? .quick).options(seed: seed, count: count)
    options.simulation = SimulationOptions(uikit: uikit)
    options.identityOnly = identityOnly
    return options
  }

  /// The record of a report of the helper called at `place`
  /// (`MyDiffTests.swift:12`): each failure's replay is the `options:`
  /// argument to give that call (`ReplayRecipe.helperReplay(at:)`). nil when
  /// it passed and the budget variable is sound.
  static func record(_ report: CheckReport, options: CheckOptions, at place: String)
    -> FailureRecord?
  {
    var record = FailureRecord(report, options: options) { $0.helperReplay(at: place) }
    if let budget = Recorder.budgetIssue() {
      if record == nil { record = FailureRecord(issues: [], attachments: []) }
      record?.issues.insert(budget, at: 0)
    }
    return record
  }

  /// Where a Swift Testing helper was called: `MyDiffTests.swift:12`.
  static func place(_ location: SourceLocation) -> String {
    "\(location.fileName):\(location.line)"
  }

  /// Where an XCTest helper was called: the file's name and the line,
  /// `MyDiffTests.swift:12`.
  static func place(_ file: StaticString, _ line: UInt) -> String {
    "\("\(file)".split(separator: "/").last.map(String.init) ?? "\(file)"):\(line)"
  }
}
