import BatchCheck

/// One case of a case file: old rows, new rows, optionally an update and the
/// verdict it must get (the case format, Corpus/README.md).
///
///     let swap = Case(
///       name: "reload-and-move",
///       old: [[Row("a"), Row("b")]], new: [[Row("b"), Row("a")]],
///       update: BatchUpdate(
///         reloadRows: [RowPath(0, 1)],
///         moveRows: [RowMove(from: RowPath(0, 1), to: RowPath(0, 0))]),
///       expect: Expectation(verdict: .exception, rule: .r11))
///     swap.jsonLine
///     // {"name":"reload-and-move","old":[["a","b"]],"new":[["b","a"]],
///     //  "update":{"reloadRows":[[0,1]],"moveRows":[[[0,1],[0,0]]]},
///     //  "expect":{"verdict":"exception","rule":"R11"}}   (one line)
///
/// A case holds anything a file can say, nonsense included: out-of-range and
/// negative indices, duplicates. Judging them is the simulator's job.
public struct Case: Hashable, Sendable {
  /// A label, echoed in every report.
  public var name: String?
  /// The view whose rules apply; UITableView unless the file says otherwise.
  public var semantics: ViewSemantics
  /// What the simulator does with duplicate inserts and deletes; `reject` by default.
  public var duplicates: DuplicatesPolicy
  /// The UIKit whose rules judge the case, when the case says (`"uikit"`);
  /// nil: the run's profile, iOS 18 unless a command's `--uikit` says otherwise.
  public var uikit: UIKitProfile?
  /// Which old rows have a cell; every existing row unless the file says otherwise.
  public var visibleRows: VisibleRows = .all
  /// The rows before the update, as UIKit last cached them: sections of rows.
  public var old: [[Row]]
  /// What the data source returns after the update: sections of rows.
  public var new: [[Row]]
  /// The batch update; nil when a generator under test is to produce it.
  public var update: BatchUpdate?
  /// The verdict this case must get; nil when the case only asks.
  public var expect: Expectation?
  /// BatchCheck's contract extension (`Case+Contracts.swift`): staged or
  /// sequential changes instead of `update`, and identity-only mode.
  public var contractForm = CaseContractForm()

  /// Creates a case; every argument but the rows has the file format's default.
  public init(
    name: String? = nil, semantics: ViewSemantics = .tableView,
    duplicates: DuplicatesPolicy = .reject,
    old: [[Row]], new: [[Row]], update: BatchUpdate? = nil, expect: Expectation? = nil
  ) {
    self.name = name
    self.semantics = semantics
    self.duplicates = duplicates
    self.old = old
    self.new = new
    self.update = update
    self.expect = expect
  }

  /// The simulator options the case asks for: its semantics, duplicates
  /// policy, identity-only mode, UIKit profile and rows on screen.
  public var options: SimulationOptions {
    SimulationOptions(
      semantics: semantics, duplicates: duplicates, identityOnly: contractForm.identityOnly,
      uikit: uikit ?? .ios18, visibleRows: visibleRows)
  }
}
