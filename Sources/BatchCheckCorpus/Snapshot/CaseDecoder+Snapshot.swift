import BatchCheck

/// Reading a snapshot line of a case file (`"contract":"snapshot"`), as
/// strictly as the rest of the reader: an unknown key or op, a call with
/// both `before` and `after` (or neither), an id of the wrong type, a plain
/// id next to an `{"eq"}` id with the same value, and `"uikit":"ios12"`
/// (iOS 12 has no diffable data source) are errors at their column.
extension CaseDecoder {
  typealias ID = SnapshotIdentifier

  static let snapshotKeys = [
    "name", "contract", "uikit", "start", "apply", "old", "new", "calls", "expect",
  ]
  static let snapshotExpectKeys = [
    "verdict", "rule", "message", "call", "logs", "warnings", "final", "results",
  ]

  /// The value of a root's `contract` member when it names a diffable
  /// contract (`snapshot`, `sectionSnapshot`), with the member.
  static func diffableContract(_ members: [JSONMember]) -> String? {
    guard let member = members.first(where: { $0.key == "contract" }),
      case .string(let name) = member.value.value,
      name == "snapshot" || name == "sectionSnapshot"
    else { return nil }
    return name
  }

  /// Decodes a `"contract":"snapshot"` line's members.
  static func decodeSnapshotCase(_ members: [JSONMember], rootOffset: Int) throws(LineError)
    -> SnapshotCase
  {
    _ = try unique(members, allowed: snapshotKeys, in: "a snapshot case")
    var ids = IdentifierLedger()
    var name: String?
    var start = SnapshotStart.old
    var apply = SnapshotApply.animated
    var old: [SnapshotSection<ID, ID>] = []
    var new: [SnapshotSection<ID, ID>]?
    var calls: [SnapshotCall<ID, ID>]?
    var expectNode: JSONNode?
    for member in members {
      let value = member.value
      switch member.key {
      case "name": name = try string(value, for: "\"name\"")
      case "contract": break
      case "uikit": try checkDiffableProfile(value)
      case "start": start = try enumeration(value, for: "start", SnapshotStart.self)
      case "apply": apply = try enumeration(value, for: "apply", SnapshotApply.self)
      case "old": old = try snapshotSections(value, key: "old", ids: &ids)
      case "new": new = try snapshotSections(value, key: "new", ids: &ids)
      case "calls": calls = try snapshotCalls(value, ids: &ids)
      default: expectNode = value
      }
    }
    guard let calls else {
      throw LineError(
        offset: rootOffset, message: "missing key \"calls\": a snapshot case needs its calls")
    }
    let script = SnapshotScript(start: start, apply: apply, old: old, calls: calls, new: new)
    let expect = try expectNode.map { node throws(LineError) in
      try snapshotExpectation(node, keys: snapshotExpectKeys, ids: &ids)
    }
    return SnapshotCase(name: name, script: script, expect: expect)
  }

  /// `"uikit"` on a diffable case: `ios18` or nothing.
  static func checkDiffableProfile(_ node: JSONNode) throws(LineError) {
    let profile = try enumeration(node, for: "uikit", UIKitProfile.self)
    guard profile == .ios18 else {
      throw LineError(
        offset: node.offset,
        message:
          "\"uikit\":\"\(profile.rawValue)\" has no diffable data source (iOS 13 and later); a snapshot case is judged under ios18 (remove \"uikit\")"
      )
    }
  }

  /// `[[sectionId, [row...]], ...]`.
  static func snapshotSections(
    _ node: JSONNode, key: String, ids: inout IdentifierLedger
  ) throws(LineError) -> [SnapshotSection<ID, ID>] {
    var sections: [SnapshotSection<ID, ID>] = []
    let what = "an array of [section id, [rows]] pairs for \"\(key)\""
    for item in try array(node, what) {
      let (idNode, rowsNode) = try pair(item, "a [section id, [rows]] pair in \"\(key)\"")
      let id = try identifier(idNode, ids: &ids)
      var rows: [SnapshotRow<ID>] = []
      for cell in try array(rowsNode, "an array of rows in \"\(key)\"") {
        rows.append(try snapshotRow(cell, ids: &ids))
      }
      sections.append(SnapshotSection(id: id, rows: rows))
    }
    return sections
  }

  /// A row: an id, or `{"id": id, "content": v, "key": v}`.
  static func snapshotRow(_ node: JSONNode, ids: inout IdentifierLedger) throws(LineError)
    -> SnapshotRow<ID>
  {
    guard case .object(let members) = node.value, !members.contains(where: { $0.key == "eq" })
    else { return SnapshotRow(id: try identifier(node, ids: &ids)) }
    var id: ID?
    var content: RowValue?
    var key: RowValue?
    for member in try unique(members, allowed: ["id", "content", "key"], in: "a row") {
      switch member.key {
      case "id": id = try identifier(member.value, ids: &ids)
      case "content": content = try rowValue(member.value, "for a row's content")
      default: key = try rowValue(member.value, "for a row's key")
      }
    }
    guard let id else {
      throw LineError(offset: node.offset, message: "missing key \"id\" in a row")
    }
    return SnapshotRow(id: id, content: content, key: key)
  }

  /// An id: a string, an integer, or `{"eq": v, "hash": n}`.
  static func identifier(_ node: JSONNode, ids: inout IdentifierLedger) throws(LineError) -> ID {
    let id: ID
    switch node.value {
    case .string(let text): id = .string(text)
    case .number: id = .integer(try integer(node, "for an identifier"))
    case .object(let members):
      var eq: RowValue?
      var hash: Int?
      for member in try unique(members, allowed: ["eq", "hash"], in: "an identifier") {
        if member.key == "eq" {
          eq = try rowValue(member.value, "for an identifier's \"eq\"")
        } else {
          hash = try integer(member.value, "for an identifier's \"hash\"")
        }
      }
      guard let eq, let hash else {
        throw LineError(
          offset: node.offset, message: "an {\"eq\": v, \"hash\": n} identifier needs both keys")
      }
      id = .custom(eq: eq, hash: hash)
    default:
      throw LineError(
        offset: node.offset,
        message:
          "expected an identifier (a string, an integer or {\"eq\":...,\"hash\":...}), found \(node.value.typeDescription)"
      )
    }
    try ids.note(id, offset: node.offset)
    return id
  }
}

/// The values a case's ids compare by, plain or `{"eq"}`: one value may not
/// be both in one case (the two would be ids of different types).
struct IdentifierLedger {
  private var plain = Set<RowValue>()
  private var custom = Set<RowValue>()

  mutating func note(_ id: SnapshotIdentifier, offset: Int) throws(LineError) {
    let clash: RowValue?
    switch id {
    case .string(let text):
      plain.insert(.string(text))
      clash = custom.contains(.string(text)) ? .string(text) : nil
    case .integer(let number):
      plain.insert(.int(number))
      clash = custom.contains(.int(number)) ? .int(number) : nil
    case .custom(let eq, _):
      custom.insert(eq)
      clash = plain.contains(eq) ? eq : nil
    }
    if let clash {
      throw LineError(
        offset: offset,
        message:
          "the id \(clash) is written both plain and as {\"eq\":\(clash),...}; one case uses one type of id for a value"
      )
    }
  }
}
