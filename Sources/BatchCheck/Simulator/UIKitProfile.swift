/// Which UIKit the simulator copies: the batch-update rules of one iOS release.
///
///     var options = SimulationOptions()          // .ios18, the default
///     options.uikit = .ios12                     // the iOS 12 rules alone
///
/// The two profiles agree on almost everything: the index spaces, the bounds
/// and conflict checks (R3-R16) with their texts, the row-count formula. Every
/// way in which they differ is one field of `UIKitProfile.Rules`, and the
/// checks consult that value, never the profile itself; <doc:SimulatedTableView>
/// sets the two side by side.
public enum UIKitProfile: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// iOS 18.2's UIKit, what apps run today (and the default): "Invalid batch
  /// updates detected" (R2b), the reload walk that drops rows without a cell,
  /// `reconfigureRows`, the count texts that name the view.
  case ios18
  /// The iOS 12 rules: the classic count texts only, the reload walk with its
  /// miscount next to deleted and inserted sections, no `reconfigureRows`.
  case ios12

  /// `iOS 18`, `iOS 12`: how reports name the profile.
  public var description: String {
    switch self {
    case .ios18: return "iOS 18"
    case .ios12: return "iOS 12"
    }
  }

  /// What this profile does, for one view.
  package func rules(for semantics: ViewSemantics) -> Rules {
    let table = semantics == .tableView
    switch self {
    case .ios12:
      return Rules(
        countTextEnding: nil,
        countCheckOrder: [.sectionCount, .rowCounts],
        fallback: .skipsRowCounts,
        dropsReloadsWithoutCell: false,
        walkIgnoresRowsInSectionOps: false,
        removesDuplicateReloads: false,
        mergesDuplicates: table,
        sectionMovesFirst: false,
        hasReconfigure: false,
        globalIndexFailsAfterSelfSectionMove: !table)
    case .ios18:
      return Rules(
        countTextEnding: table
          ? " Table view: <UITableView>" : " Collection view: <UICollectionView>",
        countCheckOrder: table
          ? [.sectionCount, .overflow, .rowCounts] : [.overflow, .sectionCount, .rowCounts],
        fallback: table ? .skipsCounts : .immediate,
        dropsReloadsWithoutCell: true,
        walkIgnoresRowsInSectionOps: true,
        removesDuplicateReloads: true,
        mergesDuplicates: table,
        sectionMovesFirst: true,
        hasReconfigure: true,
        globalIndexFailsAfterSelfSectionMove: false)
    }
  }

  /// Everything that differs between the profiles, as the checks read it.
  ///
  /// The letters D1-D12 name the differences as the guide lists them.
  package struct Rules: Hashable, Sendable {
    /// D1: what the count texts (R1, R2) end with; nil for none. iOS 18 names
    /// the view (`<UITableView>` stands for UIKit's description of it).
    package var countTextEnding: String?
    /// D2, D3: the count checks after the index checks, in order. `overflow`
    /// is R2b, which iOS 12 does not have.
    package var countCheckOrder: [CountCheck]
    /// D5, D6: how far the checks go once a row moves out of a deleted or
    /// into an inserted section (R17).
    package var fallback: FallbackReach
    /// D7: a row reload whose row has no cell is dropped before anything is
    /// checked (section reloads are always processed).
    package var dropsReloadsWithoutCell: Bool
    /// D8: the reload walk ignores row deletes (inserts) in sections that the
    /// same update also deletes (inserts).
    package var walkIgnoresRowsInSectionOps: Bool
    /// D9: duplicate reloads are removed by index path before the walk.
    package var removesDuplicateReloads: Bool
    /// D10, D11: exact duplicate deletes and inserts are merged (UITableView)
    /// rather than each counted (UICollectionView), under the `asUIKit` policy.
    package var mergesDuplicates: Bool
    /// Moves are sorted by source with section moves before row moves (iOS
    /// 18's `compareIndexPathsForMoves:`), which decides which R16 text a
    /// conflict gets; iOS 12 sorts a section move as `(section, NSNotFound)`.
    package var sectionMovesFirst: Bool
    /// D12: `reconfigureRows` exists (iOS 15 and later).
    package var hasReconfigure: Bool
    /// R28 (rdar://48941906): a collection-view update that moves a section
    /// onto its own index and moves an item out of that section passes every
    /// check, then UIKit raises "request for index path for global index N
    /// when there are only N items in the collection view" while animating.
    /// Confidence: one public report with a reproducing project, iOS 12.2
    /// simulator, that exact shape only; so the iOS 12 collection-view
    /// profile alone models it, and only that shape. Whether iOS 18 still
    /// raises is not known (false there).
    package var globalIndexFailsAfterSelfSectionMove: Bool
  }

  /// One of the count checks that follow the index checks.
  package enum CountCheck: Hashable, Sendable {
    /// R1: the number of sections.
    case sectionCount
    /// R2b: no section would hold more rows than the data source returns
    /// for it (iOS 18's "Invalid batch updates detected").
    case overflow
    /// R2: every kept or moved section's row count.
    case rowCounts
  }

  /// How far UIKit's checks go once R17's fallback to reloadData is decided.
  package enum FallbackReach: Hashable, Sendable {
    /// iOS 12: every index check and the section count run; only the row
    /// counts are skipped.
    case skipsRowCounts
    /// iOS 18 tables: every index check runs; every count check is skipped.
    case skipsCounts
    /// iOS 18 collection views: reloadData at once, nothing after it is checked.
    case immediate
  }
}

/// Which old rows have a cell before the update: the rows on screen.
///
///     VisibleRows.range(first: RowPath(0, 0), last: RowPath(0, 14))  // rows 0-14 of section 0
///
/// A row beyond its section's count never has a cell. Which rows are on screen
/// otherwise depends on scrolling, which a diff cannot know, so the strict
/// default is `all`: every existing row has a cell. iOS 18 drops a reload of
/// a row without a cell (D7) and ignores a reconfigure of one (D12); under
/// both profiles the row check judges cells only, because a row that had no
/// cell gets a fresh one from the data source when it scrolls in.
public enum VisibleRows: Hashable, Sendable, CustomStringConvertible {
  /// Every existing old row has a cell (the default).
  case all
  /// No row has a cell.
  case none
  /// The rows from `first` to `last`, inclusive, in (section, row) order,
  /// both old space: every existing row between them has a cell.
  case range(first: RowPath, last: RowPath)

  /// Whether the old row at `path` is on screen, for a path known to exist.
  @inline(__always) func contains(_ path: RowPath) -> Bool {
    switch self {
    case .all: return true
    case .none: return false
    case .range(let first, let last): return first <= path && path <= last
    }
  }

  /// `all`, `none`, `{length = 2, path = 0 - 0}...{length = 2, path = 0 - 14}`.
  public var description: String {
    switch self {
    case .all: return "all"
    case .none: return "none"
    case .range(let first, let last): return "\(first)...\(last)"
    }
  }
}
