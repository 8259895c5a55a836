/// JSON text in CASE-FORMAT.md's shapes, built by hand (the core has no
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
    return "{" + fields.joined(separator: ",") + "}"
  }

  /// One case-file line: `name`, `semantics` and `duplicates` when not the
  /// defaults, `old`, `new`, then `update` and `expect` when given.
  static func caseLine(
    name: String, simulation: SimulationOptions, old: [[Row]], new: [[Row]],
    update: BatchUpdate?, verdict: Verdict?
  ) -> String {
    var fields = ["\"name\":" + jsonQuoted(name)]
    if simulation.semantics != .tableView {
      fields.append("\"semantics\":" + jsonQuoted(simulation.semantics.rawValue))
    }
    if simulation.duplicates != .reject {
      fields.append("\"duplicates\":" + jsonQuoted(simulation.duplicates.rawValue))
    }
    fields.append("\"old\":" + sections(old))
    fields.append("\"new\":" + sections(new))
    if let update { fields.append("\"update\":" + self.update(update)) }
    if let verdict {
      var expect = ["\"verdict\":" + jsonQuoted(verdict.kind.rawValue)]
      if let rule = verdict.rule { expect.append("\"rule\":" + jsonQuoted(rule.rawValue)) }
      fields.append("\"expect\":{" + expect.joined(separator: ",") + "}")
    }
    return "{" + fields.joined(separator: ",") + "}"
  }
}
