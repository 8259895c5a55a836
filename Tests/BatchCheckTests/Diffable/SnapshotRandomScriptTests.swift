import Testing

@testable import BatchCheck

/// `SnapshotScript.verdict` against the plain reference model of
/// DIFFABLE.md (SnapshotReferenceModel.swift) on random scripts: random
/// starts, apply modes, old and new states, and up to eight calls of every
/// op, over a tiny alphabet so that duplicates, unknown ids, self-moves and
/// anchors inside the inserted list all happen. The comparison covers what
/// the spec settles: the verdict's kind and rule, UIKit's exact texts, the
/// failing call, the logs, the Q1 warnings (as a set: their order is not
/// settled), the final state and the query answers. It leaves out
/// BatchCheck's own texts (C1, C2, Q1, the logged verdict's message), the
/// final state and answers of an S12 verdict (§3 does not say whether an
/// exception at apply "ended the run"), and which pair S12 names first.
///
/// `BATCHCHECK_TEST_SCALE=full` runs ten times as many scripts.
@Suite("Snapshot random scripts")
struct SnapshotRandomScriptTests {
  @Test("the implementation agrees with the reference model (30,000 scripts at the full scale)")
  func agreesWithReference() {
    var generator = RandomSnapshotScripts(seed: 0xD1FF_AB1E)
    var mismatches: [String] = []
    var reached: [String: Int] = [:]
    for _ in 0..<(TestScale.isFull ? 30_000 : 3_000) {
      let script = generator.script()
      let expected = SnapshotReferenceVerdict.judge(
        start: script.start, apply: script.apply, old: script.old, calls: script.calls,
        new: script.new)
      reached[expected.rule.map { "\(expected.kind) \($0)" } ?? "\(expected.kind)", default: 0] += 1
      for feature in features(script, expected) { reached[feature, default: 0] += 1 }
      let differences = compare(script.verdict, expected, script: script)
      if !differences.isEmpty, mismatches.count < 5 {
        mismatches.append(caseLine(script) + "\n  " + differences.joined(separator: "\n  "))
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
    for needed in Self.coverage {
      #expect(reached[needed, default: 0] > 0, "never reached: \(needed)")
    }
  }

  /// What the default run must reach: every verdict, every rule the calls
  /// can break, and the paths that decide C2 and the texts.
  static let coverage = [
    "valid", "logged S3", "wrongRows C1", "staleContent C2", "exception S1", "exception S2",
    "exception S4", "exception S5", "exception S6", "exception S7", "exception S8",
    "exception S9", "exception S10", "exception S11", "exception S12", "S12 of sections",
    "several ids in S2", "several ids in S3", "several logs", "a quoted id", "marks answered",
    "section marks answered", "logged without apply", "Q1", "reloadData refreshes",
    "the fast path refreshes", "a section reload refreshes", "an item reload refreshes",
    "a reconfigure refreshes", "text Invalid parameter not satisfying: toIndex != NSN",
    "text Invalid parameter not satisfying: toSection != N",
  ]

  @Test("the reference gives the acceptance cases' verdicts, as the implementation does (§4)")
  func acceptanceCases() {
    for sample in SnapshotAcceptanceCase.all {
      let expected = SnapshotReferenceVerdict.judge(
        start: sample.start, apply: sample.apply, old: sample.old, calls: sample.calls,
        new: sample.new)
      #expect(expected.kind == sample.kind, "\(sample.name)")
      #expect(expected.rule == sample.rule, "\(sample.name)")
      #expect(expected.call == sample.call, "\(sample.name)")
      let texts =
        (expected.message.map { [$0] } ?? []) + expected.logs.map(\.message)
        + expected.s12Texts
      if let message = sample.message {
        #expect(texts.contains { $0.contains(message) }, "\(sample.name): \(texts)")
      }
      if let final = sample.final {
        #expect(expected.final.map(describe) == describe(final), "\(sample.name)")
      }
      if let results = sample.results {
        #expect(expected.answers?.map(describe) == results.map(describe), "\(sample.name)")
      }
      #expect(expected.warnings.count == sample.warnings, "\(sample.name)")
      let script = SnapshotScript(
        start: sample.start, apply: sample.apply, old: sample.old, calls: sample.calls,
        new: sample.new)
      let differences = compare(script.verdict, expected, script: script)
      #expect(differences.isEmpty, "\(sample.name): \(differences)")
    }
  }

  /// A row without a key is keyed by its id, so it shares its key with a
  /// row whose given key is that id, and Q1 warns when their ids differ
  /// (found by this comparison, D1; kept as a regression).
  @Test("a row's key defaults to its id, for Q1 too")
  func keyDefaultsToID() {
    let scripts: [(old: SnapshotRow<RefID>, new: SnapshotRow<RefID>)] = [
      (SnapshotRow(id: "a"), SnapshotRow(id: "b", key: "a")),
      (SnapshotRow(id: "a", key: "b"), SnapshotRow(id: "b")),
      (SnapshotRow(id: "a", key: 1), SnapshotRow(id: 1)),
    ]
    for (oldRow, newRow) in scripts {
      let old = rowsOfS(oldRow)
      let new = rowsOfS(newRow)
      let calls: [RefCall] = [.appendSections(["S"]), .appendItems([newRow.id], toSection: nil)]
      let script = SnapshotScript(start: .empty, old: old, calls: calls, new: new)
      let expected = SnapshotReferenceVerdict.judge(
        start: .empty, apply: .animated, old: old, calls: calls, new: new)
      #expect(expected.kind == .valid && expected.warnings.count == 1)
      #expect(
        script.verdict.warnings.count == 1, "\(caseLine(script, name: "D1-key-defaults-to-id"))")
    }
  }

  /// §1.2 and §3.1: a string of ASCII letters, digits and `_ $ + / : . -`
  /// as is, any other quoted by the property-list rules ([I] beyond the
  /// letters and digits; `SnapshotReferenceText.string` spells the rules out).
  @Test(
    "ids that need quoting, alone, in a set, in a list and in an update object",
    arguments: [
      "", "x y", "a_b$+/:.-", "-1", "a\"b", "back\\slash", "tab\there", "é", "\u{ace0}\u{b798}",
    ])
  func quoting(text: String) {
    let id = RefID.string(text)
    let old: [RefSection] = [
      SnapshotSection(id: "S", rows: [SnapshotRow(id: id), SnapshotRow(id: 2)])
    ]
    for calls: [RefCall] in [
      [.reloadItems([id, "z", id])], [.insertItems([id, "z"], .after(id))],
      [.appendItems([2, id], toSection: nil)], [.moveItem(id, .before(id))],
      [.deleteItems([id]), .reconfigureItems([id])],
    ] {
      let script = SnapshotScript(old: old, calls: calls, new: old)
      let expected = SnapshotReferenceVerdict.judge(
        start: .old, apply: .animated, old: old, calls: calls, new: old)
      let differences = compare(script.verdict, expected, script: script)
      #expect(differences.isEmpty, "\(caseLine(script))\n\(differences.joined(separator: "\n"))")
    }
  }
}

/// What a script exercises beyond its verdict: each exception text (by
/// its head), several ids in one S1, S2 or S3 text, a quoted id, the marks
/// answered, and each way C2 counts a row as refreshed.
private func features(_ script: SnapshotScript<RefID, RefID>, _ expected: SnapshotReferenceVerdict)
  -> [String]
{
  var found: [String] = []
  if expected.kind == .exception, let message = expected.message {
    found.append("text " + message.prefix(48))
    if message.contains(",\n") { found.append("several ids in \(expected.rule!)") }
  }
  let texts = (expected.message.map { [$0] } ?? []) + expected.logs.map(\.message)
  if texts.contains(where: { $0.contains("\"x y\"") }) { found.append("a quoted id") }
  if expected.logs.contains(where: { $0.message.contains(",\n") }) {
    found.append("several ids in S3")
  }
  if expected.logs.count > 1 { found.append("several logs") }
  let queries = script.calls.filter(\.isQuery)
  for (query, answer) in zip(queries, expected.answers ?? []) {
    if case .items(let ids) = answer, !ids.isEmpty,
      query == .reloadedItemIdentifiers || query == .reconfiguredItemIdentifiers
    {
      found.append("marks answered")
    }
    if case .sections(let ids) = answer, !ids.isEmpty, query == .reloadedSectionIdentifiers {
      found.append("section marks answered")
    }
  }
  if expected.kind == .logged, script.apply == .none { found.append("logged without apply") }
  if expected.s12Texts.contains(where: { $0.contains("detected section") }) {
    found.append("S12 of sections")
  }
  if !expected.warnings.isEmpty { found.append("Q1") }
  return found + refreshes(script, expected)
}

/// Each way C2 counts a row as refreshed that decided a script: the C2
/// finding the reference gives without it.
private func refreshes(_ script: SnapshotScript<RefID, RefID>, _ expected: SnapshotReferenceVerdict)
  -> [String]
{
  guard expected.kind == .valid || expected.kind == .logged, script.apply != .none,
    let new = script.new
  else { return [] }
  var model = SnapshotReferenceModel(
    sections: script.start == .old ? script.old.map { (id: $0.id, items: $0.rows.map(\.id)) } : [])
  model.run(script.calls)
  func stale(_ change: (inout SnapshotReferenceModel) -> Void, apply: SnapshotApply = .animated)
    -> Bool
  {
    var changed = model
    change(&changed)
    return SnapshotReferenceVerdict.staleContent(
      changed, start: script.start, apply: apply, old: script.old, new: new)
  }
  var found: [String] = []
  if script.apply == .reloadData, stale({ _ in }) { found.append("reloadData refreshes") }
  guard script.apply == .animated else { return found }
  if stale({ $0.mutations = 2 }) { found.append("the fast path refreshes") }
  if stale({ $0.reloadedSections = [] }) { found.append("a section reload refreshes") }
  if stale({ $0.reloadedItems = [] }) { found.append("an item reload refreshes") }
  if stale({ $0.reconfiguredItems = [] }) { found.append("a reconfigure refreshes") }
  return found
}

// MARK: - Acceptance cases

/// A snapshot case of DIFFABLE.md §4, and what it expects.
private struct SnapshotAcceptanceCase {
  var name: String
  var start: SnapshotStart = .old
  var apply: SnapshotApply = .animated
  var old: [RefSection]
  var calls: [RefCall]
  var new: [RefSection]? = nil
  var kind: SnapshotVerdictKind
  var rule: SnapshotRule? = nil
  var call: Int? = nil
  var message: String? = nil
  var final: [(RefID, [RefID])]? = nil
  var results: [RefAnswer]? = nil
  var warnings = 0
}

/// Sections of plain rows: `plain(("S", ["a", "b"]))`.
private func plain(_ sections: (RefID, [RefID])...) -> [RefSection] {
  sections.map { SnapshotSection(id: $0.0, rows: $0.1.map { SnapshotRow(id: $0) }) }
}

/// One section `S` of rows with contents or keys.
private func rowsOfS(_ rows: SnapshotRow<RefID>...) -> [RefSection] {
  [SnapshotSection(id: "S", rows: rows)]
}

extension SnapshotAcceptanceCase {
  static let s3Text =
    "Diffable data source detected an attempt to insert or append 1 item identifier that already exists in the snapshot. The existing item identifier will be moved into place instead, but this operation will be more expensive. For best performance, inserted item identifiers should always be unique. Set a symbolic breakpoint on BUG_IN_CLIENT_OF_DIFFABLE_DATA_SOURCE__IDENTIFIER_ALREADY_EXISTS to catch this in the debugger. Item identifier that already exists: a"

