import BatchCheck
import Testing

@testable import ReferenceDiffs

/// `heckel-staged`, with its section moves dropped: the stage's data has
/// the sections moved, its update does not move them.
struct DropsSectionMoves: SectionedStagedDeltaGenerator {
  var name: String { "heckel-staged-no-section-moves" }

  func stages(from old: [Row], to new: [Row]) -> [Stage] { stages(from: [old], to: [new]) }

  func stages(from old: [[Row]], to new: [[Row]]) -> [Stage] {
    HeckelStagedGenerator().stages(from: old, to: new).map { stage in
      var stage = stage
      stage.update.moveSections = []
      return stage
    }
  }
}

/// `edit-script`, with each row move across sections taken to the end of
/// its destination section instead of its place.
struct MovesAcrossSectionsToTheEnd: SectionedStepsDeltaGenerator {
  var name: String { "edit-script-cross-moves-to-the-end" }

  func steps(from old: [Row], to new: [Row]) -> [Step] { steps(from: [old], to: [new]) }

  func steps(from old: [[Row]], to new: [[Row]]) -> [Step] {
    var data = old
    return EditScriptGenerator().steps(from: old, to: new).map { step in
      var step = step
      if case .move(let from, let to) = step, from.section != to.section {
        step = .move(from: from, to: RowPath(to.section, data[to.section].count))
      }
      data = step.applied(to: data) ?? data
      return step
    }
  }
}

/// The staged and steps reference generators on tables of several sections:
/// DifferenceKit-style stages and Differ-style steps, straight and through
/// the property engine.
@Suite("Sectioned staged and steps reference generators")
struct SectionedContractReferenceTests {
  static let seed: UInt64 = 0x5EED_0051

  @Test("heckel-staged: section deletes, inserts and moves, then the row stages")
  func stagedExample() {
    let old = [[Row("a")], [Row("b")], [Row("z")]]
    let new = [[Row("b")], [Row("a"), Row("c")]]
    let stages = HeckelStagedGenerator().stages(from: old, to: new)
    // [b] pairs with [b]; the rest in order: [a] with [a c], [z] is deleted.
    #expect(
      stages == [
        Stage(update: BatchUpdate(deleteSections: [2]), data: [[Row("a")], [Row("b")]]),
        Stage(
          update: BatchUpdate(moveSections: [
            SectionMove(from: 0, to: 1), SectionMove(from: 1, to: 0),
          ]),
          data: [[Row("b")], [Row("a")]]),
        Stage(update: BatchUpdate(insertRows: [RowPath(1, 1)]), data: new),
      ])
    #expect(ContractValidator.validateStaged(old: old, stages: stages, new: new).isValid)
    // A new section with no partner is inserted at its new index.
    let inserted = HeckelStagedGenerator().stages(
      from: [[Row("a")], [Row("b")]], to: [[Row("b")], [Row("x")], [Row("a")]])
    #expect(
      inserted == [
        Stage(
          update: BatchUpdate(insertSections: [1]), data: [[Row("a")], [Row("x")], [Row("b")]]),
        Stage(
          update: BatchUpdate(moveSections: [
            SectionMove(from: 0, to: 2), SectionMove(from: 2, to: 0),
          ]),
          data: [[Row("b")], [Row("x")], [Row("a")]]),
      ])
  }

  @Test("heckel-staged: a row moves across sections; one section gives the one-section stages")
  func stagedAcrossSections() {
    let old = [[Row("a"), Row(id: "b", content: 1)], [Row("c")]]
    let new = [[Row("a")], [Row("c"), Row(id: "b", content: 2)]]
    let stages = HeckelStagedGenerator().stages(from: old, to: new)
    #expect(
      stages == [
        Stage(
          update: BatchUpdate(reloadRows: [RowPath(0, 1)]),
          data: [[Row("a"), Row(id: "b", content: 2)], [Row("c")]]),
        Stage(
          update: BatchUpdate(moveRows: [RowMove(from: RowPath(0, 1), to: RowPath(1, 1))]),
          data: new),
      ])
    #expect(ContractValidator.validateStaged(old: old, stages: stages, new: new).isValid)
    let one = [Row("a"), Row("b"), Row("c")]
    #expect(
      HeckelStagedGenerator().stages(from: [one], to: [one.reversed()])
        == HeckelStagedGenerator().stages(from: one, to: one.reversed()))
  }

  @Test("edit-script: Differ-style section steps, then row steps across sections")
  func stepsExample() {
    let old = [[Row("a")], [Row("b"), Row(id: "c", content: 1)], [Row("z")]]
    let new = [[Row("b"), Row(id: "c", content: 2)], [Row("a"), Row("x")]]
    let steps = EditScriptGenerator().steps(from: old, to: new)
    #expect(
      steps == [
        .deleteSection(at: 2), .moveSection(from: 1, to: 0),
        .update(at: RowPath(0, 1), row: Row(id: "c", content: 2)),
        .insert(at: RowPath(1, 1), row: Row("x")),
      ])
    #expect(ContractValidator.validateSteps(old: old, steps: steps, new: new).isValid)
    // A row bound for a later section is found after the rows in place.
    let across = EditScriptGenerator().steps(
      from: [[Row("a"), Row("b")], [Row("c")]], to: [[Row("a")], [Row("b"), Row("c")]])
    #expect(across == [.move(from: RowPath(0, 1), to: RowPath(1, 0))])
    let section = EditScriptGenerator().steps(from: [[Row("a")]], to: [[Row("a")], [Row("x")]])
    #expect(section == [.insertSection(at: 1, rows: [Row("x")])])
  }

  @Test(
    "heckel-staged and edit-script pass the engine on several sections, with the floors",
    arguments: ["heckel-staged", "edit-script"])
  func passOnSeveralSections(name: String) async throws {
    let generator = try #require(ReferenceGenerators.anyContract(named: name))
    #expect(generator.isSectioned)
    let report = await check(
      generator, options: CheckOptions(seed: Self.seed, count: 3_000, exhaustiveTotal: 5),
      workers: 2)
    #expect(report.passed, "\(report.renderText())")
    #expect(report.sectioned && report.randomCases == 3_000)
    // The several-sections floor applies (1,000 random cases or more) and holds.
    #expect(
      report.statistics.withSeveralSections * 100
        >= CoverageStatistic.severalSections.floorPercent * report.randomCases)
  }

  @Test(
    "a planted bug in a sectioned staged or steps generator is caught on several sections",
    arguments: [
      ContractGenerator(DropsSectionMoves()), ContractGenerator(MovesAcrossSectionsToTheEnd()),
    ])
  func plantedBugIsCaught(generator: ContractGenerator) throws {
    // Valid on one section: every small pair passes.
    #expect(generator.firstFailure(in: ExhaustivePairs(maxTotal: 5)).finding == nil)
    // (Every pair of one section passes, so a small exhaustive phase will do.)
    let report = check(
      generator, options: CheckOptions(seed: Self.seed, count: 3_000, exhaustiveTotal: 4))
    let failure = try #require(report.failures.first, "the planted bug passed")
    #expect(failure.verdict?.isValid == false, "\(report.renderText())")
    #expect(failure.old.count >= 2 || failure.new.count >= 2)
    let answered = try #require(try generator.changes(from: failure.old, to: failure.new))
    #expect(!generator.judge(answered, sections: failure.old, failure.new).isValid)
  }
}
