/// The explanations of the adapter causes, for `RuleExplanation.adapter`:
/// why an app's view and its data source fell out of step (A1 ... A13). The
/// rule UIKit raises is an R-rule of the batch table; a cause says why the
/// counts it compared were what they were, and what to change.
///
/// `profiles` holds how the two views and the iOS 12 and iOS 18 profiles
/// differ; `fix` the likely fix.
extension RuleExplanation {
  /// Every adapter cause, in order: `A1` ... `A13`.
  ///
  /// The examples are lines of `Corpus/adapter.jsonl`, without their names.
  package static let adapter: [RuleExplanation] = [
    RuleExplanation(
      id: "A1", title: "The batch's start took in the new counts",
      condition:
        "The app changed its model, then started a batch on a view that had to read its data source first: a collection view that needs a layout pass (or never loaded), or a table view that never loaded, whose performBatchUpdates lays it out before the block under iOS 18. That read happens before the block runs, so the view takes the new counts as \"before\", and the batch, right for the old rows, is judged against the new ones: inserts give R2 or R2b with equal before and after counts, a delete past the new end gives R3. BatchCheck names A1 when the same batch would have passed from the rows the app last showed, and the read that took them in was a batch's start for a layout owed or a first load. A standalone mutation call on a table that never loaded reads first too.",
      textSource: .none,
      texts: [],
      example:
        #"{"contract":"adapter","semantics":"collectionView","uikit":"ios18","start":{"loaded":true,"inWindow":true,"laidOut":false,"rows":[["a","b"]]},"script":[{"dataSource":[["a","b","c"]]},{"call":"performBatchUpdates","steps":[{"call":"insertRows","at":[[0,2]]}]}],"expect":{"verdict":"exception","rule":"R2b","cause":"A1","step":[1],"basis":"settled"}}"#,
      note:
        "A collection view still owes a layout pass; the model gains c, and then performBatchUpdates inserts it. The start of the batch reads three items as \"before\".",
      profiles:
        "Both profiles. Under iOS 18 the count failure is usually R2b (its \"Data source before updates\" text); under iOS 12 the classic R2. A table view reads at the start of performBatchUpdates only under iOS 18, and only when it never loaded; under iOS 12 the same table batch is skipped (A7).",
      certainty:
        "Settled for collection views by public reports and Apple's documentation (\"If the collection view's layout is not up to date before you call this method, a reload may occur\"). That a table view loads in its pre-batch layout, and that a standalone call loads a never-loaded table first, is read in UIKit's code or inferred: such outcomes carry basis decompile or inferred.",
      fix:
        "Change the model inside the update block (performBatchUpdates { setData(new); insert... }), or make sure the view is laid out (layoutIfNeeded) before the model changes."
    ),
    RuleExplanation(
      id: "A2", title: "A reload owed from earlier in the turn took in the new counts",
      condition:
        "The app called reloadData on a collection view, changed its model in the same main-queue turn, and then started a batch. A collection view's reloadData reads nothing at once: it only marks the counts stale, so the batch's start reads the data source, now the new model, as \"before\". The batch is judged against the new rows, as in A1. A table view's reloadData reads at once, so the same script is valid on a table view.",
      textSource: .none,
      texts: [],
      example:
        #"{"contract":"adapter","semantics":"collectionView","uikit":"ios18","start":{"loaded":true,"inWindow":true,"laidOut":true,"rows":[["a","b","c"]]},"script":[{"call":"reloadData"},{"dataSource":[["a","b"]]},{"call":"performBatchUpdates","steps":[{"call":"deleteRows","at":[[0,2]]}]}],"expect":{"verdict":"exception","rule":"R3","cause":"A2","step":[2],"basis":"settled"}}"#,
      note:
        "reloadData, then the model loses c, then performBatchUpdates deletes row 2: the start reads two items, and deleting item 2 of two raises R3.",
      profiles:
        "The same under both profiles, with R2b (iOS 18) or R2 (iOS 12) for count failures. It applies to collection views only.",
      certainty:
        "Settled by public reports from iOS 10 to 2026 and by Texture's tests of a real collection view.",
      fix:
        "Call layoutIfNeeded right after reloadData (IGListKit does), or let the main queue turn (drain) before the batch; or skip the batch and rely on the reload when the model changes in the same turn."
    ),
    RuleExplanation(
      id: "A3", title: "Another reader took in the new counts before the batch",
      condition:
        "Between the model change and the batch something else read the data source: a layout pass at the end of the turn, app code asking numberOfSections, numberOfRows or numberOfItems, or a geometry change (rotation, margins, safe area) that makes a table view rebuild its row data. The cache now holds the new counts, and the batch that follows is judged against them, as in A1.",
      textSource: .none,
      texts: [],
      example:
        #"{"contract":"adapter","semantics":"collectionView","uikit":"ios18","start":{"loaded":true,"inWindow":true,"laidOut":true,"rows":[["a","b"]]},"script":[{"call":"reloadData"},{"dataSource":[["a","b","c"]]},{"drain":true},{"call":"performBatchUpdates","steps":[{"call":"insertRows","at":[[0,2]]}]}],"expect":{"verdict":"exception","rule":"R2b","cause":"A3","step":[3],"basis":"settled"}}"#,
      note:
        "reloadData, the model gains c, the turn ends (drain, so a layout pass reads three items), then performBatchUpdates inserts c.",
      profiles:
        "Both profiles. A table view's geometry read is settled under iOS 18 and inferred under iOS 12 and inside an open block.",
      certainty:
        "Settled for a layout pass and a geometry rebuild (public reports, UIKit's iOS 18.2 code). A collection view's count read owed to a reload is inferred.",
      fix:
        "Change the model inside the update block, so no reader can see it early; or change the model and reload instead of batching when anything can read in between."
    ),
    RuleExplanation(
      id: "A4", title: "The model did not move by the end of the block",
      condition:
        "The batch announced changes, but when the outermost block ended the data source still returned exactly what the view had: setData was forgotten, called after the block, or called asynchronously. UIKit reads \"after\" at the end of the block, finds the old counts, and raises R2 (or R2b) for the announced inserts or deletes.",
      textSource: .none,
      texts: [],
      example:
        #"{"contract":"adapter","semantics":"tableView","uikit":"ios18","start":{"loaded":true,"inWindow":true,"laidOut":true,"rows":[["a","b","c"]]},"script":[{"call":"performBatchUpdates","steps":[{"call":"deleteRows","at":[[0,0]]}]}],"expect":{"verdict":"exception","rule":"R2","cause":"A4","step":[0],"basis":"settled"}}"#,
      note:
        "performBatchUpdates deletes row 0 of three, but the model still has three rows.",
      profiles:
        "Both profiles and both views. A collection view built with an SDK before iOS 16.4 logs and reloads instead (A9).",
      certainty:
        "Settled by public reports, Apple's forum answer (\"your data source counts must move to the updated values inside the performBatchUpdates: block\") and a run on Mac Catalyst.",
      fix:
        "Update the model inside the update block, before it returns: performBatchUpdates { setData(new); deleteRows(...) }."
    ),
    RuleExplanation(
      id: "A5", title: "The model was ahead: a later batch's change was already in it",
      condition:
        "A staged apply (several batches in a row) gave the data source the final data in an earlier stage, or one setData served several batches, or two change cycles ran in one callback. The earlier batch's end reads counts that already include the later changes, so it raises R2 or R2b; the calls after it would have made the counts add up.",
      textSource: .none,
      texts: [],
      example:
        #"{"contract":"adapter","semantics":"tableView","uikit":"ios18","start":{"loaded":true,"inWindow":true,"laidOut":true,"rows":[["a","b","c"]]},"script":[{"call":"performBatchUpdates","steps":[{"dataSource":[["d","a","c"]]},{"call":"deleteRows","at":[[0,1]]}]},{"call":"performBatchUpdates","steps":[{"dataSource":[["d","a","c"]]},{"call":"insertRows","at":[[0,0]]}]}],"expect":{"verdict":"exception","rule":"R2","cause":"A5","step":[0],"basis":"settled"}}"#,
      note:
        "Two stages from a, b, c to d, a, c: the first stage deletes b but the model already holds the final d, a, c.",
      profiles:
        "Both profiles and both views.",
      certainty:
        "Settled by DifferenceKit's documentation and issues and IGListKit's source comments (\"The data source must return the old counts up until the updates closure executes, and must return the new counts after\").",
      fix:
        "Give each stage its own data: setData(stage.data) inside each stage's block, as DifferenceKit's reload(using:setData:) expects."
    ),
    RuleExplanation(
      id: "A6", title: "reloadData was called inside the block",
      condition:
        "reloadData ran inside performBatchUpdates or between beginUpdates and endUpdates. A collection view ignores it for validation and judges the batch as if it were not there; a table view defers the reload until after the block and validates the batch against its cached counts. Either way the batch's counts do not add up (R1, R2 or R2b).",
      textSource: .none,
      texts: [],
      example:
        #"{"contract":"adapter","semantics":"tableView","uikit":"ios18","start":{"loaded":true,"inWindow":true,"laidOut":true,"rows":[["a","b","c"]]},"script":[{"call":"performBatchUpdates","steps":[{"dataSource":[["a","b","c","d"]]},{"call":"reloadData"}]}],"expect":{"verdict":"exception","rule":"R2","cause":"A6","step":[0],"basis":"inferred"}}"#,
      note:
        "Inside performBatchUpdates the model gains d and reloadData is called; the batch announces nothing.",
      profiles:
        "Both profiles. The table view's deferred reload is read in UIKit's code; the outcome for a table is inferred.",
      certainty:
        "Settled for collection views by Texture's tests of a real view; the table view's deferral is read in UIKit's code, its outcome inferred.",
      fix:
        "Call reloadData outside any update block, or announce the changes with insert, delete and move calls inside it instead."
    ),
    RuleExplanation(
      id: "A7", title: "A batch on a table view that never loaded is dropped",
      condition:
        "beginUpdates and endUpdates (or performBatchUpdates under iOS 12) on a table view that has never read its data source: UIKit has no row data, so it drops the updates unchecked and raises nothing. The first layout pass reads the data source later. BatchCheck reports the batch as skipped, because it validated nothing.",
      textSource: .batchCheck,
      texts: [
        "not validated: the table view has never loaded its data, so UIKit drops the batch unchecked; the first layout pass reads the data source"
      ],
      example:
        #"{"contract":"adapter","semantics":"tableView","uikit":"ios18","start":{"loaded":false,"inWindow":true,"laidOut":false,"rows":[[]]},"script":[{"dataSource":[["a"]]},{"call":"beginUpdates"},{"call":"insertRows","at":[[0,0]]},{"call":"endUpdates"}],"expect":{"verdict":"skipped","cause":"A7","step":[3],"basis":"inferred"}}"#,
      note:
        "A table that never loaded gets beginUpdates, an insert and endUpdates.",
      profiles:
        "Both profiles for beginUpdates and endUpdates. Under iOS 18 performBatchUpdates lays the table out first, so it loads and the batch is judged (A1 when the model moved).",
      certainty:
        "The skip is read in UIKit's iOS 12 and iOS 18.2 code; that the row data is nil before the first load is inferred, so the outcome's basis is inferred.",
      fix:
        "Load the table first (layoutIfNeeded, or reloadData) before applying batches to it, or reload instead of batching while it is off screen."
    ),
    RuleExplanation(
      id: "A8", title: "The collection view was not in a window",
      condition:
        "A collection view outside a window got a batch. Before iOS 16.4 (the ios12 profile here) UIKit did not check it and reloaded later, so the outcome is skipped; from iOS 16.4 on (ios18) it is validated, and a count or bounds failure that nothing earlier explains is put down to the missing window: the same code passed on older systems.",
      textSource: .batchCheck,
      texts: [
        "not validated: a collection view outside a window before iOS 16.4 does not check the batch, and reloads its data later"
      ],
      example:
        #"{"contract":"adapter","semantics":"collectionView","uikit":"ios18","start":{"loaded":true,"inWindow":false,"laidOut":true,"rows":[["r0","r1","r2","r3","r4","r5"]]},"script":[{"dataSource":[["r0","r1","r2","r3","r4"]]},{"call":"reloadRows","at":[[0,4]]}],"expect":{"verdict":"exception","rule":"R2b","cause":"A8","step":[1],"basis":"settled"}}"#,
      note:
        "A collection view outside a window shrinks from 6 items to 5, and the app reloads item 4 instead of deleting item 5.",
      profiles:
        "ios12: skipped (not validated). ios18: validated, with UIKit's R-text. Table views are validated in or out of a window and never get A8.",
      certainty:
        "Settled by Apple's forum (\"the change is made when the UICollectionView is not displayed which used to be allowed but now causes a crash\") and UIKit's iOS 18.2 code.",
      fix:
        "Make the batch right (here: delete the last item), or reload instead of batching while the view is not in a window."
    ),
    RuleExplanation(
      id: "A9", title: "An app linked before iOS 16.4: the collection view logs and reloads",
      condition:
        "A collection view in an app built with an SDK before iOS 16.4 finds a count failure (R2 or R2b). Instead of raising, UIKit logs the text and calls reloadData. The app does not crash, but the batch's animation is lost and the bug is hidden until the app is rebuilt with a newer SDK. R1 still raises.",
      textSource: .uikit,
      texts: ["[UICollectionView] %@ - will perform reloadData."],
      example:
        #"{"contract":"adapter","semantics":"collectionView","uikit":"ios18","sdk":"old","start":{"loaded":true,"inWindow":true,"laidOut":true,"rows":[["a","b","c"]]},"script":[{"call":"performBatchUpdates","steps":[{"call":"deleteRows","at":[[0,0]]}]}],"expect":{"verdict":"fallback","rule":"R2","cause":"A9","step":[0],"basis":"settled"}}"#,
      note:
        "An old-SDK collection view deletes item 0 while the model keeps three items.",
      profiles:
        "Both profiles; the text inside the log is the profile's (R2 under iOS 12, R2 or R2b under iOS 18). Table views have no SDK gate and raise.",
      certainty:
        "Settled by IGListKit's reports (the iOS 13.4 log; a crash only when built with Xcode 14.3) and UIKit's iOS 18.2 code.",
      fix:
        "Fix the batch as the R-rule says (usually: update the model inside the block); a rebuild with a current SDK turns this log into a crash."
    ),
    RuleExplanation(
      id: "A10", title: "A diffable data source owns the view",
      condition:
        "The view's data source is a UITableViewDiffableDataSource or UICollectionViewDiffableDataSource. Every direct mutation call (insertRows, deleteItems, reconfigureRows and the rest) raises at once; a count failure at the end of a batch is logged and answered with reloadData.",
      textSource: .uikit,
      texts: [
        "UITableView must be updated via the UITableViewDiffableDataSource APIs when acting as the UITableView's dataSource: please do not call mutation APIs directly on UITableView. %@",
        "UICollectionView must be updated via the UICollectionViewDiffableDataSource APIs when acting as the UICollectionView's dataSource: please do not call mutation APIs directly on UICollectionView. %@",
        "Performing reloadData as a fallback — %@",
      ],
      example:
        #"{"contract":"adapter","semantics":"tableView","uikit":"ios18","source":"diffable","start":{"loaded":true,"inWindow":true,"laidOut":true,"rows":[["a","b","c"]]},"script":[{"dataSource":[["x","a","b","c"]]},{"call":"insertRows","at":[[0,0]]}],"expect":{"verdict":"exception","cause":"A10","step":[1],"basis":"decompile"}}"#,
      note:
        "A table with a diffable data source gets insertRows.",
      profiles:
        "Diffable data sources exist from iOS 13, so an adapter line with a diffable source must be judged by ios18.",
      certainty:
        "Read in UIKit's iOS 18.2 code; the collection view's text is seen in public reports.",
      fix:
        "Apply a snapshot (dataSource.apply) instead of calling the view's mutation methods, or use a plain data source."
    ),
    RuleExplanation(
      id: "A11", title: "An empty or reconfigure-only batch over a model that changed",
      condition:
        "A batch that announces no inserts, deletes or moves (beginUpdates and endUpdates to refresh row heights, an empty performBatchUpdates, or reconfigureRows outside a block) ran while the model had changed. UIKit still compares the counts, so the batch raises R2 or R2b with nothing inserted or deleted.",
      textSource: .none,
      texts: [],
      example:
        #"{"contract":"adapter","semantics":"tableView","uikit":"ios18","start":{"loaded":true,"inWindow":true,"laidOut":true,"rows":[["a","b","c"]]},"script":[{"dataSource":[["a","b","c","d"]]},{"call":"beginUpdates"},{"call":"endUpdates"}],"expect":{"verdict":"exception","rule":"R2","cause":"A11","step":[2],"basis":"settled"}}"#,
      note:
        "The model gains d, then beginUpdates and endUpdates (to refresh heights) announce nothing.",
      profiles:
        "Both profiles; reconfigureRows exists from iOS 15 on, so that form is ios18 only.",
      certainty:
        "Settled by public reports; that reconfigureRows outside a block runs an empty batch is read in UIKit's iOS 18.2 code.",
      fix:
        "Announce the model change in the same block (insertRows, deleteRows...), or reload; refresh heights only when the model is in step with the view."
    ),
    RuleExplanation(
      id: "A12", title: "Calls made one at a time where one batch was meant",
      condition:
        "The app made several mutation calls with no update block around them (a fetched results controller delegate that forwards each change as it comes). Each call is a batch of its own, validated at once against the final model, so the first one raises R1, R2 or R2b, although all of them together would have been right.",
      textSource: .none,
      texts: [],
      example:
        #"{"contract":"adapter","semantics":"tableView","uikit":"ios18","start":{"loaded":true,"inWindow":true,"laidOut":true,"rows":[["a","b","c"]]},"script":[{"dataSource":[["a","b","c","d","e"]]},{"call":"insertRows","at":[[0,3]]},{"call":"insertRows","at":[[0,4]]}],"expect":{"verdict":"exception","rule":"R2","cause":"A12","step":[1],"basis":"settled"}}"#,
      note:
        "The model gains d and e; insertRows(3) and insertRows(4) are called one at a time.",
      profiles:
        "Both profiles and both views.",
      certainty:
        "Settled by public reports and crash traces of standalone calls.",
      fix:
        "Wrap the calls in one performBatchUpdates (or beginUpdates and endUpdates), with the model change inside it."
    ),
    RuleExplanation(
      id: "A13", title: "Unbalanced beginUpdates and endUpdates",
      condition:
        "More endUpdates than beginUpdates, or a beginUpdates never closed. UIKit raises nothing: an extra endUpdates takes its update count below zero, so later beginUpdates and endUpdates pairs stop bracketing and each call is checked on its own; a block left open is never validated. BatchCheck reports each such end, and a block left open at the end of the script, as skipped with A13.",
      textSource: .batchCheck,
      texts: [
        "unbalanced endUpdates: more endUpdates than beginUpdates, so UIKit's update count goes below zero; this call validates nothing (not validated), and later beginUpdates and endUpdates pairs stop bracketing",
        "unbalanced beginUpdates: the block opened here is never closed by endUpdates, so UIKit validates none of its updates (not validated)",
      ],
      example:
        #"{"contract":"adapter","semantics":"tableView","uikit":"ios18","start":{"loaded":true,"inWindow":true,"laidOut":true,"rows":[["a","b","c"]]},"script":[{"call":"beginUpdates"},{"dataSource":[["a","b","c","d"]]},{"call":"insertRows","at":[[0,3]]}],"expect":{"verdict":"skipped","cause":"A13","step":[0],"basis":"decompile"}}"#,
      note:
        "beginUpdates, the model gains d, insertRows(3), and no endUpdates.",
      profiles:
        "Both profiles; table views only (collection views have no beginUpdates).",
      certainty:
        "The counting is read in UIKit's code; what follows an extra endUpdates is inferred, so the steps after it carry basis inferred.",
      fix:
        "Pair every beginUpdates with one endUpdates on every path (defer helps), or use performBatchUpdates."
    ),
  ]
}
