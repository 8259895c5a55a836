import BatchCheck

/// Reading an adapter line of a case file (`"contract":"adapter"`): a view's
/// start state and a recorded script, as strictly as the rest of the reader.
/// Every key not in the form, a step with none or two of its head keys, a
/// call the view does not have, a move call without exactly one move,
/// `reconfigureRows` or a diffable source under iOS 12, a `drain` inside a
/// block, a laid-out view that never loaded: each is an error at its column.
extension CaseDecoder {
  static let adapterKeys = [
    "name", "contract", "semantics", "duplicates", "uikit", "sdk", "source", "start", "script",
    "expect",
  ]
  /// The batch keys an adapter line must not have: its batches are its calls.
  static let adapterForbiddenKeys = [
    "old", "new", "update", "stages", "steps", "visibleRows", "identityOnly",
  ]
  static let adapterStartKeys = ["loaded", "inWindow", "laidOut", "rows"]
  static let adapterExpectKeys = ["verdict", "rule", "cause", "step", "basis", "message"]

  /// Whether a root names the adapter contract.
  static func isAdapterLine(_ members: [JSONMember]) -> Bool {
    guard let member = members.first(where: { $0.key == "contract" }),
      case .string("adapter") = member.value.value
    else { return false }
    return true
  }

  /// Decodes a `"contract":"adapter"` line's members.
  static func decodeAdapterCase(_ members: [JSONMember], rootOffset: Int) throws(LineError)
    -> AdapterCase
  {
    if let member = members.first(where: { adapterForbiddenKeys.contains($0.key) }) {
      throw LineError(
        offset: member.keyOffset,
        message:
          "key \(JSONText.quoted(member.key)) is not part of an adapter case: its batches are the calls of its \"script\""
      )
    }
    _ = try unique(members, allowed: adapterKeys, in: "an adapter case")
    var testCase = AdapterCase(start: AdapterStart(rows: []), steps: [])
    testCase.uikitGiven = false
    var startNode: JSONNode?
    var scriptNode: JSONNode?
    var expectNode: JSONNode?
    for member in members {
      let value = member.value
      switch member.key {
      case "name": testCase.name = try string(value, for: "\"name\"")
      case "semantics":
        testCase.options.semantics = try enumeration(value, for: "semantics", ViewSemantics.self)
      case "duplicates":
        testCase.options.duplicates = try enumeration(
          value, for: "duplicates", DuplicatesPolicy.self)
      case "uikit":
        testCase.options.uikit = try enumeration(value, for: "uikit", UIKitProfile.self)
        testCase.uikitGiven = true
      case "sdk": testCase.options.sdk = try enumeration(value, for: "sdk", AdapterSDK.self)
      case "source":
        testCase.options.source = try enumeration(value, for: "source", AdapterSource.self)
      case "start": startNode = value
      case "script": scriptNode = value
      case "contract": break
      default: expectNode = value
      }
    }
    guard let startNode else {
      throw LineError(
        offset: rootOffset, message: "missing key \"start\": an adapter case needs its start state")
    }
    guard let scriptNode else {
      throw LineError(
        offset: rootOffset, message: "missing key \"script\": an adapter case needs its steps")
    }
    if let source = members.first(where: { $0.key == "source" }) {
      try checkDiffableSource(testCase, at: source.value)
    }
    testCase.start = try adapterStart(startNode)
    var reader = AdapterStepReader(options: testCase.options, uikitGiven: testCase.uikitGiven)
    testCase.steps = try reader.steps(scriptNode, inBlock: false)
    testCase.expect = try expectNode.map { node throws(LineError) in try adapterExpectation(node) }
    return testCase
  }

  /// `"source":"diffable"` needs iOS 15, so a line under `ios12` cannot have it.
  static func checkDiffableSource(_ testCase: AdapterCase, at node: JSONNode) throws(LineError) {
    guard testCase.uikitGiven, testCase.options.uikit == .ios12,
      testCase.options.source == .diffable
    else { return }
    throw LineError(
      offset: node.offset,
      message:
        "\"source\":\"diffable\" needs iOS 13 or later and is judged under ios18; it cannot be used with \"uikit\":\"ios12\""
    )
  }

  /// `{"loaded": bool, "inWindow": bool, "laidOut": bool, "rows": rows}`.
  static func adapterStart(_ node: JSONNode) throws(LineError) -> AdapterStart {
    let members = try unique(
      try object(node, "\"start\""), allowed: adapterStartKeys, in: "an adapter case's start")
    var rows: [[Row]]?
    var loaded = true
    var inWindow = true
    var laidOut: (value: Bool, offset: Int)?
    for member in members {
      switch member.key {
      case "rows": rows = try sections(member.value, key: "rows")
      case "loaded": loaded = try boolean(member.value, for: "\"loaded\"")
      case "inWindow": inWindow = try boolean(member.value, for: "\"inWindow\"")
      default: laidOut = (try boolean(member.value, for: "\"laidOut\""), member.value.offset)
      }
    }
    guard let rows else {
      throw LineError(
        offset: node.offset, message: "missing key \"rows\" in \"start\": the data source's rows")
    }
    if let laidOut, laidOut.value, !loaded {
      throw LineError(
        offset: laidOut.offset,
        message:
          "\"laidOut\": true with \"loaded\": false: a layout pass loads the data, so a view that never loaded was never laid out"
      )
    }
    return AdapterStart(rows: rows, loaded: loaded, inWindow: inWindow, laidOut: laidOut?.value)
  }

  /// `true` or `false`.
  static func boolean(_ node: JSONNode, for what: String) throws(LineError) -> Bool {
    guard case .bool(let value) = node.value else {
      throw LineError(
        offset: node.offset,
        message: "expected true or false for \(what), found \(node.value.typeDescription)")
    }
    return value
  }

  /// An adapter case's `expect`.
  static func adapterExpectation(_ node: JSONNode) throws(LineError) -> AdapterExpectation {
    let members = try unique(
      try object(node, "\"expect\""), allowed: adapterExpectKeys, in: "an adapter expect")
    guard let verdictNode = members.first(where: { $0.key == "verdict" })?.value else {
      throw LineError(offset: node.offset, message: "missing key \"verdict\" in \"expect\"")
    }
    var expect = AdapterExpectation(
      verdict: try enumeration(verdictNode, for: "verdict", AdapterVerdictKind.self))
    for member in members {
      let value = member.value
      switch member.key {
      case "rule": expect.rule = try enumeration(value, for: "rule", Rule.self)
      case "cause": expect.cause = try enumeration(value, for: "cause", AdapterCause.self)
      case "basis": expect.basis = try enumeration(value, for: "basis", AdapterBasis.self)
      case "message": expect.message = try string(value, for: "\"message\"")
      case "step":
        var path: [Int] = []
        for item in try array(value, "an array of step indexes for \"step\"") {
          path.append(try integer(item, "in a step path"))
        }
        expect.step = path
      default: break
      }
    }
    return expect
  }
}
