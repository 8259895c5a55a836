/// Checks changes against the contract they claim: one batch, staged
/// batches or sequential steps (<doc:Contracts>).
///
///     // DifferenceKit-style: reload a, then move it, in two stages.
///     let old = [[Row(id: "a", content: 1), Row("b")]]
///     let new = [[Row("b"), Row(id: "a", content: 2)]]
///     let stages = [
///       Stage(update: BatchUpdate(reloadRows: [RowPath(0, 0)]),
///             data: [[Row(id: "a", content: 2), Row("b")]]),
///       Stage(update: BatchUpdate(moveRows: [RowMove(from: RowPath(0, 0), to: RowPath(0, 1))]),
///             data: new),
///     ]
///     ContractValidator.validateStaged(old: old, stages: stages, new: new).isValid  // true
///
/// Every verdict reuses the simulator's kinds and rules; when the changes
/// fail, `validate` also tries them under the other contracts and says so
/// (`ContractVerdict.advice`).
public enum ContractValidator {
  /// Judges `changes` under their own contract and, when they fail, looks
  /// for another contract under which the same changes are valid.
  ///
  ///     ContractValidator.validate(
  ///       .batch(BatchUpdate(deleteRows: [RowPath(0, 0), RowPath(0, 0)])),
  ///       old: [[Row("a"), Row("b")]], new: [[]]).advice
  ///     // "valid as sequential steps, not as one batch: apply it step by step or convert it"
  ///
  /// - Parameters:
  ///   - changes: a batch update, stages or steps.
  ///   - old: the data before the changes, as UIKit last cached it.
  ///   - new: the data the data source returns after all the changes.
  ///   - options: view semantics, duplicates policy and identity-only mode.
  /// - Returns: the verdict, with `validUnder` set when another contract fits.
  /// - Complexity: at most three times that of the validator for the
  ///   changes' contract (the changes are tried under each other contract
  ///   only when they fail).
  public static func validate(
    _ changes: ContractChanges, old: [[Row]], new: [[Row]], options: SimulationOptions = .default
  ) -> ContractVerdict {
    var result = judge(changes, old: old, new: new, options: options)
    guard !result.isValid else { return result }
    let others: [Contract]
    switch changes.contract {
    case .batch: others = [.steps]
    case .steps: others = [.batch]
    case .staged: others = [.batch, .steps]
    }
    for other in others {
      if other == .steps, case .batch(let update) = changes,
        !stepsMayReach(new, from: old, update: update)
      {
        continue
      }
      guard let read = changes.read(as: other, old: old, new: new) else { continue }
      // A batch's steps were counted from the update above; staged changes'
      // steps are counted once read.
      if case .staged = changes, case .steps(let steps) = read,
        !stepsMayReach(new, from: old, steps: steps)
      {
        continue
      }
      if judge(read, old: old, new: new, options: options).isValid {
        result.validUnder = other
        break
      }
    }
    return result
  }

  /// False when `steps` cannot take `old` to `new`, whatever they do: the
  /// rows and sections they insert and delete do not add up to `new`'s
  /// counts. Every step applied changes the counts by its own amount, and a
  /// step not applied makes the steps invalid, so such steps are invalid
  /// without being run (a huge batch of moves missing one delete, read as
  /// steps, is not applied a move at a time). True when a section delete,
  /// whose count depends on the data, leaves the answer open.
  ///
  /// - Complexity: O(*k* + *s*), where *k* is the number of steps and *s*
  ///   the number of sections.
  static func stepsMayReach(_ new: [[Row]], from old: [[Row]], steps: [Step]) -> Bool {
    var rows = old.reduce(0) { $0 + $1.count }
    var sections = old.count
    for step in steps {
      switch step {
      case .insert: rows += 1
      case .delete: rows -= 1
      case .move, .update, .reconfigure, .moveSection: break
      case .insertSection(_, let inserted):
        rows += inserted.count
        sections += 1
      case .deleteSection: return true
      }
    }
    return sections == new.count && rows == new.reduce(0) { $0 + $1.count }
  }

  /// `stepsMayReach(_:from:steps:)` for the steps a batch update reads as
  /// (`ContractChanges.read(as:old:new:)`), counted without building them.
  static func stepsMayReach(_ new: [[Row]], from old: [[Row]], update: BatchUpdate) -> Bool {
    guard update.deleteSections.isEmpty else { return true }
    var rows = old.reduce(0) { $0 + $1.count } + update.insertRows.count - update.deleteRows.count
    for section in update.insertSections where new.indices.contains(section) {
      rows += new[section].count
    }
    return old.count + update.insertSections.count == new.count
      && rows == new.reduce(0) { $0 + $1.count }
  }

