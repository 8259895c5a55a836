/// The shape in which a diff hands over its changes, and so how they are
/// judged (design item 7; <doc:Contracts>).
///
///     Contract(rawValue: "steps")  // .steps
///
/// Diff libraries do not all speak one contract, and most crashes reported
/// against them are contract mix-ups: a batch delta applied step by step, or
/// a step list applied as one batch. BatchCheck checks a generator against
/// the contract it claims.
public enum Contract: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// One UIKit batch update: deletes, reloads and move sources in the old
  /// space, inserts and move destinations in the new space (IGListKit-style).
  case batch
  /// An ordered list of batches, each with the data it leads to; each stage
  /// is one UIKit batch from the previous stage's data (the first from old),
  /// and the last stage's data must be the new data (DifferenceKit's
  /// `StagedChangeset`, RxDataSources).
  case staged
  /// Insert, delete, move and update steps, each index relative to the data
  /// as the previous step left it (Differ's patches, Dwifft's steps, Android
  /// DiffUtil's callbacks, `CollectionDifference` applied change by change).
  case steps

  /// How a report names it: `one batch`, `staged batches`, `sequential steps`.
  public var description: String {
    switch self {
    case .batch: return "one batch"
    case .staged: return "staged batches"
    case .steps: return "sequential steps"
    }
  }
}

/// One stage of a staged changeset: a UIKit batch update and the data the
/// table must show after it.
///
///     Stage(update: BatchUpdate(deleteRows: [RowPath(0, 0)]), data: [[Row("b")]])
///
/// The update's deletes, reloads and move sources are paths in the previous
/// stage's data (the old data for the first stage); its inserts and move
/// destinations are paths in `data`. Staged changesets exist because some
/// combinations crash UIKit in one batch (a reload and a move of one row,
/// R11): DifferenceKit splits them into updates, then deletes, then inserts
/// and moves, each stage a batch of its own.
public struct Stage: Hashable, Sendable {
  /// The batch update of this stage: old space = the previous stage's data,
  /// new space = `data`.
  public var update: BatchUpdate
  /// The sections of rows the data source returns after this stage.
  public var data: [[Row]]

  /// Creates a stage; nothing is checked here.
  public init(update: BatchUpdate, data: [[Row]]) {
    self.update = update
    self.data = data
  }
}

/// One change of a sequential edit script, each index relative to the data
/// as the previous step left it (the old data for the first step).
///
///     let steps: [Step] = [
///       .delete(at: RowPath(0, 0)),                    // [a b c] -> [b c]
///       .insert(at: RowPath(0, 2), row: Row("d")),     // [b c] -> [b c d]
///       .move(from: RowPath(0, 0), to: RowPath(0, 1)), // [b c d] -> [c b d]
///     ]
///
/// Section steps insert, delete and move whole sections, as Differ's nested
/// "extended diff" does (`insertSection`, `deleteSection`, `moveSection`);
/// a row move may cross sections. Each step carries the rows it inserts or
/// updates: a DiffUtil-style step list that carries only indexes is
/// ambiguous half way through (which row does the insert at 3 hold, when
/// the final data has another row at 3?), so the generator says which row
/// it meant. An inserted section carries all its rows.
///
/// Every step is also one UIKit call outside a batch, that is a batch of one
/// operation (<doc:UIKitRules>, index spaces); a step out of range is judged as that batch would
/// be, with UIKit's text.
public enum Step: Hashable, Sendable, CustomStringConvertible {
  /// Inserts `row` so that it ends up at `at`, a path in the data as this
  /// step leaves it (`insertRows`).
  case insert(at: RowPath, row: Row)
  /// Deletes the row at `at`, a path in the data as the previous step left it
  /// (`deleteRows`).
  case delete(at: RowPath)
  /// Removes the row at `from` (a path in the data as the previous step left
  /// it) and inserts it so that it ends up at `to` (a path in the data as
  /// this step leaves it), as `moveRow(at:to:)` and `Array`'s remove and
  /// insert do.
  case move(from: RowPath, to: RowPath)
  /// Replaces the row at `at` (the same path before and after this step) by
  /// `row`, and reloads its cell (`reloadRows`).
  case update(at: RowPath, row: Row)
  /// Replaces the row at `at` (the same path before and after this step) by
  /// `row`, and reconfigures its cell (`reconfigureRows`, iOS 15 and later:
  /// the `ios18` profile only).
  case reconfigure(at: RowPath, row: Row)
  /// Inserts a section holding `rows` so that it ends up at index `at`, an
  /// index in the data as this step leaves it (`insertSections`).
  case insertSection(at: Int, rows: [Row])
  /// Deletes the section at index `at`, with its rows, an index in the data
  /// as the previous step left it (`deleteSections`).
  case deleteSection(at: Int)
  /// Removes the section at `from` (an index in the data as the previous
  /// step left it) and inserts it, with its rows, so that it ends up at
  /// `to` (an index in the data as this step leaves it), as
  /// `moveSection(_:toSection:)` does.
  case moveSection(from: Int, to: Int)

