import BatchCheck

// A case's `"update"`, and an external generator's answer line.
extension CaseDecoder {
  /// Reads a line that holds an update object and nothing else, in the shape
  /// of a case's `"update"` (the answer of an external generator).
  ///
  ///     try CaseDecoder.decodeUpdate(lineBytes: Array(#"{"deleteRows":[[0,1]]}"#.utf8))
  ///     // BatchUpdate(deleteRows: [RowPath(0, 1)])
  ///
  /// - Parameter lineBytes: one line, without its line break; any bytes.
  /// - Throws: `LineError` at the first byte that is not valid UTF-8, not
  ///   JSON, or not an update.
  static func decodeUpdate(lineBytes: [UInt8]) throws(LineError) -> BatchUpdate {
    try checkLineSize(lineBytes.count)
    try CaseFile.checkUTF8(lineBytes)
    return try lineBytes.withUnsafeBufferPointer { buffer throws(LineError) in
      try decodeCompactly(buffer) { node throws(LineError) in try update(node, what: "an update") }
    }
  }

  /// An update object; `what` names it in the message for a value that is
  /// not an object.
  static func update(_ node: JSONNode, what: String = "\"update\"") throws(LineError) -> BatchUpdate
  {
    var update = BatchUpdate()
    for member in try unique(try object(node, what), allowed: updateKeys, in: "an update") {
      try updateValue(member.key, member.value, into: &update)
    }
    return update
  }

  /// Reads the value of the update key `name` into `update`: the same
  /// shapes in an update object and in an adapter script's mutation call.
  static func updateValue(_ name: String, _ value: JSONNode, into update: inout BatchUpdate)
    throws(LineError)
  {
    let key = "\"\(name)\""
    switch name {
    case "deleteSections": update.deleteSections = try sectionIndices(value, key)
    case "insertSections": update.insertSections = try sectionIndices(value, key)
    case "reloadSections": update.reloadSections = try sectionIndices(value, key)
    case "moveSections":
      let items = try array(value, "an array of section moves for \(key)")
      update.moveSections.reserveCapacity(items.count)
      for item in items {
        let ends = try pair(item, "an array of two integers for a section move")
        update.moveSections.append(
          SectionMove(
            from: try integer(ends.0, "in a section move"),
            to: try integer(ends.1, "in a section move")))
      }
    case "deleteRows": update.deleteRows = try rowPaths(value, key)
    case "insertRows": update.insertRows = try rowPaths(value, key)
    case "reloadRows": update.reloadRows = try rowPaths(value, key)
    case "reconfigureRows": update.reconfigureRows = try rowPaths(value, key)
    default:
      if case .integers(let compact) = value.value, compact.shape.count == 3,
        compact.shape[1] == 2,
        compact.shape[2] == 2
      {
        update.moveRows = stride(from: 0, to: compact.values.count, by: 4).map {
          RowMove(
            from: RowPath(compact.values[$0], compact.values[$0 + 1]),
            to: RowPath(compact.values[$0 + 2], compact.values[$0 + 3]))
        }
        return
      }
      let items = try array(value, "an array of row moves for \(key)")
      update.moveRows.reserveCapacity(items.count)
      for item in items {
        let ends = try pair(item, "an array of two row paths for a row move")
        update.moveRows.append(RowMove(from: try rowPath(ends.0), to: try rowPath(ends.1)))
      }
    }
  }

  static func sectionIndices(_ node: JSONNode, _ key: String) throws(LineError) -> [Int] {
    if case .integers(let compact) = node.value, compact.shape.count == 1 { return compact.values }
    let items = try array(node, "an array of section indices for \(key)")
    var result: [Int] = []
    result.reserveCapacity(items.count)
    for item in items {
      result.append(try integer(item, "for a section index"))
    }
    return result
  }

  static func rowPaths(_ node: JSONNode, _ key: String) throws(LineError) -> [RowPath] {
    if case .integers(let compact) = node.value, compact.shape.count == 2, compact.shape[1] == 2 {
      return stride(from: 0, to: compact.values.count, by: 2).map {
        RowPath(compact.values[$0], compact.values[$0 + 1])
      }
    }
    let items = try array(node, "an array of row paths for \(key)")
    var result: [RowPath] = []
    result.reserveCapacity(items.count)
    for item in items {
      result.append(try rowPath(item))
    }
    return result
  }

  /// `[section, row]`.
  static func rowPath(_ node: JSONNode) throws(LineError) -> RowPath {
    let ends = try pair(node, "an array of two integers for a row path")
    return RowPath(try integer(ends.0, "in a row path"), try integer(ends.1, "in a row path"))
  }

  /// The two elements of a two-element array, or an error naming `what`.
  static func pair(_ node: JSONNode, _ what: String) throws(LineError) -> (JSONNode, JSONNode) {
    let items = try array(node, what)
    guard items.count == 2 else {
      throw LineError(
        offset: node.offset,
        message:
          "expected \(what), found an array of \(items.count) element\(items.count == 1 ? "" : "s")"
      )
    }
    return (items[0], items[1])
  }
}
