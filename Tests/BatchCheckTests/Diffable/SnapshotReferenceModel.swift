@testable import BatchCheck

// A plain reference model of DIFFABLE.md §1 (the snapshot, its calls and
// UIKit's texts) and §2 (the verdict at apply), written from the
// specification alone, to check `SimulatedSnapshot` and `SnapshotVerdict`
// against. It favours the obvious over the fast: sections are an array of
// (id, items), and every lookup is a linear search.

typealias RefID = SnapshotIdentifier
typealias RefCall = SnapshotCall<SnapshotIdentifier, SnapshotIdentifier>
typealias RefAnswer = SnapshotAnswer<SnapshotIdentifier, SnapshotIdentifier>
typealias RefSection = SnapshotSection<SnapshotIdentifier, SnapshotIdentifier>
typealias RefAnchor = SnapshotAnchor<SnapshotIdentifier>

/// Identity as an NSOrderedSet sees it (§1.1): `==` and the same hash. Two
/// `.custom` ids that are `==` but hash differently are different members.
func sameMember(_ a: RefID, _ b: RefID) -> Bool {
  switch (a, b) {
  case (.string(let x), .string(let y)): return x == y
  case (.integer(let x), .integer(let y)): return x == y
  case (.custom(let x, let h), .custom(let y, let k)): return x == y && h == k
  default: return false
  }
}

/// Whether `ids` holds `id` as a member (`sameMember`).
func containsMember(_ ids: [RefID], _ id: RefID) -> Bool {
  ids.contains { sameMember($0, id) }
}

/// UIKit's texts (§1.2, §1.4, §3.1), built from the specification.
enum SnapshotReferenceText {
  /// An id in a message: an integer in decimal, a string of ASCII letters,
  /// digits and `_ $ + / : . -` as is, any other string quoted (§3.1). A
  /// `.custom` id prints the value its `==` compares (`SnapshotIdentifier`'s
  /// reading; the spec leaves Swift types to `String(reflecting:)`, §7.6).
  static func id(_ id: RefID) -> String {
    switch id {
    case .integer(let number): return String(number)
    case .string(let text): return string(text)
    case .custom(.int(let number), _): return String(number)
    case .custom(.string(let text), _): return string(text)
    }
  }

  /// A string id: as is when made of ASCII letters, digits and
  /// `_ $ + / : . -`; else quoted by the property-list rules (§1.2, [I]):
  /// `"` and `\` escaped, C escapes for control characters, and anything
  /// outside printable ASCII as `\U` and four lower-case hex digits of
  /// each UTF-16 unit (`"\Uace0"`).
  static func string(_ text: String) -> String {
    let plain = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$+/:.-"
    if !text.isEmpty, text.allSatisfy({ plain.contains($0) }) { return text }
    let escapes: [UInt16: String] = [
      7: "\\a", 8: "\\b", 9: "\\t", 10: "\\n", 11: "\\v", 12: "\\f", 13: "\\r",
      34: "\\\"", 92: "\\\\",
    ]
    var quoted = "\""
    for unit in text.utf16 {
      if let escape = escapes[unit] {
        quoted += escape
      } else if (32...126).contains(unit) {
        quoted.append(Character(Unicode.Scalar(UInt8(unit))))
      } else {
        let hex = String(unit, radix: 16)
        quoted += "\\U" + String(repeating: "0", count: 4 - hex.count) + hex
      }
    }
    return quoted + "\""
  }

  /// A set of duplicates, an NSOrderedSet: `{(\n    a,\n    b\n)}`.
  static func set(_ ids: [RefID]) -> String { "{" + list(ids) + "}" }

  /// A list of ids, an NSArray: `(\n    a,\n    b\n)`.
  static func list(_ ids: [RefID]) -> String {
    "(\n" + ids.map { "    " + id($0) }.joined(separator: ",\n") + "\n)"
  }

