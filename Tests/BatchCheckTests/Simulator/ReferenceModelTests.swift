import Testing

@testable import BatchCheck

/// The simulator against a naive reference model, both ways: every random
/// valid update the model applies is `valid`, and every perturbation of the
/// model's result that leaves an old cell wrong is caught.
@Suite("Reference model")
struct ReferenceModelTests {
  // MARK: The model itself, on hand-made examples

  @Test("model: deletes are old-space, inserts new-space (index spaces)")
  func deletesAndInserts() {
    let model = ReferenceModel(insertedRows: [RowPath(0, 0): Row("x"), RowPath(0, 3): Row("y")])
    let update = BatchUpdate(
      deleteRows: [RowPath(0, 1)], insertRows: [RowPath(0, 3), RowPath(0, 0)])
    #expect(
      model.apply(update, to: [[Row("a"), Row("b"), Row("c")]]) == [
        [Row("x"), Row("a"), Row("c"), Row("y")]
      ])
  }

  @Test("model: a row moves across sections and a section moves with its row edits")
  func movesAcrossSections() {
    let model = ReferenceModel(insertedRows: [RowPath(1, 1): Row("y")])
    let update = BatchUpdate(
      moveSections: [SectionMove(from: 0, to: 1)], deleteRows: [RowPath(0, 0)],
      insertRows: [RowPath(1, 1)], moveRows: [RowMove(from: RowPath(1, 0), to: RowPath(1, 0))])
    let old = [[Row("a"), Row("b")], [Row("c"), Row("d")]]
    #expect(model.apply(update, to: old) == [[Row("d")], [Row("c"), Row("y"), Row("b")]])
  }

  @Test("model: reloads refresh in place; inserted and deleted sections")
  func reloadsAndSections() {
    var model = ReferenceModel(insertedSections: [0: [Row("n")]])
    model.reloadedRow = { Row(id: $0.id, content: "changed") }
    model.reloadedSections = [2: [Row("z")]]
    let update = BatchUpdate(
      deleteSections: [1], insertSections: [0], reloadSections: [2], reloadRows: [RowPath(0, 1)])
    let old = [[Row("a"), Row("b")], [Row("c")], [Row("d")]]
    #expect(
      model.apply(update, to: old)
        == [[Row("n")], [Row("a"), Row(id: "b", content: "changed")], [Row("z")]])
  }

  @Test("model: an index that does not fit gives nil, not a crash")
  func indexOutOfRange() {
    let model = ReferenceModel(insertedRows: [RowPath(0, 5): Row("x")])
    #expect(model.apply(BatchUpdate(insertRows: [RowPath(0, 5)]), to: [[Row("a")]]) == nil)
  }

  @Test("reload target follows the reload decomposition: explicit deletes and inserts only")
  func reloadTarget() {
    // A known quirk: reload (0,0) + insert (0,0) puts the reload's insert at (0,1).
    #expect(
      UpdateGenerator.reloadTarget(of: RowPath(0, 0), BatchUpdate(insertRows: [RowPath(0, 0)]))
        == RowPath(0, 1))
    // Radar 27041784: a section move is ignored.
    #expect(
      UpdateGenerator.reloadTarget(
        of: RowPath(0, 0), BatchUpdate(moveSections: [SectionMove(from: 0, to: 1)]))
        == RowPath(0, 0))
    // A deleted section before the reload's section shifts it.
    #expect(
      UpdateGenerator.reloadTarget(of: RowPath(2, 3), BatchUpdate(deleteSections: [0]))
        == RowPath(1, 3))
  }

  // MARK: The simulator against the model

  /// How many random cases one run checks; 5,000 keep a debug run short.
  static let caseCount: UInt64 = 5_000

  @Test(
    "random valid updates: model and simulator agree both ways", arguments: UIKitProfile.allCases)
  func randomValidUpdates(uikit: UIKitProfile) {
    var failures = 0
    var stats = Stats()
    for seed in 0..<Self.caseCount {
      var generator = UpdateGenerator(seed: seed, uikit: uikit)
      let generated = generator.make()
      stats.count(generated)
      if Self.swapCandidate(generated) != nil { stats.swaps += 1 }
      if Self.firstOldCell(generated) != nil { stats.contentChanges += 1 }
      if generated.countChecked.indices.contains(where: {
        generated.countChecked[$0] && !generated.new[$0].isEmpty
      }) {
        stats.shortenings += 1
      }
      if let failure = Self.check(generated) {
        failures += 1
        if failures <= 5 {
          Issue.record(Comment(rawValue: failure + "\n" + Self.repro(generated)))
        }
      }
    }
    #expect(failures == 0, "\(failures) of \(Self.caseCount) random cases disagree")
    // Under iOS 18 some changed rows are reconfigured, so the model covers D12.
    #expect(
      (stats.rowReconfigures > 200) == (uikit == .ios18),
      "reference model: \(Self.caseCount) cases, \(stats)")
  }

  /// Returns what went wrong for one generated case, or nil.
  static func check(_ g: GeneratedUpdate) -> String? {
    // The model must rebuild exactly the layout the generator made.
    guard let modelNew = g.model.apply(g.update, to: g.old) else {
      return "the reference model could not apply the update"
    }
    guard modelNew == g.new else {
      return
        "the reference model gives \(literal(modelNew)), the generator laid out \(literal(g.new))"
    }
    let table = SimulatedTableView(g.old, options: SimulationOptions(uikit: g.uikit))
    let verdict = table.performBatchUpdates(g.update, dataSource: modelNew)
    guard verdict == .valid else {
      return "simulator says \(verdict) for a valid update"
    }

    // Perturbation 1: swap an old cell's row with a row of another identity.
    if let (n, i, j) = swapCandidate(g) {
      var swapped = modelNew
      swapped[n].swapAt(i, j)
      let v = table.performBatchUpdates(g.update, dataSource: swapped)
      if v.kind != .wrongRows {
        return
          "swapping rows \(i) and \(j) of new section \(n) gives \(v), expected wrongRows\nswapped new: \(literal(swapped))"
      }
    }

    // Perturbation 2: change the content of an old cell's row.
    if let (n, i) = firstOldCell(g) {
      var changed = modelNew
      changed[n][i] = Row(id: changed[n][i].id, content: "changed")
      let v = table.performBatchUpdates(g.update, dataSource: changed)
      if v.kind != .staleContent {
        return
          "changing the content of row \(i) in new section \(n) gives \(v), expected staleContent\nchanged new: \(literal(changed))"
      }
    }

    // Perturbation 3: one row fewer in a section whose count UIKit checks.
    if let n = g.countChecked.indices.first(where: { g.countChecked[$0] && !modelNew[$0].isEmpty })
    {
      var shorter = modelNew
      shorter[n].removeLast()
      let v = table.performBatchUpdates(g.update, dataSource: shorter)
      if v.kind != .exception {
        return
          "removing the last row of new section \(n) gives \(v), expected an exception\nshorter new: \(literal(shorter))"
      }
    }
    return nil
  }

  /// A section, an old cell in it and another row of a different identity.
  static func swapCandidate(_ g: GeneratedUpdate) -> (Int, Int, Int)? {
    for n in g.new.indices {
      for i in g.new[n].indices where g.origins[n][i] == .oldCell {
        for j in g.new[n].indices where j != i && g.new[n][j].id != g.new[n][i].id {
          return (n, i, j)
        }
      }
    }
    return nil
  }

  /// The first cell that keeps showing its old row.
  static func firstOldCell(_ g: GeneratedUpdate) -> (Int, Int)? {
    for n in g.new.indices {
      for i in g.new[n].indices where g.origins[n][i] == .oldCell {
        return (n, i)
      }
    }
    return nil
  }

  // MARK: Repro

  /// A test that reproduces `g`, ready to paste.
  static func repro(_ g: GeneratedUpdate) -> String {
    """
    // seed \(g.seed)
    let old: [[Row]] = \(literal(g.old))
    let new: [[Row]] = \(literal(g.new))
    let update = \(literal(g.update))
    #expect(SimulatedTableView(old).performBatchUpdates(update, dataSource: new) == .valid)
    """
  }

  static func literal(_ sections: [[Row]]) -> String {
    "["
      + sections.map { "[" + $0.map(literal).joined(separator: ", ") + "]" }.joined(separator: ", ")
      + "]"
  }

  static func literal(_ row: Row) -> String {
    "Row(id: \(row.id), content: \(row.content))"
  }

  static func literal(_ path: RowPath) -> String {
    "RowPath(\(path.section), \(path.row))"
  }

  static func literal(_ update: BatchUpdate) -> String {
    var parts: [String] = []
    func ints(_ label: String, _ values: [Int]) {
      if !values.isEmpty { parts.append("\(label): \(values)") }
    }
    func paths(_ label: String, _ values: [RowPath]) {
      if !values.isEmpty {
        parts.append("\(label): [" + values.map(literal).joined(separator: ", ") + "]")
      }
    }
    ints("deleteSections", update.deleteSections)
    ints("insertSections", update.insertSections)
    ints("reloadSections", update.reloadSections)
    if !update.moveSections.isEmpty {
      parts.append(
        "moveSections: ["
          + update.moveSections.map { "SectionMove(from: \($0.from), to: \($0.to))" }.joined(
            separator: ", ")
          + "]")
    }
    paths("deleteRows", update.deleteRows)
    paths("insertRows", update.insertRows)
    paths("reloadRows", update.reloadRows)
    if !update.moveRows.isEmpty {
      parts.append(
        "moveRows: ["
          + update.moveRows.map { "RowMove(from: \(literal($0.from)), to: \(literal($0.to)))" }
          .joined(separator: ", ") + "]")
    }
    return "BatchUpdate(" + parts.joined(separator: ", ") + ")"
  }
}

