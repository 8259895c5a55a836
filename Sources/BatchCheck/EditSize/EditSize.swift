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
///
/// **What the update issues.** `deletes` and `inserts` count the rows the
/// update deletes and inserts, those of deleted and inserted sections
/// included; `moves` its row moves; `reloads` its row reloads and
/// reconfigures; `unchangedReloads` those reloads and reconfigures whose
/// row has the same id and content on both sides (every new row of that id
/// has the old row's content). Section operations are counted apart as
/// well (`sectionDeletes`, `sectionInserts`, `sectionMoves`,
/// `sectionReloads`).
///
/// **The least any valid update needs.** Ids are compared as multisets: an
/// id with *a* old and *b* new rows keeps min(*a*, *b*) of them.
/// `minimumDeletes` is the old rows minus the kept ones; `minimumInserts` the
/// new rows minus the kept ones. `minimumMoves`, for one section, is the
/// kept rows minus the length of a longest common subsequence of the old
/// and new ids: the fewest moves of any update that deletes only
/// `minimumDeletes` rows. Sections have no identity in a case, so several
/// sections are compared index by index: in each section, the rows of an id
/// kept there (min of its old and new rows in that section) need the
/// section's kept rows minus its longest common subsequence in moves, and
/// every other kept row changes section, one move each. An update that moves
/// whole sections can therefore issue fewer row moves than `minimumMoves`.
/// `sections` gives both halves per section index.
///
/// With repeated ids the longest common subsequence is exact while the
/// matching pairs (old row, new row of the same id) number at most
/// `pairBudget`; past it, `minimumMoves` is an upper bound and
/// `minimumMovesIsBound` is true. Never a wrong number.
///
/// An update index out of range is not counted: the record is meant for
/// valid updates, and never traps on others.
public struct EditSize: Hashable, Sendable {
  /// The matching pairs up to which `minimumMoves` is exact with repeated ids.
  public static let defaultPairBudget = 4_000_000

