extension RuleExplanation {
  /// Every rule, in order: `R1`, `R2`, `R2b`, `R3` ... `R29`, `C1`, `C2`.
  ///
  /// The examples are lines of `Corpus/uikit-rules.jsonl` and
  /// `Corpus/uikit-ios18.jsonl`, without their names.
  package static let all: [RuleExplanation] =
    counts + bounds + conflicts + moves + quiet + reloads + rows

  static let counts: [RuleExplanation] = [
    RuleExplanation(
      id: "R1", title: "The number of sections must add up",
      condition:
        "After the update the data source must report as many sections as before, plus the sections inserted, minus the sections deleted. A reloaded section counts as one deleted and one inserted; a moved section counts as neither. BatchCheck reports R1 when the section count it is given differs from that sum.",
      textSource: .uikit,
      texts: [
        "Invalid update: invalid number of sections. The number of sections contained in the table view after the update (%ld) must be equal to the number of sections contained in the table view before the update (%ld), plus or minus the number of sections inserted or deleted (%ld inserted, %ld deleted). Table view: <UITableView>"
      ],
      example:
        #"{"old":[["a"]],"new":[["a"]],"update":{"insertSections":[0]},"expect":{"verdict":"exception","rule":"R1","message":"Invalid update: invalid number of sections. The number of sections contained in the table view after the update (1) must be equal to the number of sections contained in the table view before the update (1), plus or minus the number of sections inserted or deleted (1 inserted, 0 deleted). Table view: <UITableView>"}}"#,
      note: "A section is inserted, but the data source still has one section.",
      profiles:
        "The text is the same apart from its end: under iOS 18 it names the view (\" Table view: <UITableView>\"), under iOS 12 it ends with the sentence. A UITableView checks R1 before R2b; a UICollectionView under iOS 18 checks R2b first. Once a row moves out of a deleted section or into an inserted one (R17), iOS 12 still checks R1 and iOS 18 does not.",
      certainty:
        "The formula and the text were read in decompiled UIKit and match public crash reports. iOS 12 printed two spaces after the first sentence; BatchCheck prints one (the form from iOS 13 on) under both profiles, and case expectations compare white space loosely."
    ),
    RuleExplanation(
      id: "R2", title: "The number of rows in each section must add up",
      condition:
        "For every section that exists before and after the update (kept or moved, not inserted or reloaded), the new row count must be the old count plus rows inserted, minus rows deleted, plus rows moved in, minus rows moved out. A row move counts as in and out only when it leaves the section the old section became. BatchCheck reports R2 for the first new section, in order, whose count does not add up; the text names the new section index.",
      textSource: .uikit,
      texts: [
        "Invalid update: invalid number of rows in section %ld. The number of rows contained in an existing section after the update (%ld) must be equal to the number of rows contained in that section before the update (%ld), plus or minus the number of rows inserted or deleted from that section (%ld inserted, %ld deleted) and plus or minus the number of rows moved into or out of that section (%ld moved in, %ld moved out). Table view: <UITableView>",
        "Invalid update: invalid number of rows in section %ld. Attempt to delete more rows than exist in section. Table view: <UITableView>",
      ],
      example:
        #"{"old":[["a","b","c"]],"new":[["a","b","c"]],"update":{"deleteRows":[[0,1]]},"expect":{"verdict":"exception","rule":"R2","message":"(3)"}}"#,
      note: "A row is deleted, but the data source still has three rows.",
      profiles:
        "iOS 18 ends the text with the view's name. Under iOS 18 a mismatch where some section would hold more rows than the data source returns is R2b instead; a section left with too few rows stays R2. iOS 12 reports every mismatch as R2. A collection view in an app built against an older SDK does not raise R2 or R2b: it logs the count text followed by \"- will perform reloadData\" and reloads (the same text in a console is that fallback, not a crash); a case cannot say which SDK an app was built with, so BatchCheck judges a modern-SDK app.",
      certainty:
        "Formula and text read in decompiled UIKit and confirmed by reports. How old sections map to new ones (which decides whether a move counts as in and out) is inferred from the decompile's behaviour, not read. The second text, for a negative count from the data source, prints the old section index."
    ),
    RuleExplanation(
      id: "R2b", title: "Invalid batch updates detected (iOS 18)",
      condition:
        "Newer UIKit's other count failure: after R1 (UITableView) or before it (UICollectionView), UIKit checks that the update fits the data source. BatchCheck reports R2b when some kept or moved section would end up with more rows than the data source returns for it: its old rows that were neither deleted nor moved away, plus the rows inserted into it, plus the rows moved into it.",
      textSource: .uikit,
      texts: [
        "Invalid batch updates detected: the number of sections and/or rows returned by the data source before and after performing the batch updates are inconsistent with the updates.\nData source before updates = { %@ }\nData source after updates = { %@ }\nUpdates = [%@]\nTable view: <UITableView>"
      ],
      example:
        #"{"old":[["a","b","c"]],"new":[["a"]],"update":{"deleteRows":[[0,1]]},"expect":{"verdict":"exception","rule":"R2b","message":"Data source before updates = { 1 section with row counts: [3] }\nData source after updates = { 1 section with row counts: [1] }"}}"#,
      note:
        "One row is deleted, but the data source lost two: the section would keep two rows and has one.",
      profiles:
        "iOS 18 only. Under iOS 12 the same update is R2. The first sentence changed during iOS 17: iOS 16.4 to 17.0 printed \"before and/or after performing the batch updates\", iOS 17.1 and later print \"before and after\", as BatchCheck does; `batchcheck diagnose` reads both and tells the range from the wording.",
      certainty:
        "The trigger is inferred: the check that decides it is not in the decompiled code, and the rule above is the simplest one that fits every public report. The first line, the one-section count lines, the row entries (\"Delete row (0 - 0)\", \"Insert row (0 - 0)\", reload-made ones included) and the last line are UIKit's as reported; the plural count line, the section and move entries, the empty list (\"Updates = [ ]\") and the order of the entries are BatchCheck's guess."
    ),
  ]