  /// An update object, its pointer printed as `0x0`.
  static func update(_ action: String, _ destination: RefID, section: Bool, _ ids: [RefID])
    -> String
  {
    "<_UIDiffableDataSourceUpdate 0x0 - action: \(action); destinationIdentifier:\(id(destination)); destIsSection: \(section ? 1 : 0); identifiers: [\(ids.map(id).joined(separator: ","))]>"
  }

  static func s1(section: Bool, _ duplicates: [RefID]) -> String {
    "Fatal: supplied \(section ? "section" : "item") identifiers are not unique. Duplicate identifiers: \(set(duplicates))"
  }

  static func s2(_ existing: [RefID]) -> String {
    let head = "Diffable data source detected an attempt to insert or append"
    let rule = "Identifiers in a snapshot must be unique."
    if existing.count == 1 {
      return
        "\(head) 1 section identifier that already exists in the snapshot. \(rule) Section identifier that already exists: \(id(existing[0]))"
    }
    return
      "\(head) \(existing.count) section identifiers that already exist in the snapshot. \(rule) Section identifiers that already exist: \(list(existing))"
  }

  static func s3(_ existing: [RefID]) -> String {
    let head = "Diffable data source detected an attempt to insert or append"
    let middle =
      "will be moved into place instead, but this operation will be more expensive. For best performance, inserted item identifiers should always be unique. Set a symbolic breakpoint on BUG_IN_CLIENT_OF_DIFFABLE_DATA_SOURCE__IDENTIFIER_ALREADY_EXISTS to catch this in the debugger."
    if existing.count == 1 {
      return
        "\(head) 1 item identifier that already exists in the snapshot. The existing item identifier \(middle) Item identifier that already exists: \(id(existing[0]))"
    }
    return
      "\(head) \(existing.count) item identifiers that already exist in the snapshot. The existing item identifiers \(middle) Item identifiers that already exist: \(list(existing))"
  }

  static let s4 = "There are currently no sections in the data source. Please add a section first."
  static let s5 = "Invalid parameter not satisfying: section != NSNotFound"
  static let s6 = "Invalid parameter not satisfying: insertIndex != NSNotFound"
  static func s7(_ what: String) -> String {
    "Invalid parameter not satisfying: \(what) != NSNotFound"
  }

  static func s8(section: Bool, _ moved: RefID, _ destination: RefID) -> String {
    "Invalid update: destination for \(section ? "section" : "item") move is the same as the source [\(id(moved))] for update: \(update("MOV", destination, section: section, [moved]))."
  }

  static func s9Items(_ anchor: RefID, _ ids: [RefID]) -> String {
    "Invalid update: destination for insertion operation [\(id(anchor))] is in the insertion identifier list for update: \(update("INS", anchor, section: false, ids))."
  }

  static func s9Sections(_ anchor: RefID, _ ids: [RefID]) -> String {
    "Invalid update: destination for section operation [\(id(anchor))] is in the inserted section list for update: \(update("INS", anchor, section: true, ids))"
  }

  static func s10(_ verb: String, section: Bool, _ missing: RefID) -> String {
    "Attempted to \(verb) \(section ? "section" : "item") identifier that does not exist in the snapshot: \(id(missing))"
  }

  static let s11 =
    "Section identifier was not found. You can verify the section exists by calling the indexOfSectionIdentifier API (which has O(1) performance)"

  /// S12's text up to the pair, which follows as `(x) and (y)`.
  static func s12Prefix(section: Bool) -> String {
    "Diffable data source detected \(section ? "section" : "item") identifiers that are equal but have different hash values. Two identifiers which compare as equal must return the same hash value. You must fix this in the Hashable (Swift) or hash property (Objective-C) implementation for the type of these identifiers. Identifiers that are equal but have different hash values: "
  }
}

/// A check that failed: the rule and UIKit's text.
struct SnapshotReferenceFailure: Error {
  let rule: SnapshotRule
  let message: String
}

/// The ids of `ids` that repeat an earlier one, each once, in the order
/// their repeats are found (S1).
func repeatedIDs(_ ids: [RefID]) -> [RefID] {
  var seen: [RefID] = []
  var repeated: [RefID] = []
  for id in ids {
    if containsMember(seen, id) {
      if !containsMember(repeated, id) { repeated.append(id) }
    } else {
      seen.append(id)
    }
  }
  return repeated
}

