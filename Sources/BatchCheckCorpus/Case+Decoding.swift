import BatchCheck

extension Case {
  /// Reads a case from one line of a case file.
  ///
  ///     let c = try Case(jsonLine: #"{"old":["a","b"],"new":["b","a"]}"#)
  ///     c.old  // [[Row("a"), Row("b")]]
  ///
  /// - Parameters:
  ///   - jsonLine: one line, without its line break.
  ///   - file: the file name errors name; `-` when the line has no file.
  ///   - line: the 1-based line number errors name.
  /// - Throws: `CaseDataError` with the 1-based column of the offending
  ///   character, for anything the case format (Corpus/README.md) does not allow.
  public init(jsonLine: String, file: String = "-", line: Int = 1) throws(CaseDataError) {
    let bytes = Array(jsonLine.utf8)
    do throws(LineError) {
      self = try Case.decode(lineBytes: bytes)
    } catch {
      throw CaseDataError(file: file, line: line, lineBytes: bytes, error: error)
    }
  }

  /// Parses and decodes one line of valid UTF-8.
  static func decode(lineBytes: [UInt8]) throws(LineError) -> Case {
    try lineBytes.withUnsafeBufferPointer { buffer throws(LineError) in try decode(lineBuffer: buffer) }
  }

  /// Parses and decodes one line of valid UTF-8, where it lies.
  static func decode(lineBuffer: UnsafeBufferPointer<UInt8>) throws(LineError) -> Case {
    try CaseDecoder.decodeCompactly(lineBuffer, CaseDecoder.decodeCase)
  }
}

