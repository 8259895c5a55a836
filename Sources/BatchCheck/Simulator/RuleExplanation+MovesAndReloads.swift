/// The rule explanations of moves, the rules that raise nothing, reloads and
/// the row check, for `RuleExplanation.all`.
extension RuleExplanation {
  static let moves: [RuleExplanation] = [
    RuleExplanation(
      id: "R13", title: "A moved row must exist before the update",
      condition:
        "A row move starts in a section at or past the old section count, or at a row at or past the end of its old section.",
      textSource: .uikit,
      texts: [
        "attempt to move index path (%@) from a section that does not exist - there are only %ld sections before the update",
        "attempt to move index path (%@) that does not exist - there are only %ld rows in section %ld before the update",
      ],
      example:
        #"{"old":[[],[],[]],"new":[["x"],[],[]],"update":{"moveRows":[[[2,0],[0,0]]]},"expect":{"verdict":"exception","rule":"R13","message":"attempt to move index path ({length = 2, path = 2 - 0}) that does not exist - there are only 0 rows in section 2 before the update"}}"#,
      note: "Section 2 is empty, so there is no row 0 to move.",
      profiles:
        "The texts are the same. Moves are checked in order of their source; iOS 18 puts section moves before row moves, iOS 12 sorts a section move as if it were a row at NSNotFound, which can change which bad move is reported first.",
      certainty: "Seen in public reports and read in decompiled UIKit."),
    RuleExplanation(
      id: "R14", title: "A row's move destination must exist after the update",
      condition:
        "A row move ends in a section at or past the new section count, or at a row at or past the end of its new section.",
      textSource: .uikit,
      texts: [
        "attempt to move index path (%@) to index path (%@) in section that does not exist - there are only %ld sections after the update",
        "attempt to move index path (%@) to index path (%@) that does not exist - there are only %ld rows in section %ld after the update",
      ],
      example:
        #"{"old":[["a","b"]],"new":[["b","a"]],"update":{"moveRows":[[[0,0],[0,2]]]},"expect":{"verdict":"exception","rule":"R14","message":"attempt to move index path ({length = 2, path = 0 - 0}) to index path ({length = 2, path = 0 - 2}) that does not exist - there are only 2 rows in section 0 after the update"}}"#,
      note: "Two rows after the update, so row 2 is past the end.",
      profiles: "The same as R13, order of moves included.",
      certainty: "Read in decompiled UIKit and its macOS port; no public report quotes it."),
    RuleExplanation(
      id: "R15", title: "A moved section must exist before and after",
      condition:
        "A section move starts at or past the old section count, or ends at or past the new one.",
      textSource: .uikit,
      texts: [
        "attempt to move section %ld, but there are only %ld sections before the update",
        "attempt to to move section %ld to section %ld, but there are only %ld sections after the update",
      ],
      example:
        #"{"old":[["a"],["b"]],"new":[["b"],["a"]],"update":{"moveSections":[[0,2]]},"expect":{"verdict":"exception","rule":"R15","message":"attempt to to move section 0 to section 2, but there are only 2 sections after the update"}}"#,
      note: "Two sections after the update, so section 2 is past the end. \"to to\" is UIKit's.",
      profiles: "The same as R13, order of moves included.",
      certainty: "Read in decompiled UIKit and its macOS port; no public report quotes it."),
    RuleExplanation(
      id: "R16", title: "One source to one destination",
      condition:
        "Two moves leave the same place for different destinations, or two different sources arrive at the same place. Two identical moves are not an error: the second is dropped.",
      textSource: .uikit,
      texts: [
        "attempt to move row at index path %@ to both %@ and %@",
        "attempt to move both row at index path %@ and %@ to %@",
        "attempt to move section %ld to both section %ld and section %ld",
        "attempt to move both section %ld and section %ld to section %ld",
      ],
      example:
        #"{"old":[["a","b","c"]],"new":[["a","b","c"]],"update":{"moveRows":[[[0,0],[0,2]],[[0,1],[0,2]]]},"expect":{"verdict":"exception","rule":"R16","message":"attempt to move both row at index path {length = 2, path = 0 - 0} and {length = 2, path = 0 - 1} to {length = 2, path = 0 - 2}"}}"#,
      note:
        "Rows 0 and 1 both move to row 2. Unlike the other texts, these print index paths without parentheses.",
      profiles: "The same as R13, order of moves included.",
      certainty:
        "The conflict is documented by Apple; the texts were read in decompiled UIKit. When one source goes to two places, which destination UIKit prints first depends on how its sort orders equal sources; BatchCheck prints them in the order the update gives them."
    ),
    RuleExplanation(
      id: "R17", title: "A row moved out of a deleted, or into an inserted, section",
      condition:
        "A row move starts in a section the update deletes (or reloads), or ends in a section the update inserts. UIKit raises nothing: it gives up animating and calls reloadData. BatchCheck reports the verdict `fallback`: the app does not crash, but the update is not animated, which a diff rarely intends.",
      textSource: .batchCheck,
      texts: [
        "row move %@ -> %@ leaves deleted section %ld: UITableView gives up animating and calls reloadData (iOS 7 raised \"cannot move a row from a deleted section\"; newer UIKit may raise)",
        "row move %@ -> %@ enters inserted section %ld: UITableView gives up animating and calls reloadData (iOS 7 raised \"cannot move a row into a newly inserted section (%ld)\"; newer UIKit may raise)",
      ],
      example:
        #"{"old":[["a","b"]],"new":[["b"],["a"]],"update":{"insertSections":[1],"moveRows":[[[0,0],[1,0]]]},"expect":{"verdict":"fallback","rule":"R17"}}"#,
      note: "Row 0 moves into section 1, which the same update inserts.",
      profiles:
        "How far checking goes after the fallback is decided differs. iOS 12: every index check and R1 still run, only the row counts are skipped. iOS 18, UITableView: every index check runs, no count check (R1, R2b, R2) does. iOS 18, UICollectionView: reloadData at once, nothing after that point is checked.",
      certainty:
        "iOS 12's and iOS 18.2's behaviour was read in decompiled UIKit; collection views on iOS 10 and 11 were seen to do the same. iOS 7 raised an exception instead, and whether some newer release raises again is not known."
    ),
    RuleExplanation(
      id: "R18", title: "Row deletes inside a deleted section are dropped",
      condition:
        "When the update deletes (or reloads) a section, UIKit drops every row delete in that section without checking it, even one far out of range.",
      textSource: .none,
      texts: [],
      example:
        #"{"old":[["a"],["b"]],"new":[["b"]],"update":{"deleteSections":[0],"deleteRows":[[0,5]]},"expect":{"verdict":"valid"}}"#,
      note: "Row 5 of section 0 does not exist, but section 0 is deleted, so nobody checks.",
      profiles: "The same under both.",
      certainty: "Read in decompiled UIKit and its macOS port."),
    RuleExplanation(
      id: "R19", title: "Row inserts inside an inserted section are checked, then dropped",
      condition:
        "When the update inserts (or reloads) a section, UIKit still checks each row insert in that section against its new row count (R6), then drops it: it does not count.",
      textSource: .none,
      texts: [],
      example:
        #"{"old":[["a"]],"new":[["a"],["x","y"]],"update":{"insertSections":[1],"insertRows":[[1,2]]},"expect":{"verdict":"exception","rule":"R6","message":"attempt to insert row 2 into section 1, but there are only 2 rows in section 1 after the update"}}"#,
      note:
        "The new section 1 has two rows, so an insert at row 2 fails R6, although the insert would be dropped anyway.",
      profiles: "The same under both.",
      certainty:
        "The dropping was read in decompiled UIKit; that the bounds check comes first follows from the order in which UIKit sorts the inserts, and is inferred."
    ),
  ]