/// The snapshot of §1: sections with their items, the reload marks, the
/// logs, the answers to the queries, and the first exception.
struct SnapshotReferenceModel {
  var sections: [(id: RefID, items: [RefID])]
  var reloadedItems: [RefID] = []
  var reconfiguredItems: [RefID] = []
  var reloadedSections: [RefID] = []
  var logs: [SnapshotLog] = []
  var answers: [RefAnswer] = []
  var exception: SnapshotException?
  /// Mutating calls run (the single-update fast path counts them, §3.1).
  var mutations = 0
  /// The ids each call's S3 path deleted and inserted again, by call.
  var reinserted: [Int: [RefID]] = [:]

  init(sections: [(id: RefID, items: [RefID])]) {
    self.sections = sections
  }

  var items: [RefID] { sections.flatMap(\.items) }

  func sectionIndex(_ id: RefID) -> Int? {
    sections.firstIndex { sameMember($0.id, id) }
  }

  func place(ofItem id: RefID) -> (section: Int, row: Int)? {
    for (index, section) in sections.enumerated() {
      if let row = section.items.firstIndex(where: { sameMember($0, id) }) {
        return (index, row)
      }
    }
    return nil
  }

  /// Runs every call in order; after the first exception the calls are
  /// recorded only (§1.1).
  mutating func run(_ calls: [RefCall]) {
    for (index, call) in calls.enumerated() { run(call, at: index) }
  }

  mutating func run(_ call: RefCall, at index: Int) {
    guard exception == nil else { return }
    do {
      try perform(call, at: index)
    } catch let failure as SnapshotReferenceFailure {
      exception = SnapshotException(rule: failure.rule, message: failure.message, call: index)
    } catch {
      preconditionFailure("only SnapshotReferenceFailure is thrown")
    }
  }

  mutating func perform(_ call: RefCall, at index: Int) throws {
    switch call {
    case .appendSections(let ids): try appendSections(ids)
    case .insertSections(let ids, let anchor): try insertSections(ids, anchor)
    case .deleteSections(let ids): try deleteSections(ids)
    case .moveSection(let id, let anchor): try moveSection(id, anchor)
    case .reloadSections(let ids): try reloadSections(ids)
    case .appendItems(let ids, let section): try appendItems(ids, section, call: index)
    case .insertItems(let ids, let anchor): try insertItems(ids, anchor, call: index)
    case .deleteItems(let ids): try deleteItems(ids)
    case .deleteAllItems: deleteAllItems()
    case .moveItem(let id, let anchor): try moveItem(id, anchor)
    case .reloadItems(let ids): try reloadItems(ids, reconfigure: false)
    case .reconfigureItems(let ids): try reloadItems(ids, reconfigure: true)
    default: answers.append(try answer(call))
    }
  }

  static func checkUnique(_ ids: [RefID], section: Bool) throws {
    let repeated = repeatedIDs(ids)
    if !repeated.isEmpty {
      throw SnapshotReferenceFailure(
        rule: .s1, message: SnapshotReferenceText.s1(section: section, repeated))
    }
  }
}

// MARK: - Sections

extension SnapshotReferenceModel {
  /// `appendSections`: S1, S2; append at the end.
  mutating func appendSections(_ ids: [RefID]) throws {
    mutations += 1
    try Self.checkUnique(ids, section: true)
    try checkNewSections(ids)
    sections += ids.map { (id: $0, items: []) }
  }

  /// S2: some section ids are already present (listed in call order).
  func checkNewSections(_ ids: [RefID]) throws {
    let existing = ids.filter { sectionIndex($0) != nil }
    if !existing.isEmpty {
      throw SnapshotReferenceFailure(rule: .s2, message: SnapshotReferenceText.s2(existing))
    }
  }

