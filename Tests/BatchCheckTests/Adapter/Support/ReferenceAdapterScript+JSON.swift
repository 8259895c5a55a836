import BatchCheck
import Foundation

/// The reference's own writer and reader of ADAPTER.md §7 case lines, so that a script
/// it runs can be fed to the production decoder, and the §7.7 examples to the reference.

// MARK: Writing

extension ReferenceAdapterScript {
  /// The §7.1 case line of this script, keys in the order of §7.1; with `expect`, the
  /// case-level fields of `expect` (verdict, rule, cause, step, basis, message) as `expect`.
  func jsonLine(expect: ReferenceAdapterResult? = nil) -> String {
    var fields: [String] = []
    if let name { fields.append(#""name":"# + JSONWriting.string(name)) }
    fields += [
      #""contract":"adapter""#,
      #""semantics":"# + JSONWriting.string(options.semantics.rawValue),
      #""uikit":"# + JSONWriting.string(options.uikit.rawValue),
      #""sdk":"# + JSONWriting.string(options.sdk.rawValue),
      #""source":"# + JSONWriting.string(options.source.rawValue),
      #""duplicates":"# + JSONWriting.string(options.duplicates.rawValue),
      #""start":{"loaded":\#(start.loaded),"inWindow":\#(start.inWindow),"laidOut":\#(start.laidOut),"rows":"#
        + JSONWriting.rows(start.rows) + "}",
      #""script":"# + JSONWriting.steps(steps),
    ]
    if let expect { fields.append(#""expect":"# + JSONWriting.expect(expect)) }
    return "{" + fields.joined(separator: ",") + "}"
  }
}

/// The pieces of a case line.
enum JSONWriting {
  /// A JSON string literal (the package's one escaping loop).
  static func string(_ text: String) -> String { jsonQuoted(text) }

  static func value(_ value: RowValue) -> String {
    switch value {
    case .string(let text): string(text)
    case .int(let number): String(number)
    }
  }

  /// A row: plain when its content is its identity, else `{"id":…,"content":…}`.
  static func row(_ row: Row) -> String {
    row.content == row.id
      ? value(row.id) : #"{"id":"# + value(row.id) + #","content":"# + value(row.content) + "}"
  }

  static func rows(_ sections: [[Row]]) -> String {
    "[" + sections.map { "[" + $0.map(row).joined(separator: ",") + "]" }.joined(separator: ",")
      + "]"
  }

  static func path(_ path: RowPath) -> String { "[\(path.section),\(path.row)]" }

  static func list(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }

  /// The `at` value of a mutation call: its key's value in a v2 update.
  static func argument(_ kind: ReferenceMutation, _ update: BatchUpdate) -> String {
    switch kind {
    case .insertRows: list(update.insertRows.map(path))
    case .deleteRows: list(update.deleteRows.map(path))
    case .reloadRows: list(update.reloadRows.map(path))
    case .reconfigureRows: list(update.reconfigureRows.map(path))
    case .moveRows: list(update.moveRows.map { "[" + path($0.from) + "," + path($0.to) + "]" })
    case .insertSections: list(update.insertSections.map(String.init))
    case .deleteSections: list(update.deleteSections.map(String.init))
    case .reloadSections: list(update.reloadSections.map(String.init))
    case .moveSections: list(update.moveSections.map { "[\($0.from),\($0.to)]" })
    }
  }

  static func steps(_ steps: [ReferenceStep]) -> String { list(steps.map(step)) }

  static func step(_ step: ReferenceStep) -> String {
    func call(_ name: String) -> String { #"{"call":"# + string(name) + "}" }
    switch step {
    case .dataSource(let sections): return #"{"dataSource":"# + rows(sections) + "}"
    case .performBatchUpdates(let nested):
      return #"{"call":"performBatchUpdates","steps":"# + steps(nested) + "}"
    case .beginUpdates: return call("beginUpdates")
    case .endUpdates: return call("endUpdates")
    case .mutation(let kind, let update):
      return #"{"call":"# + string(kind.rawValue) + #","at":"# + argument(kind, update) + "}"
    case .reloadData: return call("reloadData")
    case .layoutIfNeeded: return call("layoutIfNeeded")
    case .numberOfSections: return call("numberOfSections")
    case .numberOfRows(let section): return #"{"call":"numberOfRows","section":\#(section)}"#
    case .numberOfItems(let section): return #"{"call":"numberOfItems","section":\#(section)}"#
    case .drain: return #"{"drain":true}"#
    case .geometryChange: return #"{"geometryChange":true}"#
    case .inWindow(let value): return #"{"inWindow":\#(value)}"#
    }
  }

  static func expect(_ result: ReferenceAdapterResult) -> String {
    var fields = [#""verdict":"# + string(result.verdict)]
    if let rule = result.rule { fields.append(#""rule":"# + string(rule)) }
    if let cause = result.cause { fields.append(#""cause":"# + string(cause)) }
    if let step = result.step { fields.append(#""step":"# + list(step.map(String.init))) }
    fields.append(#""basis":"# + string(result.basis))
    if let message = result.message { fields.append(#""message":"# + string(message)) }
    return "{" + fields.joined(separator: ",") + "}"
  }
}

// MARK: Reading

/// Why a §7 line could not be read by the reference.
struct ReferenceScriptError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// The `expect` object of a case line, as given.
struct ReferenceAdapterExpect: Hashable, Sendable {
  var verdict: String
  var rule: String?
  var cause: String?
  var step: [Int]?
  var basis: String?
  var message: String?
}

/// A reader of §7 case lines into the reference's types (enough for the §7.7 examples
/// and for lines the reference wrote itself).
enum ReferenceScriptReader {
  static func read(_ line: String) throws -> (
    script: ReferenceAdapterScript, expect: ReferenceAdapterExpect?
  ) {
    guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    else { throw ReferenceScriptError("not a JSON object") }
    guard object["contract"] as? String == "adapter" else {
      throw ReferenceScriptError("contract is not adapter")
    }
    var script = ReferenceAdapterScript()
    script.name = object["name"] as? String
    script.options = try options(object)
    guard let start = object["start"] as? [String: Any], let rows = start["rows"] else {
      throw ReferenceScriptError("missing start.rows")
    }
    script.start.rows = try sections(rows)
    script.start.loaded = try bool(start["loaded"], default: true)
    script.start.inWindow = try bool(start["inWindow"], default: true)
    script.start.laidOut = try bool(start["laidOut"], default: script.start.loaded)
    guard let steps = object["script"] as? [Any] else { throw ReferenceScriptError("no script") }
    script.steps = try steps.map(step)
    let expect = try (object["expect"] as? [String: Any]).map(readExpect)
    return (script, expect)
  }

  static func options(_ object: [String: Any]) throws -> ReferenceAdapterOptions {
    var options = ReferenceAdapterOptions()
    func pick<T: RawRepresentable>(_ key: String, _ fallback: T) throws -> T
    where T.RawValue == String {
      guard let raw = object[key] else { return fallback }
      guard let text = raw as? String, let value = T(rawValue: text) else {
        throw ReferenceScriptError("bad \(key)")
      }
      return value
    }
    options.semantics = try pick("semantics", options.semantics)
    options.uikit = try pick("uikit", options.uikit)
    options.sdk = try pick("sdk", options.sdk)
    options.source = try pick("source", options.source)
    options.duplicates = try pick("duplicates", options.duplicates)
    return options
  }

  static func bool(_ value: Any?, default fallback: Bool) throws -> Bool {
    guard let value else { return fallback }
    guard let flag = value as? Bool else { throw ReferenceScriptError("expected a boolean") }
    return flag
  }

  static func int(_ value: Any?) throws -> Int {
    // Foundation hands numbers over as NSNumber (which also answers `as? Bool`).
    guard let number = value as? NSNumber, number.doubleValue == Double(number.intValue)
    else { throw ReferenceScriptError("expected an integer") }
    return number.intValue
  }

  static func rowValue(_ value: Any) throws -> RowValue {
    if let text = value as? String { return .string(text) }
    return .int(try int(value))
  }

  static func row(_ value: Any) throws -> Row {
    if let object = value as? [String: Any] {
      guard let id = object["id"], let content = object["content"] else {
        throw ReferenceScriptError("a row object needs id and content")
      }
      return Row(id: try rowValue(id), content: try rowValue(content))
    }
    return Row(try rowValue(value))
  }

  /// `[[rows], …]`, or a flat array of rows for one section; `[]` is no section.
  static func sections(_ value: Any) throws -> [[Row]] {
    guard let items = value as? [Any] else { throw ReferenceScriptError("rows: expected an array") }
    if items.isEmpty { return [] }
    if items.allSatisfy({ $0 is [Any] }) {
      return try items.map { try ($0 as? [Any] ?? []).map(row) }
    }
    return [try items.map(row)]
  }

  static func path(_ value: Any) throws -> RowPath {
    guard let pair = value as? [Any], pair.count == 2 else {
      throw ReferenceScriptError("a path is two integers")
    }
    return RowPath(try int(pair[0]), try int(pair[1]))
  }

  static func mutation(_ kind: ReferenceMutation, _ at: Any?) throws -> BatchUpdate {
    guard let items = at as? [Any] else { throw ReferenceScriptError("at: expected an array") }
    if kind.isMove && items.count != 1 { throw ReferenceScriptError("a move call holds one move") }
    switch kind {
    case .moveRows:
      guard let pair = items[0] as? [Any], pair.count == 2 else {
        throw ReferenceScriptError("a row move is [from, to]")
      }
      return kind.update(rowMove: RowMove(from: try path(pair[0]), to: try path(pair[1])))
    case .moveSections:
      guard let pair = items[0] as? [Any], pair.count == 2 else {
        throw ReferenceScriptError("a section move is [from, to]")
      }
      return kind.update(sectionMove: SectionMove(from: try int(pair[0]), to: try int(pair[1])))
    default:
      if kind.isSections { return kind.update(sections: try items.map(int)) }
      return kind.update(rows: try items.map(path))
    }
  }

  static func step(_ value: Any) throws -> ReferenceStep {
    guard let object = value as? [String: Any], object.count >= 1 else {
      throw ReferenceScriptError("a step is an object")
    }
    if let rows = object["dataSource"] { return .dataSource(try sections(rows)) }
    if object["drain"] != nil { return .drain }
    if object["geometryChange"] != nil { return .geometryChange }
    if let flag = object["inWindow"] { return .inWindow(try bool(flag, default: true)) }
    guard let name = object["call"] as? String else { throw ReferenceScriptError("no step key") }
    switch name {
    case "performBatchUpdates":
      return .performBatchUpdates(try (object["steps"] as? [Any] ?? []).map(step))
    case "beginUpdates": return .beginUpdates
    case "endUpdates": return .endUpdates
    case "reloadData": return .reloadData
    case "layoutIfNeeded": return .layoutIfNeeded
    case "numberOfSections": return .numberOfSections
    case "numberOfRows": return .numberOfRows(try int(object["section"]))
    case "numberOfItems": return .numberOfItems(try int(object["section"]))
    default:
      guard let kind = ReferenceMutation(rawValue: name) else {
        throw ReferenceScriptError("unknown call \(name)")
      }
      return .mutation(kind, try mutation(kind, object["at"]))
    }
  }

  static func readExpect(_ object: [String: Any]) throws -> ReferenceAdapterExpect {
    guard let verdict = object["verdict"] as? String else {
      throw ReferenceScriptError("expect needs a verdict")
    }
    return ReferenceAdapterExpect(
      verdict: verdict, rule: object["rule"] as? String, cause: object["cause"] as? String,
      step: try (object["step"] as? [Any])?.map(int), basis: object["basis"] as? String,
      message: object["message"] as? String)
  }
}

// MARK: The output line

extension ReferenceAdapterResult {
  /// The §7.5 output-line fields of this result (`validate --format json` without `file`,
  /// `line`, `name` and `agrees`): `contract`, the case-level `verdict`, `rule`, `message`,
  /// `cause`, `step`, `basis` (absent keys left out), then `outcomes` and `reads` in order.
  var outputFields: String {
    func optional(_ key: String, _ value: String?) -> [String] {
      value.map { [#"""# + key + #"":"# + JSONWriting.string($0)] } ?? []
    }
    func stepPath(_ path: [Int]) -> String { JSONWriting.list(path.map(String.init)) }
    let outcomeObjects = outcomes.map { outcome in
      let fields =
        [
          #""step":"# + stepPath(outcome.step),
          #""verdict":"# + JSONWriting.string(outcome.verdict),
        ]
        + optional("rule", outcome.rule) + optional("cause", outcome.cause)
        + [#""basis":"# + JSONWriting.string(outcome.basis)] + optional("message", outcome.message)
      return "{" + fields.joined(separator: ",") + "}"
    }
    let readObjects = reads.map { read in
      #"{"step":"# + stepPath(read.step) + #","by":"# + JSONWriting.string(read.by)
        + #","counts":"# + JSONWriting.list(read.counts.map(String.init)) + "}"
    }
    let fields =
      [#""contract":"adapter""#, #""verdict":"# + JSONWriting.string(verdict)]
      + optional("rule", rule) + optional("message", message) + optional("cause", cause)
      + (step.map { [#""step":"# + stepPath($0)] } ?? [])
      + [#""basis":"# + JSONWriting.string(basis)]
      + [#""outcomes":"# + JSONWriting.list(outcomeObjects)]
      + [#""reads":"# + JSONWriting.list(readObjects)]
    return fields.joined(separator: ",")
  }
}
