import BatchCheck

/// Reading BatchCheck's contract extension of the case format
/// (Corpus/README.md): `contract`, `identityOnly`, `stages`, `steps`.
///
///     {"contract":"steps","old":["a","b"],"new":["b","x"],
///      "steps":[{"delete":[0,0]},{"insert":[0,1],"row":"x"}]}
///
/// As strict as the rest of the reader: unknown and repeated keys, `null`,
/// a step with two operations or without its row are errors at their column.
extension CaseDecoder {
  /// The case keys of the contract extension.
  static let contractCaseKeys = ["contract", "identityOnly", "stages", "steps"]
  /// The keys of a stage.
  static let stageKeys = ["update", "data"]
  /// The keys of a step: one operation, `row` for an insert or an update,
  /// `rows` for a section insert.
  static let stepKeys = [
    "insert", "delete", "move", "update", "reconfigure", "insertSection", "deleteSection",
    "moveSection", "row", "rows",
  ]

  /// Reads one member whose key is in `contractCaseKeys`.
  static func contractMember(_ member: JSONMember, into form: inout CaseContractForm)
    throws(LineError)
  {
    let value = member.value
    switch member.key {
    case "contract": form.contract = try sharedEnumeration(value, for: "contract", Contract.self)
    case "identityOnly":
      guard case .bool(let flag) = value.value else {
        throw LineError(
          offset: value.offset,
          message:
            "expected true or false for \"identityOnly\", found \(value.value.typeDescription)")
      }
      form.identityOnly = flag
    case "stages":
      form.stages = try stages(value, "an array of stages for \"stages\"")
    default:
      form.steps = try steps(value, "an array of steps for \"steps\"")
    }
  }

  /// An array of stages; `what` names it in the message for a value that
  /// is not an array.
  static func stages(_ node: JSONNode, _ what: String) throws(LineError) -> [Stage] {
    try list(node, what, stage)
  }

  /// An array of steps; `what` names it in the message for a value that is
  /// not an array.
  static func steps(_ node: JSONNode, _ what: String) throws(LineError) -> [Step] {
    try list(node, what, step)
  }

  /// An array, each item read by `element`.
  private static func list<Element>(
    _ node: JSONNode, _ what: String, _ element: (JSONNode) throws(LineError) -> Element
  ) throws(LineError) -> [Element] {
    let items = try sharedArray(node, what)
    var elements: [Element] = []
    elements.reserveCapacity(items.count)
    for item in items {
      elements.append(try element(item))
    }
    return elements
  }

  /// After the whole case is read: `stages` implies the staged contract and
  /// `steps` the steps contract; an explicit `contract` must agree, and
  /// `update` belongs to batch cases only.
  static func resolveContract(of result: inout Case, members: [JSONMember]) throws(LineError) {
    func offset(_ key: String) -> Int? { members.first { $0.key == key }?.keyOffset }
    if let stagesAt = offset("stages"), let stepsAt = offset("steps") {
      throw LineError(
        offset: max(stagesAt, stepsAt), message: "a case holds \"stages\" or \"steps\", not both")
    }
    let implied: (contract: Contract, key: String)? =
      result.contractForm.stages != nil
      ? (.staged, "stages") : result.contractForm.steps != nil ? (.steps, "steps") : nil
    if let implied {
      if offset("contract") != nil, result.contractForm.contract != implied.contract {
        throw LineError(
          offset: offset(implied.key) ?? 0,
          message:
            "\"\(implied.key)\" holds \(implied.contract) but \"contract\" is \"\(result.contractForm.contract.rawValue)\""
        )
      }
      result.contractForm.contract = implied.contract
    }
    if result.contractForm.contract != .batch, let updateAt = offset("update") {
      let key = result.contractForm.contract == .staged ? "stages" : "steps"
      throw LineError(
        offset: updateAt,
        message:
          "\"update\" is the form of one batch; a case with \"contract\":\"\(result.contractForm.contract.rawValue)\" holds \"\(key)\""
      )
    }
  }

  /// `{"update": {...}, "data": [[rows]]}`, both required.
  static func stage(_ node: JSONNode) throws(LineError) -> Stage {
    var update: BatchUpdate?
    var data: [[Row]]?
    for member in try sharedUnique(
      try sharedObject(node, "a stage"), allowed: stageKeys, in: "a stage")
    {
      if member.key == "update" {
        update = try sharedUpdate(member.value)
      } else {
        data = try sharedSections(member.value, key: "data")
      }
    }
    guard let update else {
      throw LineError(offset: node.offset, message: "missing key \"update\" in a stage")
    }
    guard let data else {
      throw LineError(offset: node.offset, message: "missing key \"data\" in a stage")
    }
    return Stage(update: update, data: data)
  }