  static let bounds: [RuleExplanation] = [
    RuleExplanation(
      id: "R3", title: "A deleted row must exist before the update",
      condition:
        "A row delete (or the delete a row reload becomes) names a row at or past the end of its section, counted before the update. Deletes are checked from the last index path to the first, so the highest bad one is reported.",
      textSource: .uikit,
      texts: [
        "attempt to delete row %ld from section %ld which only contains %ld rows before the update"
      ],
      example:
        #"{"old":[[],["a"]],"new":[[],["a"]],"update":{"deleteRows":[[0,0]]},"expect":{"verdict":"exception","rule":"R3","message":"attempt to delete row 0 from section 0 which only contains 0 rows before the update"}}"#,
      note: "Section 0 is empty, so it has no row 0 to delete.",
      profiles:
        "The same under both. Under iOS 18 a row reload past the end is dropped before it is checked (see R9), so only explicit deletes raise R3 there.",
      certainty: "Text seen in public crash reports; the check read in decompiled UIKit."),
    RuleExplanation(
      id: "R4", title: "A deleted row's section must exist before the update",
      condition: "A row delete names a section at or past the old section count.",
      textSource: .uikit,
      texts: [
        "attempt to delete row %ld from section %ld, but there are only %ld sections before the update"
      ],
      example:
        #"{"old":[["a"]],"new":[["a"]],"update":{"deleteRows":[[3,0]]},"expect":{"verdict":"exception","rule":"R4","message":"attempt to delete row 0 from section 3, but there are only 1 sections before the update"}}"#,
      note: "There is one section, and the delete names section 3.",
      profiles: "The same under both.",
      certainty: "Read in decompiled UIKit; no public report quotes it."),
    RuleExplanation(
      id: "R5", title: "A deleted section must exist before the update",
      condition:
        "A section delete (or the delete a section reload becomes) names a section at or past the old section count.",
      textSource: .uikit,
      texts: ["attempt to delete section %ld, but there are only %ld sections before the update"],
      example:
        #"{"old":[],"new":[],"update":{"deleteSections":[0]},"expect":{"verdict":"exception","rule":"R5","message":"attempt to delete section 0, but there are only 0 sections before the update"}}"#,
      note: "The table has no sections at all.",
      profiles: "The same under both; section reloads are always checked, under iOS 18 too.",
      certainty: "Seen in public crash reports."),
    RuleExplanation(
      id: "R6", title: "An inserted row must fit the new section",
      condition:
        "A row insert (or the insert a row reload becomes) names a row at or past the end of its section, counted after the update. Inserts are checked from the first index path to the last, so the lowest bad one is reported. Row inserts into a section inserted by the same update are checked too (R19).",
      textSource: .uikit,
      texts: [
        "attempt to insert row %ld into section %ld, but there are only %ld rows in section %ld after the update"
      ],
      example:
        #"{"old":[["a"]],"new":[["a","x"]],"update":{"insertRows":[[0,5],[0,3]]},"expect":{"verdict":"exception","rule":"R6","message":"attempt to insert row 3 into section 0, but there are only 2 rows in section 0 after the update"}}"#,
      note: "Both inserts are out of range; the lower one is reported.",
      profiles: "The same under both.",
      certainty: "Text seen in public crash reports; the check read in decompiled UIKit."),
    RuleExplanation(
      id: "R7", title: "An inserted row's section must exist after the update",
      condition: "A row insert names a section at or past the new section count.",
      textSource: .uikit,
      texts: [
        "attempt to insert row %ld into section %ld, but there are only %ld sections after the update"
      ],
      example:
        #"{"old":[["a"]],"new":[["a","x"]],"update":{"insertRows":[[1,0]]},"expect":{"verdict":"exception","rule":"R7","message":"attempt to insert row 0 into section 1, but there are only 1 sections after the update"}}"#,
      note: "The row goes into section 1, which does not exist.",
      profiles: "The same under both.",
      certainty: "Read in decompiled UIKit; no public report quotes it."),
    RuleExplanation(
      id: "R8", title: "An inserted section must exist after the update",
      condition:
        "A section insert (or the insert a section reload becomes) names a section at or past the new section count.",
      textSource: .uikit,
      texts: ["attempt to insert section %ld but there are only %ld sections after the update"],
      example:
        #"{"old":[["a"]],"new":[["a"],["x"]],"update":{"insertSections":[2]},"expect":{"verdict":"exception","rule":"R8","message":"attempt to insert section 2 but there are only 2 sections after the update"}}"#,
      note:
        "Two sections after the update, so section 2 is past the end. UIKit's text has no comma before \"but\", unlike the delete text.",
      profiles: "The same under both.",
      certainty: "Read in decompiled UIKit and in its macOS port; no public report quotes it."),
    RuleExplanation(
      id: "R9", title: "A reload is a delete plus an insert",
      condition:
        "UIKit turns every reload into a delete at its old index path and an insert at a new one it computes (R24). The delete is checked like any delete, so a reload out of range gets the delete texts (R3, R4, R5), and the reload counts in R1 and R2 as one deleted and one inserted. BatchCheck never reports R9 itself; it reports the rule the delete or insert breaks.",
      textSource: .none,
      texts: [],
      example:
        #"{"uikit":"ios12","old":[["a","b","c"]],"new":[["a","b","c"]],"update":{"reloadRows":[[0,5]]},"expect":{"verdict":"exception","rule":"R3","message":"attempt to delete row 5 from section 0 which only contains 3 rows before the update"}}"#,
      note: "Under iOS 12, reloading row 5 of three rows raises the delete text (R3).",
      profiles:
        "iOS 18 drops a row reload whose row has no cell before checking anything, and a row past the end never has one, so the example is valid under iOS 18. Section reloads are always processed. iOS 18 also removes duplicate reloads first; iOS 12 walks each copy.",
      certainty:
        "The decomposition was read in decompiled UIKit and is confirmed by reports and by an Apple engineer; iOS 18's dropping of reloads without a cell was read in the iOS 18.2 code."
    ),
  ]

