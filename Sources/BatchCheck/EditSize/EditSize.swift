/// How much an update does, against the least that any valid update of the
/// same pair needs: the measure of a valid diff's waste.
///
///     let size = EditSize(
///       old: [[Row("a"), Row("b"), Row("c")]], new: [[Row("c"), Row("a"), Row("b")]],
///       update: BatchUpdate(moveRows: [
///         RowMove(from: RowPath(0, 0), to: RowPath(0, 1)), RowMove(from: RowPath(0, 1), to: RowPath(0, 2)),
///       ]))
///     size.moves         // 2
///     size.minimumMoves  // 1: only "c" must move
///     size.extraMoves    // 1
///
/// **What the update issues.** `deletes` and `inserts` count the rows the
/// update deletes and inserts, those of deleted, inserted and reloaded
/// sections included; `moves` its row moves; `reloads` its row reloads and
/// reconfigures. UIKit carries out a reload as a delete and an insert at
/// that path: a reload whose row changes identity (the old row's id
/// differs from the id the new data has where the row lands) deletes one
/// row and inserts another, so it also counts in `deletes` and `inserts`
/// (`reloadsChangingIdentity`). `unchangedReloads` counts the reloads of a
/// row that keeps both its id and its content: work that shows nothing
/// new. Section operations are counted apart as well (`sectionDeletes`,
/// `sectionInserts`, `sectionMoves`, `sectionReloads`).
///
///     // [a] -> [b], reloading row 0: b replaces a.
///     EditSize(old: [[Row("a")]], new: [[Row("b")]], update: BatchUpdate(reloadRows: [RowPath(0, 0)]))
///     // reloads 1, reloadsChangingIdentity 1, deletes 1, inserts 1, unchangedReloads 0
///
/// **The least any valid update needs.** Ids are compared as multisets: an
/// id with *a* old and *b* new rows keeps min(*a*, *b*) of them.
/// `minimumDeletes` is the old rows minus the kept ones; `minimumInserts` the
/// new rows minus the kept ones. Every valid update deletes at least
/// `minimumDeletes` rows and inserts at least `minimumInserts`, and the two
/// excesses are equal (`deletedAndInsertedAgain`; with one section a side,
/// in that section too). `minimumMoves`, for one
/// section, is the kept rows minus the length of a longest common
/// subsequence of the old and new ids: the fewest moves of any update that
/// deletes only `minimumDeletes` rows, content reloads free. Sections have
/// no identity in a case, so several sections are compared index by index:
/// in each section, the rows of an id kept there (min of its old and new
/// rows in that section) need the section's kept rows minus its longest
/// common subsequence in moves, and every other kept row changes section,
/// one move each. An update that moves whole sections can therefore issue
/// fewer row moves than `minimumMoves`. `sections` gives both halves per
/// section index.
///
/// **Content.** UIKit cannot reload a row it moves, so content changes can
/// cost moves. `minimumMovesWithoutReloads` is the fewest moves of a valid
/// update that reloads no row: rows are matched by id and content (a row
/// whose content changed is deleted and inserted), the same count
/// otherwise. `fairMinimumMoves` is the bound the move-ratio limit holds an
/// update to: the fewest moves an update needs that reloads no more rows
/// than this one. Take `[a, a′] -> [a′, a]`, one id with its two contents
/// swapped: `minimumMoves` is 0, by reloading both rows in place; with no
/// reload one move is needed, so an update with one move and no reload
/// has `fairMinimumMoves` 1 and no extra move.
///
/// With repeated ids the longest common subsequence is exact while the
/// matching pairs (old row, new row of the same id) number at most
/// `pairBudget`; past it, `minimumMoves` and `minimumMovesWithoutReloads`
/// are upper bounds and `minimumMovesIsBound` is true. Never a wrong number.
///
/// **Totals.** `+` adds records case by case. The excesses
/// (`deletedAndInsertedAgain`, `extraMoves`, `unneededDeletes`) are each
/// case's own, added up: a case below a minimum never hides another's
/// waste.
///
/// An update index out of range is not counted: the record is meant for
/// valid updates, and never traps on others.
public struct EditSize: Hashable, Sendable {
  /// The matching pairs up to which `minimumMoves` is exact with repeated ids.
  public static let defaultPairBudget = 4_000_000