  static let all: [SnapshotAcceptanceCase] = exceptions + others

  static let exceptions: [SnapshotAcceptanceCase] = [
    SnapshotAcceptanceCase(
      name: "S1-dup-items", start: .empty, old: [],
      calls: [.appendSections(["S"]), .appendItems(["a", "b", "a"], toSection: nil)],
      kind: .exception, rule: .s1, call: 1,
      message:
        "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\n    a\n)}"),
    SnapshotAcceptanceCase(
      name: "S1-dup-sections", start: .empty, old: [], calls: [.appendSections(["S", "T", "S"])],
      kind: .exception, rule: .s1, call: 0,
      message:
        "Fatal: supplied section identifiers are not unique. Duplicate identifiers: {(\n    S\n)}"),
    SnapshotAcceptanceCase(
      name: "S4-no-sections", start: .empty, old: [], calls: [.appendItems(["a"], toSection: nil)],
      kind: .exception, rule: .s4, call: 0,
      message: "There are currently no sections in the data source. Please add a section first."),
    SnapshotAcceptanceCase(
      name: "S5-missing-section", old: plain(("S", ["a"])),
      calls: [.appendItems(["b"], toSection: "T")], kind: .exception, rule: .s5, call: 0,
      message: "Invalid parameter not satisfying: section != NSNotFound"),
    SnapshotAcceptanceCase(
      name: "S9-item-anchor-in-list", old: plain(("S", ["a"])),
      calls: [.insertItems(["x", "y"], .after("y"))], kind: .exception, rule: .s9, call: 0,
      message:
        "Invalid update: destination for insertion operation [y] is in the insertion identifier list for update: <_UIDiffableDataSourceUpdate"
    ),
    SnapshotAcceptanceCase(
      name: "S2-existing-section", old: plain(("S", [])), calls: [.appendSections(["S"])],
      kind: .exception, rule: .s2, call: 0,
      message:
        "Diffable data source detected an attempt to insert or append 1 section identifier that already exists in the snapshot. Identifiers in a snapshot must be unique. Section identifier that already exists: S"
    ),
    SnapshotAcceptanceCase(
      name: "S6-missing-section-anchor", old: plain(("S", [])),
      calls: [.insertSections(["T"], .before("Z"))], kind: .exception, rule: .s6, call: 0,
      message: "Invalid parameter not satisfying: insertIndex != NSNotFound"),
    SnapshotAcceptanceCase(
      name: "S8-move-item-onto-itself", old: plain(("S", ["a", "b"])),
      calls: [.moveItem("a", .after("a"))], kind: .exception, rule: .s8, call: 0,
      message:
        "Invalid update: destination for item move is the same as the source [a] for update: <_UIDiffableDataSourceUpdate"
    ),
    SnapshotAcceptanceCase(
      name: "S7-move-from-unknown", old: plain(("S", ["a", "b"])),
      calls: [.moveItem("z", .before("a"))], kind: .exception, rule: .s7, call: 0,
      message: "Invalid parameter not satisfying: fromIndex != NSNotFound"),
    SnapshotAcceptanceCase(
      name: "S10-reload-unknown", old: plain(("S", ["a"])), calls: [.reloadItems(["a", "z"])],
      kind: .exception, rule: .s10, call: 0,
      message: "Attempted to reload item identifier that does not exist in the snapshot: z"),
    SnapshotAcceptanceCase(
      name: "S10-reconfigure-unknown", old: plain(("S", ["a"])),
      calls: [.reconfigureItems(["z"])], kind: .exception, rule: .s10, call: 0,
      message: "Attempted to reconfigure item identifier that does not exist in the snapshot: z"),
    SnapshotAcceptanceCase(
      name: "S11-count-missing-section", apply: .none, old: plain(("S", ["a"])),
      calls: [.numberOfItems(inSection: "T")], kind: .exception, rule: .s11, call: 0,
      message:
        "Section identifier was not found. You can verify the section exists by calling the indexOfSectionIdentifier API (which has O(1) performance)"
    ),
    SnapshotAcceptanceCase(
      name: "S12-equal-ids-different-hashes", start: .empty, old: [],
      calls: [
        .appendSections(["S"]),
        .appendItems([.custom(eq: "a", hash: 1), .custom(eq: "a", hash: 2)], toSection: nil),
      ],
      new: plain(("S", [.custom(eq: "a", hash: 1), .custom(eq: "a", hash: 2)])),
      kind: .exception, rule: .s12,
      message:
        "Diffable data source detected item identifiers that are equal but have different hash values. Two identifiers which compare as equal must return the same hash value."
    ),
  ]