  static let conflicts: [RuleExplanation] = [
    RuleExplanation(
      id: "R10", title: "No delete and reload of the same index path",
      condition:
        "The update deletes and reloads the same row, or the same section. It is the first check of the reload decomposition, before any bounds check.",
      textSource: .uikit,
      texts: ["attempt to delete and reload the same index path (%@)"],
      example:
        #"{"old":[["a","b"]],"new":[["a"]],"update":{"deleteRows":[[0,1]],"reloadRows":[[0,1]]},"expect":{"verdict":"exception","rule":"R10","message":"attempt to delete and reload the same index path ({length = 2, path = 0 - 1})"}}"#,
      note:
        "Row 1 is both deleted and reloaded. For sections the path prints with NSNotFound as its row (9223372036854775807).",
      profiles:
        "The same under both, except that iOS 18 first drops a row reload whose row has no cell, which then cannot conflict.",
      certainty: "Seen in public reports and read in decompiled UIKit."),
    RuleExplanation(
      id: "R11", title: "No move from a deleted row or section",
      condition:
        "A move starts at an index path, or section, that the update also deletes; a reload counts as a delete here. Checked while walking the deletes, before their bounds.",
      textSource: .uikit,
      texts: [
        "attempt to perform a delete and a move from the same index path (%@)",
        "attempt to perform a delete and a move from the same section (%ld)",
      ],
      example:
        #"{"old":[["a","b"]],"new":[["b","a"]],"update":{"reloadRows":[[0,1]],"moveRows":[[[0,1],[0,0]]]},"expect":{"verdict":"exception","rule":"R11","message":"attempt to perform a delete and a move from the same index path ({length = 2, path = 0 - 1})"}}"#,
      note: "Row 1 is reloaded and moved: a reload cannot travel with a move.",
      profiles:
        "The same under both, except that under iOS 18 a reload of a row without a cell is dropped and cannot conflict.",
      certainty: "Seen in public reports and read in decompiled UIKit."),
    RuleExplanation(
      id: "R12", title: "No move to an inserted row or section",
      condition:
        "A move ends at an index path, or section, that the update also inserts; the insert a reload becomes counts here. Checked while walking the inserts, before their bounds.",
      textSource: .uikit,
      texts: [
        "attempt to perform an insert and a move to the same index path (%@)",
        "attempt to perform an insert and a move to the same section (%ld)",
      ],
      example:
        #"{"old":[["a","b","c"]],"new":[["b","x","a","c"]],"update":{"insertRows":[[0,0]],"moveRows":[[[0,1],[0,0]]]},"expect":{"verdict":"exception","rule":"R12","message":"attempt to perform an insert and a move to the same index path ({length = 2, path = 0 - 0})"}}"#,
      note: "Row 0 is inserted and is also the destination of a move.",
      profiles: "The same under both.",
      certainty: "Seen in public reports and read in decompiled UIKit."),
  ]
}