  /// Rows the update deletes (old space), those of deleted and reloaded
  /// sections and the old rows of reloads that change identity included.
  public package(set) var deletes = 0
  /// Rows the update inserts (new space), those of inserted and reloaded
  /// sections and the new rows of reloads that change identity included.
  public package(set) var inserts = 0
  /// Row moves the update issues.
  public package(set) var moves = 0
  /// Row reloads and reconfigures the update issues.
  public package(set) var reloads = 0
  /// Reloads and reconfigures of rows whose id and content are the same on
  /// both sides: work that shows nothing new.
  public package(set) var unchangedReloads = 0
  /// Reloads and reconfigures of a row whose id differs from the id the new
  /// data has where the row lands: each deletes the old row and inserts
  /// another, and counts in `deletes` and `inserts` too.
  public package(set) var reloadsChangingIdentity = 0
  /// Sections the update deletes.
  public package(set) var sectionDeletes = 0
  /// Sections the update inserts.
  public package(set) var sectionInserts = 0
  /// Sections the update moves.
  public package(set) var sectionMoves = 0
  /// Sections the update reloads.
  public package(set) var sectionReloads = 0
  /// The fewest rows any valid update deletes.
  public package(set) var minimumDeletes = 0
  /// The fewest rows any valid update inserts.
  public package(set) var minimumInserts = 0
  /// The fewest row moves of any valid update that deletes only
  /// `minimumDeletes` rows, rows matched by id with content reloads free
  /// (sections compared index by index); an upper bound when
  /// `minimumMovesIsBound`.
  public package(set) var minimumMoves = 0
  /// The fewest row moves of a valid update that reloads no row, rows
  /// matched by id and content (sections compared index by index); an upper
  /// bound when `minimumMovesIsBound`.
  public package(set) var minimumMovesWithoutReloads = 0
  /// The fewest row moves an update needs that reloads no more rows than
  /// this one: the bound of `CheckOptions.maxMoveRatio`. `minimumMoves`,
  /// unless matching rows by id and content costs more moves
  /// (`minimumMovesWithoutReloads` is larger, which takes repeated ids) and
  /// the update reloads fewer rows than reaching `minimumMoves` takes; then
  /// `minimumMovesWithoutReloads`.
  public package(set) var fairMinimumMoves = 0
  /// Whether `minimumMoves` or `minimumMovesWithoutReloads` is an upper
  /// bound rather than exact: repeated ids with more matching pairs than the
  /// budget.
  public package(set) var minimumMovesIsBound = false
  /// Rows deleted and inserted again beyond the least: `deletes` minus
  /// `minimumDeletes` (equal to `inserts` minus `minimumInserts` for a
  /// valid update); over several cases, the sum of each case's own.
  public package(set) var deletedAndInsertedAgain = 0
  /// Moves beyond the fair least: `moves` minus `fairMinimumMoves`, or 0;
  /// over several cases, the sum of each case's own.
  public package(set) var extraMoves = 0
  /// Rows deleted and inserted again that `CheckOptions.rejectsUnneededDeletes`
  /// holds against the update: `deletes` minus `minimumDeletes` and the kept
  /// rows whose content changed, or 0; over several cases, the sum of each
  /// case's own.
  public package(set) var unneededDeletes = 0
  /// The cases with unneeded deletes (`unneededDeletes` above 0): those
  /// `CheckOptions.rejectsUnneededDeletes` fails. 1 or 0 for one case.
  public package(set) var casesWithUnneededDeletes = 0
  /// The cases with extra moves (`extraMoves` above 0): those a
  /// `CheckOptions.maxMoveRatio` of 1 fails. 1 or 0 for one case.
  public package(set) var casesWithExtraMoves = 0
  /// Both halves per section index, from 0 to the larger section count;
  /// empty for totals over several cases and for staged or sequential
  /// changes.
  public package(set) var sections: [SectionEditSize] = []

  /// A record with every count 0, to add records to.
  public init() {}

