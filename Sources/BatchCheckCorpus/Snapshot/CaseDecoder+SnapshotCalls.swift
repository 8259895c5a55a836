import BatchCheck

/// Reading a snapshot case's `calls`: ops named as the Swift API names them.
extension CaseDecoder {
  /// Each op and the keys it takes besides `op` (`before`/`after` stand for
  /// "exactly one of the two").
  static let snapshotOps: [String: [String]] = [
    "appendSections": ["ids"], "insertSections": ["ids", "before", "after"],
    "deleteSections": ["ids"], "moveSection": ["id", "before", "after"],
    "reloadSections": ["ids"], "appendItems": ["ids", "section"],
    "insertItems": ["ids", "before", "after"], "deleteItems": ["ids"],
    "moveItem": ["id", "before", "after"], "reloadItems": ["ids"], "reconfigureItems": ["ids"],
    "deleteAllItems": [], "numberOfItems": ["section"], "numberOfSections": [],
    "itemIdentifiers": ["section"], "sectionIdentifiers": [], "indexOfItem": ["id"],
    "indexOfSection": ["id"], "sectionIdentifier": ["item"], "reloadedItemIdentifiers": [],
    "reconfiguredItemIdentifiers": [], "reloadedSectionIdentifiers": [],
  ]

  /// The op names in the order errors list them.
  static let snapshotOpNames = [
    "appendSections", "insertSections", "deleteSections", "moveSection", "reloadSections",
    "appendItems", "insertItems", "deleteItems", "deleteAllItems", "moveItem", "reloadItems",
    "reconfigureItems", "numberOfItems", "numberOfSections", "itemIdentifiers",
    "sectionIdentifiers", "indexOfItem", "indexOfSection", "sectionIdentifier",
    "reloadedItemIdentifiers", "reconfiguredItemIdentifiers", "reloadedSectionIdentifiers",
  ]

  static func snapshotCalls(_ node: JSONNode, ids: inout IdentifierLedger) throws(LineError)
    -> [SnapshotCall<ID, ID>]
  {
    var calls: [SnapshotCall<ID, ID>] = []
    for item in try array(node, "an array of calls for \"calls\"") {
      calls.append(try snapshotCall(item, ids: &ids))
    }
    return calls
  }

  /// A call's op and its members by key, after checking the op and the keys.
  static func opMembers(
    _ node: JSONNode, ops: [String: [String]], names: [String]
  ) throws(LineError) -> (op: String, members: [String: JSONNode]) {
    let members = try object(node, "a call")
    guard let opMember = members.first(where: { $0.key == "op" }) else {
      throw LineError(offset: node.offset, message: "missing key \"op\" in a call")
    }
    let op = try string(opMember.value, for: "\"op\"")
    guard let keys = ops[op] else {
      throw LineError(
        offset: opMember.value.offset,
        message:
          "unknown op \(JSONText.quoted(op)); expected one of \(names.joined(separator: ", "))")
    }
    var byKey: [String: JSONNode] = [:]
    for member in try unique(members, allowed: ["op"] + keys, in: "the \(op) call")
    where member.key != "op" {
      byKey[member.key] = member.value
    }
    if keys.contains("before") {
      if byKey["before"] != nil, let after = members.first(where: { $0.key == "after" }) {
        throw LineError(
          offset: after.keyOffset,
          message: "the \(op) call holds \"before\" or \"after\", not both")
      }
      if byKey["before"] == nil, byKey["after"] == nil {
        throw LineError(
          offset: node.offset, message: "the \(op) call needs \"before\" or \"after\"")
      }
    }
    for key in keys where !["before", "after", "section", "parent"].contains(key) {
      if byKey[key] == nil {
        throw LineError(offset: node.offset, message: "missing key \"\(key)\" in the \(op) call")
      }
    }
    return (op, byKey)
  }

  static func snapshotCall(_ node: JSONNode, ids: inout IdentifierLedger) throws(LineError)
    -> SnapshotCall<ID, ID>
  {
    let (op, m) = try opMembers(node, ops: snapshotOps, names: snapshotOpNames)
    func list() throws(LineError) -> [ID] {
      try identifierList(m["ids"] ?? node, key: "ids", ids: &ids)
    }
    func one(_ key: String) throws(LineError) -> ID {
      try identifier(m[key] ?? node, ids: &ids)
    }
    func optional(_ key: String) throws(LineError) -> ID? {
      guard let value = m[key] else { return nil }
      return try identifier(value, ids: &ids)
    }
    func anchor() throws(LineError) -> SnapshotAnchor<ID> {
      if let before = m["before"] { return .before(try identifier(before, ids: &ids)) }
      return .after(try one("after"))
    }
    switch op {
    case "appendSections": return .appendSections(try list())
    case "insertSections": return .insertSections(try list(), try anchor())
    case "deleteSections": return .deleteSections(try list())
    case "moveSection": return .moveSection(try one("id"), try anchor())
    case "reloadSections": return .reloadSections(try list())
    case "appendItems": return .appendItems(try list(), toSection: try optional("section"))
    case "insertItems": return .insertItems(try list(), try anchor())
    case "deleteItems": return .deleteItems(try list())
    case "deleteAllItems": return .deleteAllItems
    case "moveItem": return .moveItem(try one("id"), try anchor())
    case "reloadItems": return .reloadItems(try list())
    case "reconfigureItems": return .reconfigureItems(try list())
    case "numberOfItems": return .numberOfItems(inSection: try optional("section"))
    case "numberOfSections": return .numberOfSections
    case "itemIdentifiers": return .itemIdentifiers(inSection: try optional("section"))
    case "sectionIdentifiers": return .sectionIdentifiers
    case "indexOfItem": return .indexOfItem(try one("id"))
    case "indexOfSection": return .indexOfSection(try one("id"))
    case "sectionIdentifier": return .sectionIdentifier(containingItem: try one("item"))
    case "reloadedItemIdentifiers": return .reloadedItemIdentifiers
    case "reconfiguredItemIdentifiers": return .reconfiguredItemIdentifiers
    default: return .reloadedSectionIdentifiers
    }
  }

  /// `["a", 3, {"eq": "b", "hash": 1}]`.
  static func identifierList(
    _ node: JSONNode, key: String, ids: inout IdentifierLedger
  ) throws(LineError) -> [ID] {
    var result: [ID] = []
    for item in try array(node, "an array of identifiers for \"\(key)\"") {
      result.append(try identifier(item, ids: &ids))
    }
    return result
  }
}

extension CaseDecoder {
  /// Reads a line holding an array of snapshot calls (an `--exec`
  /// generator's answer to a snapshot case).
  ///
  /// - Throws: `LineError` at the offending byte.
  package static func decodeSnapshotCalls(lineBytes: [UInt8]) throws(LineError)
    -> [SnapshotCall<SnapshotIdentifier, SnapshotIdentifier>]
  {
    try checkLineSize(lineBytes.count)
    try CaseFile.checkUTF8(lineBytes)
    return try lineBytes.withUnsafeBufferPointer { buffer throws(LineError) in
      try decodeCompactly(buffer) { root throws(LineError) in
        var ids = IdentifierLedger()
        return try snapshotCalls(root, ids: &ids)
      }
    }
  }
}