  /// `insert (0, 1) "x"`, `delete (0, 0)`, `move (0, 1) -> (1, 2)`,
  /// `update (0, 0) {"id":"a","content":2}`, `insert section 1 ["x", "y"]`,
  /// `delete section 0`, `move section 0 -> 2`.
  public var description: String {
    func text(_ path: RowPath) -> String { "(\(path.section), \(path.row))" }
    switch self {
    case .insert(let at, let row): return "insert \(text(at)) \(row)"
    case .delete(let at): return "delete \(text(at))"
    case .move(let from, let to): return "move \(text(from)) -> \(text(to))"
    case .update(let at, let row): return "update \(text(at)) \(row)"
    case .reconfigure(let at, let row): return "reconfigure \(text(at)) \(row)"
    case .insertSection(let at, let rows):
      return "insert section \(at) [\(rows.map(\.description).joined(separator: ", "))]"
    case .deleteSection(let at): return "delete section \(at)"
    case .moveSection(let from, let to): return "move section \(from) -> \(to)"
    }
  }

  /// The one-operation batch update UIKit would be asked for.
  ///
  ///     Step.delete(at: RowPath(0, 2)).batch  // BatchUpdate(deleteRows: [RowPath(0, 2)])
  public var batch: BatchUpdate {
    switch self {
    case .insert(let at, _): return BatchUpdate(insertRows: [at])
    case .delete(let at): return BatchUpdate(deleteRows: [at])
    case .move(let from, let to): return BatchUpdate(moveRows: [RowMove(from: from, to: to)])
    case .update(let at, _): return BatchUpdate(reloadRows: [at])
    case .reconfigure(let at, _): return BatchUpdate(reconfigureRows: [at])
    case .insertSection(let at, _): return BatchUpdate(insertSections: [at])
    case .deleteSection(let at): return BatchUpdate(deleteSections: [at])
    case .moveSection(let from, let to):
      return BatchUpdate(moveSections: [SectionMove(from: from, to: to)])
    }
  }

  /// Whether the step inserts, deletes or moves a whole section.
  public var isSectionStep: Bool {
    switch self {
    case .insertSection, .deleteSection, .moveSection: return true
    default: return false
    }
  }

  /// The data as this step leaves `data`; nil when an index is out of range.
  ///
  ///     Step.moveSection(from: 0, to: 1).applied(to: [[Row("a")], []])  // [[], [a]]
  ///     Step.delete(at: RowPath(0, 5)).applied(to: [[Row("a")]])          // nil
  ///
  /// - Complexity: O(*n*), where *n* is the number of rows of the sections
  ///   the step touches (O(*s*) more for a section step, *s* the number of
  ///   sections).
  public func applied(to data: [[Row]]) -> [[Row]]? {
    var data = data
    return StepApplier.apply(self, to: &data) ? data : nil
  }
}

/// A generator's changes in any of the three shapes.
///
///     ContractChanges.steps([.delete(at: RowPath(0, 0))]).contract  // .steps
public enum ContractChanges: Hashable, Sendable {
  /// One batch update.
  case batch(BatchUpdate)
  /// Staged batches, first to last.
  case staged([Stage])
  /// Sequential steps, first to last.
  case steps([Step])

  /// Whether any stage or step reloads or reconfigures rows: the changes
  /// whose judgment depends on which rows have a cell.
  public var reloadsOrReconfigures: Bool {
    switch self {
    case .batch(let update): return !update.reloadRows.isEmpty || !update.reconfigureRows.isEmpty
    case .staged(let stages):
      return stages.contains { !$0.update.reloadRows.isEmpty || !$0.update.reconfigureRows.isEmpty }
    case .steps(let steps):
      return steps.contains {
        switch $0 {
        case .update, .reconfigure: return true
        default: return false
        }
      }
    }
  }

  /// Whether any stage or step reconfigures rows (iOS 15 and later).
  public var reconfiguresRows: Bool {
    switch self {
    case .batch(let update): return !update.reconfigureRows.isEmpty
    case .staged(let stages): return stages.contains { !$0.update.reconfigureRows.isEmpty }
    case .steps(let steps):
      return steps.contains {
        if case .reconfigure = $0 { return true }
        return false
      }
    }
  }

  /// The contract these changes are in.
  public var contract: Contract {
    switch self {
    case .batch: return .batch
    case .staged: return .staged
    case .steps: return .steps
    }
  }
}

extension ContractChanges {
  /// Judges these changes under `contract`, read as a user who mixed the
  /// contracts up would apply them (`read(as:old:new:)`); when they fail so
  /// but are valid under their own contract, the verdict says so
  /// (`validUnder` is their own contract, the advice to apply them that way).
  ///
  ///     ContractChanges.steps([.delete(at: RowPath(0, 0)), .delete(at: RowPath(0, 0))])
  ///       .validate(as: .batch, old: [[Row("a"), Row("b")]], new: [[]])?.advice
  ///     // "valid as sequential steps, not as one batch: apply it step by step or convert it"
  ///
  /// - Returns: the verdict; nil when the changes cannot be read under `contract`.
  /// - Complexity: that of `ContractValidator.validate`, plus one judgment
  ///   under their own contract when they fail.
  public func validate(
    as contract: Contract, old: [[Row]], new: [[Row]], options: SimulationOptions = .default
  ) -> ContractVerdict? {
    guard let read = read(as: contract, old: old, new: new) else { return nil }
    var verdict = ContractValidator.validate(read, old: old, new: new, options: options)
    if !verdict.isValid, contract != self.contract,
      ContractValidator.judge(self, old: old, new: new, options: options).isValid
    {
      verdict.validUnder = self.contract
    }
    return verdict
  }
}
