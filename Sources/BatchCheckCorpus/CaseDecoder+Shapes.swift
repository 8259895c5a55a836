import BatchCheck

// The JSON shapes a case line is made of: objects with known keys, strings,
// integers, arrays, pairs, enumerations; each misfit a `LineError` at its offset.
extension CaseDecoder {
  static func object(_ node: JSONNode, _ what: String) throws(LineError) -> [JSONMember] {
    guard case .object(let members) = node.value else {
      throw LineError(
        offset: node.offset,
        message: "expected an object for \(what), found \(node.value.typeDescription)")
    }
    return members
  }

  /// The members, after checking that each key is allowed and appears once.
  static func unique(
    _ members: [JSONMember], allowed: [String], in what: String
  ) throws(LineError) -> [JSONMember] {
    var seen: Set<String> = []
    for member in members {
      guard allowed.contains(member.key) else {
        throw LineError(
          offset: member.keyOffset,
          message:
            "unknown key \(JSONText.quoted(member.key)) in \(what); expected one of \(allowed.joined(separator: ", "))"
        )
      }
      guard seen.insert(member.key).inserted else {
        throw LineError(
          offset: member.keyOffset,
          message: "duplicate key \(JSONText.quoted(member.key)) in \(what)")
      }
    }
    return members
  }

  static func string(_ node: JSONNode, for what: String) throws(LineError) -> String {
    guard case .string(let text) = node.value else {
      throw LineError(
        offset: node.offset,
        message: "expected a string for \(what), found \(node.value.typeDescription)")
    }
    return text
  }

  static func integer(_ node: JSONNode, _ what: String) throws(LineError) -> Int {
    switch node.value {
    case .number(.integer(let value)):
      return value
    case .number(.tooLarge(let text)):
      throw LineError(
        offset: node.offset, message: "number \(text) does not fit in a 64-bit integer")
    default:
      throw LineError(
        offset: node.offset,
        message: "expected an integer \(what), found \(node.value.typeDescription)")
    }
  }

  static func array(_ node: JSONNode, _ what: String) throws(LineError) -> [JSONNode] {
    if case .integers(let compact) = node.value { return compact.elements(offset: node.offset) }
    guard case .array(let items) = node.value else {
      throw LineError(
        offset: node.offset, message: "expected \(what), found \(node.value.typeDescription)")
    }
    return items
  }

  static func enumeration<Value: RawRepresentable & CaseIterable>(
    _ node: JSONNode, for what: String, _ type: Value.Type
  ) throws(LineError) -> Value where Value.RawValue == String {
    let text = try string(node, for: what)
    guard let value = Value(rawValue: text) else {
      let choices = Value.allCases.map(\.rawValue).joined(separator: ", ")
      throw LineError(
        offset: node.offset,
        message: "unknown \(what) \(JSONText.quoted(text)); expected one of \(choices)")
    }
    return value
  }
}
