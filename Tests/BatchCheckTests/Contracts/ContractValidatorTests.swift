import Testing

@testable import BatchCheck

/// A row with a separate content: `crow("a", 1)` is `{"id":"a","content":1}`.
private func crow(_ id: String, _ content: Int) -> Row {
  Row(id: .string(id), content: .int(content))
}

/// The three contracts' validators, identity-only mode, and the advice that
/// names the contract a failing change would have passed under.
@Suite struct ContractValidatorTests {
  // MARK: Identity-only mode

  @Test func identityOnlyIgnoresContentInTheFastPathAndTheFullSimulation() {
    // A moved row whose content changed, never reloaded: C2, unless identity-only.
    let old = [[crow("a", 1), Row("b")]]
    let new = [[Row("b"), crow("a", 2)]]
    let update = BatchUpdate(moveRows: [mv(p(0, 0), p(0, 1))])
    let full = SimulatedTableView(old).performBatchUpdates(update, dataSource: new)
    #expect(full.kind == .staleContent && full.rule == .c2)
    let identity = SimulationOptions(identityOnly: true)
    #expect(
      SimulatedTableView(old, options: identity).performBatchUpdates(update, dataSource: new)
        == .valid)
    #expect(
      SimulatedTableView(old, options: identity).trace(update, dataSource: new).verdict == .valid)
    // Two sections: no fast path, the full row check alone.
    let oldTwo = old + [[Row("c")]]
    let newTwo = new + [[Row("c")]]
    #expect(
      SimulatedTableView(oldTwo).performBatchUpdates(update, dataSource: newTwo).kind
        == .staleContent)
    #expect(
      SimulatedTableView(oldTwo, options: identity).performBatchUpdates(update, dataSource: newTwo)
        == .valid)
  }

  @Test func identityOnlyStillReportsWrongRows() {
    let options = SimulationOptions(identityOnly: true)
    let verdict = SimulatedTableView(table("a b"), options: options)
      .performBatchUpdates(BatchUpdate(), dataSource: table("b a"))
    #expect(verdict.kind == .wrongRows && verdict.rule == .c1)
  }

  // MARK: Batch

  @Test func batchIsTheSimulatorsVerdict() {
    let update = BatchUpdate(reloadRows: [p(0, 1)], moveRows: [mv(p(0, 1), p(0, 0))])
    let result = ContractValidator.validateBatch(
      old: table("a b"), update: update, new: table("b a"))
    #expect(result.contract == .batch && !result.identityOnly)
    #expect(result.verdict == judge(table("a b"), table("b a"), update))
    #expect(result.verdict.rule == .r11)
    #expect(result.description.hasSuffix("(one batch)"))
  }

  // MARK: Staged

  /// DifferenceKit's reason for stages: a reload and a move of one row.
  let stagedOld = [[crow("a", 1), Row("b")]]
  let stagedNew = [[Row("b"), crow("a", 2)]]
  var reloadThenMove: [Stage] {
    [
      Stage(update: BatchUpdate(reloadRows: [p(0, 0)]), data: [[crow("a", 2), Row("b")]]),
      Stage(update: BatchUpdate(moveRows: [mv(p(0, 0), p(0, 1))]), data: stagedNew),
    ]
  }

  @Test func stagedReloadThenMoveIsValid() {
    let result = ContractValidator.validateStaged(
      old: stagedOld, stages: reloadThenMove, new: stagedNew)
    #expect(result.isValid, "\(result)")
    #expect(result.stage == nil && result.contract == .staged)
    // The same operations in one batch raise R11.
    let merged = ContractValidator.validate(.staged(reloadThenMove), old: stagedOld, new: stagedNew)
    #expect(merged.isValid)
    let asBatch = ContractChanges.staged(reloadThenMove).read(
      as: .batch, old: stagedOld, new: stagedNew)
    if case .batch(let update)? = asBatch {
      #expect(judge(stagedOld, stagedNew, update).rule == .r11)
    } else {
      Issue.record("staged changes always read as one batch")
    }
  }

  @Test func aFailingStageKeepsItsRuleAndIsNumbered() {
    var stages = reloadThenMove
    stages[1].update.moveRows = [mv(p(0, 5), p(0, 1))]
    let result = ContractValidator.validateStaged(old: stagedOld, stages: stages, new: stagedNew)
    #expect(result.verdict.kind == .exception && result.verdict.rule == .r13)
    #expect(result.stage == 2 && result.step == nil)
    #expect(
      result.verdict.message
        == "stage 2: attempt to move index path ({length = 2, path = 0 - 5}) that does not exist - there are only 2 rows in section 0 before the update"
    )
  }

  @Test func aStageWhoseDeclaredDataIsNotWhatTheTableShows() {
    // Stage 1 declares [b a:2]; its reload refreshes row 0, but row 1 still shows b.
    var stages = reloadThenMove
    stages[0].data = [[Row("b"), crow("a", 2)]]
    let result = ContractValidator.validateStaged(old: stagedOld, stages: stages, new: stagedNew)
    #expect(result.verdict.kind == .wrongRows && result.verdict.rule == .c1)
    #expect(result.stage == 1)
    #expect(
      result.verdict.message
        == #"stage 1: row {length = 2, path = 0 - 1} shows "b" (old {length = 2, path = 0 - 1}) but the data source has {"id":"a","content":2} there"#
    )
    #expect(result.verdict.mismatch?.path == p(0, 1))
  }

  @Test func theLastStagesDataMustBeNew() {
    let stages = [Stage(update: BatchUpdate(deleteRows: [p(0, 0)]), data: table("b c"))]
    let wrong = ContractValidator.validateStaged(
      old: table("a b c"), stages: stages, new: table("c b"))
    #expect(wrong.verdict.kind == .wrongRows && wrong.stage == nil)
    #expect(
      wrong.verdict.message
        == #"after the last stage (1): row {length = 2, path = 0 - 0} shows "b" but the data source has "c" there"#
    )
    #expect(
      wrong.verdict.mismatch == RowMismatch(path: p(0, 0), expected: Row("c"), shown: Row("b")))
    // Right identities, old content: C2, or valid on identities only.
    let stale = ContractValidator.validateStaged(
      old: [[Row("a"), crow("b", 1)]],
      stages: [Stage(update: BatchUpdate(deleteRows: [p(0, 0)]), data: [[crow("b", 1)]])],
      new: [[crow("b", 2)]])
    #expect(stale.verdict.kind == .staleContent && stale.verdict.rule == .c2)
    let identity = ContractValidator.validateStaged(
      old: [[Row("a"), crow("b", 1)]],
      stages: [Stage(update: BatchUpdate(deleteRows: [p(0, 0)]), data: [[crow("b", 1)]])],
      new: [[crow("b", 2)]], options: SimulationOptions(identityOnly: true))
    #expect(identity.isValid && identity.identityOnly)
    #expect(identity.mode == "staged batches, identity only")
  }

  @Test func noStageIsValidOnlyWhenNothingChanges() {
    #expect(
      ContractValidator.validateStaged(old: table("a b"), stages: [], new: table("a b")).isValid)
    let result = ContractValidator.validateStaged(old: table("a b"), stages: [], new: table("a"))
    #expect(result.verdict.kind == .wrongRows)
    #expect(
      result.verdict.message
        == "with no stage: section 0 has 2 rows but the data source has 1: row {length = 2, path = 0 - 1} is one too many"
    )
    let sections = ContractValidator.validateStaged(
      old: table("a"), stages: [], new: table("a | b"))
    #expect(
      sections.verdict.message
        == "with no stage: the table has 1 sections but the data source has 2")
  }

  // MARK: Steps

  @Test func stepsApplyInOrder() {
    let steps: [Step] = [
      .delete(at: p(0, 0)),  // [b c]
      .insert(at: p(0, 2), row: Row("d")),  // [b c d]
      .move(from: p(0, 0), to: p(0, 1)),  // [c b d]
      .update(at: p(0, 2), row: crow("d", 2)),  // [c b d:2]
    ]
    let new = [[Row("c"), Row("b"), crow("d", 2)]]
    let result = ContractValidator.validateSteps(old: table("a b c"), steps: steps, new: new)
    #expect(result.isValid, "\(result)")
    #expect(result.contract == .steps)
    // Across sections: a move to the end of another section.
    let across = ContractValidator.validateSteps(
      old: table("a b | c"), steps: [.move(from: p(0, 0), to: p(1, 1))], new: table("b | c a"))
    #expect(across.isValid, "\(across)")
  }

  /// Each kind of step out of range, with UIKit's rule and text for the
  /// one-operation batch it is, under iOS 12 (iOS 18 differs for the
  /// update step alone: `anUpdateOutOfRangeIsDroppedByIOS18`).
  @Test(
    arguments: [
      (
        Step.delete(at: RowPath(0, 3)), Rule.r3,
        "attempt to delete row 3 from section 0 which only contains 3 rows before the update"
      ),
      (
        .delete(at: RowPath(2, 0)), .r4,
        "attempt to delete row 0 from section 2, but there are only 1 sections before the update"
      ),
      (
        .update(at: RowPath(0, 7), row: Row("x")), .r3,
        "attempt to delete row 7 from section 0 which only contains 3 rows before the update"
      ),
      (
        .insert(at: RowPath(0, 5), row: Row("x")), .r6,
        "attempt to insert row 5 into section 0, but there are only 4 rows in section 0 after the update"
      ),
      (
        .insert(at: RowPath(1, 0), row: Row("x")), .r7,
        "attempt to insert row 0 into section 1, but there are only 1 sections after the update"
      ),
      (
        .move(from: RowPath(0, 3), to: RowPath(0, 0)), .r13,
        "attempt to move index path ({length = 2, path = 0 - 3}) that does not exist - there are only 3 rows in section 0 before the update"
      ),
      (
        .move(from: RowPath(0, 0), to: RowPath(0, 3)), .r14,
        "attempt to move index path ({length = 2, path = 0 - 0}) to index path ({length = 2, path = 0 - 3}) that does not exist - there are only 3 rows in section 0 after the update"
      ),
      (.delete(at: RowPath(0, -1)), .r22, "Attempted to perform update with invalid index path"),
    ] as [(Step, Rule, String)])
  func aStepOutOfRangeGetsUIKitsRule(step: Step, rule: Rule, message: String) {
    let steps: [Step] = [.update(at: p(0, 0), row: Row("a")), step]
    let result = ContractValidator.validateSteps(
      old: table("a b c"), steps: steps, new: table("a b c"),
      options: SimulationOptions(uikit: .ios12))
    #expect(result.verdict.kind == .exception && result.verdict.rule == rule, "\(result)")
    #expect(result.step == 2)
    #expect(result.verdict.message?.hasPrefix("step 2: " + message) == true, "\(result)")
  }

  @Test func anUpdateOutOfRangeIsDroppedByIOS18() {
    // iOS 18 drops a reload of a row without a cell (D7): UIKit raises
    // nothing, and the step is out of range of the data.
    let result = ContractValidator.validateSteps(
      old: table("a b c"), steps: [.update(at: p(0, 7), row: Row("x"))], new: table("a b c"))
    #expect(result.verdict.kind == .wrongRows && result.verdict.rule == .c1, "\(result)")
    #expect(
      result.verdict.message
        == "step 1: update (0, 7) \"x\" is out of range: the data has no row there (UIKit ignores a reload or reconfigure of a row that has no cell)"
    )
  }

  @Test func anUpdateAtNSNotFoundIsOutOfRangeThoughUIKitReadsASectionReload() {
    let result = ContractValidator.validateSteps(
      old: table("a"), steps: [.update(at: p(0, Int.max), row: Row("x"))], new: table("a"))
    #expect(result.verdict.kind == .wrongRows && result.verdict.rule == .c1)
    #expect(result.step == 1)
    #expect(
      result.verdict.message?.hasPrefix("step 1: update (0, \(Int.max)) \"x\" is out of range")
        == true)
  }

  @Test func wrongRowsAfterTheLastStepNameTheFirstDifferingPath() {
    // Batch-minded deletes (old-space indexes) applied step by step.
    let steps: [Step] = [.delete(at: p(0, 0)), .delete(at: p(0, 1))]
    let result = ContractValidator.validate(.steps(steps), old: table("a b c"), new: table("c"))
    #expect(result.verdict.kind == .wrongRows && result.verdict.rule == .c1 && result.step == nil)
    #expect(
      ContractValidator.validateSteps(old: table("a b c"), steps: steps, new: table("c")).validUnder
        == nil)
    #expect(
      result.verdict.message
        == #"after the last step (2): row {length = 2, path = 0 - 0} shows "b" but the data source has "c" there"#
    )
    #expect(result.validUnder == .batch)
    #expect(
      result.advice
        == "valid as one batch, not as sequential steps: apply it as one batch update or convert it"
    )
  }

  @Test func staleContentAfterTheLastStepUnlessIdentityOnly() {
    let steps: [Step] = [.insert(at: p(0, 0), row: Row("x"))]
    let old = [[crow("a", 1)]]
    let new = [[Row("x"), crow("a", 2)]]
    let full = ContractValidator.validateSteps(old: old, steps: steps, new: new)
    #expect(full.verdict.kind == .staleContent && full.verdict.rule == .c2)
    #expect(full.verdict.message?.hasSuffix("no step updated it") == true)
    let identity = ContractValidator.validateSteps(
      old: old, steps: steps, new: new, options: SimulationOptions(identityOnly: true))
    #expect(identity.isValid)
    #expect(identity.description == "valid (sequential steps, identity only)")
  }

  /// Skipping the simulator for a step in range is sound: UIKit accepts every
  /// one-operation batch in range, and the table then shows the applied data.
  @Test func everyStepInRangeIsAValidOneOperationBatch() {
    var random = SplitMix64(seed: 0xC0_47AC7)
    var applied = 0
    for _ in 0..<20_000 {
      let sections = 1 + Int(random.next() % 3)
      let data: [[Row]] = (0..<sections).map { s in
        (0..<Int(random.next() % 4)).map { crow("s\(s)r\($0)", Int(random.next() % 2)) }
      }
      func path(extra: Int) -> RowPath {
        let s = Int(random.next() % UInt64(sections + 1)) - (random.next() % 8 == 0 ? 1 : 0)
        let count = s >= 0 && s < sections ? data[s].count : 1
        return RowPath(
          s, Int(random.next() % UInt64(count + 1 + extra)) - (random.next() % 8 == 0 ? 1 : 0))
      }
      let row = crow("x", Int(random.next() % 2))
      let step: Step
      switch random.next() % 4 {
      case 0: step = .insert(at: path(extra: 1), row: row)
      case 1: step = .delete(at: path(extra: 0))
      case 2: step = .update(at: path(extra: 0), row: row)
      default: step = .move(from: path(extra: 0), to: path(extra: 1))
      }
      var after = data
      if StepApplier.apply(step, to: &after) {
        applied += 1
        let verdict = judge(data, after, step.batch)
        #expect(verdict == .valid, "\(data) \(step): \(verdict)")
        if verdict != .valid { return }
      } else {
        #expect(after == data)
        let verdict = ContractValidator.validateSteps(old: data, steps: [step], new: data)
        #expect(!verdict.isValid && verdict.step == 1, "\(data) \(step)")
      }
    }
    #expect(applied > 5_000)
  }

  // MARK: Another contract

  @Test func aBatchThatIsValidAsSteps() {
    // A step list handed over as one batch: the same delete twice.
    let update = BatchUpdate(deleteRows: [p(0, 0), p(0, 0)])
    let result = ContractValidator.validate(.batch(update), old: table("a b"), new: [[]])
    #expect(result.verdict.kind == .duplicate && result.verdict.rule == .r20)
    #expect(result.validUnder == .steps)
    #expect(
      result.advice
        == "valid as sequential steps, not as one batch: apply it step by step or convert it")
    #expect(
      result.description.hasSuffix(
        "(one batch); valid as sequential steps, not as one batch: apply it step by step or convert it"
      ))
    // Under asUIKit, UITableView merges the duplicate: R2 on iOS 12, and on
    // iOS 18 R2b (the section would hold 1 row where the data source has none).
    for (uikit, rule) in [(UIKitProfile.ios12, Rule.r2), (.ios18, .r2b)] {
      let merged = ContractValidator.validate(
        .batch(update), old: table("a b"), new: [[]],
        options: SimulationOptions(duplicates: .asUIKit, uikit: uikit))
      #expect(merged.verdict.rule == rule && merged.validUnder == .steps)
    }
  }

  @Test func stagesThatAreValidAsOneBatch() {
    // Every stage's paths written against the old and new data of the whole change.
    let stages = [
      Stage(update: BatchUpdate(deleteRows: [p(0, 0)]), data: table("b c")),
      Stage(update: BatchUpdate(deleteRows: [p(0, 2)]), data: table("b")),
    ]
    let result = ContractValidator.validate(.staged(stages), old: table("a b c"), new: table("b"))
    #expect(result.verdict.rule == .r3 && result.stage == 2)
    #expect(result.validUnder == .batch)
    #expect(
      result.advice
        == "valid as one batch, not as staged batches: apply it as one batch update or convert it")
  }

  @Test func noAdviceWhenNoContractFits() {
    let result = ContractValidator.validate(
      .batch(BatchUpdate(deleteRows: [p(0, 9)])), old: table("a"), new: [[]])
    #expect(!result.isValid && result.validUnder == nil && result.advice == nil)
    #expect(ContractValidator.validate(.steps([]), old: table("a"), new: table("a")).advice == nil)
  }

  // MARK: Reading changes under another contract

  @Test func aBatchReadAsStepsInKeyOrderWithRowsFromNew() {
    let update = BatchUpdate(
      deleteRows: [p(0, 2), p(0, 0)], insertRows: [p(0, 1)], reloadRows: [p(0, 0)],
      moveRows: [mv(p(0, 1), p(0, 0))])
    let read = ContractChanges.batch(update).read(
      as: .steps, old: table("a b c"), new: table("b x"))
    #expect(
      read
        == .steps([
          .delete(at: p(0, 2)), .delete(at: p(0, 0)), .insert(at: p(0, 1), row: Row("x")),
          .update(at: p(0, 0), row: Row("b")), .move(from: p(0, 1), to: p(0, 0)),
        ]))
    // A section reload, or an insert not in new: no reading.
    #expect(
      ContractChanges.batch(BatchUpdate(reloadSections: [0])).read(
        as: .steps, old: table("a"), new: table("a")) == nil)
    #expect(
      ContractChanges.batch(BatchUpdate(insertRows: [p(0, 4)])).read(
        as: .steps, old: table("a"), new: table("a b")) == nil)
    #expect(
      ContractChanges.batch(update).read(as: .staged, old: table("a"), new: table("b"))
        == .staged([Stage(update: update, data: table("b"))]))
  }

  @Test func stepsReadAsOneBatchOrAsStages() {
    let steps: [Step] = [
      .delete(at: p(0, 0)), .insert(at: p(0, 1), row: Row("x")),
      .update(at: p(0, 0), row: Row("y")),
      .move(from: p(0, 1), to: p(0, 0)),
    ]
    #expect(
      ContractChanges.steps(steps).read(as: .batch, old: table("a b"), new: table("x y"))
        == .batch(
          BatchUpdate(
            deleteRows: [p(0, 0)], insertRows: [p(0, 1)], reloadRows: [p(0, 0)],
            moveRows: [mv(p(0, 1), p(0, 0))])))
    guard
      case .staged(let stages)? = ContractChanges.steps(steps).read(
        as: .staged, old: table("a b"), new: table("x y"))
    else {
      Issue.record("steps always read as stages")
      return
    }
    #expect(stages.map(\.data) == [table("b"), table("b x"), table("y x"), table("x y")])
    #expect(
      ContractValidator.validateStaged(old: table("a b"), stages: stages, new: table("x y")).isValid
    )
  }

  @Test func stagesReadAsStepsTakeRowsFromEachStagesData() {
    let stages = [
      Stage(update: BatchUpdate(insertRows: [p(0, 0)]), data: table("x a")),
      Stage(update: BatchUpdate(reloadRows: [p(0, 1)]), data: [[Row("x"), crow("a", 2)]]),
    ]
    #expect(
      ContractChanges.staged(stages).read(as: .steps, old: table("a"), new: [])
        == .steps([.insert(at: p(0, 0), row: Row("x")), .update(at: p(0, 1), row: crow("a", 2))]))
  }

  // MARK: Generators of any shape

  struct DeleteEachFromTheFront: StepsDeltaGenerator {
    var name: String { "delete-each-from-the-front" }
    func steps(from old: [Row], to new: [Row]) -> [Step] {
      old.map { _ in .delete(at: RowPath(0, 0)) }
        + new.enumerated().map { .insert(at: RowPath(0, $0.offset), row: $0.element) }
    }
  }

  @Test func aStepsGeneratorUnderItsOwnContractAndUnderBatch() {
    let generator = ContractGenerator(DeleteEachFromTheFront())
    #expect(generator.contract == .steps && generator.name == "delete-each-from-the-front")
    #expect(!generator.identityOnly)
    #expect(generator.firstFailure(in: ExhaustivePairs(maxTotal: 5)).finding == nil)
    let (_, finding) = generator.firstFailure(in: ExhaustivePairs(maxTotal: 5), under: .batch)
    #expect(finding?.old == rows("a a") && finding?.new == [])
    #expect(finding?.verdict?.verdict.kind == .duplicate)
    #expect(finding?.verdict?.validUnder == .steps)
    #expect(finding?.changes == .steps([.delete(at: p(0, 0)), .delete(at: p(0, 0))]))
  }

  struct Throwing: StagedDeltaGenerator {
    var name: String { "throwing" }
    func stages(from old: [Row], to new: [Row]) throws(GeneratorError) -> [Stage] {
      throw GeneratorError(kind: .crashed, message: "signal 11")
    }
  }

  @Test func aGeneratorThatThrowsIsAFindingWithoutAVerdict() {
    let (cases, finding) = ContractGenerator(Throwing(), identityOnly: true).firstFailure(
      in: ExhaustivePairs(maxTotal: 2))
    #expect(cases == 1 && finding?.error?.kind == .crashed && finding?.verdict == nil)
  }
}

extension ContractValidatorTests {
  @Test func aReconfigureStepNeedsIOS15() {
    let steps: [Step] = [
      .update(at: p(0, 0), row: Row("x")), .reconfigure(at: p(0, 1), row: Row("y")),
    ]
    let ios18 = ContractValidator.validateSteps(old: table("a b"), steps: steps, new: table("x y"))
    #expect(ios18.isValid, "\(ios18)")
    let ios12 = ContractValidator.validateSteps(
      old: table("a b"), steps: steps, new: table("x y"), options: SimulationOptions(uikit: .ios12))
    #expect(ios12.step == 2 && ios12.verdict.kind == .exception && ios12.verdict.rule == nil)
    #expect(
      ios12.verdict.message?.hasPrefix("step 2: -[UITableView reconfigureRowsAtIndexPaths:]")
        == true)
  }
}
