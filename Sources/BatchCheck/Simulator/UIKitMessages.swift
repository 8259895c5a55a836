/// UIKit's exception texts (<doc:UIKitRules>), in one place.
///
/// Index paths print as `{length = 2, path = S - R}`: the part of NSIndexPath's
/// description that does not change from run to run. A section operation is
/// the index path `(section, NSNotFound)`, so it prints with
/// `9223372036854775807` as its row. The two "Invalid update" count texts use
/// one space after their first sentence, as UIKit prints them from iOS 13 on
/// (up to iOS 12 there were two); `expect.message` compares white space loosely.
/// UICollectionView texts say "item" for "row" and "collection view" for
/// "table view". Under the iOS 18 profile the count texts end by naming the
/// view (` Table view: <UITableView>`), and R2b has a text of its own.
package struct UIKitMessages {
  let semantics: ViewSemantics
  /// What the count texts end with (the profile's D1); empty for none.
  let countTextEnding: String

  package init(_ semantics: ViewSemantics, uikit: UIKitProfile) {
    self.semantics = semantics
    self.countTextEnding = uikit.rules(for: semantics).countTextEnding ?? ""
  }

  private var row: String { semantics == .tableView ? "row" : "item" }
  private var rows: String { semantics == .tableView ? "rows" : "items" }
  /// "a row", "an item": UIKit's (UXKit's) article for the noun.
  private var article: String { semantics == .tableView ? "a" : "an" }
  private var view: String { semantics == .tableView ? "table view" : "collection view" }

  /// NSNotFound, the row of a section operation's index path.
  package static let notFound = Int.max

  private func path(_ section: Int, _ row: Int) -> String {
    RowPath.describe(section: section, row: row)
  }

  // MARK: R1, R2

  /// R1, pass 7 of the check order.
  package func invalidSectionCount(after: Int, before: Int, inserted: Int, deleted: Int) -> String {
    "Invalid update: invalid number of sections. The number of sections contained in the \(view) after the update (\(after)) must be equal to the number of sections contained in the \(view) before the update (\(before)), plus or minus the number of sections inserted or deleted (\(inserted) inserted, \(deleted) deleted).\(countTextEnding)"
  }

  /// R2, pass 9 of the check order. `section` is the new-space section.
  package func invalidRowCount(
    section: Int, after: Int, before: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int
  ) -> String {
    "Invalid update: invalid number of \(rows) in section \(section). The number of \(rows) contained in an existing section after the update (\(after)) must be equal to the number of \(rows) contained in that section before the update (\(before)), plus or minus the number of \(rows) inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of \(rows) moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out).\(countTextEnding)"
  }

  /// R2 when the data source returns a negative row count, pass 9 of the check order.
  /// `section` is the old-space section: UIKit prints the old index here.
  package func negativeRowCount(section: Int) -> String {
    "Invalid update: invalid number of \(rows) in section \(section). Attempt to delete more \(rows) than exist in section.\(countTextEnding)"
  }

  /// R2b, iOS 18's "Invalid batch updates detected": the counts before and
  /// after, the update items UIKit kept, and the view.
  ///
  ///     Invalid batch updates detected: the number of sections and/or rows returned by the data source before and after performing the batch updates are inconsistent with the updates.
  ///     Data source before updates = { 1 section with row counts: [30] }
  ///     Data source after updates = { 1 section with row counts: [29] }
  ///     Updates = [
  ///     \tDelete row (0 - 0),
  ///     \tInsert row (0 - 0)
  ///     ]
  ///     Table view: <UITableView>
  ///
  /// The first line, the single-section count lines, the row entries and
  /// the last line are UIKit's as observed. The first line is the one crashes
  /// show from iOS 17.1 on ("before and after performing the batch
  /// updates"); iOS 16.4 to 17.0 printed "before and/or after" (see
  /// `earlyFirstSentenceWording`), and the `ios18` profile prints the newer one. Inferred, and kept here alone:
  /// the plural (`{ 2 sections with row counts: [3, 4] }`), the section and
  /// move entries (`Delete section 1`, `Insert section 0`,
  /// `Move section 0 -> 2`, `Move row (0 - 1) -> (0 - 0)`), the empty list
  /// (`Updates = [ ]`, seen for collection views), and the order of the
  /// entries (deletes descending, then moves, then inserts ascending, as UIKit
  /// builds its update items). Lists longer than `listLimit` are cut, with
  /// the number left out: BatchCheck's, to keep a report readable.
  /// - Parameters:
  ///   - before: the old sections' row counts, the first `listLimit` at most.
  ///   - beforeSections: the number of old sections.
  ///   - after: the row counts the data source returns, the first `listLimit` at most.
  ///   - afterSections: the number of sections the data source returns.
  ///   - updates: the update items, in UIKit's order: all of them, or the
  ///     first `listLimit` at least.
  ///   - updateCount: how many update items there are, when `updates` holds
  ///     only the first of them; nil when it holds all.
  package func invalidBatchUpdates(
    before: [Int], beforeSections: Int, after: [Int], afterSections: Int, updates: [String],
    updateCount: Int? = nil
  ) -> String {
    let noun = semantics == .tableView ? "row" : "item"
    func counts(_ list: [Int], sections: Int) -> String {
      let shown = list.prefix(Self.listLimit).map(String.init).joined(separator: ", ")
      let more = sections > list.count ? ", … \(sections - list.count) more" : ""
      return
        "{ \(sections) section\(sections == 1 ? "" : "s") with \(noun) counts: [\(shown)\(more)] }"
    }
    var entries = updates.prefix(Self.listLimit).map { "\t" + $0 }
    let total = max(updateCount ?? updates.count, entries.count)
    if total > entries.count {
      entries.append("\t… \(total - entries.count) more")
    }
    let list =
      entries.isEmpty ? "Updates = [ ]" : "Updates = [\n" + entries.joined(separator: ",\n") + "\n]"
    let viewLine = countTextEnding.drop(while: { $0 == " " })
    return """
      Invalid batch updates detected: the number of sections and/or \(rows) returned by the data source before and after performing the batch updates are inconsistent with the updates.
      Data source before updates = \(counts(before, sections: beforeSections))
      Data source after updates = \(counts(after, sections: afterSections))
      \(list)
      \(viewLine)
      """
  }

  /// The words of R2b's first sentence that changed during iOS 17: what
  /// iOS 16.4 to 17.0 printed, and what iOS 17.1 and later print.
  package static let earlyFirstSentenceWording = "before and/or after performing the batch updates"
  package static let firstSentenceWording = "before and after performing the batch updates"

  /// How many counts or update items an R2b text lists before it cuts.
  package static let listLimit = 1_000

  /// One update item of an R2b text: `Delete row (0 - 1)`, `Insert section 2`.
  package func updateItem(_ kind: String, _ path: RowPath) -> String {
    path.row == Self.notFound
      ? "\(kind) section \(UInt(bitPattern: path.section))"
      : "\(kind) \(row) (\(UInt(bitPattern: path.section)) - \(UInt(bitPattern: path.row)))"
  }

  /// One move of an R2b text: `Move row (0 - 1) -> (0 - 0)`, `Move section 0 -> 2`.
  package func moveItem(_ from: RowPath, _ to: RowPath, isSection: Bool) -> String {
    isSection
      ? "Move section \(from.section) -> \(to.section)"
      : "Move \(row) (\(from.section) - \(from.row)) -> (\(to.section) - \(to.row))"
  }

  // MARK: R3 - R8

  /// R3.
  package func deleteRowBeyondCount(row: Int, section: Int, count: Int) -> String {
    "attempt to delete \(self.row) \(row) from section \(section) which only contains \(count) \(rows) before the update"
  }

  /// R4.
  package func deleteRowBeyondSections(row: Int, section: Int, sections: Int) -> String {
    "attempt to delete \(self.row) \(row) from section \(section), but there are only \(sections) sections before the update"
  }

  /// R5.
  package func deleteSectionBeyondSections(section: Int, sections: Int) -> String {
    "attempt to delete section \(section), but there are only \(sections) sections before the update"
  }

  /// R6.
  package func insertRowBeyondCount(row: Int, section: Int, count: Int) -> String {
    "attempt to insert \(self.row) \(row) into section \(section), but there are only \(count) \(rows) in section \(section) after the update"
  }

  /// R7.
  package func insertRowBeyondSections(row: Int, section: Int, sections: Int) -> String {
    "attempt to insert \(self.row) \(row) into section \(section), but there are only \(sections) sections after the update"
  }

  /// R8 (UIKit's text has no comma before "but").
  package func insertSectionBeyondSections(section: Int, sections: Int) -> String {
    "attempt to insert section \(section) but there are only \(sections) sections after the update"
  }

  // MARK: R10 - R12

  /// R10; a section reload prints as `(section, NSNotFound)`.
  package func deleteAndReload(section: Int, row: Int) -> String {
    "attempt to delete and reload the same index path (\(path(section, row)))"
  }

  /// R11, section form.
  package func deleteAndMoveSection(_ section: Int) -> String {
    "attempt to perform a delete and a move from the same section (\(section))"
  }

  /// R11, row form.
  package func deleteAndMoveRow(section: Int, row: Int) -> String {
    "attempt to perform a delete and a move from the same index path (\(path(section, row)))"
  }

  /// R12, section form.
  package func insertAndMoveSection(_ section: Int) -> String {
    "attempt to perform an insert and a move to the same section (\(section))"
  }

  /// R12, row form.
  package func insertAndMoveRow(section: Int, row: Int) -> String {
    "attempt to perform an insert and a move to the same index path (\(path(section, row)))"
  }

  // MARK: R13 - R16

  /// R13, the source section does not exist.
  package func moveFromMissingSection(_ from: RowPath, sections: Int) -> String {
    "attempt to move index path (\(from)) from a section that does not exist - there are only \(sections) sections before the update"
  }

  /// R13, the source row does not exist.
  package func moveFromMissingRow(_ from: RowPath, count: Int) -> String {
    "attempt to move index path (\(from)) that does not exist - there are only \(count) \(rows) in section \(from.section) before the update"
  }

  /// R14, the destination section does not exist.
  package func moveToMissingSection(_ from: RowPath, _ to: RowPath, sections: Int) -> String {
    "attempt to move index path (\(from)) to index path (\(to)) in section that does not exist - there are only \(sections) sections after the update"
  }

  /// R14, the destination row does not exist.
  package func moveToMissingRow(_ from: RowPath, _ to: RowPath, count: Int) -> String {
    "attempt to move index path (\(from)) to index path (\(to)) that does not exist - there are only \(count) \(rows) in section \(to.section) after the update"
  }

  /// R15, the source section does not exist.
  package func moveSectionFromMissing(_ from: Int, sections: Int) -> String {
    "attempt to move section \(from), but there are only \(sections) sections before the update"
  }

  /// R15, the destination section does not exist (UIKit really prints "to to").
  package func moveSectionToMissing(_ from: Int, _ to: Int, sections: Int) -> String {
    "attempt to to move section \(from) to section \(to), but there are only \(sections) sections after the update"
  }

  /// R16, one section to two places.
  package func moveSectionToBoth(_ from: Int, _ to1: Int, _ to2: Int) -> String {
    "attempt to move section \(from) to both section \(to1) and section \(to2)"
  }

  /// R16, two sections to one place.
  package func moveBothSections(_ from1: Int, _ from2: Int, to: Int) -> String {
    "attempt to move both section \(from1) and section \(from2) to section \(to)"
  }

  /// R16, one row to two places.
  package func moveRowToBoth(_ from: RowPath, _ to1: RowPath, _ to2: RowPath) -> String {
    "attempt to move \(row) at index path \(from) to both \(to1) and \(to2)"
  }

  /// R16, two rows to one place.
  package func moveBothRows(_ from1: RowPath, _ from2: RowPath, to: RowPath) -> String {
    "attempt to move both \(row) at index path \(from1) and \(from2) to \(to)"
  }

  // MARK: reconfigure, R17, R20, R22, R23

  /// `reconfigureRows` under a profile that lacks it: before iOS 15 the
  /// method does not exist, and calling it raises NSInvalidArgumentException,
  /// which has no rule number. BatchCheck's text.
  package func reconfigureUnavailable(_ uikit: UIKitProfile) -> String {
    let view = semantics == .tableView ? "UITableView" : "UICollectionView"
    let method =
      semantics == .tableView ? "reconfigureRowsAtIndexPaths:" : "reconfigureItemsAtIndexPaths:"
    return
      "-[\(view) \(method)]: unrecognized selector sent to instance: reconfigure exists from iOS 15 on, and this update is judged under the \(uikit.rawValue) profile"
  }

  /// R17: BatchCheck's text for UIKit's silent fallback to reloadData.
  package func moveOutOfDeletedSection(_ move: RowMove) -> String {
    "\(row) move \(move.from) -> \(move.to) leaves deleted section \(move.from.section): \(semantics == .tableView ? "UITableView" : "UICollectionView") gives up animating and calls reloadData (iOS 7 raised \"cannot move \(article) \(row) from a deleted section\"; newer UIKit may raise)"
  }

  /// R17: BatchCheck's text for UIKit's silent fallback to reloadData.
  package func moveIntoInsertedSection(_ move: RowMove) -> String {
    "\(row) move \(move.from) -> \(move.to) enters inserted section \(move.to.section): \(semantics == .tableView ? "UITableView" : "UICollectionView") gives up animating and calls reloadData (iOS 7 raised \"cannot move \(article) \(row) into a newly inserted section (\(move.to.section))\"; newer UIKit may raise)"
  }

  /// R17 as iOS 7 raised it for a row moved out of a deleted section (UIKit's
  /// macOS port, UXKit, asserts the same with "an item").
  package func cannotMoveFromDeletedSection(_ section: Int) -> String {
    "cannot move \(article) \(row) from a deleted section (\(section))"
  }

  /// R17 as iOS 7 raised it for a row moved into an inserted section.
  package func cannotMoveIntoInsertedSection(_ section: Int) -> String {
    "cannot move \(article) \(row) into a newly inserted section (\(section))"
  }

  /// R28, the failure after validation of rdar://48941906: UIKit asks its
  /// collection-view data for the item at global index `index` when it holds
  /// `count` items in all. The report shows index and count equal (one past
  /// the last item); BatchCheck prints the data source's total for both.
  package func globalIndexBeyondItems(index: Int, count: Int) -> String {
    "request for index path for global index \(index) when there are only \(count) items in the collection view"
  }

  /// R20 under the `reject` policy: BatchCheck's text.
  package static func duplicate(_ what: String, _ operation: String) -> String {
    "duplicate \(operation) of \(what): UITableView would merge it into one \(operation), UICollectionView would count it twice; emit each \(operation) once"
  }

  /// R22, raised when the call is made.
  package static func invalidIndexPath(section: Int, row: Int) -> String {
    "Attempted to perform update with invalid index path: \(RowPath.describe(section: section, row: row))"
  }

  /// R23.
  package static let invalidIndexPathLength =
    "Invalid index path for use with UITableView. Index paths passed to table view must contain exactly two indices specifying the section and row. Please use the category on NSIndexPath in NSIndexPath+UIKitAdditions.h if possible."
}