/// What the random cases covered, so a run shows that it exercised each kind
/// of operation.
struct Stats: CustomStringConvertible {
  var sectionDeletes = 0, sectionInserts = 0, sectionMoves = 0, sectionReloads = 0
  var rowDeletes = 0, rowInserts = 0, rowMoves = 0, crossSectionMoves = 0, rowReloads = 0
  var rowReconfigures = 0
  var emptyUpdates = 0
  var swaps = 0, contentChanges = 0, shortenings = 0

  mutating func count(_ g: GeneratedUpdate) {
    let u = g.update
    sectionDeletes += u.deleteSections.count
    sectionInserts += u.insertSections.count
    sectionMoves += u.moveSections.count
    sectionReloads += u.reloadSections.count
    rowDeletes += u.deleteRows.count
    rowInserts += u.insertRows.count
    rowMoves += u.moveRows.count
    crossSectionMoves += u.moveRows.filter { $0.from.section != $0.to.section }.count
    rowReloads += u.reloadRows.count
    rowReconfigures += u.reconfigureRows.count
    if u.isEmpty { emptyUpdates += 1 }
  }

  var description: String {
    "operations: \(sectionDeletes) section deletes, \(sectionInserts) section inserts, \(sectionMoves) section moves, \(sectionReloads) section reloads, \(rowDeletes) row deletes, \(rowInserts) row inserts, \(rowMoves) row moves (\(crossSectionMoves) across sections), \(rowReloads) row reloads, \(rowReconfigures) row reconfigures; \(emptyUpdates) empty updates; perturbed: \(swaps) swaps, \(contentChanges) content changes, \(shortenings) shortened sections"
  }
}
