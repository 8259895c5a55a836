import BatchCheck
import BatchCheckCorpus
import Testing

/// Logs in the shapes public reports show them (Xcode's debugger, crash
/// reporters, consoles, JSON reports, several crashes in one paste), kept
/// beside the exact texts of `CrashLogTests`: each is diagnosed in full.
@Suite("Crash logs in the field's shapes")
struct FieldLogTests {
  /// What one diagnosis must say.
  struct Expected {
    var line: Int
    var rule: String
    var view: ViewSemantics?
    var reproduced = true
    var fallback: CrashDiagnosis.Fallback?
    /// A fragment one of the `missing` sentences must hold.
    var missing: String?
    var ids: [String] = []
  }

  static let countText =
    "The number of rows contained in an existing section after the update (5) must be equal to the number of rows contained in that section before the update (3), plus or minus the number of rows inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out)."

  static let logs: [(name: String, log: String, expected: [Expected])] = [
    (
      "Xcode's debugger: no final period",
      #"Thread 1: "Invalid update: invalid number of items in section 0. The number of items contained in an existing section after the update (20) must be equal to the number of items contained in that section before the update (20), plus or minus the number of items inserted or deleted from that section (0 inserted, 1 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out)""#,
      [Expected(line: 1, rule: "R2", view: .collectionView, missing: "no final period")]
    ),
    (
      "a crash reporter that starts at the counts",
      "Exception Reason: NSInternalInconsistencyException\nreason: " + countText
        + "\nLast Exception Backtrace:\n1   UIKitCore  0x1a5e6f700 -[UITableView _endCellAnimationsWithContext:] + 88",
      [
        Expected(
          line: 2, rule: "R2", view: .tableView,
          missing: "the section is not in the quote: rebuilt in section 0")
      ]
    ),
    (
      "a lower-case start without 'Invalid update:', its end cut after the counts",
      "invalid number of items in section 1. The number of items contained in an existing section after the update (4) must be equal to the number of items contained in that section before the update (4), plus or minus the number of items inserted or deleted from that section (0 inserted, 2 deleted) and plus or minus the num",
      [
        Expected(
          line: 1, rule: "R2", view: .collectionView, missing: "the moves are unknown, taken as 0")
      ]
    ),
    (
      "the end cut inside a number: named, no case",
      "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (1",
      [Expected(line: 1, rule: "R2", view: .tableView, reproduced: false, missing: "no case")]
    ),
    (
      "the iOS 8 form, without the moves clause",
      "Invalid update: invalid number of rows in section 0.  The number of rows contained in an existing section after the update (3) must be equal to the number of rows contained in that section before the update (2), plus or minus the number of rows inserted or deleted from that section (0 inserted, 0 deleted).",
      [Expected(line: 1, rule: "R2", view: .tableView, missing: "the older form")]
    ),
    (
      "two crashes: an R2b for a collection view, then a classic R2 for a table view",
      """
      2024-04-02 10:00:00.000 Gallery[1:2] *** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Invalid batch updates detected: the number of sections and/or items returned by the data source before and after performing the batch updates are inconsistent with the updates.
      Data source before updates = { 1 section with item counts: [12] }
      Data source after updates = { 1 section with item counts: [9] }
      Updates = [
      \tDelete item (0 - 11),
      \tDelete item (0 - 4)
      ]
      Collection view: <UICollectionView: 0x12c80e400>'
      *** First throw call stack:
      (0x1 0x2)
      2024-04-03 08:00:00.000 Notes[3:4] *** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (20) must be equal to the number of rows contained in that section before the update (20), plus or minus the number of rows inserted or deleted from that section (0 inserted, 1 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out).'
      """,
      [
        Expected(line: 1, rule: "R2b", view: .collectionView),
        Expected(line: 11, rule: "R2", view: .tableView),
      ]
    ),
    (
      "the diffable fallback",
      "2024-02-11 09:01:12.000 Shop[1:2] [UIDiffableDataSource] Performing reloadData as a fallback — Invalid update: invalid number of items in section 0. The number of items contained in an existing section after the update (4) must be equal to the number of items contained in that section before the update (4), plus or minus the number of items inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out).",
      [Expected(line: 1, rule: "R2", view: .collectionView, fallback: .diffable)]
    ),
    (
      "the diffable fallback of an R2b text",
      """
      [UIDiffableDataSource] Performing reloadData as a fallback — Invalid batch updates detected: the number of sections and/or items returned by the data source before and after performing the batch updates are inconsistent with the updates.
      Data source before updates = { 1 section with item counts: [3] }
      Data source after updates = { 1 section with item counts: [2] }
      Updates = [
      \tInsert item (0 - 0)
      ]
      """,
      [Expected(line: 1, rule: "R2b", view: .collectionView, fallback: .diffable)]
    ),
    (
      "the collection view's SDK gate",
      "2020-06-01 12:00:00.000 Cards[1:2] [UICollectionView] Invalid update: invalid number of items in section 0. The number of items contained in an existing section after the update (3) must be equal to the number of items contained in that section before the update (3), plus or minus the number of items inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out). - will perform reloadData. UICollectionView instance: <UICollectionView: 0x7f>",
      [Expected(line: 1, rule: "R2", view: .collectionView, fallback: .collectionViewSDK)]
    ),
    (
      "diffable crashes: a move onto itself with its address, a Swift type's ids, a JSON report",
      #"""
      Thread 1: "Invalid update: destination for item move is the same as the source [A1] for update: <_UIDiffableDataSourceUpdate 0x600003d2c0a0 - action: MOV; destinationIdentifier:A1; destIsSection: 0; identifiers: [A1]>."
      reason: 'Diffable data source detected item identifiers that are equal but have different hash values. Two identifiers which compare as equal must return the same hash value. You must fix this in the Hashable (Swift) or hash property (Objective-C) implementation for the type of these identifiers. Identifiers that are equal but have different hash values: (Mastodon.StatusItem.thread(id: 42)) and (Mastodon.StatusItem.thread(id: 42))'
      {"asi":{"UIKitCore":["Identifiers in a section snapshot must be unique. Duplicate item identifiers: {(\n    \"Two words\",\n    c\n)}"]}}
      attempted to reload item identifier that does not exist in the snapshot: 7F3A
      Attempted to reconfigure item identifier that does not exist in the snapshot: <Item: 0x6000; key = A B>
      """#,
      [
        Expected(line: 1, rule: "S8", ids: ["A1"]),
        Expected(line: 2, rule: "S12", ids: ["Mastodon.StatusItem.thread(id: 42)"]),
        Expected(line: 3, rule: "SS1", ids: ["\"Two words\"", "c"]),
        Expected(line: 4, rule: "S10", ids: ["7F3A"]),
        Expected(line: 5, rule: "S10", ids: ["<Item: 0x6000; key = A B>"]),
      ]
    ),
    (
      "a diffable text whose stack names the collection view's diffable data source",
      """
      reason: 'Attempted to reload item identifier that does not exist in the snapshot: z'
      3   UIKitCore   0x1a5e6f700 -[UICollectionViewDiffableDataSource applySnapshot:animatingDifferences:] + 88
      """,
      [Expected(line: 1, rule: "S10", view: .collectionView, ids: ["z"])]
    ),
    (
      "an iOS 13 duplicate text names no ids; cut to its list it still names S1",
      "Fatal: supplied identifiers are not unique.\nreason: 'Duplicate identifiers: {(\n    a\n)}'",
      [
        Expected(line: 1, rule: "S1"),
        Expected(line: 2, rule: "S1", missing: "rebuilt with items", ids: ["a"]),
      ]
    ),
  ]

  @Test("each field log: every crash found, numbered by its line, named, rebuilt and reproduced")
  func fieldLogs() {
    for (name, log, expected) in Self.logs {
      let found = CrashLog(log).diagnoses
      #expect(found.map(\.line) == expected.map(\.line), "\(name)")
      #expect(found.map(\.ruleID) == expected.map(\.rule), "\(name)")
      for (diagnosis, wanted) in zip(found, expected) {
        if let view = wanted.view { #expect(diagnosis.semantics == view, "\(name)") }
        #expect(diagnosis.reproduced == wanted.reproduced, "\(name): \(diagnosis.missing)")
        #expect(diagnosis.fallback == wanted.fallback, "\(name)")
        if let fragment = wanted.missing {
          #expect(
            diagnosis.missing.contains { $0.contains(fragment) }, "\(name): \(diagnosis.missing)")
        }
        #expect(
          wanted.ids.allSatisfy(diagnosis.identifiers.contains), "\(name): \(diagnosis.identifiers)"
        )
      }
    }
  }

  @Test("the diffable fallback's likely cause is the model changing behind the snapshot's back")
  func diffableFallbackCause() {
    let log = Self.logs.first { $0.name == "the diffable fallback" }?.log ?? ""
    let diagnosis = CrashLog(log).diagnoses.first
    #expect(diagnosis?.causes.first?.cause == "The model changed behind the snapshot's back")
    #expect(diagnosis?.reloadDataFallback == true)
  }

  @Test("logs that are not a batch crash: a Swift trap, an Auto Layout warning; nothing diagnosed")
  func notBatchCrashes() {
    let trap = CrashLog("Swift/ContiguousArrayBuffer.swift:600: Fatal error: Index out of range")
    #expect(trap.diagnoses.isEmpty)
    #expect(trap.otherFailures.map(CrashLog.kind(ofOther:)) == ["a Swift runtime trap"])
    let layout = CrashLog(
      """
      2024-01-01 10:00:00.000 App[1:2] [LayoutConstraints] Unable to simultaneously satisfy constraints.
      \tProbably at least one of the constraints in the following list is one you don't want.
      (
          "<NSLayoutConstraint:0x600002 UILabel:0x7f.height == 44   (active)>"
      )
      """)
    #expect(layout.diagnoses.isEmpty)
    #expect(layout.otherFailures.count == 1)
    #expect(
      layout.otherFailures.first.map(CrashLog.kind(ofOther:))?.contains("Auto Layout") == true)
    let direct = CrashLog(
      "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'UICollectionView must be updated via the UICollectionViewDiffableDataSource APIs when acting as the UICollectionView's dataSource: please do not call mutation APIs directly on UICollectionView. <UICollectionView: 0x1>'"
    )
    #expect(direct.diagnoses.isEmpty)
    let layoutAttributes = CrashLog(
      "reason: 'UICollectionView received layout attributes for a cell with an index path that does not exist: <NSIndexPath: 0x9f2a> {length = 2, path = 0 - 3}'"
    )
    #expect(layoutAttributes.diagnoses.isEmpty)
    #expect(
      layoutAttributes.otherFailures.first.map(CrashLog.kind(ofOther:))?.hasPrefix(
        "a collection view layout") == true)
    #expect(
      direct.otherFailures.first.map(CrashLog.kind(ofOther:))?.hasPrefix(
        "a direct mutation of a view whose data source is diffable") == true)
  }
}
