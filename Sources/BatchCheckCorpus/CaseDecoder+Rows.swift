import BatchCheck

// A case's rows: `old`, `new`, and the rows of contract changes.
extension CaseDecoder {
  /// `[[rows], [rows]]`, or a flat `[rows]` for one section; `[]` is no section.
  static func sections(_ node: JSONNode, key: String) throws(LineError) -> [[Row]] {
    if case .integers(let compact) = node.value, compact.shape.count <= 2 {
      // Rows that are all integers: one flat section, or sections of one length.
      let length = compact.shape.count == 1 ? compact.values.count : compact.shape[1]
      return stride(from: 0, to: compact.values.count, by: max(length, 1)).map { start in
        compact.values[start..<start + length].map { Row(.int($0)) }
      }
    }
    let items = try array(node, "an array of sections or rows for \"\(key)\"")
    guard let first = items.first else { return [] }
    guard first.value.isArray else {
      var rows: [Row] = []
      rows.reserveCapacity(items.count)
      for item in items { rows.append(try row(item, flatIn: key)) }
      return [rows]
    }
    var result: [[Row]] = []
    result.reserveCapacity(items.count)
    for item in items {
      if case .integers(let compact) = item.value, compact.shape.count == 1 {
        result.append(compact.values.map { Row(.int($0)) })
        continue
      }
      guard case .array(let cells) = item.value else {
        throw LineError(
          offset: item.offset,
          message:
            "expected a section (an array of rows) in \"\(key)\", found \(item.value.typeDescription); write sections or one flat array of rows, not both"
        )
      }
      var rows: [Row] = []
      rows.reserveCapacity(cells.count)
      for cell in cells { rows.append(try row(cell, flatIn: nil)) }
      result.append(rows)
    }
    return result
  }

  /// A row: `"a"`, `3`, or `{"id": ..., "content": ...}`.
  static func row(_ node: JSONNode, flatIn key: String?) throws(LineError) -> Row {
    switch node.value {
    case .string, .number:
      return Row(try rowValue(node, "for a row"))
    case .object(let members):
      var id: RowValue?
      var content: RowValue?
      for member in try unique(members, allowed: ["id", "content"], in: "a row") {
        if member.key == "id" {
          id = try rowValue(member.value, "for a row's id")
        } else {
          content = try rowValue(member.value, "for a row's content")
        }
      }
      guard let id else {
        throw LineError(offset: node.offset, message: "missing key \"id\" in a row")
      }
      guard let content else {
        throw LineError(offset: node.offset, message: "missing key \"content\" in a row")
      }
      return Row(id: id, content: content)
    case .array where key != nil:
      throw LineError(
        offset: node.offset,
        message:
          "expected a row in \"\(key ?? "")\", found an array; write sections or one flat array of rows, not both"
      )
    default:
      throw LineError(
        offset: node.offset,
        message:
          "expected a row (a string, an integer or {\"id\":...,\"content\":...}), found \(node.value.typeDescription)"
      )
    }
  }

  static func rowValue(_ node: JSONNode, _ what: String) throws(LineError) -> RowValue {
    if case .string(let text) = node.value { return .string(text) }
    guard case .number = node.value else {
      throw LineError(
        offset: node.offset,
        message: "expected a string or an integer \(what), found \(node.value.typeDescription)")
    }
    return .int(try integer(node, what))
  }
}
