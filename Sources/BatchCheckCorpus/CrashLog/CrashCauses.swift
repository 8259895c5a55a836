import BatchCheck

/// The likely causes of a UIKit batch-update exception, ranked by what its
/// numbers point to.
///
/// Three causes explain nearly every public report: the update is wrong in
/// itself (a diff bug); the updates agree with each other but the data
/// source changed without them; or UIKit read its counts too early, so its
/// "before" already held the change. The numbers of a count text tell them
/// apart: a data source that returned as many rows as before points to the
/// model not being changed in time or the counts being read too early;
/// inserts and deletes that cancel out while the count moved point to a
/// change that was never announced; a count that moved in the update's
/// direction by a different amount points to the diff.
enum CrashCauses {
  typealias Cause = CrashDiagnosis.Cause

  /// Causes for a count mismatch: `before` the count UIKit had cached,
  /// `after` what the data source returned, `net` the change the update
  /// announces (inserted − deleted, moves included), `noun` "rows", "items"
  /// or "sections".
  static func counts(before: Int, after: Int, net: Int, inserted: Int, deleted: Int, noun: String)
    -> [Cause]
  {
    let change = after - before
    let unexplained = change - net
    let announced =
      "the update announces \(signed(net)) \(noun) (\(inserted) inserted, \(deleted) deleted)"
    let notInTime = Cause(
      cause: "The data source was not changed in time",
      reason:
        "It returned \(after) \(noun), as many as before the update, although \(announced): the model was"
        + " changed after the batch ended, or not at all. Change the model inside the update block, before UIKit"
        + " asks for the counts.")
    let tooEarly = Cause(
      cause: "The counts were read too early",
      reason:
        "UIKit compares with the counts it last read (\(before)). If it read them after the model had changed"
        + " (a reloadData, a layout pass or the view's first display between the model change and the batch), its"
        + " \"before\" already holds the change and the update applies it twice; if the model changed earlier"
        + " without telling the view, its \"before\" is stale.")
    let unannounced = Cause(
      cause: "The data source changed without the updates",
      reason:
        "\(announced.prefix(1).uppercased() + announced.dropFirst()), but the data source went from \(before)"
        + " to \(after): \(signed(unexplained)) \(noun) that no insert or delete announces (another change to the"
        + " model, on another thread or from another callback, that was not sent to the view).")
    let diff = Cause(
      cause: "A diff bug: the update itself is wrong",
      reason:
        "The data changed by \(signed(change)) \(noun) and \(announced): the update misses or repeats"
        + " \(abs(unexplained)) (a duplicate, a missed element, indices taken from the wrong array)."
    )
    if change == 0 && net != 0 {
      return [
        Cause(
          cause: notInTime.cause,
          reason: notInTime.reason + " The numbers point to this: before and after are equal."),
        tooEarly, diff,
      ]
    }
    if net == 0 {
      return [
        Cause(
          cause: unannounced.cause,
          reason: unannounced.reason
            + " The numbers point to this: the inserts and deletes are consistent with each"
            + " other (they cancel out, as a reload or a replacement does) while the counts disagree."
        ),
        tooEarly, diff,
      ]
    }
    if (net > 0) == (change > 0) {
      return [
        Cause(
          cause: diff.cause,
          reason: diff.reason
            + " The numbers point to this: the data moved the way the update says, by a different"
            + " amount."),
        unannounced, tooEarly,
      ]
    }
    return [
      Cause(
        cause: unannounced.cause,
        reason: unannounced.reason
          + " The numbers point to this: the data moved the other way from the update, so"
          + " the update was made for another change (a stale snapshot, or an earlier change's update applied after"
          + " the data moved on)."),
      Cause(
        cause: diff.cause,
        reason: diff.reason
          + " An update computed with the old and new arrays swapped moves the count the other way."
      ),
      tooEarly,
    ]
  }