  /// Rows the update deletes (old space), those of deleted sections included.
  public package(set) var deletes = 0
  /// Rows the update inserts (new space), those of inserted sections included.
  public package(set) var inserts = 0
  /// Row moves the update issues.
  public package(set) var moves = 0
  /// Row reloads and reconfigures the update issues.
  public package(set) var reloads = 0
  /// Reloads and reconfigures of rows whose id and content are the same on
  /// both sides: work that shows nothing new.
  public package(set) var unchangedReloads = 0
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
  /// `minimumDeletes` rows (sections compared index by index); an upper
  /// bound when `minimumMovesIsBound`.
  public package(set) var minimumMoves = 0
  /// Whether `minimumMoves` is an upper bound rather than exact: repeated
  /// ids with more matching pairs than the budget.
  public package(set) var minimumMovesIsBound = false
  /// Both halves per section index, from 0 to the larger section count;
  /// empty for totals over several cases.
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
    let counts = Self.sectionCount(old, new)
    var perSection = (0..<counts).map { SectionEditSize(section: $0) }
    issued(old: old, new: new, update: update, into: &perSection)
    minimum(old: old, new: new, pairBudget: pairBudget, into: &perSection)
    sections = perSection
  }

  /// The larger of the two section counts.
  private static func sectionCount(_ old: [[Row]], _ new: [[Row]]) -> Int {
    max(old.count, new.count)
  }

  /// Counts what `update` issues, in total and per section.
  private mutating func issued(
    old: [[Row]], new: [[Row]], update: BatchUpdate, into sections: inout [SectionEditSize]
  ) {
    func oldRow(_ path: RowPath) -> Row? {
      old.indices.contains(path.section) && old[path.section].indices.contains(path.row)
        ? old[path.section][path.row] : nil
    }
    // The new rows' contents, read only when the update reloads or reconfigures.
    let newIndex =
      update.reloadRows.isEmpty && update.reconfigureRows.isEmpty ? [:] : Self.contents(of: new)
    for section in update.deleteSections where old.indices.contains(section) {
      sectionDeletes += 1
      deletes += old[section].count
      sections[section].deletes += old[section].count
    }
    for section in update.insertSections where new.indices.contains(section) {
      sectionInserts += 1
      inserts += new[section].count
      sections[section].inserts += new[section].count
    }
    for move in update.moveSections where new.indices.contains(move.to) {
      sectionMoves += 1
    }
    for section in update.reloadSections where old.indices.contains(section) {
      sectionReloads += 1
    }
    for path in update.deleteRows where oldRow(path) != nil {
      deletes += 1
      sections[path.section].deletes += 1
    }
    for path in update.insertRows
    where new.indices.contains(path.section) && new[path.section].indices.contains(path.row) {
      inserts += 1
      sections[path.section].inserts += 1
    }
    for move in update.moveRows
    where oldRow(move.from) != nil && new.indices.contains(move.to.section)
      && new[move.to.section].indices.contains(move.to.row)
    {
      moves += 1
      sections[move.to.section].moves += 1
    }
    for path in update.reloadRows + update.reconfigureRows {
      guard let row = oldRow(path) else { continue }
      reloads += 1
      sections[path.section].reloads += 1
      if case .same(let content)? = newIndex[row.id], content == row.content {
        unchangedReloads += 1
        sections[path.section].unchangedReloads += 1
      }
    }
  }

  /// Whether every new row of an id has one content, and which.
  private enum NewContent {
    case same(RowValue)
    case mixed
  }

  /// The content of every id's new rows.
  private static func contents(of new: [[Row]]) -> [RowValue: NewContent] {
    var contents: [RowValue: NewContent] = [:]
    for row in new.joined() {
      switch contents[row.id] {
      case nil: contents[row.id] = .same(row.content)
      case .same(let content)? where content != row.content: contents[row.id] = .mixed
      default: break
      }
    }
    return contents
  }

  /// Computes the least any valid update needs, in total and per section.
  private mutating func minimum(
    old: [[Row]], new: [[Row]], pairBudget: Int, into sections: inout [SectionEditSize]
  ) {
    // Per id: old and new rows in all, and the rows kept in their own section.
    var totals: [RowValue: (old: Int, new: Int, sameSection: Int)] = [:]
    var unmatchedOld: [[RowValue: Int]] = Array(repeating: [:], count: sections.count)
    var unmatchedNew: [[RowValue: Int]] = Array(repeating: [:], count: sections.count)
    for index in sections.indices {
      let oldIDs = index < old.count ? old[index].map(\.id) : []
      let newIDs = index < new.count ? new[index].map(\.id) : []
      var counts: [RowValue: (old: Int, new: Int)] = [:]
      for id in oldIDs { counts[id, default: (0, 0)].old += 1 }
      for id in newIDs { counts[id, default: (0, 0)].new += 1 }
      var matched = 0
      for (id, count) in counts {
        let kept = min(count.old, count.new)
        matched += kept
        // With one section a side no row can change section.
        guard sections.count > 1 else { continue }
        totals[id, default: (0, 0, 0)].old += count.old
        totals[id, default: (0, 0, 0)].new += count.new
        totals[id, default: (0, 0, 0)].sameSection += kept
        if count.old > kept { unmatchedOld[index][id] = count.old - kept }
        if count.new > kept { unmatchedNew[index][id] = count.new - kept }
      }
      let common = CommonSubsequence(oldIDs, newIDs, budget: pairBudget)
      if !common.exact { minimumMovesIsBound = true }
      sections[index].minimumMoves = matched - common.length
      sections[index].minimumDeletes = oldIDs.count - matched
      sections[index].minimumInserts = newIDs.count - matched
    }
    // Rows kept in another section: each a move, leaving the earliest old
    // sections with spare rows of its id and arriving in the earliest new ones.
    for (id, total) in totals {
      var crossing = min(total.old, total.new) - total.sameSection
      guard crossing > 0 else { continue }
      var leaving = crossing
      for index in sections.indices where leaving > 0 {
        let taken = min(leaving, unmatchedOld[index][id] ?? 0)
        sections[index].minimumDeletes -= taken
        leaving -= taken
      }
      for index in sections.indices where crossing > 0 {
        let taken = min(crossing, unmatchedNew[index][id] ?? 0)
        sections[index].minimumInserts -= taken
        sections[index].minimumMoves += taken
        crossing -= taken
      }
    }
    for section in sections {
      minimumDeletes += section.minimumDeletes
      minimumInserts += section.minimumInserts
      minimumMoves += section.minimumMoves
    }
  }

  /// Rows deleted and inserted again beyond the least: `deletes` minus
  /// `minimumDeletes`, or 0.
  public var rowsDeletedAndInsertedAgain: Int { max(0, deletes - minimumDeletes) }

  /// The moves issued per move needed: nil when none is needed.
  public var moveRatio: Double? {
    minimumMoves > 0 ? Double(moves) / Double(minimumMoves) : nil
  }

  /// The totals of two records: every count added, `minimumMovesIsBound`
  /// when either is, and no per-section figures.
  public static func + (lhs: EditSize, rhs: EditSize) -> EditSize {
    var total = EditSize()
    total.deletes = lhs.deletes &+ rhs.deletes
    total.inserts = lhs.inserts &+ rhs.inserts
    total.moves = lhs.moves &+ rhs.moves
    total.reloads = lhs.reloads &+ rhs.reloads
    total.unchangedReloads = lhs.unchangedReloads &+ rhs.unchangedReloads
    total.sectionDeletes = lhs.sectionDeletes &+ rhs.sectionDeletes
    total.sectionInserts = lhs.sectionInserts &+ rhs.sectionInserts
    total.sectionMoves = lhs.sectionMoves &+ rhs.sectionMoves
    total.sectionReloads = lhs.sectionReloads &+ rhs.sectionReloads
    total.minimumDeletes = lhs.minimumDeletes &+ rhs.minimumDeletes
    total.minimumInserts = lhs.minimumInserts &+ rhs.minimumInserts
    total.minimumMoves = lhs.minimumMoves &+ rhs.minimumMoves
    total.minimumMovesIsBound = lhs.minimumMovesIsBound || rhs.minimumMovesIsBound
    return total
  }
}

/// One section's share of an `EditSize`: what the update issues there
/// (deletes and reloads in old section `section`, inserts and moves into new
/// section `section`) and the least it needs there.
public struct SectionEditSize: Hashable, Sendable {
  /// The section's index, in both spaces.
  public let section: Int
  /// Rows deleted from old section `section`, the whole section when deleted.
  public package(set) var deletes = 0
  /// Rows inserted into new section `section`, the whole section when inserted.
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

  /// An empty record of section `section`.
  package init(section: Int) { self.section = section }
}