  /// `insertSections`: S1, S9, S6, S2; insert before or after the anchor.
  mutating func insertSections(_ ids: [RefID], _ anchor: RefAnchor) throws {
    mutations += 1
    try Self.checkUnique(ids, section: true)
    if containsMember(ids, anchor.id) {
      throw SnapshotReferenceFailure(
        rule: .s9, message: SnapshotReferenceText.s9Sections(anchor.id, ids))
    }
    guard let target = sectionIndex(anchor.id) else {
      throw SnapshotReferenceFailure(rule: .s6, message: SnapshotReferenceText.s6)
    }
    try checkNewSections(ids)
    let at = isBefore(anchor) ? target : target + 1
    sections.insert(contentsOf: ids.map { (id: $0, items: []) }, at: at)
  }

  /// `deleteSections`: S1; the known sections go with their items.
  mutating func deleteSections(_ ids: [RefID]) throws {
    mutations += 1
    try Self.checkUnique(ids, section: true)
    sections.removeAll { containsMember(ids, $0.id) }
  }

  /// `moveSection`: S8, S7 from, S7 to; remove, then insert by the anchor.
  mutating func moveSection(_ id: RefID, _ anchor: RefAnchor) throws {
    mutations += 1
    if sameMember(id, anchor.id) {
      throw SnapshotReferenceFailure(
        rule: .s8, message: SnapshotReferenceText.s8(section: true, id, anchor.id))
    }
    guard let from = sectionIndex(id) else {
      throw SnapshotReferenceFailure(rule: .s7, message: SnapshotReferenceText.s7("fromSection"))
    }
    guard sectionIndex(anchor.id) != nil else {
      throw SnapshotReferenceFailure(rule: .s7, message: SnapshotReferenceText.s7("toSection"))
    }
    let moved = sections.remove(at: from)
    let target = sectionIndex(anchor.id)!
    sections.insert(moved, at: isBefore(anchor) ? target : target + 1)
  }

  /// `reloadSections`: S1, S10 (the first unknown id); `RS ∪= ids`.
  mutating func reloadSections(_ ids: [RefID]) throws {
    mutations += 1
    try Self.checkUnique(ids, section: true)
    if let missing = ids.first(where: { sectionIndex($0) == nil }) {
      throw SnapshotReferenceFailure(
        rule: .s10, message: SnapshotReferenceText.s10("reload", section: true, missing))
    }
    Self.union(&reloadedSections, ids)
  }

  /// The ordered union, first occurrence kept.
  static func union(_ marks: inout [RefID], _ ids: [RefID]) {
    for id in ids where !containsMember(marks, id) { marks.append(id) }
  }

  func isBefore(_ anchor: RefAnchor) -> Bool {
    if case .before = anchor { return true }
    return false
  }
}

// MARK: - Items

extension SnapshotReferenceModel {
  /// `appendItems`: S4 (no section), S1, S5 (`toSection` missing), then
  /// the S3 path; to the end of the section, or of the last one.
  mutating func appendItems(_ ids: [RefID], _ section: RefID?, call: Int) throws {
    mutations += 1
    if sections.isEmpty {
      throw SnapshotReferenceFailure(rule: .s4, message: SnapshotReferenceText.s4)
    }
    try Self.checkUnique(ids, section: false)
    if let section, sectionIndex(section) == nil {
      throw SnapshotReferenceFailure(rule: .s5, message: SnapshotReferenceText.s5)
    }
    place(ids, call: call) { model in
      let target = section.flatMap(model.sectionIndex) ?? model.sections.count - 1
      return (target, model.sections[target].items.count)
    }
  }

  /// `insertItems`: S1, S9 (the anchor is inserted), S5 (the anchor is
  /// missing), then the S3 path; just before or after the anchor.
  mutating func insertItems(_ ids: [RefID], _ anchor: RefAnchor, call: Int) throws {
    mutations += 1
    try Self.checkUnique(ids, section: false)
    if containsMember(ids, anchor.id) {
      throw SnapshotReferenceFailure(
        rule: .s9, message: SnapshotReferenceText.s9Items(anchor.id, ids))
    }
    guard place(ofItem: anchor.id) != nil else {
      throw SnapshotReferenceFailure(rule: .s5, message: SnapshotReferenceText.s5)
    }
    let before = isBefore(anchor)
    place(ids, call: call) { model in
      let at = model.place(ofItem: anchor.id)!
      return (at.section, before ? at.row : at.row + 1)
    }
  }

