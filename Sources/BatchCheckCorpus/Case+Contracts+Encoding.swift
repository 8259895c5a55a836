import BatchCheck

/// Writing BatchCheck's contract extension of the case format.
extension Case {
  /// The extension's header fields, after `duplicates`: `contract` when not
  /// `batch`, `identityOnly` when true.
  var contractHeaderFields: [String] {
    var fields: [String] = []
    if contract != .batch { fields.append("\"contract\":" + JSONText.quoted(contract.rawValue)) }
    if identityOnly { fields.append("\"identityOnly\":true") }
    return fields
  }

  /// The staged or sequential changes, after `new` (where `update` goes in
  /// a batch case).
  var contractChangeFields: [String] {
    switch contract {
    case .batch:
      return []
    case .staged:
      guard let stages else { return [] }
      let items = stages.map { stage in
        "{\"update\":" + Self.updateJSON(stage.update) + ",\"data\":"
          + Self.sectionsJSON(stage.data) + "}"
      }
      return ["\"stages\":[" + items.joined(separator: ",") + "]"]
    case .steps:
      guard let steps else { return [] }
      return ["\"steps\":[" + steps.map(Self.stepJSON).joined(separator: ",") + "]"]
    }
  }

  /// `{"insert":[0,1],"row":"x"}` and the like.
  static func stepJSON(_ step: Step) -> String {
    func path(_ p: RowPath) -> String { "[\(p.section),\(p.row)]" }
    switch step {
    case .insert(let at, let row): return "{\"insert\":\(path(at)),\"row\":\(row)}"
    case .delete(let at): return "{\"delete\":\(path(at))}"
    case .move(let from, let to): return "{\"move\":[\(path(from)),\(path(to))]}"
    case .update(let at, let row): return "{\"update\":\(path(at)),\"row\":\(row)}"
    }
  }
}