  static let others: [SnapshotAcceptanceCase] = [
    SnapshotAcceptanceCase(
      name: "S3-append-existing", old: plain(("S", ["a", "b", "c"])),
      calls: [.appendItems(["a"], toSection: nil)], new: plain(("S", ["b", "c", "a"])),
      kind: .logged, rule: .s3, message: s3Text, final: [("S", ["b", "c", "a"])]),
    SnapshotAcceptanceCase(
      name: "silent-unknown-deletes", old: plain(("S", ["a", "b"]), ("T", ["c"])),
      calls: [.deleteItems(["z", "a"]), .deleteSections(["Z", "T"])], new: plain(("S", ["b"])),
      kind: .valid, final: [("S", ["b"])]),
    SnapshotAcceptanceCase(
      name: "silent-queries", apply: .none, old: plain(("S", ["a"]), ("T", ["b"])),
      calls: [
        .indexOfItem("b"), .indexOfItem("z"), .sectionIdentifier(containingItem: "z"),
        .sectionIdentifier(containingItem: "b"), .numberOfItems(inSection: nil),
      ],
      kind: .valid, results: [.index(1), .index(nil), .section(nil), .section("T"), .count(2)]),
    SnapshotAcceptanceCase(
      name: "C1-wrong-place", old: plain(("S", ["a", "c"])),
      calls: [.insertItems(["b"], .after("c"))], new: plain(("S", ["a", "b", "c"])),
      kind: .wrongRows, rule: .c1, final: [("S", ["a", "c", "b"])]),
    SnapshotAcceptanceCase(
      name: "C2-stale-builder", start: .empty,
      old: rowsOfS(SnapshotRow(id: "a", content: 1), SnapshotRow(id: "b", content: 1)),
      calls: [.appendSections(["S"]), .appendItems(["a", "b"], toSection: nil)],
      new: rowsOfS(SnapshotRow(id: "a", content: 2), SnapshotRow(id: "b", content: 1)),
      kind: .staleContent, rule: .c2),
    SnapshotAcceptanceCase(
      name: "C2-fixed-by-reconfigure", start: .empty,
      old: rowsOfS(SnapshotRow(id: "a", content: 1), SnapshotRow(id: "b", content: 1)),
      calls: [
        .appendSections(["S"]), .appendItems(["a", "b"], toSection: nil), .reconfigureItems(["a"]),
      ],
      new: rowsOfS(SnapshotRow(id: "a", content: 2), SnapshotRow(id: "b", content: 1)),
      kind: .valid),
    SnapshotAcceptanceCase(
      name: "Q1-identity-churn", start: .empty, old: rowsOfS(SnapshotRow(id: "1-Test", key: 1)),
      calls: [.appendSections(["S"]), .appendItems(["1-Updated"], toSection: nil)],
      new: rowsOfS(SnapshotRow(id: "1-Updated", key: 1)), kind: .valid, warnings: 1),
  ]
}

// MARK: - Comparison

/// The differences between the implementation's verdict and the
/// reference's, each a line; empty when they agree on everything the spec
/// settles.
private func compare(
  _ actual: SnapshotVerdict<RefID, RefID>, _ expected: SnapshotReferenceVerdict,
  script: SnapshotScript<RefID, RefID>
) -> [String] {
  var differences: [String] = []
  func check(_ what: String, _ got: String, _ want: String) {
    if got != want { differences.append("\(what): got \(got), want \(want)") }
  }
  if !expected.c1Unsettled {
    check("kind", "\(actual.kind)", "\(expected.kind)")
    check(
      "rule", "\(actual.rule.map(\.rawValue) ?? "nil")", "\(expected.rule.map(\.rawValue) ?? "nil")"
    )
  }
  check(
    "call", "\(actual.call.map(String.init) ?? "nil")", "\(expected.call.map(String.init) ?? "nil")"
  )
  if let message = expected.message {
    check("message", actual.message.map(debug) ?? "nil", debug(message))
  } else if expected.rule == .s12, !expected.s12Texts.contains(actual.message ?? "") {
    differences.append(
      "message: got \(actual.message.map(debug) ?? "nil"), want one of \(expected.s12Texts.map(debug))"
    )
  }
  check(
    "logs", actual.logs.map(describe).joined(separator: "; "),
    expected.logs.map(describe).joined(separator: "; "))
  let warnings = actual.warnings.map(describe).sorted().joined(separator: "; ")
  check("warnings", warnings, expected.warnings.map(describe).sorted().joined(separator: "; "))
  if expected.rule != .s12 {
    check(
      "final", actual.final.map { describe($0.map { ($0.section, $0.items) }) } ?? "nil",
      expected.final.map { describe($0.map { ($0.id, $0.items) }) } ?? "nil")
    check(
      "answers", actual.answers.map { $0.map(describe).joined(separator: ", ") } ?? "nil",
      expected.answers.map { $0.map(describe).joined(separator: ", ") } ?? "nil")
  }
  return differences
}

/// A string as Swift would write it, so that new lines show.
private func debug(_ text: String) -> String { String(reflecting: text) }

private func describe(_ log: SnapshotLog) -> String {
  "\(log.rule)@\(log.call): \(debug(log.message))"
}

private func describe(_ warning: SnapshotWarning<RefID>) -> String {
  "\(warning.rule) \(warning.key) \(warning.oldID)->\(warning.newID)"
}

private func describe(_ warning: SnapshotReferenceWarning) -> String {
  "Q1 \(warning.key) \(warning.oldID)->\(warning.newID)"
}

/// Sections in the case-file form; `.custom` ids keep their hash.
private func describe(_ sections: [(RefID, [RefID])]) -> String {
  "["
    + sections.map { "[\($0.0),[\($0.1.map(\.description).joined(separator: ","))]]" }
    .joined(separator: ",") + "]"
}

private func describe(_ answer: RefAnswer) -> String {
  switch answer {
  case .count(let count): return "count \(count)"
  case .index(let index): return "index \(index.map(String.init) ?? "null")"
  case .section(let id): return "section \(id?.description ?? "null")"
  case .items(let ids): return "items [\(ids.map(\.description).joined(separator: ","))]"
  case .sections(let ids): return "sections [\(ids.map(\.description).joined(separator: ","))]"
  }
}

// MARK: - Random scripts

/// Random snapshot scripts from a seed. Sections come from `S T U/2 7`,
/// items from `a b "1" d-1 1 "x y" S` (the string "1" and the integer 1 are
/// different ids; an item may share a section's name); one script
/// in seven adds `.custom` ids that are `==` but hash differently (S12).
/// The calls lean on the snapshot as it stands (a shadow reference model)
/// so that runs go deep, yet often name unknown ids, repeat an id, move an
/// id onto itself or anchor an insert in its own list.
struct RandomSnapshotScripts {
  var random: SplitMix64
  var sectionIDs: [RefID] = []
  var itemIDs: [RefID] = []
  var keyed = false
  /// How often a call names an id the snapshot does not expect, in
  /// percent: a noisy script or a careful one (whose runs go deeper).
  var noise = 25