  /// Judges `changes` under their own contract only, without looking for
  /// another one.
  ///
  /// - Complexity: that of `validateBatch`, `validateStaged` or `validateSteps`.
  public static func judge(
    _ changes: ContractChanges, old: [[Row]], new: [[Row]], options: SimulationOptions = .default
  ) -> ContractVerdict {
    switch changes {
    case .batch(let update):
      return validateBatch(old: old, update: update, new: new, options: options)
    case .staged(let stages):
      return validateStaged(old: old, stages: stages, new: new, options: options)
    case .steps(let steps): return validateSteps(old: old, steps: steps, new: new, options: options)
    }
  }

  /// One UIKit batch: the simulated table's verdict, as a contract verdict.
  ///
  ///     ContractValidator.validateBatch(
  ///       old: [[Row("a")]], update: BatchUpdate(insertRows: [RowPath(0, 1)]),
  ///       new: [[Row("a"), Row("b")]]).isValid  // true
  ///
  /// - Complexity: O(*n* + *k* log *k*), where *n* is the number of rows in
  ///   both states and *k* the number of operations.
  public static func validateBatch(
    old: [[Row]], update: BatchUpdate, new: [[Row]], options: SimulationOptions = .default
  ) -> ContractVerdict {
    let verdict = SimulatedTableView(old, options: options).performBatchUpdates(
      update, dataSource: new)
    return ContractVerdict(contract: .batch, identityOnly: options.identityOnly, verdict: verdict)
  }

  /// Staged batches: each stage is one UIKit batch from the previous stage's
  /// data (the first from `old`) to the stage's own data, judged by the
  /// simulated table (so a stage whose declared data does not match what the
  /// table then shows gets C1 or C2); then the last stage's data must equal
  /// `new` (identities, and contents unless identity-only).
  ///
  ///     ContractValidator.validateStaged(
  ///       old: [[Row("a"), Row("b")]],
  ///       stages: [Stage(update: BatchUpdate(deleteRows: [RowPath(0, 0)]), data: [[Row("a")]])],
  ///       new: [[Row("a")]]).verdict.description
  ///     // wrongRows C1: stage 1: row {length = 2, path = 0 - 0} shows "b" (old
  ///     // {length = 2, path = 0 - 1}) but the data source has "a" there
  ///
  /// No stage at all is valid exactly when `old` equals `new`.
  ///
  /// - Parameters:
  ///   - old: the data before the first stage.
  ///   - stages: the stages, first to last.
  ///   - new: the data after all of them.
  ///   - options: view semantics, duplicates policy and identity-only mode.
  /// - Returns: the first failing stage's verdict (message `stage N: ...`,
  ///   `stage` = N), or the final comparison's (`after the last stage (N): ...`).
  /// - Complexity: O(Σ (*n*ᵢ + *k*ᵢ log *k*ᵢ)), where *n*ᵢ is the number of
  ///   rows before and after stage *i* and *k*ᵢ its number of operations.
  public static func validateStaged(
    old: [[Row]], stages: [Stage], new: [[Row]], options: SimulationOptions = .default
  ) -> ContractVerdict {
    var previous = old
    for (index, stage) in stages.enumerated() {
      let verdict = SimulatedTableView(previous, options: options)
        .performBatchUpdates(stage.update, dataSource: stage.data)
      if !verdict.isValid {
        return ContractVerdict(
          contract: .staged, identityOnly: options.identityOnly,
          verdict: verdict.at("stage \(index + 1)"), stage: index + 1)
      }
      previous = stage.data
    }
    let place = stages.isEmpty ? "with no stage" : "after the last stage (\(stages.count))"
    let verdict = compare(
      shown: previous, expected: new, options: options,
      unrefreshed: "the last stage's data does not have it")
    return ContractVerdict(
      contract: .staged, identityOnly: options.identityOnly,
      verdict: verdict.isValid ? verdict : verdict.at(place))
  }