  static let quiet: [RuleExplanation] = [
    RuleExplanation(
      id: "R20", title: "Duplicate row or section deletes and inserts",
      condition:
        "The same row or section is deleted twice, or inserted twice, in one update. UIKit disagrees with itself: a UITableView merges the copies, a UICollectionView counts each one. A diff that emits a duplicate is broken on one of them, so by default (duplicates policy `reject`) BatchCheck reports the verdict `duplicate`, right after R22 and before every other check. Under the policy `asUIKit` it does what the chosen view does. Duplicate reloads and identical moves are merged or dropped under both policies.",
      textSource: .batchCheck,
      texts: [
        "duplicate delete of %@: UITableView would merge it into one delete, UICollectionView would count it twice; emit each delete once",
        "duplicate insert of %@: UITableView would merge it into one insert, UICollectionView would count it twice; emit each insert once",
      ],
      example:
        #"{"old":[["a","b","c"]],"new":[["a","c"]],"update":{"deleteRows":[[0,1],[0,1]]},"expect":{"verdict":"duplicate","rule":"R20"}}"#,
      note:
        "Row 1 is deleted twice. With \"duplicates\":\"asUIKit\" this case is valid for a table view and R2 for a collection view (two rows deleted, one gone).",
      profiles:
        "The policy `reject` judges the same under both. Under `asUIKit`, both profiles merge for a UITableView and count each copy for a UICollectionView. iOS 18 removes duplicate reloads before anything else; iOS 12 merges them in a table view and counts them in a collection view.",
      certainty:
        "The table view's merging was read in decompiled UIKit (iOS 12 and 18.2). The collection view's counting was read in iOS 18.2; for older releases it comes from a diff library's production experience, not from UIKit's code."
    ),
    RuleExplanation(
      id: "R21", title: "Duplicate section deletes or inserts across calls",
      condition:
        "The same section is deleted (or inserted) twice, possibly in two separate calls of one batch. UITableView merges the copies. BatchCheck treats this like R20: the verdict is `duplicate` (rule R20) by default, and under `asUIKit` a table view merges while a collection view counts each copy.",
      textSource: .none,
      texts: [],
      example:
        #"{"duplicates":"asUIKit","old":[["a"],["b"],["c"]],"new":[["a"],["c"]],"update":{"deleteSections":[1,1]},"expect":{"verdict":"valid"}}"#,
      note:
        "Under `asUIKit` a table view merges the two deletes of section 1; by default the same case is `duplicate` R20.",
      profiles: "The same under both.",
      certainty:
        "The table view's merging was read in decompiled UIKit. What older collection views did is not known; BatchCheck counts each copy, as iOS 18.2 does."
    ),
    RuleExplanation(
      id: "R22", title: "No negative section or row",
      condition:
        "Any index in the update is negative. UIKit raises when the call is made, before the batch ends, so R22 comes before every other check; the path prints as unsigned numbers. BatchCheck looks for it in the order of the case format's keys.",
      textSource: .uikit,
      texts: ["Attempted to perform update with invalid index path: %@"],
      example:
        #"{"old":[["a","b","c"]],"new":[["a","b","c","x"]],"update":{"insertRows":[[0,-1]]},"expect":{"verdict":"exception","rule":"R22","message":"Attempted to perform update with invalid index path: {length = 2, path = 0 - 18446744073709551615}"}}"#,
      note:
        "Row -1 prints as 18446744073709551615. UIKit prints the whole NSIndexPath description; BatchCheck keeps the part that does not change from run to run.",
      profiles:
        "The same under both. Apps built with old SDKs only log it; BatchCheck models an app built with a recent SDK.",
      certainty: "Read in the iOS 18.2 code and seen in one public report."),
    RuleExplanation(
      id: "R23", title: "An index path has exactly two indices",
      condition: "An index path with fewer or more than two indices is passed to the table view.",
      textSource: .uikit,
      texts: [
        "Invalid index path for use with UITableView. Index paths passed to table view must contain exactly two indices specifying the section and row. Please use the category on NSIndexPath in NSIndexPath+UIKitAdditions.h if possible."
      ],
      example: nil,
      note:
        "No case can show it: every path in a case is two integers, and any other shape is a data error of the case file. In Swift, `RowPath.fromIndices([0, 3, 1])` returns this exception.",
      profiles: "The same under both (older releases named UITableView.h at the end).",
      certainty: "Read in decompiled UIKit and seen in reports."),
  ]