  init(seed: UInt64) { random = SplitMix64(seed: seed) }

  mutating func below(_ count: Int) -> Int { Int(random.next() % UInt64(max(count, 1))) }
  mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
  mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }

  mutating func script() -> SnapshotScript<RefID, RefID> {
    let custom = chance(15)
    sectionIDs =
      ["S", "T", "U/2", 7] + (custom ? [.custom(eq: "V", hash: 1), .custom(eq: "V", hash: 2)] : [])
    itemIDs =
      ["a", "b", "1", "d-1", 1, "x y", "S"]
      + (custom ? [.custom(eq: "e", hash: 1), .custom(eq: "e", hash: 2)] : [])
    keyed = !custom && chance(30)
    noise = chance(50) ? 25 : 4
    // One script in sixteen probes the single-update fast path: from old,
    // animated, one call that appends or inserts an id already present.
    let probe = chance(6)
    let start: SnapshotStart = probe || chance(60) ? .old : .empty
    let apply: SnapshotApply =
      probe ? .animated : pick([.animated, .animated, .animated, .reloadData, .none, .none])
    let old = dress(shape(unique: true), old: nil)
    var model = SnapshotReferenceModel(
      sections: start == .old ? old.map { (id: $0.id, items: $0.rows.map(\.id)) } : [])
    var calls: [RefCall] = []
    if probe {
      // Queries around the one mutating call: the fast path counts no query.
      calls = (0..<below(3)).map { _ in query(model.items, model.sections.map(\.id)) }
      calls.insert(reinsertion(model), at: below(calls.count + 1))
      model.run(calls)
    } else {
      for index in 0..<pick([0, 1, 1, 1, 2, 3, 4, 5, 6, 7, 8]) {
        let call = self.call(model)
        model.run(call, at: index)
        calls.append(call)
      }
    }
    var new: [RefSection]? = nil
    if apply != .none || chance(50) {
      var shape = self.shape(unique: chance(50))
      if model.exception == nil, probe || chance(65) {
        shape = model.sections
        if !probe, chance(25) { perturb(&shape) }
      }
      new = dress(shape, old: old)
    }
    return SnapshotScript(start: start, apply: apply, old: old, calls: calls, new: new)
  }