  /// The S3 path: log the ids already present (call order), delete them
  /// wherever they are, then work out the destination and insert every id.
  mutating func place(
    _ ids: [RefID], call: Int, destination: (Self) -> (section: Int, row: Int)
  ) {
    let existing = ids.filter { place(ofItem: $0) != nil }
    if !existing.isEmpty {
      logs.append(SnapshotLog(rule: .s3, call: call, message: SnapshotReferenceText.s3(existing)))
      reinserted[call] = existing
      removeItems(existing)
    }
    let at = destination(self)
    sections[at.section].items.insert(contentsOf: ids, at: at.row)
  }

  mutating func removeItems(_ ids: [RefID]) {
    for index in sections.indices { sections[index].items.removeAll { containsMember(ids, $0) } }
  }

  /// `deleteItems`: S1; the known ids go, unknown ones are ignored.
  mutating func deleteItems(_ ids: [RefID]) throws {
    mutations += 1
    try Self.checkUnique(ids, section: false)
    removeItems(ids)
  }

  /// `deleteAllItems`: every item and every section; the marks stay.
  mutating func deleteAllItems() {
    mutations += 1
    sections = []
  }

  /// `moveItem`: S8, S7 fromIndex, S7 toIndex; remove, then insert by the
  /// anchor, in the anchor's section.
  mutating func moveItem(_ id: RefID, _ anchor: RefAnchor) throws {
    mutations += 1
    if sameMember(id, anchor.id) {
      throw SnapshotReferenceFailure(
        rule: .s8, message: SnapshotReferenceText.s8(section: false, id, anchor.id))
    }
    guard place(ofItem: id) != nil else {
      throw SnapshotReferenceFailure(rule: .s7, message: SnapshotReferenceText.s7("fromIndex"))
    }
    guard place(ofItem: anchor.id) != nil else {
      throw SnapshotReferenceFailure(rule: .s7, message: SnapshotReferenceText.s7("toIndex"))
    }
    removeItems([id])
    let at = place(ofItem: anchor.id)!
    sections[at.section].items.insert(id, at: isBefore(anchor) ? at.row : at.row + 1)
  }

  /// `reloadItems` / `reconfigureItems`: S1, S10 (the first unknown id);
  /// `RI ∪= ids` / `CI ∪= ids`.
  mutating func reloadItems(_ ids: [RefID], reconfigure: Bool) throws {
    mutations += 1
    try Self.checkUnique(ids, section: false)
    if let missing = ids.first(where: { place(ofItem: $0) == nil }) {
      let verb = reconfigure ? "reconfigure" : "reload"
      throw SnapshotReferenceFailure(
        rule: .s10, message: SnapshotReferenceText.s10(verb, section: false, missing))
    }
    if reconfigure {
      Self.union(&reconfiguredItems, ids)
    } else {
      Self.union(&reloadedItems, ids)
    }
  }
}

// MARK: - Queries

extension SnapshotReferenceModel {
  /// A query's answer; S11 for a per-section query of an unknown section.
  func answer(_ call: RefCall) throws -> RefAnswer {
    switch call {
    case .numberOfItems(inSection: nil): return .count(items.count)
    case .numberOfItems(inSection: let section?): return .count(try run(of: section).count)
    case .numberOfSections: return .count(sections.count)
    case .itemIdentifiers(inSection: nil): return .items(items)
    case .itemIdentifiers(inSection: let section?): return .items(try run(of: section))
    case .sectionIdentifiers: return .sections(sections.map(\.id))
    case .indexOfItem(let id): return .index(items.firstIndex { sameMember($0, id) })
    case .indexOfSection(let id): return .index(sectionIndex(id))
    case .sectionIdentifier(containingItem: let id):
      return .section(place(ofItem: id).map { sections[$0.section].id })
    case .reloadedItemIdentifiers: return .items(reloadedItems)
    case .reconfiguredItemIdentifiers: return .items(reconfiguredItems)
    case .reloadedSectionIdentifiers: return .sections(reloadedSections)
    default: preconditionFailure("not a query: \(call)")
    }
  }

