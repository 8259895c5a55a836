/// A valid update that issues more than a run's waste limits allow
/// (`CheckOptions.maxMoveRatio`, `CheckOptions.rejectsUnneededDeletes`):
/// the limit it breaches and the numbers behind it.
///
///     var options = CheckOptions.onePair(old: [[Row("a"), Row("b")]], new: [[Row("b"), Row("a")]])
///     options.maxMoveRatio = 1
///     let failure = check(HeckelGenerator(), options: options).failures[0]
///     failure.kind                   // "waste"
///     failure.waste?.moves           // 2: heckel moves both rows
///     failure.waste?.minimumMoves    // 1
///
/// The move ratio is held to `EditSize.fairMinimumMoves`: the fewest moves
/// of an update that reloads no more rows than this one. `[a, a′] -> [a′, a]`
/// (one id, contents swapped) with one move and no reload passes a ratio of
/// 1; `[a, b] -> [b, a]` with two moves fails it.
///
/// A breach is a failure of its own kind (`CheckFailure.kind` is `waste`,
/// `CheckFailure.variant` says which limit), shrunk to a smallest pair
/// that still breaches the same limit. The numbers are those of
/// `EditSize`, for the whole update (sections added up).
public struct WasteBreach: Hashable, Sendable {
  /// A limit a run can hold valid updates to.
  public enum Limit: String, Hashable, Sendable, CaseIterable {
    /// More row moves than `CheckOptions.maxMoveRatio` times
    /// `EditSize.fairMinimumMoves`; when no move is needed, any move.
    case maxMoveRatio
    /// Rows deleted and inserted again that did not need to be:
    /// `EditSize.deletes` above `EditSize.minimumDeletes` plus the kept rows
    /// whose content changed (`CheckOptions.rejectsUnneededDeletes`).
    case noUnneededDeletes

    /// What tells the failure apart (`CheckFailure.variant`): `move ratio`
    /// or `unneeded deletes`.
    package var variant: String {
      switch self {
      case .maxMoveRatio: "move ratio"
      case .noUnneededDeletes: "unneeded deletes"
      }
    }

    /// The limit whose variant is `variant`, if any.
    package init?(variant: String) {
      guard let limit = Self.allCases.first(where: { $0.variant == variant }) else { return nil }
      self = limit
    }
  }

  /// The limit the update breaches.
  public let limit: Limit
  /// The run's maximum move ratio; nil when the run set none.
  public let maxMoveRatio: Double?
  /// Row moves the update issues.
  public let moves: Int
  /// The fewest row moves any valid update needs (`EditSize.minimumMoves`).
  public let minimumMoves: Int
  /// The fewest row moves an update needs that reloads no more rows than
  /// this one (`EditSize.fairMinimumMoves`): the bound of the move ratio.
  public let fairMinimumMoves: Int
  /// Whether `minimumMoves` is an upper bound (`EditSize.minimumMovesIsBound`):
  /// a breach of the ratio is then still a breach of the true minimum.
  public let minimumMovesIsBound: Bool
  /// Rows the update deletes, those of deleted sections included.
  public let deletes: Int
  /// The fewest rows any valid update deletes (`EditSize.minimumDeletes`).
  public let minimumDeletes: Int
  /// Rows kept (their id is on both sides) whose content changed: at most
  /// this many deletes above `minimumDeletes` are not counted as unneeded,
  /// since UIKit cannot reload a moved row, so a moved row whose content
  /// changed is deleted and inserted again.
  public let changedRows: Int

  /// A breach of `limit` with these numbers.
  package init(
    limit: Limit, maxMoveRatio: Double?, moves: Int, minimumMoves: Int, minimumMovesIsBound: Bool,
    deletes: Int, minimumDeletes: Int, changedRows: Int, fairMinimumMoves: Int? = nil
  ) {
    self.fairMinimumMoves = fairMinimumMoves ?? minimumMoves
    self.limit = limit
    self.maxMoveRatio = maxMoveRatio
    self.moves = moves
    self.minimumMoves = minimumMoves
    self.minimumMovesIsBound = minimumMovesIsBound
    self.deletes = deletes
    self.minimumDeletes = minimumDeletes
    self.changedRows = changedRows
  }

  /// Rows deleted and inserted again that did not need to be: `deletes`
  /// minus `minimumDeletes` and `changedRows`, or 0.
  public var unneededDeletes: Int { max(0, deletes - minimumDeletes - changedRows) }