  /// `{"insert":[s,r],"row":R}`, `{"delete":[s,r]}`, `{"move":[[s,r],[s,r]]}`,
  /// `{"update":[s,r],"row":R}`, `{"reconfigure":[s,r],"row":R}`,
  /// `{"insertSection":s,"rows":[R,...]}`, `{"deleteSection":s}`,
  /// `{"moveSection":[s,s]}`.
  static func step(_ node: JSONNode) throws(LineError) -> Step {
    let members = try sharedUnique(
      try sharedObject(node, "a step"), allowed: stepKeys, in: "a step")
    let operations = members.filter { $0.key != "row" && $0.key != "rows" }
    let row = members.first { $0.key == "row" }
    let rows = members.first { $0.key == "rows" }
    guard let operation = operations.first else {
      throw LineError(
        offset: node.offset,
        message:
          "a step needs one of \"insert\", \"delete\", \"move\", \"update\", \"reconfigure\", \"insertSection\", \"deleteSection\", \"moveSection\""
      )
    }
    guard operations.count == 1 else {
      throw LineError(
        offset: operations[1].keyOffset, message: "a step holds one operation, found a second")
    }
    let article = ["insert", "update", "insertSection"].contains(operation.key) ? "an" : "a"
    if let extra = operation.key == "insertSection" ? row : rows {
      throw LineError(
        offset: extra.keyOffset,
        message: "\(article) \(operation.key) step carries no \"\(extra.key)\"")
    }
    switch operation.key {
    case "insert", "update", "reconfigure":
      guard let row else {
        throw LineError(
          offset: node.offset, message: "missing key \"row\" in \(article) \(operation.key) step")
      }
      let path = try sharedRowPath(operation.value)
      let carried = try sharedRow(row.value)
      switch operation.key {
      case "insert": return .insert(at: path, row: carried)
      case "update": return .update(at: path, row: carried)
      default: return .reconfigure(at: path, row: carried)
      }
    case "insertSection":
      guard let rows else {
        throw LineError(
          offset: node.offset, message: "missing key \"rows\" in an insertSection step")
      }
      let section = try sharedInteger(operation.value, "a section index for an insertSection step")
      return .insertSection(
        at: section, rows: try list(rows.value, "an array of rows for \"rows\"", sharedRow))
    default:
      if let row {
        throw LineError(
          offset: row.keyOffset, message: "\(article) \(operation.key) step carries no \"row\"")
      }
      switch operation.key {
      case "delete": return .delete(at: try sharedRowPath(operation.value))
      case "move":
        let ends = try sharedPair(operation.value, "an array of two row paths for a move step")
        return .move(from: try sharedRowPath(ends.0), to: try sharedRowPath(ends.1))
      case "deleteSection":
        return .deleteSection(
          at: try sharedInteger(operation.value, "a section index for a deleteSection step"))
      default:
        let ends = try sharedPair(
          operation.value, "an array of two section indexes for a moveSection step")
        return .moveSection(
          from: try sharedInteger(ends.0, "a section index"),
          to: try sharedInteger(ends.1, "a section index"))
      }
    }
  }
}

extension ContractChanges {
  /// Reads changes written on their own, as a case's `update`, `stages` or
  /// `steps` value: what an external generator process writes, one JSON
  /// value per answer.
  ///
  ///     try ContractChanges(json: #"[{"delete":[0,0]}]"#, contract: .steps)
  ///     // .steps([.delete(at: RowPath(0, 0))])
  ///
  /// - Parameters:
  ///   - json: one JSON value: an update object, an array of stages, or an
  ///     array of steps.
  ///   - contract: which of the three it is.
  ///   - file: the name errors carry.
  /// - Throws: `CaseDataError` at the offending column (line 1).
  /// - Complexity: O(*n*), where *n* is the length of `json` in bytes.
  package init(json: String, contract: Contract, file: String = "-") throws(CaseDataError) {
    let bytes = Array(json.utf8)
    do throws(LineError) {
      self = try CaseDecoder.decodeChanges(lineBytes: bytes, contract: contract)
    } catch {
      throw CaseDataError(file: file, line: 1, lineBytes: bytes, error: error)
    }
  }
}

extension CaseDecoder {
  /// One JSON value of changes in `contract`'s shape: an update object, an
  /// array of stages, or an array of steps.
  package static func decodeChanges(lineBytes: [UInt8], contract: Contract) throws(LineError)
    -> ContractChanges
  {
    if contract == .batch { return .batch(try decodeUpdate(lineBytes: lineBytes)) }
    try checkLineSize(lineBytes.count)
    try CaseFile.checkUTF8(lineBytes)
    return try lineBytes.withUnsafeBufferPointer { buffer throws(LineError) in
      try decodeCompactly(buffer) { root throws(LineError) in
        contract == .staged
          ? .staged(try stages(root, "an array of stages"))
          : .steps(try steps(root, "an array of steps"))
      }
    }
  }
}