  /// The record of `update` from `old` to `new`.
  ///
  /// - Parameters:
  ///   - old: the old sections.
  ///   - new: the new sections.
  ///   - update: the update, old-space deletes, reloads and move sources,
  ///     new-space inserts and move destinations.
  ///   - pairBudget: the matching pairs up to which the minimum is exact
  ///     with repeated ids.
  /// - Complexity: O((*n* + *m* + *u*) log *n*) for distinct ids, where *n*
  ///   and *m* are the old and new rows and *u* the update's operations;
  ///   with repeated ids, O((*n* + *m* + *u* + *r*) log *n*), *r* ≤
  ///   `pairBudget` the matching pairs.
  public init(
    old: [[Row]], new: [[Row]], update: BatchUpdate, pairBudget: Int = EditSize.defaultPairBudget
  ) {
    var workspace = Workspace()
    self.init(old: old, new: new, update: update, pairBudget: pairBudget, workspace: &workspace)
  }

  /// The record of `update` from `old` to `new` (`init(old:new:update:pairBudget:)`),
  /// numbered and measured in `workspace`'s memory: a run measuring case
  /// after case allocates little once it has grown.
  ///
  /// - Parameter numbered: whether `workspace.dense` holds this case's
  ///   numbers already (`DenseCase.renumber(old:new:)`).
  ///   - keepsSections: whether the record keeps `sections`; without them,
  ///     as totals keep none, the per-section figures are counted in
  ///     `workspace`'s memory and let go.
  package init(
    old: borrowing [[Row]], new: borrowing [[Row]], update: borrowing BatchUpdate,
    pairBudget: Int = EditSize.defaultPairBudget, workspace: inout Workspace,
    numbered: Bool = false, keepsSections: Bool = true
  ) {
    var perSection = workspace.takeSections(Self.sectionCount(old, new))
    issued(old: old, new: new, update: update, into: &perSection)
    measureLeast(
      old: old, new: new, into: &perSection, pairBudget: pairBudget, workspace: &workspace,
      numbered: numbered)
    if keepsSections {
      sections = perSection
    } else {
      workspace.sections = perSection
    }
  }

  /// Sets the least any valid update needs, in total and per section
  /// (`minimum`), and then each excess, once what the update issues is
  /// known: the case numbered in `workspace` first, unless `numbered` says
  /// it holds this case's numbers already.
  mutating func measureLeast(
    old: [[Row]], new: [[Row]], into sections: inout [SectionEditSize], pairBudget: Int,
    workspace: inout Workspace, numbered: Bool = false
  ) {
    if !numbered { workspace.dense.renumber(old: old, new: new) }
    workspace.measureMinimum(of: &self, into: &sections, pairBudget: pairBudget)
    excesses(workspace.dense)
  }

  /// Memory the edit size reuses from one case to the next: the case's
  /// numbers and the minimum's counts and table.
  package struct Workspace {
    var dense = DenseCase()
    var scratch = MinimumEdits.Scratch(distinct: 0)

    /// The per-section figures' memory, between cases that keep none.
    fileprivate var sections: [SectionEditSize] = []

    /// Memory for no case yet; it grows with the cases measured in it.
    package init() {}

    /// Empty records of sections `0..<count`, in the memory `sections` kept.
    fileprivate mutating func takeSections(_ count: Int) -> [SectionEditSize] {
      var taken: [SectionEditSize] = []
      swap(&taken, &sections)
      taken.removeAll(keepingCapacity: true)
      for section in 0..<count { taken.append(SectionEditSize(section: section)) }
      return taken
    }

    /// `EditSize.minimum` of the case `dense` holds, in `scratch`'s memory
    /// (the numbers read in place, not copied).
    fileprivate mutating func measureMinimum(
      of size: inout EditSize, into sections: inout [SectionEditSize], pairBudget: Int
    ) {
      size.minimum(dense, pairBudget: pairBudget, into: &sections, scratch: &scratch)
    }
  }

  /// The larger of the two section counts.
  static func sectionCount(_ old: [[Row]], _ new: [[Row]]) -> Int {
    max(old.count, new.count)
  }

