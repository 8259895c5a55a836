import Testing

@testable import BatchCheck

/// Deletes every old section, then inserts every new one: two stages,
/// always valid on any number of sections. With `plantedBug`, the second
/// stage forgets to insert the last section when new has three or more,
/// though its data has it: only cases of several sections find that.
struct ReplaceSectionsStaged: SectionedStagedDeltaGenerator {
  var plantedBug = false

  var name: String { plantedBug ? "replace-sections-staged-bug" : "replace-sections-staged" }

  func stages(from old: [Row], to new: [Row]) -> [Stage] { stages(from: [old], to: [new]) }

  func stages(from old: [[Row]], to new: [[Row]]) -> [Stage] {
    var inserted = Array(new.indices)
    if plantedBug, inserted.count >= 3 { inserted.removeLast() }
    return [
      Stage(update: BatchUpdate(deleteSections: Array(old.indices)), data: []),
      Stage(update: BatchUpdate(insertSections: inserted), data: new),
    ]
  }
}

/// Deletes every old section, last first, then inserts every new one in
/// order: always valid. With `plantedBug`, each new section is inserted at
/// index 0, so two sections or more come out reversed.
struct ReplaceSectionsSteps: SectionedStepsDeltaGenerator {
  var plantedBug = false

  var name: String { plantedBug ? "replace-sections-steps-bug" : "replace-sections-steps" }

  func steps(from old: [Row], to new: [Row]) -> [Step] { steps(from: [old], to: [new]) }

  func steps(from old: [[Row]], to new: [[Row]]) -> [Step] {
    old.indices.reversed().map { .deleteSection(at: $0) }
      + new.enumerated().map { .insertSection(at: plantedBug ? 0 : $0.offset, rows: $0.element) }
  }
}

/// Section steps, sectioned stages and the engine's sectioned contract runs.
@Suite("Sections in the staged and steps contracts")
struct SectionedContractTests {
  static let seed: UInt64 = 0x5EED_0050