  static let reloads: [RuleExplanation] = [
    RuleExplanation(
      id: "R24", title: "A reload's new place ignores moves",
      condition:
        "UIKit computes where a reload's insert lands by walking the explicit deletes and inserts only: the deletes and inserts other reloads make do not count, and moves are ignored entirely. So a reload next to a move can land on the move's destination (R12), land in the wrong section (R2, R6), or leave a cell showing the wrong row (C1). BatchCheck copies the walk and reports whatever it leads to.",
      textSource: .none,
      texts: [],
      example:
        #"{"old":[["a","b","c","d"]],"new":[["b","d","c"]],"update":{"deleteRows":[[0,0]],"reloadRows":[[0,2]],"moveRows":[[[0,3],[0,1]]]},"expect":{"verdict":"exception","rule":"R12","message":"attempt to perform an insert and a move to the same index path ({length = 2, path = 0 - 1})"}}"#,
      note:
        "The delete of row 0 shifts the reload of row 2 to row 1, which is where row 3 moves to.",
      profiles:
        "Moves are ignored under both. The walk compares row operations with its running section; under iOS 12 row deletes (inserts) inside a section the update also deletes (inserts) can shift a reload by one, which iOS 18 no longer does.",
      certainty:
        "The walk was read in decompiled UIKit (iOS 12 and 18.2) and its effects are confirmed by several public reports."
    ),
    RuleExplanation(
      id: "R25", title: "A row reload in a deleted section",
      condition:
        "A row reload inside a section the update deletes has no check of its own: its delete is dropped (R18), and its insert lands where the walk puts it, which skips the deleted section and so points into another section. That usually ends in R2, R6 or R7.",
      textSource: .none,
      texts: [],
      example:
        #"{"old":[["a"],[]],"new":[[]],"update":{"deleteSections":[0],"reloadRows":[[0,0]]},"expect":{"verdict":"exception","rule":"R6","message":"attempt to insert row 0 into section 0, but there are only 0 rows in section 0 after the update"}}"#,
      note:
        "Section 0 is deleted; the reload of its row 0 becomes an insert into the old section 1, now section 0, which is empty.",
      profiles:
        "The same under both, apart from iOS 18's ignoring of row operations in deleted and inserted sections during the walk.",
      certainty: "Inferred from the walk; no public report shows it."),
    RuleExplanation(
      id: "R26", title: "An empty batch",
      condition:
        "A batch without operations is valid when no count changed (this is how apps animate a change of row heights); otherwise it fails the count checks like any update.",
      textSource: .none,
      texts: [],
      example:
        #"{"old":[["a","b","c"]],"new":[["a","b","c","d"]],"update":{},"expect":{"verdict":"exception","rule":"R2","message":"Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (4) must be equal to the number of rows contained in that section before the update (3), plus or minus the number of rows inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out)."}}"#,
      note:
        "The data source gained a row and the batch says nothing about it. A case without an \"update\" key runs the empty update too.",
      profiles:
        "iOS 18 reports a section that lost rows without a word as R2b, with an empty list (\"Updates = [ ]\"); a section that gained rows, as here, is R2 under both.",
      certainty: "Read in decompiled UIKit and seen in a report."),
    RuleExplanation(
      id: "R27", title: "A moved cell is not refreshed",
      condition:
        "A move carries the cell along as it is: UIKit does not ask the data source for it again. A row whose content changed and moved must be reloaded in a later update, or deleted and inserted; reloading and moving it in one update is R11. BatchCheck reports a moved, changed, not refreshed row as stale content (C2).",
      textSource: .none,
      texts: [],
      example:
        #"{"old":[[{"id":"a","content":1},"b"]],"new":[["b",{"id":"a","content":2}]],"update":{"moveRows":[[[0,0],[0,1]]]},"expect":{"verdict":"staleContent","rule":"C2"}}"#,
      note: "Row a changed and moved; its cell still shows the old content.",
      profiles:
        "The same under both. Under iOS 18 a reconfigure of the row's old index path refreshes it in place.",
      certainty: "Documented behaviour of moves, seen in reports."),
    RuleExplanation(
      id: "R28", title: "Failures while animating",
      condition:
        "Some exceptions come from the animation that follows a valid update (\"Attempt to create two animations for cell\", a nil view in a collection view) and depend on which cells are on screen and how the animation runs; BatchCheck does not model those. One of the family follows from the update alone, and BatchCheck reports it under the iOS 12 profile: a collection-view update that moves a section onto its own index and moves an item out of that section passes every check, then UIKit raises while animating. `batchcheck diagnose` names all of these texts as R28.",
      textSource: .uikit,
      texts: [
        "request for index path for global index %ld when there are only %ld items in the collection view"
      ],
      example:
        #"{"semantics":"collectionView","uikit":"ios12","old":[[],["a"]],"new":[["a"],[]],"update":{"moveSections":[[1,1]],"moveRows":[[[1,0],[0,0]]]},"expect":{"verdict":"exception","rule":"R28","message":"request for index path for global index 1 when there are only 1 items in the collection view"}}"#,
      note:
        "Section 1 moves onto itself and its one item moves to section 0: each move is legal, together they leave UIKit's global item numbering one short (rdar://48941906). BatchCheck prints the data source's total number of items for both numbers, as the report shows them.",
      profiles:
        "Modelled under iOS 12 for collection views only, and only this shape (a section moved onto its own index with an item moved out of it): the evidence is one report on iOS 12.2. Whether iOS 18 still raises is not known, so the iOS 18 profile accepts the update. The other failures of the family are modelled under neither.",
      certainty:
        "One public report with a reproducing project (iOS 12.2 simulator) for the modelled shape; the others are seen in public reports and cannot be predicted from the update."
    ),
    RuleExplanation(
      id: "R29", title: "A collection view that is not in a window",
      condition:
        "Before iOS 16.4 a collection view that was not in a window did not validate its updates (it reloaded later); from iOS 16.4 on, it does. BatchCheck always validates, as a view on screen under a recent release does.",
      textSource: .none,
      texts: [],
      example: nil,
      note: "Not modelled: a case has no notion of a window.",
      profiles: "Both profiles validate every update.",
      certainty:
        "From the behaviour of UIKit's macOS port and an Apple engineer's statement about iOS 16.4."
    ),
  ]