  /// Sequential steps: each applied in order to the data as the previous
  /// step left it (the first to `old`); then the rows must equal `new`
  /// (identities, and contents unless identity-only).
  ///
  ///     ContractValidator.validateSteps(
  ///       old: [[Row("a"), Row("b"), Row("c")]],
  ///       steps: [.delete(at: RowPath(0, 0)), .delete(at: RowPath(0, 0))],
  ///       new: [[Row("c")]]).isValid  // true
  ///
  /// A step out of range is judged as UIKit would judge it: as a batch of
  /// that one operation against the data with the counts the step asks for,
  /// so it gets UIKit's rule and text (R3/R4 for a delete or an update, R6/R7
  /// for an insert, R13/R14 for a move, R22 for a negative index; a section
  /// step gets the section rules, a section insert adding its section to the
  /// counts). Section steps insert, delete and move whole sections, and a row
  /// move may cross sections (`Step`). Only a row
  /// index of `NSNotFound` (`Int.max`) in an update can pass UIKit (it reads
  /// as a section reload, pass 0 of the check order); it is `wrongRows` (C1), out of range.
  /// A step in range is one operation UIKit always accepts, and is applied.
  ///
  /// - Parameters:
  ///   - old: the data before the first step.
  ///   - steps: the steps, first to last.
  ///   - new: the data after all of them.
  ///   - options: view semantics, duplicates policy and identity-only mode.
  /// - Returns: the first out-of-range step's verdict (message `step N: ...`,
  ///   `step` = N), or the final comparison's (`after the last step (N): ...`,
  ///   with the first differing path).
  /// - Complexity: O(*n* + *k* × (log *n* + 1,024)) amortized, where *k* is
  ///   the number of steps and *n* the number of rows: sections are held as
  ///   `ChunkedRows`, so a step shifts the rows of one chunk of at most
  ///   1,024, not of its whole section.
  public static func validateSteps(
    old: [[Row]], steps: [Step], new: [[Row]], options: SimulationOptions = .default
  ) -> ContractVerdict {
    var counter = OperationCounter()
    return validateSteps(old: old, steps: steps, new: new, options: options, counter: &counter)
  }

  /// Why UIKit raises nothing for a step out of range: its path's row is
  /// NSNotFound, which UIKit reads as a section operation, or it reloads or
  /// reconfigures a row that has no cell, which iOS 18 ignores.
  static func whyUIKitAccepts(_ step: Step) -> String {
    switch step {
    case .update, .reconfigure:
      if case .update(let at, _) = step, at.row == UIKitMessages.notFound {
        return "UIKit reads it as a section operation"
      }
      return "UIKit ignores a reload or reconfigure of a row that has no cell"
    default:
      return "UIKit reads it as a section operation"
    }
  }

  /// `validateSteps`, counting the rows it looks at and shifts, so that
  /// tests can prove its cost without timing it.
  static func validateSteps(
    old: [[Row]], steps: [Step], new: [[Row]], options: SimulationOptions,
    counter: inout OperationCounter
  ) -> ContractVerdict {
    var sections = old.map(ChunkedRows.init)
    defer { counter.add(sections.reduce(0) { $0 + $1.work }) }
    let hasReconfigure = options.rules.hasReconfigure
    for (index, step) in steps.enumerated() {
      counter.add()
      if case .reconfigure = step, !hasReconfigure {
        // A profile without reconfigure raises at the call, in range or not.
        let data = sections.map(\.rows)
        let verdict = SimulatedTableView(data, options: options)
          .performBatchUpdates(step.batch, dataSource: data)
        return ContractVerdict(
          contract: .steps, identityOnly: options.identityOnly,
          verdict: verdict.at("step \(index + 1)"), step: index + 1)
      }
      if StepApplier.apply(step, to: &sections) { continue }
      let data = sections.map(\.rows)
      var verdict = SimulatedTableView(data, options: options)
        .performBatchUpdates(
          step.batch, dataSource: StepApplier.dataSource(outOfRange: step, data: data))
      if verdict.isValid {
        let item = step.isSectionStep ? "section" : options.semantics == .tableView ? "row" : "item"
        verdict = Verdict(
          kind: .wrongRows, rule: .c1,
          message:
            "\(step) is out of range: the data has no \(item) there (\(Self.whyUIKitAccepts(step)))"
        )
      }
      return ContractVerdict(
        contract: .steps, identityOnly: options.identityOnly,
        verdict: verdict.at("step \(index + 1)"), step: index + 1)
    }
    let place = steps.isEmpty ? "with no step" : "after the last step (\(steps.count))"
    let verdict = compare(
      shown: sections.map(\.rows), expected: new, options: options,
      unrefreshed: "no step updated it")
    return ContractVerdict(
      contract: .steps, identityOnly: options.identityOnly,
      verdict: verdict.isValid ? verdict : verdict.at(place))
  }