  @Test("section steps apply in order, and a row move crosses sections")
  func sectionStepsApply() {
    let steps: [Step] = [
      .deleteSection(at: 2), .moveSection(from: 0, to: 1),
      .insertSection(at: 1, rows: rows("x y")), .move(from: p(0, 0), to: p(2, 1)),
    ]
    let old = [rows("a"), rows("b c"), rows("z")]
    let new = [rows("c"), rows("x y"), rows("a b")]
    #expect(ContractValidator.validateSteps(old: old, steps: steps, new: new).isValid)
    #expect(Step.moveSection(from: 0, to: 1).applied(to: [rows("a"), []]) == [[], rows("a")])
    #expect(Step.deleteSection(at: 1).applied(to: [rows("a")]) == nil)
    #expect(
      steps.map(\.description) == [
        "delete section 2", "move section 0 -> 1", #"insert section 1 ["x", "y"]"#,
        "move (0, 0) -> (2, 1)",
      ])
    #expect(Step.insertSection(at: 3, rows: []).batch == BatchUpdate(insertSections: [3]))
    // Wrong: the section move forgotten.
    let forgot = ContractValidator.validateSteps(
      old: old, steps: steps.filter { $0 != .moveSection(from: 0, to: 1) }, new: new)
    #expect(!forgot.isValid)
  }

  @Test(
    "a section step out of range gets UIKit's section rule, numbered",
    arguments: [
      Step.deleteSection(at: 2), .insertSection(at: 3, rows: rows("x")),
      .moveSection(from: 0, to: 2),
      .moveSection(from: 5, to: 0), .deleteSection(at: -1),
    ])
  func sectionStepOutOfRange(step: Step) {
    let old = [rows("a"), rows("b")]
    let verdict = ContractValidator.validateSteps(old: old, steps: [step], new: old)
    #expect(!verdict.isValid)
    #expect(verdict.step == 1)
    #expect(verdict.verdict.message?.hasPrefix("step 1: ") == true, "\(verdict)")
    #expect(verdict.verdict.rule != nil && verdict.verdict.rule != .c1, "\(verdict)")
  }

  @Test("stages that delete, insert and move sections are each one batch")
  func sectionedStages() {
    let old = [rows("a"), rows("b"), rows("z")]
    let new = [rows("b"), rows("a"), rows("x")]
    let stages = [
      Stage(update: BatchUpdate(deleteSections: [2]), data: [rows("a"), rows("b")]),
      Stage(update: BatchUpdate(insertSections: [2]), data: [rows("a"), rows("b"), rows("x")]),
      Stage(
        update: BatchUpdate(moveSections: [
          SectionMove(from: 0, to: 1), SectionMove(from: 1, to: 0),
        ]),
        data: new),
    ]
    #expect(ContractValidator.validateStaged(old: old, stages: stages, new: new).isValid)
    // Read as steps: the section operations become section steps, rows from each stage's data.
    #expect(
      ContractChanges.staged(stages).read(as: .steps, old: old, new: new)
        == .steps([
          .deleteSection(at: 2), .insertSection(at: 2, rows: rows("x")),
          .moveSection(from: 0, to: 1), .moveSection(from: 1, to: 0),
        ]))
    // Read as one batch: the merged section operations. (Valid here too.)
    #expect(ContractValidator.validate(.staged(stages), old: old, new: new).isValid)
    #expect(
      ContractChanges.steps([.insertSection(at: 0, rows: []), .deleteSection(at: 1)])
        .read(as: .batch, old: old, new: new)
        == .batch(BatchUpdate(deleteSections: [1], insertSections: [0])))
  }

  @Test("sectioned generators of every contract are sectioned; the others are not")
  func isSectioned() throws {
    #expect(ContractGenerator(ReplaceSectionsStaged()).isSectioned)
    #expect(ContractGenerator(ReplaceSectionsSteps()).isSectioned)
    #expect(ContractGenerator(ReplaceAllSections()).isSectioned)
    let plain = ContractGenerator(name: "plain-steps") { old, new -> [Step] in
      old.map { _ in .delete(at: p(0, 0)) }
        + new.enumerated().map { .insert(at: p(0, $0.offset), row: $0.element) }
    }
    #expect(!plain.isSectioned)
    #expect(try plain.changes(from: [rows("a"), []], to: [[]]) == nil)
    #expect(try plain.changes(from: [rows("a")], to: [[]]) == .steps([.delete(at: p(0, 0))]))
    let report = check(plain, options: .quick(count: 1_000))
    #expect(report.passed, "\(report.renderText())")
    #expect(!report.sectioned && report.statistics.withSeveralSections == 0)
  }

  @Test(
    "the engine gives sectioned staged and steps generators several sections, and they pass",
    arguments: [
      ContractGenerator(ReplaceSectionsStaged()), ContractGenerator(ReplaceSectionsSteps()),
    ])
  func sectionedGeneratorsPass(generator: ContractGenerator) {
    let report = check(
      generator, options: CheckOptions(seed: Self.seed, count: 1_500, exhaustiveTotal: 4))
    #expect(report.passed, "\(report.renderText())")
    #expect(report.sectioned)
    #expect(report.randomCases == 1_500)
    // The several-sections floor applies (1,000 random cases or more) and holds.
    #expect(
      report.statistics.withSeveralSections * 100
        >= CoverageStatistic.severalSections.floorPercent * report.randomCases)
  }

  @Test(
    "a planted bug in a sectioned staged or steps generator is caught, on several sections",
    arguments: [
      ContractGenerator(ReplaceSectionsStaged(plantedBug: true)),
      ContractGenerator(ReplaceSectionsSteps(plantedBug: true)),
    ])
  func plantedBugIsCaught(generator: ContractGenerator) throws {
    let report = check(
      generator, options: CheckOptions(seed: Self.seed, count: 1_500, exhaustiveTotal: 4))
    let failure = try #require(report.failures.first, "the planted bug passed")
    #expect(failure.verdict?.isValid == false)
    #expect(failure.changes?.contract == generator.contract)
    // Only several sections show it; the shrunk case keeps them.
    #expect(failure.new.count >= 2, "\(failure.old) -> \(failure.new)")
    let answered = try #require(try generator.changes(from: failure.old, to: failure.new))
    #expect(!generator.judge(answered, sections: failure.old, failure.new).isValid)
    // The replay line reads back as a case of several sections.
    #expect(failure.corpusLine?.contains(#""contract":"\#(generator.contract.rawValue)""#) == true)
  }
}