/// Turns a parsed line into a `Case`, checking every key, type and value.
///
/// Strict by design: an unknown or repeated key is an error (a typo such as
/// `"expcet"` would otherwise silently drop an expectation), `null` is never a
/// value, and integers are written without fraction or exponent.
package enum CaseDecoder {
  static let caseKeys = [
    "name", "semantics", "duplicates", "uikit", "visibleRows", "old", "new", "update", "expect",
  ]
    + contractCaseKeys  // BatchCheck's contract extension, Case+Contracts+Decoding.swift
  /// The most bytes a line may hold (64 MiB), case or generator answer:
  /// checked before the line is parsed, so that a line too big to judge in
  /// memory is a data error, not a crash. A line of a million row moves
  /// takes 14 MB.
  package static let maxLineBytes = 64 << 20

  /// Throws when `count`, a line's length in bytes, is over `maxLineBytes`.
  static func checkLineSize(_ count: Int) throws(LineError) {
    guard count > maxLineBytes else { return }
    throw LineError(
      offset: 0,
      message: "the line holds \(count) bytes, more than the \(maxLineBytes) (64 MiB) a line may hold")
  }

  /// Parses a line with `JSONParser(compactingIntegers:)` and decodes it.
  /// Anything a compact array gets wrong is reported from the tree, where
  /// every element has its own offset: the line is parsed again, as a tree,
  /// only then.
  static func decodeCompactly<Value>(
    _ bytes: UnsafeBufferPointer<UInt8>, _ decode: (consuming JSONNode) throws(LineError) -> Value
  ) throws(LineError) -> Value {
    try checkLineSize(bytes.count)
    do {
      return try decode(try JSONParser.parse(bytes, compactingIntegers: true))
    } catch {
      return try decode(try JSONParser.parse(bytes))
    }
  }

  static let updateKeys = [
    "deleteSections", "insertSections", "reloadSections", "moveSections",
    "deleteRows", "insertRows", "reloadRows", "moveRows", "reconfigureRows",
  ]

  /// Decodes a parsed line. Each member's part of the tree is let go as soon
  /// as it is decoded, so that a long line's rows are never held twice over,
  /// as JSON and as rows, for more than one key at a time.
  static func decodeCase(_ root: consuming JSONNode) throws(LineError) -> Case {
    let rootOffset = root.offset
    var members = try object(root, "a case")
    _ = consume root
    _ = try unique(members, allowed: caseKeys, in: "a case")
    var result = Case(old: [], new: [])
    var hasOld = false
    var hasNew = false
    for index in members.indices {
      let member = members[index]
      let value = member.value
      members[index].value = JSONNode(value: .null, offset: value.offset)
      switch member.key {
      case "name": result.name = try string(value, for: "\"name\"")
      case "semantics": result.semantics = try enumeration(value, for: "semantics", ViewSemantics.self)
      case "duplicates": result.duplicates = try enumeration(value, for: "duplicates", DuplicatesPolicy.self)
      case "uikit": result.uikit = try enumeration(value, for: "uikit", UIKitProfile.self)
      case "visibleRows": result.visibleRows = try visibleRows(value)
      case "old":
        result.old = try sections(value, key: "old")
        hasOld = true
      case "new":
        result.new = try sections(value, key: "new")
        hasNew = true
      case "update": result.update = try update(value)
      case _ where contractCaseKeys.contains(member.key): try contractMember(member, into: &result.contractForm)
      default: result.expect = try expectation(value)
      }
    }
    guard hasOld else {
      throw LineError(offset: rootOffset, message: "missing key \"old\": a case needs its old rows")
    }
    guard hasNew else {
      throw LineError(offset: rootOffset, message: "missing key \"new\": a case needs its new rows")
    }
    try resolveContract(of: &result, members: members)
    try checkProfile(of: result, members: members)
    return result
  }

  /// `reconfigureRows` exists from iOS 15 on: under `"uikit":"ios12"` it is
  /// a data error, at the key that holds it.
  private static func checkProfile(of result: Case, members: [JSONMember]) throws(LineError) {
    guard let profile = result.uikit, !profile.rules(for: result.semantics).hasReconfigure,
      result.update?.reconfigureRows.isEmpty == false || result.contractForm.reconfiguresRows
    else { return }
    let key = ["update", "stages", "steps"].first { key in members.contains { $0.key == key } } ?? "uikit"
    let offset = members.first { $0.key == key }?.keyOffset ?? 0
    throw LineError(
      offset: offset,
      message:
        "\(JSONText.quoted(key)) reconfigures rows, which UIKit has from iOS 15 on; this case says \"uikit\":\"\(profile.rawValue)\" (remove it to judge under ios18)")
  }

  /// `[[s, r], [s, r]]`, the first and the last row on screen, or `[]` for none.
  private static func visibleRows(_ node: JSONNode) throws(LineError) -> VisibleRows {
    let items = try array(node, "an array of two row paths (the first and the last row on screen) or [] for \"visibleRows\"")
    if items.isEmpty { return .none }
    let ends = try pair(node, "an array of two row paths (the first and the last row on screen) or [] for \"visibleRows\"")
    return .range(first: try rowPath(ends.0), last: try rowPath(ends.1))
  }

  // MARK: Shapes

  private static func object(_ node: JSONNode, _ what: String) throws(LineError) -> [JSONMember] {
    guard case .object(let members) = node.value else {
      throw LineError(offset: node.offset, message: "expected an object for \(what), found \(node.value.kindDescription)")
    }
    return members
  }

  /// The members, after checking that each key is allowed and appears once.
  private static func unique(
    _ members: [JSONMember], allowed: [String], in what: String
  ) throws(LineError) -> [JSONMember] {
    var seen: Set<String> = []
    for member in members {
      guard allowed.contains(member.key) else {
        throw LineError(
          offset: member.keyOffset,
          message: "unknown key \(JSONText.quoted(member.key)) in \(what); expected one of \(allowed.joined(separator: ", "))")
      }
      guard seen.insert(member.key).inserted else {
        throw LineError(offset: member.keyOffset, message: "duplicate key \(JSONText.quoted(member.key)) in \(what)")
      }
    }
    return members
  }

  private static func string(_ node: JSONNode, for what: String) throws(LineError) -> String {
    guard case .string(let text) = node.value else {
      throw LineError(offset: node.offset, message: "expected a string for \(what), found \(node.value.kindDescription)")
    }
    return text
  }

  private static func integer(_ node: JSONNode, _ what: String) throws(LineError) -> Int {
    switch node.value {
    case .number(.integer(let value)):
      return value
    case .number(.tooLarge(let text)):
      throw LineError(offset: node.offset, message: "number \(text) does not fit in a 64-bit integer")
    default:
      throw LineError(offset: node.offset, message: "expected an integer \(what), found \(node.value.kindDescription)")
    }
  }

  private static func array(_ node: JSONNode, _ what: String) throws(LineError) -> [JSONNode] {
    if case .integers(let compact) = node.value { return compact.elements(offset: node.offset) }
    guard case .array(let items) = node.value else {
      throw LineError(offset: node.offset, message: "expected \(what), found \(node.value.kindDescription)")
    }
    return items
  }

  private static func enumeration<Value: RawRepresentable & CaseIterable>(
    _ node: JSONNode, for what: String, _ type: Value.Type
  ) throws(LineError) -> Value where Value.RawValue == String {
    let text = try string(node, for: what)
    guard let value = Value(rawValue: text) else {
      let choices = Value.allCases.map(\.rawValue).joined(separator: ", ")
      throw LineError(offset: node.offset, message: "unknown \(what) \(JSONText.quoted(text)); expected one of \(choices)")
    }
    return value
  }

  // MARK: Rows

  /// `[[rows], [rows]]`, or a flat `[rows]` for one section; `[]` is no section.
  private static func sections(_ node: JSONNode, key: String) throws(LineError) -> [[Row]] {
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
          message: "expected a section (an array of rows) in \"\(key)\", found \(item.value.kindDescription); write sections or one flat array of rows, not both")
      }
      var rows: [Row] = []
      rows.reserveCapacity(cells.count)
      for cell in cells { rows.append(try row(cell, flatIn: nil)) }
      result.append(rows)
    }
    return result
  }

  /// A row: `"a"`, `3`, or `{"id": ..., "content": ...}`.
  private static func row(_ node: JSONNode, flatIn key: String?) throws(LineError) -> Row {
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
      guard let id else { throw LineError(offset: node.offset, message: "missing key \"id\" in a row") }
      guard let content else { throw LineError(offset: node.offset, message: "missing key \"content\" in a row") }
      return Row(id: id, content: content)
    case .array where key != nil:
      throw LineError(
        offset: node.offset,
        message: "expected a row in \"\(key ?? "")\", found an array; write sections or one flat array of rows, not both")
    default:
      throw LineError(
        offset: node.offset,
        message: "expected a row (a string, an integer or {\"id\":...,\"content\":...}), found \(node.value.kindDescription)")
    }
  }

  private static func rowValue(_ node: JSONNode, _ what: String) throws(LineError) -> RowValue {
    if case .string(let text) = node.value { return .string(text) }
    guard case .number = node.value else {
      throw LineError(offset: node.offset, message: "expected a string or an integer \(what), found \(node.value.kindDescription)")
    }
    return .int(try integer(node, what))
  }

  // MARK: Update

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
  private static func update(_ node: JSONNode, what: String = "\"update\"") throws(LineError) -> BatchUpdate {
    var update = BatchUpdate()
    for member in try unique(try object(node, what), allowed: updateKeys, in: "an update") {
      let value = member.value
      let key = "\"\(member.key)\""
      switch member.key {
      case "deleteSections": update.deleteSections = try sectionIndices(value, key)
      case "insertSections": update.insertSections = try sectionIndices(value, key)
      case "reloadSections": update.reloadSections = try sectionIndices(value, key)
      case "moveSections":
        let items = try array(value, "an array of section moves for \(key)")
        update.moveSections.reserveCapacity(items.count)
        for item in items {
          let ends = try pair(item, "an array of two integers for a section move")
          update.moveSections.append(
            SectionMove(from: try integer(ends.0, "in a section move"), to: try integer(ends.1, "in a section move")))
        }
      case "deleteRows": update.deleteRows = try rowPaths(value, key)
      case "insertRows": update.insertRows = try rowPaths(value, key)
      case "reloadRows": update.reloadRows = try rowPaths(value, key)
      case "reconfigureRows": update.reconfigureRows = try rowPaths(value, key)
      default:
        if case .integers(let compact) = value.value, compact.shape.count == 3, compact.shape[1] == 2,
          compact.shape[2] == 2
        {
          update.moveRows = stride(from: 0, to: compact.values.count, by: 4).map {
            RowMove(
              from: RowPath(compact.values[$0], compact.values[$0 + 1]),
              to: RowPath(compact.values[$0 + 2], compact.values[$0 + 3]))
          }
          continue
        }
        let items = try array(value, "an array of row moves for \(key)")
        update.moveRows.reserveCapacity(items.count)
        for item in items {
          let ends = try pair(item, "an array of two row paths for a row move")
          update.moveRows.append(RowMove(from: try rowPath(ends.0), to: try rowPath(ends.1)))
        }
      }
    }
    return update
  }

  private static func sectionIndices(_ node: JSONNode, _ key: String) throws(LineError) -> [Int] {
    if case .integers(let compact) = node.value, compact.shape.count == 1 { return compact.values }
    let items = try array(node, "an array of section indices for \(key)")
    var result: [Int] = []
    result.reserveCapacity(items.count)
    for item in items {
      result.append(try integer(item, "for a section index"))
    }
    return result
  }

  private static func rowPaths(_ node: JSONNode, _ key: String) throws(LineError) -> [RowPath] {
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
  private static func rowPath(_ node: JSONNode) throws(LineError) -> RowPath {
    let ends = try pair(node, "an array of two integers for a row path")
    return RowPath(try integer(ends.0, "in a row path"), try integer(ends.1, "in a row path"))
  }

  /// The two elements of a two-element array, or an error naming `what`.
  private static func pair(_ node: JSONNode, _ what: String) throws(LineError) -> (JSONNode, JSONNode) {
    let items = try array(node, what)
    guard items.count == 2 else {
      throw LineError(
        offset: node.offset,
        message: "expected \(what), found an array of \(items.count) element\(items.count == 1 ? "" : "s")")
    }
    return (items[0], items[1])
  }

  // MARK: Expectation

  private static func expectation(_ node: JSONNode) throws(LineError) -> Expectation {
    var verdict: VerdictKind?
    var rule: Rule?
    var message: String?
    for member in try unique(try object(node, "\"expect\""), allowed: ["verdict", "rule", "message"], in: "\"expect\"") {
      switch member.key {
      case "verdict": verdict = try enumeration(member.value, for: "verdict", VerdictKind.self)
      case "rule": rule = try enumeration(member.value, for: "rule", Rule.self)
      default: message = try string(member.value, for: "\"message\"")
      }
    }
    guard let verdict else {
      throw LineError(offset: node.offset, message: "missing key \"verdict\" in \"expect\"")
    }
    return Expectation(verdict: verdict, rule: rule, message: message)
  }
}

