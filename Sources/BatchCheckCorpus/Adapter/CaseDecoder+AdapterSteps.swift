import BatchCheck

/// Reads the steps of an adapter script, knowing the view and profile, so
/// that a call the view does not have is an error at its column.
struct AdapterStepReader {
  typealias Decoder = CaseDecoder

  static let headKeys = ["dataSource", "call", "drain", "geometryChange", "inWindow"]
  static let mutationNames = [
    "insertRows", "deleteRows", "reloadRows", "moveRows", "reconfigureRows", "insertSections",
    "deleteSections", "reloadSections", "moveSections",
  ]
  static let plainCalls = [
    "performBatchUpdates", "beginUpdates", "endUpdates", "reloadData", "layoutIfNeeded",
    "numberOfSections", "numberOfRows", "numberOfItems",
  ]

  let options: AdapterOptions
  let uikitGiven: Bool

  /// An array of steps; `inBlock` for a `performBatchUpdates` block's.
  mutating func steps(_ node: JSONNode, inBlock: Bool) throws(LineError) -> [AdapterStep] {
    var steps: [AdapterStep] = []
    for item in try Decoder.array(node, "an array of steps") {
      steps.append(try step(item, inBlock: inBlock))
    }
    return steps
  }

  /// One step: an object with exactly one head key.
  mutating func step(_ node: JSONNode, inBlock: Bool) throws(LineError) -> AdapterStep {
    let members = try Decoder.object(node, "a step")
    let heads = members.filter { Self.headKeys.contains($0.key) }
    guard let head = heads.first else {
      throw LineError(
        offset: node.offset,
        message:
          "a step needs one of the keys \(Self.headKeys.joined(separator: ", "))")
    }
    guard heads.count == 1 else {
      throw LineError(
        offset: heads[1].keyOffset,
        message:
          "a step has exactly one of \(Self.headKeys.joined(separator: ", ")); this one has \(JSONText.quoted(head.key)) and \(JSONText.quoted(heads[1].key))"
      )
    }
    if head.key == "call" { return try call(members, head: head, inBlock: inBlock) }
    _ = try Decoder.unique(members, allowed: [head.key], in: "a \(JSONText.quoted(head.key)) step")
    let value = head.value
    switch head.key {
    case "dataSource": return .dataSource(try Decoder.sections(value, key: "dataSource"))
    case "inWindow": return .inWindow(try Decoder.boolean(value, for: "\"inWindow\""))
    case "drain":
      try requireTrue(value, "drain")
      guard !inBlock else {
        throw LineError(
          offset: head.keyOffset,
          message:
            "\"drain\" inside a performBatchUpdates block: the block runs within one main-queue turn"
        )
      }
      return .drain
    default:
      try requireTrue(value, "geometryChange")
      return .geometryChange
    }
  }

  /// `"drain": true` and `"geometryChange": true` take no other value.
  func requireTrue(_ node: JSONNode, _ key: String) throws(LineError) {
    guard case .bool(true) = node.value else {
      throw LineError(
        offset: node.offset,
        message: "expected true for \"\(key)\", found \(node.value.typeDescription)")
    }
  }

  /// A `{"call": name, ...}` step.
  mutating func call(_ members: [JSONMember], head: JSONMember, inBlock: Bool) throws(LineError)
    -> AdapterStep
  {
    let name = try Decoder.string(head.value, for: "\"call\"")
    let isTable = options.semantics == .tableView
    guard Self.mutationNames.contains(name) || Self.plainCalls.contains(name) else {
      throw LineError(
        offset: head.value.offset,
        message:
          "unknown call \(JSONText.quoted(name)); expected one of \((Self.plainCalls + Self.mutationNames).joined(separator: ", "))"
      )
    }
    let tableOnly = ["beginUpdates", "endUpdates", "numberOfRows"]
    if (!isTable && tableOnly.contains(name)) || (isTable && name == "numberOfItems") {
      let view = isTable ? "a table view" : "a collection view"
      throw LineError(
        offset: head.value.offset,
        message: "\(view) has no call \(JSONText.quoted(name))" + hint(for: name))
    }
    if name == "reconfigureRows" && uikitGiven && options.uikit == .ios12 {
      throw LineError(
        offset: head.value.offset,
        message:
          "\"reconfigureRows\" exists from iOS 15 on; it cannot be used with \"uikit\":\"ios12\"")
    }
    switch name {
    case "performBatchUpdates":
      let block = try Decoder.unique(
        members, allowed: ["call", "steps"], in: "a performBatchUpdates step")
      guard let inner = block.first(where: { $0.key == "steps" }) else {
        return .performBatchUpdates([])
      }
      return .performBatchUpdates(try steps(inner.value, inBlock: true))
    case "numberOfRows", "numberOfItems":
      let read = try Decoder.unique(members, allowed: ["call", "section"], in: "a count read")
      guard let section = read.first(where: { $0.key == "section" }) else {
        throw LineError(
          offset: head.keyOffset, message: "missing key \"section\" in \(JSONText.quoted(name))")
      }
      return .numberOfRows(section: try Decoder.integer(section.value, "for \"section\""))
    case _ where Self.mutationNames.contains(name):
      return .mutation(try mutation(name, members, head: head))
    default:
      _ = try Decoder.unique(members, allowed: ["call"], in: "a \(JSONText.quoted(name)) call")
      return Self.plainStep(name)
    }
  }

  /// The other view's name for a call, as a hint.
  func hint(for name: String) -> String {
    switch name {
    case "numberOfRows": "; use \"numberOfItems\""
    case "numberOfItems": "; use \"numberOfRows\""
    default: "; use \"performBatchUpdates\""
    }
  }

  static func plainStep(_ name: String) -> AdapterStep {
    switch name {
    case "beginUpdates": .beginUpdates
    case "endUpdates": .endUpdates
    case "reloadData": .reloadData
    case "layoutIfNeeded": .layoutIfNeeded
    default: .numberOfSections
    }
  }

  /// A mutation call: `at` has the shape of its update key's value.
  func mutation(_ name: String, _ members: [JSONMember], head: JSONMember) throws(LineError)
    -> AdapterMutation
  {
    let call = try Decoder.unique(
      members, allowed: ["call", "at"], in: "a \(JSONText.quoted(name)) call")
    guard let at = call.first(where: { $0.key == "at" })?.value else {
      throw LineError(
        offset: head.keyOffset, message: "missing key \"at\" in \(JSONText.quoted(name))")
    }
    var update = BatchUpdate()
    try Decoder.updateValue(name, at, into: &update)
    switch name {
    case "insertRows": return .insertRows(update.insertRows)
    case "deleteRows": return .deleteRows(update.deleteRows)
    case "reloadRows": return .reloadRows(update.reloadRows)
    case "reconfigureRows": return .reconfigureRows(update.reconfigureRows)
    case "insertSections": return .insertSections(update.insertSections)
    case "deleteSections": return .deleteSections(update.deleteSections)
    case "reloadSections": return .reloadSections(update.reloadSections)
    case "moveRows":
      guard update.moveRows.count == 1 else { throw oneMove(at, update.moveRows.count) }
      return .moveRows(update.moveRows[0])
    default:
      guard update.moveSections.count == 1 else { throw oneMove(at, update.moveSections.count) }
      return .moveSections(update.moveSections[0])
    }
  }

  func oneMove(_ node: JSONNode, _ count: Int) -> LineError {
    LineError(
      offset: node.offset,
      message:
        "a move call moves exactly one row or section (UIKit moves one per call); \"at\" holds \(count)"
    )
  }
}