  /// Compares the rows a table shows with the data source's: section count,
  /// then each section's rows in order, identity first (C1) and then content
  /// (C2, unless identity-only). The first wrong row anywhere wins over any
  /// stale one, as in the simulator's row check.
  ///
  /// - Parameter unrefreshed: why a stale row is stale, for the C2 message.
  /// - Complexity: O(*n*), where *n* is the number of rows.
  static func compare(
    shown: [[Row]], expected: [[Row]], options: SimulationOptions, unrefreshed: String
  ) -> Verdict {
    let item = options.semantics == .tableView ? "row" : "item"
    guard shown.count == expected.count else {
      return Verdict(
        kind: .wrongRows, rule: .c1,
        message: "the table has \(shown.count) sections but the data source has \(expected.count)")
    }
    var stale: Verdict?
    for section in shown.indices {
      let have = shown[section]
      let want = expected[section]
      for index in 0..<min(have.count, want.count) {
        let path = RowPath(section: section, row: index)
        let mismatch = RowMismatch(path: path, expected: want[index], shown: have[index])
        if have[index].id != want[index].id {
          return Verdict(
            kind: .wrongRows, rule: .c1,
            message:
              "\(item) \(path) shows \(have[index]) but the data source has \(want[index]) there",
            mismatch: mismatch)
        }
        if stale == nil, !options.identityOnly, have[index].content != want[index].content {
          stale = Verdict(
            kind: .staleContent, rule: .c2,
            message:
              "\(item) \(path) shows \(have[index].id) with content \(have[index].content) but the data source has content \(want[index].content): \(unrefreshed)",
            mismatch: mismatch)
        }
      }
      if have.count != want.count {
        let path = RowPath(section: section, row: min(have.count, want.count))
        return Verdict(
          kind: .wrongRows, rule: .c1,
          message:
            "section \(section) has \(have.count) \(item)s but the data source has \(want.count): \(item) \(path) \(have.count < want.count ? "is missing" : "is one too many")"
        )
      }
    }
    return stale ?? .valid
  }
}

/// Applies steps to sections of rows, and builds the data a step out of
/// range is judged against.
enum StepApplier {
  /// Applies `step` to `data` and returns true when every index is in range;
  /// otherwise leaves `data` as it is and returns false.
  ///
  ///     var data = [[Row("a")]]
  ///     StepApplier.apply(.insert(at: RowPath(0, 1), row: Row("b")), to: &data)  // true, [[a b]]
  ///     StepApplier.apply(.delete(at: RowPath(0, 5)), to: &data)                 // false
  ///     StepApplier.apply(.insertSection(at: 0, rows: []), to: &data)           // true, [[] [a b]]
  ///
  /// - Parameter data: sections of rows: plain arrays, or `ChunkedRows`
  ///   for long runs of steps.
  /// - Complexity: that of one insert and one remove in `Rows`: O(*n*) for
  ///   an array, where *n* is the number of rows of the sections touched.
  static func apply<Rows: StepRows>(_ step: Step, to data: inout [Rows]) -> Bool {
    func hasSection(_ section: Int) -> Bool { section >= 0 && section < data.count }
    func holds(_ path: RowPath) -> Bool {
      hasSection(path.section) && path.row >= 0 && path.row < data[path.section].count
    }
    switch step {
    case .insert(let at, let row):
      guard hasSection(at.section), at.row >= 0, at.row <= data[at.section].count else {
        return false
      }
      data[at.section].insert(row, at: at.row)
    case .delete(let at):
      guard holds(at) else { return false }
      data[at.section].remove(at: at.row)
    case .update(let at, let row), .reconfigure(let at, let row):
      guard holds(at) else { return false }
      data[at.section][at.row] = row
    case .move(let from, let to):
      guard holds(from), hasSection(to.section) else { return false }
      let countAfter = data[to.section].count + (from.section == to.section ? 0 : 1)
      guard to.row >= 0, to.row < countAfter else { return false }
      let row = data[from.section].remove(at: from.row)
      data[to.section].insert(row, at: to.row)
    case .insertSection(let at, let rows):
      guard at >= 0, at <= data.count else { return false }
      data.insert(Rows(rows), at: at)
    case .deleteSection(let at):
      guard hasSection(at) else { return false }
      data.remove(at: at)
    case .moveSection(let from, let to):
      guard hasSection(from), hasSection(to) else { return false }
      data.insert(data.remove(at: from), at: to)
    }
    return true
  }

  /// The data an app would hand UIKit after a step out of range: `data` with
  /// the row counts the step asks for, as far as its sections exist (an
  /// insert adds a row at the end of its section, a move whose source exists
  /// takes it to the end of its destination section, a section insert adds
  /// its section at the end; deletes, updates and section moves, whose
  /// out-of-range index UIKit reports before it counts, change nothing).
  ///
  /// - Complexity: O(*n*), where *n* is the number of rows.
  static func dataSource(outOfRange step: Step, data: [[Row]]) -> [[Row]] {
    var result = data
    func hasSection(_ section: Int) -> Bool { section >= 0 && section < data.count }
    switch step {
    case .insert(let at, let row):
      if hasSection(at.section) { result[at.section].append(row) }
    case .move(let from, let to):
      if hasSection(from.section), from.row >= 0, from.row < data[from.section].count,
        hasSection(to.section)
      {
        let row = result[from.section].remove(at: from.row)
        result[to.section].append(row)
      }
    case .insertSection(_, let rows):
      result.append(rows)
    case .delete, .update, .reconfigure, .deleteSection, .moveSection:
      break
    }
    return result
  }
}