// MARK: Shared with the contract extension (Case+Contracts+Decoding.swift)

extension CaseDecoder {
  static func sharedObject(_ node: JSONNode, _ what: String) throws(LineError) -> [JSONMember] {
    try object(node, what)
  }

  static func sharedUnique(
    _ members: [JSONMember], allowed: [String], in what: String
  ) throws(LineError) -> [JSONMember] {
    try unique(members, allowed: allowed, in: what)
  }

  static func sharedString(_ node: JSONNode, for what: String) throws(LineError) -> String {
    try string(node, for: what)
  }

  static func sharedInteger(_ node: JSONNode, _ what: String) throws(LineError) -> Int {
    try integer(node, what)
  }

  static func sharedArray(_ node: JSONNode, _ what: String) throws(LineError) -> [JSONNode] {
    try array(node, what)
  }

  static func sharedPair(_ node: JSONNode, _ what: String) throws(LineError) -> (JSONNode, JSONNode) {
    try pair(node, what)
  }

  static func sharedEnumeration<Value: RawRepresentable & CaseIterable>(
    _ node: JSONNode, for what: String, _ type: Value.Type
  ) throws(LineError) -> Value where Value.RawValue == String {
    try enumeration(node, for: what, type)
  }

  static func sharedSections(_ node: JSONNode, key: String) throws(LineError) -> [[Row]] {
    try sections(node, key: key)
  }

  static func sharedRow(_ node: JSONNode) throws(LineError) -> Row {
    try row(node, flatIn: nil)
  }

  static func sharedRowPath(_ node: JSONNode) throws(LineError) -> RowPath {
    try rowPath(node)
  }

  static func sharedUpdate(_ node: JSONNode) throws(LineError) -> BatchUpdate {
    try update(node)
  }

  static func sharedVisibleRows(_ node: JSONNode) throws(LineError) -> VisibleRows {
    try visibleRows(node)
  }
}