  /// Computes the least any valid update needs, in total and per section:
  /// rows matched by id, then by id and content.
  mutating func minimum(
    _ dense: DenseCase, pairBudget: Int, into sections: inout [SectionEditSize],
    scratch: inout MinimumEdits.Scratch
  ) {
    // Rows number at least as many as ids: one memory serves both measures.
    scratch.prepare(distinct: dense.distinctRows)
    var byID = MinimumEdits(
      dense, byRows: false, sections: sections.count, pairBudget: pairBudget, scratch: &scratch)
    minimumMovesIsBound = byID.isBound
    for index in sections.indices {
      sections[index].minimumDeletes = byID.deletes(index)
      sections[index].minimumInserts = byID.inserts(index)
      sections[index].minimumMoves = byID.moves(index)
      sections[index].minimumMovesWithoutReloads = byID.moves(index)
    }
    (minimumDeletes, minimumInserts, minimumMoves) = byID.totals
    minimumMovesWithoutReloads = minimumMoves
    byID.recycle(into: &scratch)
    // Rows matched by id and content: one number per distinct row.
    guard Self.contentMatters(dense, scratch: &scratch) else { return }
    var byRow = MinimumEdits(
      dense, byRows: true, sections: sections.count, pairBudget: pairBudget, scratch: &scratch)
    if byRow.isBound { minimumMovesIsBound = true }
    for index in sections.indices {
      sections[index].minimumMovesWithoutReloads = byRow.moves(index)
    }
    minimumMovesWithoutReloads = byRow.totals.moves
    byRow.recycle(into: &scratch)
    if minimumMovesWithoutReloads > minimumMoves {
      reloadsForMinimumMoves = Self.reloadsOnCommonIDs(dense, pairBudget: pairBudget)
    }
  }

  /// Whether some id has, on the two sides, rows of different contents:
  /// only then can matching rows by content change the minimum. Ids and
  /// rows come numbered (`DenseNumbers`): a row's number stands for its id
  /// and content. Counted in `scratch`'s memory, left as it was found.
  ///
  /// - Complexity: O(*n* + *m*), where *n* and *m* are the old and new
  ///   rows; O(1) when each id has one content.
  private static func contentMatters(_ dense: DenseCase, scratch: inout MinimumEdits.Scratch)
    -> Bool
  {
    // With one content per id, no id's contents can differ.
    guard dense.distinctRows > dense.distinctIDs else { return false }
    // Per old id: 0 unseen, its one row's number + 1, or -1 for several
    // (`scratch.oldCounts`, all 0 between uses, reset before returning).
    var matters = false
    let (ids, rows) = (dense.ids, dense.rowNumbers)
    scratch.oldCounts.withUnsafeMutableBufferPointer { rowOfID in
      for index in dense.oldRange {
        let (id, row) = (ids[index], rows[index])
        let seen = rowOfID[id]
        if seen == 0 {
          rowOfID[id] = row + 1
        } else if seen != row + 1 {
          rowOfID[id] = -1
        }
      }
      for index in dense.newRange where rowOfID[ids[index]] != 0 {
        if rowOfID[ids[index]] != rows[index] + 1 {
          matters = true
          break
        }
      }
      for index in dense.oldRange { rowOfID[ids[index]] = 0 }
    }
    return matters
  }

  /// The rows whose content changed on a longest common subsequence of ids,
  /// per section: what an update reaching `minimumMoves` by leaving those
  /// rows in place reloads. Two rows of one id differ in content when their
  /// row numbers differ.
  private static func reloadsOnCommonIDs(_ dense: DenseCase, pairBudget: Int) -> Int {
    var reloads = 0
    let (ids, rows) = (dense.ids, dense.rowNumbers)
    for index in 0..<min(dense.oldSections, dense.newSections) {
      let (old, new) = (dense.old(index), dense.new(index))
      let common = CommonSubsequence(
        dense: Array(ids[old]), Array(ids[new]), distinct: dense.distinctIDs,
        budget: pairBudget, pairs: true)
      for pair in common.pairs
      where rows[old.lowerBound + pair.old] != rows[new.lowerBound + pair.new] {
        reloads += 1
      }
    }
    return reloads
  }

  /// The reloads that reach `minimumMoves`, when matching by content costs
  /// more moves; 0 otherwise.
  var reloadsForMinimumMoves = 0

  /// Sets the fair bound and each excess, once issued and minimum are known.
  mutating func excesses(_ dense: DenseCase) {
    let keptReloads = reloads - reloadsChangingIdentity
    fairMinimumMoves =
      minimumMovesWithoutReloads > minimumMoves && keptReloads < reloadsForMinimumMoves
      ? minimumMovesWithoutReloads : minimumMoves
    deletedAndInsertedAgain = max(0, deletes - minimumDeletes)
    extraMoves = max(0, moves - fairMinimumMoves)
    if deletedAndInsertedAgain > 0 {
      unneededDeletes = max(0, deletedAndInsertedAgain - dense.changedRows)
    }
    casesWithUnneededDeletes = unneededDeletes > 0 ? 1 : 0
    casesWithExtraMoves = extraMoves > 0 ? 1 : 0
  }

