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
  /// a batch case), written by the core's `CaseJSON` as the engine's corpus
  /// lines are.
  var contractChangeFields: [String] {
    switch contract {
    case .batch:
      return []
    case .staged:
      return stages.map { [CaseJSON.field(.staged($0))] } ?? []
    case .steps:
      return steps.map { [CaseJSON.field(.steps($0))] } ?? []
    }
  }
}
