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
    try lineBytes.withUnsafeBufferPointer { buffer throws(LineError) in
      try decode(lineBuffer: buffer)
    }
  }

  /// Parses and decodes one line of valid UTF-8, where it lies.
  static func decode(lineBuffer: UnsafeBufferPointer<UInt8>) throws(LineError) -> Case {
    switch try CaseDecoder.decodeLine(lineBuffer) {
    case .batch(let testCase): return testCase
    case .snapshot:
      throw LineError(
        offset: 0,
        message: "a snapshot case (\"contract\":\"snapshot\"): read it with SnapshotCase(jsonLine:)"
      )
    case .sectionSnapshot:
      throw LineError(
        offset: 0,
        message:
          "a section snapshot case (\"contract\":\"sectionSnapshot\"): read it with SectionSnapshotCase(jsonLine:)"
      )
    case .adapter:
      throw LineError(
        offset: 0,
        message: "an adapter case (\"contract\":\"adapter\"): read it with AdapterCase(jsonLine:)")
    }
  }
}

/// Turns a parsed line into a `Case`, checking every key, type and value.
///
/// Strict by design: an unknown or repeated key is an error (a typo such as
/// `"expcet"` would otherwise silently drop an expectation), `null` is never a
/// value, and integers are written without fraction or exponent.
package enum CaseDecoder {
  static let caseKeys =
    [
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
      message:
        "the line holds \(count) bytes, more than the \(maxLineBytes) (64 MiB) a line may hold")
  }

  /// Parses a line with `JSONParser(compactingIntegers:)` and decodes it.
  /// Anything a compact array gets wrong is reported from the tree, where
  /// every element has its own offset: the line is parsed again, as a tree,
  /// only then.
  /// Decodes one line of valid UTF-8, of any contract, where it lies: by
  /// the fast path (`CaseFastReader`) when the line has a corpus line's
  /// shape, else by `decodeCompactly`, which gives the same case or the
  /// error with its offset.
  ///
  /// - Throws: `LineError` at the first offending byte.
  static func decodeLine(_ bytes: UnsafeBufferPointer<UInt8>) throws(LineError) -> CaseLineValue {
    try checkLineSize(bytes.count)
    if let testCase = CaseFastReader.decode(bytes) { return .batch(testCase) }
    return try decodeCompactly(bytes, decodeLineValue)
  }

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

  /// Decodes a parsed line of any contract: a `"contract":"snapshot"` line
  /// as a snapshot case, any other as a batch case.
  static func decodeLineValue(_ root: consuming JSONNode) throws(LineError) -> CaseLineValue {
    if case .object(let members) = root.value {
      if isAdapterLine(members) {
        return .adapter(try decodeAdapterCase(members, rootOffset: root.offset))
      }
      if let contract = diffableContract(members) {
        if contract == "snapshot" {
          return .snapshot(try decodeSnapshotCase(members, rootOffset: root.offset))
        }
        return try decodeSectionSnapshotLine(members, rootOffset: root.offset)
      }
      if let script = members.first(where: { $0.key == "start" || $0.key == "script" }) {
        let also = script.key == "start" ? " (a view's start state) or \"snapshot\"" : ""
        throw LineError(
          offset: script.keyOffset,
          message:
            "a case with \(JSONText.quoted(script.key)) needs \"contract\": \"adapter\"" + also)
      }
      if let calls = members.first(where: { $0.key == "calls" }) {
        throw LineError(
          offset: calls.keyOffset,
          message:
            "a case with \"calls\" needs \"contract\": \"snapshot\" or \"sectionSnapshot\"")
      }
    }
    return .batch(try decodeCase(root))
  }

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
      case "semantics":
        result.semantics = try enumeration(value, for: "semantics", ViewSemantics.self)
      case "duplicates":
        result.duplicates = try enumeration(value, for: "duplicates", DuplicatesPolicy.self)
      case "uikit": result.uikit = try enumeration(value, for: "uikit", UIKitProfile.self)
      case "visibleRows": result.visibleRows = try visibleRows(value)
      case "old":
        result.old = try sections(value, key: "old")
        hasOld = true
      case "new":
        result.new = try sections(value, key: "new")
        hasNew = true
      case "update": result.update = try update(value)
      case _ where contractCaseKeys.contains(member.key):
        try contractMember(member, into: &result.contractForm)
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
    let key =
      ["update", "stages", "steps"].first { key in members.contains { $0.key == key } } ?? "uikit"
    let offset = members.first { $0.key == key }?.keyOffset ?? 0
    throw LineError(
      offset: offset,
      message:
        "\(JSONText.quoted(key)) reconfigures rows, which UIKit has from iOS 15 on; this case says \"uikit\":\"\(profile.rawValue)\" (remove it to judge under ios18)"
    )
  }

  /// `[[s, r], [s, r]]`, the first and the last row on screen, or `[]` for none.
  private static func visibleRows(_ node: JSONNode) throws(LineError) -> VisibleRows {
    let items = try array(
      node,
      "an array of two row paths (the first and the last row on screen) or [] for \"visibleRows\"")
    if items.isEmpty { return .none }
    let ends = try pair(
      node,
      "an array of two row paths (the first and the last row on screen) or [] for \"visibleRows\"")
    return .range(first: try rowPath(ends.0), last: try rowPath(ends.1))
  }

  // MARK: Expectation

  private static func expectation(_ node: JSONNode) throws(LineError) -> Expectation {
    var verdict: VerdictKind?
    var rule: Rule?
    var message: String?
    for member in try unique(
      try object(node, "\"expect\""), allowed: ["verdict", "rule", "message"], in: "\"expect\"")
    {
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

  static func sharedPair(_ node: JSONNode, _ what: String) throws(LineError) -> (JSONNode, JSONNode)
  {
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