  /// Ids by section: up to three sections of up to three items; with
  /// `unique`, no section or item twice (an applied state).
  mutating func shape(unique: Bool) -> [(id: RefID, items: [RefID])] {
    var sections: [(id: RefID, items: [RefID])] = []
    var seen: [RefID] = []
    for _ in 0..<below(4) {
      let id = pick(sectionIDs)
      if unique, sections.contains(where: { sameMember($0.id, id) }) { continue }
      var items: [RefID] = []
      for _ in 0..<below(4) {
        let item = pick(itemIDs)
        if unique, containsMember(seen, item) { continue }
        seen.append(item)
        items.append(item)
      }
      sections.append((id, items))
    }
    return sections
  }

  /// A small change to an intended state: two items swapped, a section
  /// dropped, or an item repeated.
  mutating func perturb(_ shape: inout [(id: RefID, items: [RefID])]) {
    guard !shape.isEmpty else { return }
    let section = below(shape.count)
    switch below(3) {
    case 0 where shape[section].items.count > 1:
      shape[section].items.swapAt(0, shape[section].items.count - 1)
    case 1: shape.remove(at: section)
    default:
      if let item = shape.flatMap(\.items).first { shape[section].items.append(item) }
    }
  }

  /// Rows with contents (nil, 1 or 2; an old row's content kept two times
  /// in three) and, in a keyed script, keys unique within the state (an old
  /// row's key kept, or another that an old row may hold: Q1).
  mutating func dress(_ shape: [(id: RefID, items: [RefID])], old: [RefSection]?)
    -> [RefSection]
  {
    let oldRows = old?.flatMap(\.rows) ?? []
    var used: [RowValue] = []
    return shape.map { section in
      SnapshotSection(
        id: section.id,
        rows: section.items.map { id in
          let before = oldRows.first { sameMember($0.id, id) }
          var content: RowValue? = pick([nil, 1, 2])
          if let before, chance(65) { content = before.content }
          guard keyed else { return SnapshotRow(id: id, content: content) }
          return SnapshotRow(id: id, content: content, key: key(id, before, &used))
        })
    }
  }

