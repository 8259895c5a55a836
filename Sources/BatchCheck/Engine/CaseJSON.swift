/// JSON text in the case format's shapes (Corpus/README.md), built by hand (the core has no
/// Foundation): the same keys, order and forms as the corpus writer, so a
/// line printed here reads back as the case it describes.
package enum CaseJSON {
  /// `[["a",1],[]]`: sections of rows, each row in its case-file form.
  package static func sections(_ sections: [[Row]]) -> String {
    "["
      + sections.map { "[" + $0.map(\.description).joined(separator: ",") + "]" }
      .joined(separator: ",") + "]"
  }

  /// `[0,2]`: a row path.
  package static func path(_ path: RowPath) -> String {
    "[\(path.section),\(path.row)]"
  }

  /// `{"side":"old","section":0,"row":2}`, or with no `row` for a section:
  /// a verdict's place.
  package static func place(_ place: VerdictPlace) -> String {
    "{\"side\":" + jsonQuoted(place.side.rawValue) + ",\"section\":\(place.section)"
      + (place.row.map { ",\"row\":\($0)" } ?? "") + "}"
  }

  /// `{"path":[0,1],"expected":"b","shown":"a","reordered":false}`: a
  /// verdict's first offending cell, its path in new space.
  package static func mismatch(_ mismatch: RowMismatch) -> String {
    "{\"path\":" + path(mismatch.path) + ",\"expected\":\(mismatch.expected),\"shown\":"
      + "\(mismatch.shown),\"reordered\":\(mismatch.reordered)}"
  }

  /// `"stage":2` or `"step":5`: the key and value of a failing stage or step.
  package static func position(_ position: ChangesPosition) -> String {
    switch position {
    case .stage(let number): "\"stage\":\(number)"
    case .step(let number): "\"step\":\(number)"
    }
  }

  /// `{"deleteRows":[[0,1]],...}`: only non-empty keys, in the format's order;
  /// `{}` for an update with no operation.
  package static func update(_ update: BatchUpdate) -> String {
    var fields: [String] = []
    func add(_ key: String, _ items: [String]) {
      if !items.isEmpty { fields.append("\"\(key)\":[" + items.joined(separator: ",") + "]") }
    }
    add("deleteSections", update.deleteSections.map { String($0) })
    add("insertSections", update.insertSections.map { String($0) })
    add("reloadSections", update.reloadSections.map { String($0) })
    add("moveSections", update.moveSections.map { "[\($0.from),\($0.to)]" })
    add("deleteRows", update.deleteRows.map(path))
    add("insertRows", update.insertRows.map(path))
    add("reloadRows", update.reloadRows.map(path))
    add("moveRows", update.moveRows.map { "[\(path($0.from)),\(path($0.to))]" })
    add("reconfigureRows", update.reconfigureRows.map(path))
    return "{" + fields.joined(separator: ",") + "}"
  }

  /// `[{"update":{...},"data":[[...]]},...]`: stages, each with its data as sections.
  package static func stages(_ stages: [Stage]) -> String {
    "["
      + stages.map { "{\"update\":" + update($0.update) + ",\"data\":" + sections($0.data) + "}" }
      .joined(separator: ",") + "]"
  }

  /// `{"insert":[0,1],"row":"x"}`, `{"insertSection":1,"rows":["x"]}` and
  /// the like: one step, its operation first.
  package static func step(_ step: Step) -> String {
    switch step {
    case .insert(let at, let row): return "{\"insert\":\(path(at)),\"row\":\(row)}"
    case .delete(let at): return "{\"delete\":\(path(at))}"
    case .move(let from, let to): return "{\"move\":[\(path(from)),\(path(to))]}"
    case .update(let at, let row): return "{\"update\":\(path(at)),\"row\":\(row)}"
    case .reconfigure(let at, let row): return "{\"reconfigure\":\(path(at)),\"row\":\(row)}"
    case .insertSection(let at, let rows):
      return
        "{\"insertSection\":\(at),\"rows\":[\(rows.map(\.description).joined(separator: ","))]}"
    case .deleteSection(let at): return "{\"deleteSection\":\(at)}"
    case .moveSection(let from, let to): return "{\"moveSection\":[\(from),\(to)]}"
    }
  }

  /// `[{"delete":[0,0]},...]`: steps, first to last.
  package static func steps(_ steps: [Step]) -> String {
    "[" + steps.map(step).joined(separator: ",") + "]"
  }

  /// The case-file key and value of `changes`: `"update":{...}`,
  /// `"stages":[...]` or `"steps":[...]`.
  package static func field(_ changes: ContractChanges) -> String {
    switch changes {
    case .batch(let batch): return "\"update\":" + update(batch)
    case .staged(let list): return "\"stages\":" + stages(list)
    case .steps(let list): return "\"steps\":" + steps(list)
    }
  }

  /// The case-file keys of the simulation options that differ from the
  /// defaults, in the format's order: `semantics`, `duplicates`, `uikit`,
  /// `visibleRows` (`identityOnly` belongs to the contract extension).
  /// `uikit` is written when given, or else when the options' is not iOS 18.
  package static func optionFields(_ options: SimulationOptions, uikit: UIKitProfile? = nil)
    -> [String]
  {
    var fields: [String] = []
    if options.semantics != .tableView {
      fields.append("\"semantics\":" + jsonQuoted(options.semantics.rawValue))
    }
    if options.duplicates != .reject {
      fields.append("\"duplicates\":" + jsonQuoted(options.duplicates.rawValue))
    }
    if let profile = uikit ?? (options.uikit == .ios18 ? nil : options.uikit) {
      fields.append("\"uikit\":" + jsonQuoted(profile.rawValue))
    }
    if options.visibleRows != .all {
      fields.append("\"visibleRows\":" + visibleRows(options.visibleRows))
    }
    return fields
  }

  /// `[[0,2],[0,9]]`, `[]` for no row on screen, `null` for every row: the
  /// rows on screen as the case format writes them.
  package static func visibleRows(_ rows: VisibleRows) -> String {
    switch rows {
    case .all: "null"
    case .none: "[]"
    case .range(let first, let last): "[" + path(first) + "," + path(last) + "]"
    }
  }

  /// One case-file line: `name`, the simulation options that are not the
  /// defaults, `contract` when not `batch` and `identityOnly` when true
  /// (BatchCheck's contract extension), `old`, `new`, then the changes
  /// (`update`, `stages` or `steps`) and `expect` when given.
  static func caseLine(
    name: String, simulation: SimulationOptions, old: [[Row]], new: [[Row]],
    changes: ContractChanges?, contract: Contract = .batch, verdict: Verdict?
  ) -> String {
    var fields = ["\"name\":" + jsonQuoted(name)] + optionFields(simulation)
    if contract != .batch { fields.append("\"contract\":" + jsonQuoted(contract.rawValue)) }
    if simulation.identityOnly { fields.append("\"identityOnly\":true") }
    fields.append("\"old\":" + sections(old))
    fields.append("\"new\":" + sections(new))
    if let changes { fields.append(field(changes)) }
    if let verdict {
      var expect = ["\"verdict\":" + jsonQuoted(verdict.kind.rawValue)]
      if let rule = verdict.rule { expect.append("\"rule\":" + jsonQuoted(rule.rawValue)) }
      fields.append("\"expect\":{" + expect.joined(separator: ",") + "}")
    }
    return "{" + fields.joined(separator: ",") + "}"
  }
}