  /// Rows deleted and inserted again beyond the least: `deletedAndInsertedAgain`.
  public var rowsDeletedAndInsertedAgain: Int { deletedAndInsertedAgain }

  /// The moves issued per move needed (`fairMinimumMoves`): nil when none
  /// is needed.
  public var moveRatio: Double? {
    fairMinimumMoves > 0 ? Double(moves) / Double(fairMinimumMoves) : nil
  }

  /// The totals of two records: every count added (each excess the sum of
  /// the two records' own), `minimumMovesIsBound` when either is, and no
  /// per-section figures.
  public static func + (lhs: EditSize, rhs: EditSize) -> EditSize {
    var total = EditSize()
    total.deletes = lhs.deletes &+ rhs.deletes
    total.inserts = lhs.inserts &+ rhs.inserts
    total.moves = lhs.moves &+ rhs.moves
    total.reloads = lhs.reloads &+ rhs.reloads
    total.unchangedReloads = lhs.unchangedReloads &+ rhs.unchangedReloads
    total.reloadsChangingIdentity = lhs.reloadsChangingIdentity &+ rhs.reloadsChangingIdentity
    total.sectionDeletes = lhs.sectionDeletes &+ rhs.sectionDeletes
    total.sectionInserts = lhs.sectionInserts &+ rhs.sectionInserts
    total.sectionMoves = lhs.sectionMoves &+ rhs.sectionMoves
    total.sectionReloads = lhs.sectionReloads &+ rhs.sectionReloads
    total.minimumDeletes = lhs.minimumDeletes &+ rhs.minimumDeletes
    total.minimumInserts = lhs.minimumInserts &+ rhs.minimumInserts
    total.minimumMoves = lhs.minimumMoves &+ rhs.minimumMoves
    total.minimumMovesWithoutReloads =
      lhs.minimumMovesWithoutReloads &+ rhs.minimumMovesWithoutReloads
    total.fairMinimumMoves = lhs.fairMinimumMoves &+ rhs.fairMinimumMoves
    total.minimumMovesIsBound = lhs.minimumMovesIsBound || rhs.minimumMovesIsBound
    total.deletedAndInsertedAgain = lhs.deletedAndInsertedAgain &+ rhs.deletedAndInsertedAgain
    total.extraMoves = lhs.extraMoves &+ rhs.extraMoves
    total.unneededDeletes = lhs.unneededDeletes &+ rhs.unneededDeletes
    total.casesWithUnneededDeletes = lhs.casesWithUnneededDeletes &+ rhs.casesWithUnneededDeletes
    total.casesWithExtraMoves = lhs.casesWithExtraMoves &+ rhs.casesWithExtraMoves
    return total
  }
}

/// One section's share of an `EditSize`: what the update issues there
/// (deletes and reloads in old section `section`, inserts and moves into new
/// section `section`) and the least it needs there.
public struct SectionEditSize: Hashable, Sendable {
  /// The section's index, in both spaces.
  public let section: Int
  /// Rows deleted from old section `section`, the whole section when deleted
  /// or reloaded, old rows of reloads that change identity included.
  public package(set) var deletes = 0
  /// Rows inserted into new section `section`, the whole section when
  /// inserted or reloaded, new rows of reloads that change identity included.
  public package(set) var inserts = 0
  /// Row moves into new section `section`.
  public package(set) var moves = 0
  /// Row reloads and reconfigures in old section `section`.
  public package(set) var reloads = 0
  /// Those reloads whose row has the same id and content on both sides.
  public package(set) var unchangedReloads = 0
  /// The fewest rows deleted from it.
  public package(set) var minimumDeletes = 0
  /// The fewest rows inserted into it.
  public package(set) var minimumInserts = 0
  /// The fewest row moves into it.
  public package(set) var minimumMoves = 0
  /// The fewest row moves into it of an update that reloads no row (rows
  /// matched by id and content).
  public package(set) var minimumMovesWithoutReloads = 0

  /// An empty record of section `section`.
  package init(section: Int) { self.section = section }
}
