import BatchCheck

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

  /// The record of a closure's report: its replay is `helper(named: NAME,
  /// options: .onePair(...)) { old, new in ... }`. nil when it passed and the
  /// budget variable is sound.
  static func record(
    _ report: CheckReport, options: CheckOptions, helper: String, name: String
  ) -> FailureRecord? {
    record(report, options: options) { $0.helperCall(helper, named: name) }
  }

  /// The record of a generator's report: its replay is `helper(generator,
  /// under: .contract, options: .onePair(...))`.
  static func record(
    _ report: CheckReport, options: CheckOptions, helper: String, contract: Contract?
  ) -> FailureRecord? {
    record(report, options: options) { $0.helperCall(helper, under: contract) }
  }

  private static func record(
    _ report: CheckReport, options: CheckOptions, call: (ReplayRecipe) -> String
  ) -> FailureRecord? {
    var record = FailureRecord(report, options: options, replayCall: call)
    if let budget = Recorder.budgetIssue() {
      if record == nil { record = FailureRecord(issues: [], attachments: []) }
      record?.issues.insert(budget, at: 0)
    }
    return record
  }
}