  /// The failure's message: `valid, but 4 row moves where 1 suffices (4×):
  /// more than the maximum move ratio of 2`.
  public var message: String {
    switch limit {
    case .maxMoveRatio:
      let ratio = maxMoveRatio.map(decimalText) ?? "?"
      guard fairMinimumMoves > 0 else {
        return
          "valid, but \(counted(moves, "row move")) where none is needed: when no move is needed,"
          + " any move exceeds the maximum move ratio (\(ratio))"
      }
      let bound = minimumMovesIsBound ? "at most " : ""
      let times = ratioText(moves, over: fairMinimumMoves)
      let reloads =
        fairMinimumMoves > minimumMoves
        ? " with no more reloads (\(grouped(minimumMoves)) when reloading rows whose content changed)"
        : ""
      return "valid, but \(counted(moves, "row move")) where \(bound)\(grouped(fairMinimumMoves))"
        + " suffice\(fairMinimumMoves == 1 ? "s" : "")\(reloads) (\(times)×): more than the maximum"
        + " move ratio of \(ratio)"
    case .noUnneededDeletes:
      let changed =
        changedRows > 0
        ? ", and \(counted(changedRows, "kept row")) whose content changed may be deleted and inserted too"
        : ""
      return "valid, but \(counted(unneededDeletes, "row")) present on both sides"
        + " \(unneededDeletes == 1 ? "is" : "are") deleted and inserted again: \(counted(deletes, "delete"))"
        + " where \(grouped(minimumDeletes)) suffice\(minimumDeletes == 1 ? "s" : "")\(changed)"
    }
  }

  /// The option that sets the limit breached, set as the run set it:
  /// `CheckOptions.maxMoveRatio = 2`, or as `spelling`'s front end names it.
  package func option(naming spelling: OptionSpelling) -> String {
    switch limit {
    case .maxMoveRatio:
      spelling.setting(.maxMoveRatio, to: maxMoveRatio.map(decimalText) ?? "")
    case .noUnneededDeletes: spelling.setting(.rejectsUnneededDeletes, to: "true")
    }
  }

  /// What a report says as the replay of a breach that has no replay
  /// command: a case line cannot hold a waste limit, so its corpus line
  /// fails only where the limit is given again (named as `spelling` names it).
  package func corpusReplay(naming spelling: OptionSpelling) -> String {
    "add the corpus line below to a regression corpus and run batchcheck corpus check on it with"
      + " \(option(naming: spelling)) (a case line cannot hold the limit: without it the case passes,"
      + " its update being valid)"
  }
}

/// The waste limits of a run (`CheckOptions.maxMoveRatio`,
/// `CheckOptions.rejectsUnneededDeletes`), and the judgment of a valid
/// batch update against them.
struct WasteLimits: Hashable, Sendable {
  /// Moves above this times the minimum fail; nil: no limit.
  var maxMoveRatio: Double?
  /// Whether rows deleted and inserted again needlessly fail.
  var rejectsUnneededDeletes = false

  /// Whether no limit is set.
  var isEmpty: Bool { maxMoveRatio == nil && !rejectsUnneededDeletes }

  /// The breach of `update` from `old` to `new` whose edit size is `size`,
  /// or nil. Unneeded deletes are judged first (a row that loses its cell
  /// is the worse waste), then the move ratio: one breach per update.
  ///
  /// The move ratio is held to `fairMinimumMoves`. When it is 0, any move
  /// breaches a move ratio. When the minimum is an upper bound, a breach of
  /// it is a breach of the true minimum; a breach of the true minimum alone
  /// may go unseen.
  ///
  /// - Complexity: O(*n* + *m*) when the update deletes more than the
  ///   minimum or breaches, where *n* and *m* are the old and new rows;
  ///   O(1) otherwise.
  func breach(of size: EditSize, old: [[Row]], new: [[Row]]) -> WasteBreach? {
    func breach(_ limit: WasteBreach.Limit, changedRows: Int) -> WasteBreach {
      WasteBreach(
        limit: limit, maxMoveRatio: maxMoveRatio, moves: size.moves,
        minimumMoves: size.minimumMoves,
        minimumMovesIsBound: size.minimumMovesIsBound, deletes: size.deletes,
        minimumDeletes: size.minimumDeletes, changedRows: changedRows,
        fairMinimumMoves: size.fairMinimumMoves)
    }
    if rejectsUnneededDeletes, size.deletes > size.minimumDeletes {
      let changed = EditSize.changedRows(old: old, new: new)
      if size.deletes > size.minimumDeletes + changed {
        return breach(.noUnneededDeletes, changedRows: changed)
      }
    }
    if let maxMoveRatio {
      let over =
        size.fairMinimumMoves == 0
        ? size.moves > 0 : Double(size.moves) > maxMoveRatio * Double(size.fairMinimumMoves)
      if over {
        return breach(.maxMoveRatio, changedRows: EditSize.changedRows(old: old, new: new))
      }
    }
    return nil
  }
}

extension EditSize {
  /// Kept rows whose content changed: for each id, the rows it keeps
  /// (min of its old and new rows) minus the pairs of an old and a new row
  /// of the same id and content. Sections are added up.
  ///
  ///     EditSize.changedRows(old: [[Row(id: "a", content: 1), Row("b")]], new: [[Row(id: "a", content: 2), Row("b")]])
  ///     // 1
  ///
  /// - Complexity: O(*n* + *m*), where *n* and *m* are the old and new rows.
  static func changedRows(old: [[Row]], new: [[Row]]) -> Int {
    DenseCase(old: old, new: new).changedRows
  }
}

/// `2`, `1.5`: a limit as a person writes it (no `.0` on a whole number).
package func decimalText(_ value: Double) -> String {
  value.isFinite && value == value.rounded() && abs(value) < 1e15
    ? String(Int(value)) : String(value)
}
