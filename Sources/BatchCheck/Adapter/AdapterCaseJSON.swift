/// The case-file JSON of recorded scripts and their outcomes (the case
/// format's `"contract":"adapter"`): one writer for the replay lines a
/// harness prints and the fields `validate --format json` prints.
///
///     AdapterCaseJSON.step(.mutation(.insertRows([RowPath(0, 3)])))
///     // {"call":"insertRows","at":[[0,3]]}
package enum AdapterCaseJSON {
  /// `[0,2]` or `[[0,1],[0,2]]`: a mutation call's `at`.
  package static func arguments(_ call: AdapterMutation) -> String {
    switch call {
    case .insertRows(let paths), .deleteRows(let paths), .reloadRows(let paths),
      .reconfigureRows(let paths):
      "[" + paths.map(CaseJSON.path).joined(separator: ",") + "]"
    case .moveRows(let move): "[[" + CaseJSON.path(move.from) + "," + CaseJSON.path(move.to) + "]]"
    case .insertSections(let sections), .deleteSections(let sections),
      .reloadSections(let sections):
      "[" + sections.map { String($0) }.joined(separator: ",") + "]"
    case .moveSections(let move): "[[\(move.from),\(move.to)]]"
    }
  }

  /// One step in its case-file form; a count read is `numberOfRows` on a
  /// table view and `numberOfItems` on a collection view.
  package static func step(_ step: AdapterStep, semantics: ViewSemantics = .tableView) -> String {
    switch step {
    case .dataSource(let rows): "{\"dataSource\":" + CaseJSON.sections(rows) + "}"
    case .performBatchUpdates(let inner):
      inner.isEmpty
        ? "{\"call\":\"performBatchUpdates\"}"
        : "{\"call\":\"performBatchUpdates\",\"steps\":" + steps(inner, semantics: semantics) + "}"
    case .beginUpdates: "{\"call\":\"beginUpdates\"}"
    case .endUpdates: "{\"call\":\"endUpdates\"}"
    case .mutation(let call): "{\"call\":\"\(call.key)\",\"at\":" + arguments(call) + "}"
    case .reloadData: "{\"call\":\"reloadData\"}"
    case .layoutIfNeeded: "{\"call\":\"layoutIfNeeded\"}"
    case .numberOfSections: "{\"call\":\"numberOfSections\"}"
    case .numberOfRows(let section):
      "{\"call\":\"\(semantics == .tableView ? "numberOfRows" : "numberOfItems")\",\"section\":\(section)}"
    case .drain: "{\"drain\":true}"
    case .geometryChange: "{\"geometryChange\":true}"
    case .inWindow(let value): "{\"inWindow\":\(value)}"
    }
  }

  /// `[{...},...]`: steps in order.
  package static func steps(_ steps: [AdapterStep], semantics: ViewSemantics = .tableView)
    -> String
  {
    "[" + steps.map { step($0, semantics: semantics) }.joined(separator: ",") + "]"
  }

  /// `{"loaded":true,"inWindow":true,"laidOut":true,"rows":[["a"]]}`.
  package static func start(_ start: AdapterStart) -> String {
    "{\"loaded\":\(start.loaded),\"inWindow\":\(start.inWindow),\"laidOut\":\(start.laidOut),"
      + "\"rows\":" + CaseJSON.sections(start.rows) + "}"
  }

  /// The option keys of a script, each only when it is not the default
  /// (the view and the profile always).
  package static func optionFields(_ options: AdapterOptions) -> [String] {
    var fields = [
      "\"semantics\":\"\(options.semantics.rawValue)\"", "\"uikit\":\"\(options.uikit.rawValue)\"",
    ]
    if options.duplicates != .reject { fields.append("\"duplicates\":\"\(options.duplicates)\"") }
    if options.sdk != .modern { fields.append("\"sdk\":\"\(options.sdk.rawValue)\"") }
    if options.source != .plain { fields.append("\"source\":\"\(options.source.rawValue)\"") }
    return fields
  }

  /// A whole case line for `script`, with `expect` (a JSON object's text)
  /// when given.
  package static func caseLine(_ script: AdapterScript, name: String?, expect: String? = nil)
    -> String
  {
    var fields: [String] = []
    if let name { fields.append("\"name\":" + jsonQuoted(name)) }
    fields.append("\"contract\":\"adapter\"")
    fields += optionFields(script.options)
    fields.append("\"start\":" + start(script.start))
    fields.append("\"script\":" + steps(script.steps, semantics: script.options.semantics))
    if let expect { fields.append("\"expect\":" + expect) }
    return "{" + fields.joined(separator: ",") + "}"
  }

  /// The `expect` object that pins a report's case verdict, rule, cause,
  /// step and basis.
  package static func expect(_ report: AdapterReport) -> String {
    var fields = ["\"verdict\":\"\(report.verdict.rawValue)\""]
    if let rule = report.rule { fields.append("\"rule\":\"\(rule)\"") }
    if let cause = report.cause { fields.append("\"cause\":\"\(cause.rawValue)\"") }
    if let step = report.step { fields.append("\"step\":" + path(step)) }
    fields.append("\"basis\":\"\(report.basis.rawValue)\"")
    return "{" + fields.joined(separator: ",") + "}"
  }

  /// `[2,0]`: a step path.
  package static func path(_ path: [Int]) -> String {
    "[" + path.map { String($0) }.joined(separator: ",") + "]"
  }

  /// `{"step":[1],"verdict":"exception","rule":"R2","cause":"A4","basis":"settled","message":"…"}`.
  package static func outcome(_ outcome: AdapterOutcome) -> String {
    var fields = ["\"step\":" + path(outcome.step), "\"verdict\":\"\(outcome.kind.rawValue)\""]
    if let rule = outcome.rule { fields.append("\"rule\":\"\(rule)\"") }
    if let cause = outcome.cause { fields.append("\"cause\":\"\(cause.rawValue)\"") }
    fields.append("\"basis\":\"\(outcome.basis.rawValue)\"")
    if let message = outcome.message { fields.append("\"message\":" + jsonQuoted(message)) }
    return "{" + fields.joined(separator: ",") + "}"
  }

  /// `{"step":[2],"by":"batchStart","counts":[3]}`.
  package static func read(_ read: AdapterRead) -> String {
    "{\"step\":" + path(read.step) + ",\"by\":\"\(read.by.rawValue)\",\"counts\":"
      + path(read.counts) + "}"
  }
}

extension AdapterScript {
  /// The script as a case line of the case format (`"contract":"adapter"`),
  /// which `batchcheck validate` replays without the app; with `expect`, the
  /// line pins the verdict, rule, cause, step and basis this run gave.
  ///
  ///     script.caseLine(name: "staged-final-data", expecting: script.run())
  public func caseLine(name: String? = nil, expecting report: AdapterReport? = nil) -> String {
    AdapterCaseJSON.caseLine(self, name: name, expect: report.map(AdapterCaseJSON.expect))
  }
}