  /// A row's key in a keyed script: none one time in five (the id keys
  /// the row), else an old row's key two times in three, or a random one;
  /// every row's key, given or by its id, unique within the state.
  mutating func key(_ id: RefID, _ before: SnapshotRow<RefID>?, _ used: inout [RowValue])
    -> RowValue?
  {
    func byID(_ id: RefID) -> RowValue? {
      switch id {
      case .string(let text): return .string(text)
      case .integer(let number): return .int(number)
      case .custom: return nil
      }
    }
    if let own = byID(id), !used.contains(own), chance(20) {
      used.append(own)
      return nil
    }
    let pool: [RowValue] = (0..<40).map { .int($0) } + ["a", "b"]
    var key = pick(pool)
    if let before, chance(70) { key = before.key ?? byID(before.id) ?? key }
    if used.contains(key) { key = pool.first { !used.contains($0) }! }
    used.append(key)
    return key
  }
}

extension RandomSnapshotScripts {
  /// A random call of any op, leaning on the snapshot as it stands.
  mutating func call(_ model: SnapshotReferenceModel) -> RefCall {
    let items = model.items
    let sections = model.sections.map(\.id)
    if sections.isEmpty, !chance(noise * 3) {
      let ids = list(sections, sectionIDs, fresh: true)
      return .appendSections(ids.isEmpty ? [fresh(sections, sectionIDs)] : ids)
    }
    switch below(30) {
    case 0, 1: return .appendSections(list(sections, sectionIDs, fresh: true))
    case 2, 3:
      let ids = list(sections, sectionIDs, fresh: true)
      return .insertSections(ids, anchor(sections, sectionIDs, inside: ids))
    case 4: return .deleteSections(list(sections, sectionIDs, fresh: false))
    case 5:
      let id = one(sections, sectionIDs)
      return .moveSection(id, anchor(sections, sectionIDs, inside: [id]))
    case 6, 27: return .reloadSections(list(sections, sectionIDs, fresh: false))
    case 7, 8, 9:
      let ids = list(items, itemIDs, fresh: true)
      return .appendItems(ids, toSection: chance(50) ? nil : one(sections, sectionIDs))
    case 10, 11:
      let ids = list(items, itemIDs, fresh: true)
      return .insertItems(ids, anchor(items, itemIDs, inside: ids))
    case 12: return .deleteItems(list(items, itemIDs, fresh: false))
    case 13: return chance(50) ? .deleteAllItems : .deleteItems(list(items, itemIDs, fresh: false))
    case 14, 15:
      let id = one(items, itemIDs)
      return .moveItem(id, anchor(items, itemIDs, inside: [id]))
    case 16, 28: return .reloadItems(list(items, itemIDs, fresh: false))
    case 17, 29: return .reconfigureItems(list(items, itemIDs, fresh: false))
    default: return query(items, sections)
    }
  }