  func run(of section: RefID) throws -> [RefID] {
    guard let index = sectionIndex(section) else {
      throw SnapshotReferenceFailure(rule: .s11, message: SnapshotReferenceText.s11)
    }
    return sections[index].items
  }
}

// MARK: - The verdict at apply (§2)

/// A Q1 warning as the reference gives it: the row's key and both ids.
struct SnapshotReferenceWarning: Hashable {
  let key: RowValue
  let oldID: RefID
  let newID: RefID
}

/// What the reference makes of a script: §2's verdict, and what it leaves
/// open.
struct SnapshotReferenceVerdict {
  var kind: SnapshotVerdictKind
  var rule: SnapshotRule?
  /// UIKit's exact text for an exception a call raised; nil otherwise (C1
  /// and C2 texts are BatchCheck's own, and S12's pair is unsettled).
  var message: String?
  /// For S12: the texts UIKit may give (the pair found first is unsettled).
  var s12Texts: Set<String> = []
  var call: Int?
  var logs: [SnapshotLog]
  var warnings: [SnapshotReferenceWarning]
  var final: [(id: RefID, items: [RefID])]?
  var answers: [RefAnswer]?
  /// Whether C1 depends on reading "identity" as `==` or as `==` plus the
  /// same hash (only with `.custom` ids in `new`): the spec does not say.
  var c1Unsettled = false
}

extension SnapshotReferenceVerdict {
  /// Runs the script from `start` and judges it by §2.
  static func judge(
    start: SnapshotStart, apply: SnapshotApply, old: [RefSection], calls: [RefCall],
    new: [RefSection]?
  ) -> SnapshotReferenceVerdict {
    var model = SnapshotReferenceModel(
      sections: start == .old ? old.map { (id: $0.id, items: $0.rows.map(\.id)) } : [])
    model.run(calls)
    var verdict = SnapshotReferenceVerdict(kind: .valid, logs: model.logs, warnings: [])
    if let exception = model.exception {
      verdict.kind = .exception
      verdict.rule = exception.rule
      verdict.message = exception.message
      verdict.call = exception.call
      return verdict
    }
    verdict.final = model.sections
    verdict.answers = model.answers
    // Q1 judges what the apply does to a row's cell: like `apply: none`
    // (§3.1), a script whose call raised never applies, so it has none (a
    // reading; §2 does not say).
    if apply != .none, let new { verdict.warnings = identityChurn(old: old, new: new) }
    if apply == .animated, let texts = brokenHashTexts(old: old, final: model.sections) {
      verdict.kind = .exception
      verdict.rule = .s12
      verdict.s12Texts = texts
      return verdict
    }
    if apply != .none, let new {
      let wrong = wrongRows(final: model.sections, new: new, equal: sameMember)
      verdict.c1Unsettled = wrong != wrongRows(final: model.sections, new: new, equal: ==)
      if wrong {
        verdict.kind = .wrongRows
        verdict.rule = .c1
        return verdict
      }
      if staleContent(model, start: start, apply: apply, old: old, new: new) {
        verdict.kind = .staleContent
        verdict.rule = .c2
        return verdict
      }
    }
    if !model.logs.isEmpty {
      verdict.kind = .logged
      verdict.rule = .s3
    }
    return verdict
  }