  static let rows: [RuleExplanation] = [
    RuleExplanation(
      id: "C1", title: "Wrong rows: a cell shows a row other than the data source's",
      condition:
        "UIKit accepts the update but checks only counts and index paths. BatchCheck then follows every cell to its final place and compares the row it shows (by identity) with the row the data source has there. The first wrong cell, in new index order, is reported. Cells of inserted sections, inserted rows and reloaded rows are fresh and always right; only cells on screen are judged (`visibleRows`). A collection view under the duplicates policy `asUIKit` counts each copy of a duplicate insert, so the copies can balance the count while a row of the data source is filled by no insert and no old row; UIKit's outcome there is not known (R28 territory), and BatchCheck reports that row as C1, inferred, never as valid. For a diffable snapshot case, C1 means that the applied snapshot's section ids, or the items of a section, differ from `new` in identity or order.",
      textSource: .batchCheck,
      texts: [
        "row %@ shows %@ (%@) but the data source has %@ there",
        "row %@ shows nothing valid (%@, where it has no row) but the data source has %@ there",
        "row %@ is filled by no insert and no old row: the copies of a duplicate insert balance the count, so the data source's %@ there has no cell (inferred: what UIKit shows there is not known; BatchCheck takes the cell before it, which shows %@)",
      ],
      example:
        #"{"old":[["a","b","c"]],"new":[["b","c"]],"update":{"deleteRows":[[0,2]]},"expect":{"verdict":"wrongRows","rule":"C1"}}"#,
      note:
        "Row a was removed from the data, but the update deletes row 2 (c): the table keeps showing a.",
      profiles:
        "The same under both. Where the reload walk differs (R24), the same update can show wrong rows under one profile and not the other.",
      certainty:
        "BatchCheck's own check: it follows UIKit's documented index spaces. It assumes every existing row has a cell unless the case says which rows are on screen. The row no insert and no old row fills (counted duplicate inserts) is inferred: the spec does not say what UIKit shows there."
    ),
    RuleExplanation(
      id: "C2", title: "Stale content: a changed row was not refreshed",
      condition:
        "The rows are right, but a row whose content changed (same identity, different content) was neither reloaded, nor deleted and inserted, nor reconfigured, so its cell still shows the old content. Reported only when no cell shows a wrong row (C1 wins). For a diffable snapshot case, C2 means that an item kept from `old` changed its content and was neither reloaded, nor reconfigured, nor in a reloaded section, nor applied with reloadData.",
      textSource: .batchCheck,
      texts: [
        "row %@ shows %@ with old content %@ but the data source has content %@: it changed and was neither reloaded nor inserted"
      ],
      example:
        #"{"old":[[{"id":"a","content":1},"b"]],"new":[[{"id":"a","content":2},"b"]],"update":{},"expect":{"verdict":"staleContent","rule":"C2"}}"#,
      note: "Row a's content went from 1 to 2 and the update does nothing about it.",
      profiles: "The same under both; iOS 18's `reconfigureRows` is one more way to refresh a row.",
      certainty: "BatchCheck's own check, with the same assumption about cells on screen as C1."),
  ]
}