  /// An append or insert of an id already present, with perhaps new ones.
  mutating func reinsertion(_ model: SnapshotReferenceModel) -> RefCall {
    let items = model.items
    guard !items.isEmpty else { return call(model) }
    var ids = [pick(items)]
    if chance(50) { ids.append(fresh(items, itemIDs)) }
    if chance(50) { ids.reverse() }
    if chance(50) {
      return .appendItems(
        ids, toSection: chance(50) ? nil : one(model.sections.map(\.id), sectionIDs))
    }
    return .insertItems(ids, anchor(items, itemIDs, inside: ids))
  }

  mutating func query(_ items: [RefID], _ sections: [RefID]) -> RefCall {
    switch below(14) {
    case 0: return .numberOfItems(inSection: chance(40) ? nil : one(sections, sectionIDs))
    case 1: return .numberOfSections
    case 2: return .itemIdentifiers(inSection: chance(40) ? nil : one(sections, sectionIDs))
    case 3: return .sectionIdentifiers
    case 4: return .indexOfItem(one(items, itemIDs))
    case 5: return .indexOfSection(one(sections, sectionIDs))
    case 6: return .sectionIdentifier(containingItem: one(items, itemIDs))
    case 7, 8, 9: return .reloadedItemIdentifiers
    case 10, 11: return .reconfiguredItemIdentifiers
    default: return .reloadedSectionIdentifiers
    }
  }