  /// S12: the texts that may name the first pair found. Two of `final`'s
  /// items that are `==` but hash differently come first, then two of its
  /// sections, then a pair (an old id, a final id) of items or sections:
  /// the spec orders the first two searches but neither the pairs within a
  /// search nor the old-against-final items against sections (§2, §7.2),
  /// so any such pair, either way round, is accepted.
  static func brokenHashTexts(old: [RefSection], final: [(id: RefID, items: [RefID])])
    -> Set<String>?
  {
    func broken(_ a: RefID, _ b: RefID) -> Bool { a == b && !sameMember(a, b) }
    func within(_ ids: [RefID]) -> [(RefID, RefID)] {
      ids.indices.flatMap { i in
        ids.indices.filter { i < $0 && broken(ids[i], ids[$0]) }.map { (ids[i], ids[$0]) }
      }
    }
    func across(_ olds: [RefID], _ finals: [RefID]) -> [(RefID, RefID)] {
      olds.flatMap { o in finals.filter { broken(o, $0) }.map { (o, $0) } }
    }
    func texts(_ pairs: [(RefID, RefID)], section: Bool) -> Set<String> {
      let prefix = SnapshotReferenceText.s12Prefix(section: section)
      let id = SnapshotReferenceText.id
      return Set(
        pairs.flatMap {
          [prefix + "(\(id($0))) and (\(id($1)))", prefix + "(\(id($1))) and (\(id($0)))"]
        })
    }
    let items = within(final.flatMap(\.items))
    if !items.isEmpty { return texts(items, section: false) }
    let sections = within(final.map(\.id))
    if !sections.isEmpty { return texts(sections, section: true) }
    let found = texts(
      across(old.flatMap { $0.rows.map(\.id) }, final.flatMap(\.items)), section: false
    )
    .union(texts(across(old.map(\.id), final.map(\.id)), section: true))
    return found.isEmpty ? nil : found
  }

  /// C1: the section ids, or some section's item ids, differ from `new`.
  static func wrongRows(
    final: [(id: RefID, items: [RefID])], new: [RefSection], equal: (RefID, RefID) -> Bool
  ) -> Bool {
    func same(_ a: [RefID], _ b: [RefID]) -> Bool {
      a.count == b.count && zip(a, b).allSatisfy { equal($0, $1) }
    }
    guard same(final.map(\.id), new.map(\.id)) else { return true }
    return zip(final, new).contains { !same($0.items, $1.rows.map(\.id)) }
  }

  /// C2: an id in both `old` and the final snapshot whose content in `old`
  /// differs from its content in `new`, and that was not refreshed.
  static func staleContent(
    _ model: SnapshotReferenceModel, start: SnapshotStart, apply: SnapshotApply,
    old: [RefSection], new: [RefSection]
  ) -> Bool {
    if apply == .reloadData { return false }
    let oldRows = old.flatMap(\.rows)
    let newRows = new.flatMap(\.rows)
    // The single-update fast path: from `old`, exactly one mutating call.
    let fastPath = start == .old && model.mutations == 1
    let reinserted = fastPath ? model.reinserted.values.flatMap { $0 } : []
    for section in model.sections {
      for id in section.items {
        guard let before = oldRows.first(where: { sameMember($0.id, id) }),
          let after = newRows.first(where: { sameMember($0.id, id) }),
          before.content != after.content
        else { continue }
        let refreshed =
          containsMember(model.reloadedItems, id) || containsMember(model.reconfiguredItems, id)
          || containsMember(model.reloadedSections, section.id) || containsMember(reinserted, id)
        if !refreshed { return true }
      }
    }
    return false
  }

  /// Q1: one warning per row of `new` whose key a row of `old` has with
  /// another id. A row's key is its id when it has none.
  static func identityChurn(old: [RefSection], new: [RefSection]) -> [SnapshotReferenceWarning] {
    func key(_ row: SnapshotRow<RefID>) -> RowValue? {
      if let key = row.key { return key }
      switch row.id {
      case .string(let text): return .string(text)
      case .integer(let number): return .int(number)
      case .custom: return nil
      }
    }
    let oldRows = old.flatMap(\.rows)
    var warnings: [SnapshotReferenceWarning] = []
    for row in new.flatMap(\.rows) {
      guard let rowKey = key(row), let before = oldRows.first(where: { key($0) == rowKey }),
        !sameMember(before.id, row.id)
      else { continue }
      warnings.append(SnapshotReferenceWarning(key: rowKey, oldID: before.id, newID: row.id))
    }
    return warnings
  }
}