  /// Causes for an index text: a delete or move source past the old count
  /// (`oldSpace` true), or an insert or move destination past the new one.
  static func index(oldSpace: Bool, index: Int, count: Int, what: String) -> [Cause] {
    let pastEnd = index == count
    let diff = Cause(
      cause: "A diff bug: an index in the wrong space",
      reason: oldSpace
        ? "Deletes, reloads and move sources count in the data before the update. \(what) \(index) of \(count) is"
          + (pastEnd
            ? " just past the end: an index of the new data, or one shifted by the other deletes."
            : " far past the end: an index of another array or section.")
        : "Inserts and move destinations count in the data after the whole update. \(what) \(index) of \(count) is"
          + (pastEnd
            ? " just past the end: an index of the old data, or an insert counted twice."
            : " far past the end: an index of another array or section."))
    let stale = Cause(
      cause: oldSpace ? "UIKit's counts were stale" : "The data source was not changed in time",
      reason: oldSpace
        ? "UIKit checks deletes against the counts it last read (\(count)). If the model grew without telling the view,"
          + " the diff's old data is larger than UIKit's."
        : "UIKit checks inserts against what the data source returns after the update (\(count)). If the model is changed"
          + " only after the batch, an insert into the new data does not fit.")
    return pastEnd ? [diff, stale] : [stale, diff]
  }

  /// Causes for two operations that name one place (R10, R11, R12, R16).
  static func conflict(_ what: String) -> [Cause] {
    [
      Cause(
        cause: "A diff bug: two operations name one place",
        reason:
          "\(what). No change in the data source causes this: the update itself holds both operations."
      ),
      Cause(
        cause: "Two updates merged into one batch",
        reason:
          "Updates of two changes sent in one performBatchUpdates (or nested begin/endUpdates) can name one"
          + " place twice; each batch has to be computed from the state the previous one left."),
    ]
  }

  /// Causes for a row moved across a deleted or inserted section (R17).
  static let sectionMove: [Cause] = [
    Cause(
      cause: "A diff bug: a row moves across a deleted or inserted section",
      reason:
        "UIKit cannot animate a move out of a deleted section or into an inserted one: send a delete and an"
        + " insert instead. Newer UIKit gives up animating and calls reloadData; iOS 7 raised.")
  ]

  /// Causes for a negative index (R22).
  static let negative: [Cause] = [
    Cause(
      cause: "A diff bug: an index computed as -1",
      reason:
        "UIKit prints a negative index unsigned (-1 is 18446744073709551615): an index found by a search that"
        + " failed, or an offset subtracted past zero.")
  ]

  /// Causes for an index path whose length is not 2 (R23).
  static let length: [Cause] = [
    Cause(
      cause: "An index path made with one index",
      reason:
        "IndexPath(index:) or an index path of an array, not IndexPath(row:section:) / IndexPath(item:section:)."
    )
  ]

  /// Causes for a failure after validation (R28).
  static func afterValidation(globalIndex: Bool) -> [Cause] {
    globalIndex
      ? [
        Cause(
          cause:
            "A section moved onto its own index together with an item moved out of that section",
          reason:
            "This pair passes every batch check, then leaves UICollectionView's global item numbering one short"
            + " (rdar://48941906, iOS 12.2). Drop the section move that does not move anything, or send the item"
            + " move as a delete and an insert."),
        Cause(
          cause: "The data source changed during the animation",
          reason:
            "The collection view asks for items by a global index after the update; a count that changed"
            + " again meanwhile can leave it short."),
      ]
      : [
        Cause(
          cause: "An animation UIKit could not build",
          reason:
            "The update passed every count and index check; the failure comes from animating it and depends on"
            + " which cells are on screen. Known ways around: reloads as delete plus insert, a section move that also"
            + " changes its rows as a section delete plus insert (IGListKit does both).")
      ]
  }

  /// The cause put first for a collection view's count text that ends in
  /// "- will perform reloadData".
  static let reloadDataFallback = Cause(
    cause: "Not a crash: the older-SDK fallback",
    reason:
      "A collection view in an app built against an older SDK logs this count text with \"- will perform"
      + " reloadData\" and reloads instead of raising. Built against a current SDK, the same update raises; the"
      + " causes below are why the counts disagree.")

  /// The causes put first for a count text a diffable data source logged
  /// with "Performing reloadData as a fallback".
  static let diffableFallback = [
    Cause(
      cause: "The model changed behind the snapshot's back",
      reason:
        "A diffable data source logged this count text and reloaded instead of raising: the counts the view last"
        + " read do not match the snapshot being applied. The model or the view was changed outside apply: the view"
        + " was updated directly (insertRows, reloadData), snapshots were applied from two queues, or the cell"
        + " provider or a layout pass changed the model during apply.")
  ]

  /// `+3`, `−2`, `0`.
  static func signed(_ value: Int) -> String {
    value > 0 ? "+\(value)" : value < 0 ? "−\(-value)" : "0"
  }
}