  /// An id present three times in four (when there is one), else any.
  mutating func one(_ present: [RefID], _ alphabet: [RefID]) -> RefID {
    !present.isEmpty && !chance(noise) ? pick(present) : pick(alphabet)
  }

  /// An id absent three times in four (when there is one), else any.
  mutating func fresh(_ present: [RefID], _ alphabet: [RefID]) -> RefID {
    let absent = alphabet.filter { !containsMember(present, $0) }
    return !absent.isEmpty && !chance(noise) ? pick(absent) : pick(alphabet)
  }

  /// Up to three distinct ids, absent ones when `fresh`; sometimes one
  /// present among fresh ones, and with the noise a repeated one (S1).
  mutating func list(_ present: [RefID], _ alphabet: [RefID], fresh: Bool) -> [RefID] {
    var ids: [RefID] = []
    for _ in 0..<pick([0, 1, 1, 1, 2, 2, 3]) {
      var id = fresh ? self.fresh(present, alphabet) : one(present, alphabet)
      for _ in 0..<3 where containsMember(ids, id) {
        id = fresh ? self.fresh(present, alphabet) : one(present, alphabet)
      }
      if !containsMember(ids, id) { ids.append(id) }
    }
    // An id already present among new ones (S2, S3).
    if fresh, !present.isEmpty, chance(15) { ids.insert(pick(present), at: below(ids.count + 1)) }
    for _ in 0..<2 where !ids.isEmpty && chance(noise / 2) {
      ids.insert(pick(ids), at: below(ids.count + 1))
    }
    return ids
  }

  /// Before or after an id: one of `inside` one time in ten (S8, S9).
  mutating func anchor(_ present: [RefID], _ alphabet: [RefID], inside: [RefID]) -> RefAnchor {
    let id = !inside.isEmpty && chance(noise / 3) ? pick(inside) : one(present, alphabet)
    return chance(50) ? .before(id) : .after(id)
  }
}

// MARK: - Case lines

/// The script as a case-file line (§3), to replay a mismatch.
private func caseLine(_ script: SnapshotScript<RefID, RefID>, name: String = "random") -> String {
  var fields = [
    "\"name\":\(jsonQuoted(name))", "\"contract\":\"snapshot\"",
    "\"start\":\"\(script.start.rawValue)\"",
    "\"apply\":\"\(script.apply.rawValue)\"", "\"old\":\(json(script.old))",
    "\"calls\":[\(script.calls.map(json).joined(separator: ","))]",
  ]
  if let new = script.new { fields.append("\"new\":\(json(new))") }
  return "{" + fields.joined(separator: ",") + "}"
}

private func json(_ sections: [RefSection]) -> String {
  func row(_ row: SnapshotRow<RefID>) -> String {
    if row.content == nil, row.key == nil { return row.id.description }
    var fields = ["\"id\":\(row.id)"]
    if let content = row.content { fields.append("\"content\":\(content)") }
    if let key = row.key { fields.append("\"key\":\(key)") }
    return "{" + fields.joined(separator: ",") + "}"
  }
  return "["
    + sections.map { "[\($0.id),[\($0.rows.map(row).joined(separator: ","))]]" }
    .joined(separator: ",") + "]"
}

private func json(_ call: RefCall) -> String {
  func ids(_ list: [RefID]) -> String { "[" + list.map(\.description).joined(separator: ",") + "]" }
  func anchor(_ anchor: RefAnchor) -> String { "\"\(anchor.key)\":\(anchor.id)" }
  var body = ""
  switch call {
  case .appendSections(let list), .deleteSections(let list), .reloadSections(let list),
    .deleteItems(let list), .reloadItems(let list), .reconfigureItems(let list):
    body = "\"ids\":\(ids(list))"
  case .insertSections(let list, let to), .insertItems(let list, let to):
    body = "\"ids\":\(ids(list)),\(anchor(to))"
  case .moveSection(let id, let to), .moveItem(let id, let to):
    body = "\"id\":\(id),\(anchor(to))"
  case .appendItems(let list, let section):
    body = "\"ids\":\(ids(list))" + (section.map { ",\"section\":\($0)" } ?? "")
  case .numberOfItems(let section), .itemIdentifiers(let section):
    body = section.map { "\"section\":\($0)" } ?? ""
  case .indexOfItem(let id), .indexOfSection(let id): body = "\"id\":\(id)"
  case .sectionIdentifier(let item): body = "\"item\":\(item)"
  default: break
  }
  return "{\"op\":\"\(call.name)\"" + (body.isEmpty ? "" : "," + body) + "}"
}
