import BatchCheck
import Testing

/// The reference adapter on hand-made scripts for what the §7.7 examples leave out: causes
/// A3, A9, A12 and A13, the diffable fallback, R17, R22, duplicates, a dead view, and the
/// reads log. Each expectation is worked out from the text of ADAPTER.md §7.3–§7.5.
@Suite("Reference adapter rules")
struct ReferenceAdapterRuleTests {
  static func run(_ line: String) throws -> ReferenceAdapterResult {
    ReferenceAdapter.run(try ReferenceScriptReader.read(line).script)
  }

  static func read(_ step: [Int], _ by: String, _ counts: [Int]) -> ReferenceAdapterRead {
    ReferenceAdapterRead(step: step, by: by, counts: counts)
  }

  @Test("A3: a table's geometry read absorbs the model before the batch")
  func geometryAbsorbs() throws {
    let result = try Self.run(
      #"{"contract":"adapter","start":{"rows":[["a","b","c"]]},"script":[{"dataSource":[["a","b","c","d"]]},{"geometryChange":true},{"call":"performBatchUpdates","steps":[{"call":"insertRows","at":[[0,3]]}]}]}"#
    )
    #expect(result.verdict == "exception")
    #expect(result.cause == "A3")
    #expect(result.step == [2])
    #expect(result.basis == "settled")
    #expect(result.reads == [Self.read([1], "geometry", [4]), Self.read([2], "batchEnd", [4])])
  }

  @Test("A3 inferred: under ios12 the same geometry read is an inferred step")
  func geometryAbsorbsIOS12() throws {
    let result = try Self.run(
      #"{"contract":"adapter","uikit":"ios12","start":{"rows":[["a","b","c"]]},"script":[{"dataSource":[["a","b","c","d"]]},{"geometryChange":true},{"call":"performBatchUpdates","steps":[{"call":"insertRows","at":[[0,3]]}]}]}"#
    )
    #expect(result.rule == "R2")
    #expect(result.cause == "A3")
    #expect(result.basis == "inferred")
  }

  @Test("A9: a collection view linked against an old SDK falls back on a count failure")
  func oldSDKFallsBack() throws {
    let result = try Self.run(
      #"{"contract":"adapter","semantics":"collectionView","sdk":"old","start":{"rows":[["a","b"]]},"script":[{"call":"performBatchUpdates","steps":[{"dataSource":[["a","b","c"]]}]},{"call":"layoutIfNeeded"}]}"#
    )
    #expect(result.verdict == "fallback")
    #expect(result.cause == "A9")
    #expect(result.rule == "R2" || result.rule == "R2b")
    #expect(result.message?.hasPrefix("[UICollectionView] Invalid") == true)
    #expect(result.message?.hasSuffix(" - will perform reloadData.") == true)
    // The reload it makes is lazy: the layout pass reads.
    #expect(result.reads == [Self.read([0], "batchEnd", [3]), Self.read([1], "layout", [3])])
  }

  @Test("A10: a diffable table's empty batch over a moved model falls back with the log line")
  func diffableFallsBack() throws {
    let result = try Self.run(
      #"{"contract":"adapter","source":"diffable","start":{"rows":[["a"]]},"script":[{"dataSource":[["a","b"]]},{"call":"performBatchUpdates"}]}"#
    )
    #expect(result.verdict == "fallback")
    #expect(result.cause == "A10")
    #expect(result.basis == "decompile")
    #expect(result.message?.hasPrefix("Performing reloadData as a fallback — Invalid") == true)
    // The table reloads at once, and lays out in its window.
    #expect(result.reads == [Self.read([1], "batchEnd", [2]), Self.read([1], "reloadData", [2])])
  }

  @Test("A12: standalone calls that together were right; the first is checked alone")
  func standaloneCalls() throws {
    let result = try Self.run(
      #"{"contract":"adapter","start":{"rows":[["a"]]},"script":[{"dataSource":[["a","b","c"]]},{"call":"insertRows","at":[[0,1]]},{"call":"insertRows","at":[[0,2]]}]}"#
    )
    #expect(result.verdict == "exception")
    #expect(result.cause == "A12")
    #expect(result.step == [1])
    #expect(result.outcomes.count == 1)
  }

  @Test("A13: an end below zero is skipped, and later pairs stop bracketing (inferred)")
  func unbalancedEnd() throws {
    let result = try Self.run(
      #"{"contract":"adapter","start":{"rows":[["a"]]},"script":[{"call":"endUpdates"},{"call":"beginUpdates"},{"dataSource":[["a","b"]]},{"call":"insertRows","at":[[0,1]]},{"call":"endUpdates"}]}"#
    )
    #expect(
      result.outcomes.map { [$0.verdict, $0.cause ?? "-", $0.basis, "\($0.step)"] } == [
        ["skipped", "A13", "decompile", "[0]"], ["valid", "-", "inferred", "[3]"],
        ["skipped", "A13", "inferred", "[4]"],
      ])
    #expect(result.message?.contains("unbalanced") == true)
    #expect(result.basis == "decompile")
  }

  @Test("A13: a block left open is skipped at the step that opened it")
  func blockLeftOpen() throws {
    let result = try Self.run(
      #"{"contract":"adapter","start":{"rows":[["a"]]},"script":[{"drain":true},{"call":"beginUpdates"},{"dataSource":[["a","b"]]},{"call":"insertRows","at":[[0,1]]}]}"#
    )
    #expect(result.verdict == "skipped")
    #expect(result.cause == "A13")
    #expect(result.step == [1])
    #expect(result.basis == "decompile")
    #expect(result.message?.contains("unbalanced") == true)
  }

  @Test("R22 at the call, inside a block; the dead view then reads nothing")
  func negativeIndex() throws {
    let result = try Self.run(
      #"{"contract":"adapter","start":{"rows":[["a"]]},"script":[{"call":"performBatchUpdates","steps":[{"call":"insertRows","at":[[0,-1]]},{"dataSource":[["a","b"]]}]},{"call":"reloadData"}]}"#
    )
    #expect(result.outcomes.count == 1)
    #expect(result.rule == "R22")
    #expect(result.cause == nil)
    #expect(result.step == [0, 0])
    #expect(result.message?.contains("Attempted to perform update with invalid index path") == true)
    #expect(result.reads.isEmpty)
  }

  @Test("a duplicate insert under reject ends the view; asUIKit judges it as UIKit would")
  func duplicates() throws {
    let script =
      #"{"start":{"rows":[["a"]]},"script":[{"dataSource":[["a","b"]]},{"call":"performBatchUpdates","steps":[{"call":"insertRows","at":[[0,1]]},{"call":"insertRows","at":[[0,1]]}]},{"call":"reloadData"}]}"#
    let rejected = try Self.run(
      #"{"contract":"adapter","duplicates":"reject","# + script.dropFirst())
    #expect(rejected.verdict == "duplicate")
    #expect(rejected.rule == "R20")
    #expect(rejected.outcomes.count == 1)
    #expect(!rejected.reads.contains { $0.by == "reloadData" })
    let merged = try Self.run(
      #"{"contract":"adapter","duplicates":"asUIKit","# + script.dropFirst())
    #expect(merged.verdict != "duplicate")
  }

  @Test("R17: a row moved into an inserted section falls back, and the table reloads at once")
  func movedIntoInsertedSection() throws {
    let result = try Self.run(
      #"{"contract":"adapter","uikit":"ios12","start":{"rows":[["a","b"]]},"script":[{"dataSource":[["b"],["a"]]},{"call":"performBatchUpdates","steps":[{"call":"insertSections","at":[1]},{"call":"moveRows","at":[[[0,0],[1,0]]]}]}]}"#
    )
    #expect(result.verdict == "fallback")
    #expect(result.rule == "R17")
    #expect(result.cause == nil)
    #expect(result.reads.last == Self.read([1], "reloadData", [1, 1]))
  }

  @Test("reads: a collection view's batch start reads a pending reload (H3), with its path")
  func batchStartRead() throws {
    let result = try Self.run(ReferenceAdapterExamples.lines[2])
    #expect(result.reads == [Self.read([2], "batchStart", [3]), Self.read([2], "batchEnd", [3])])
  }

  @Test("reads: a table's pre-layout loads it (H10) and a count read loads a collection (H24)")
  func layoutAndCountReads() throws {
    let table = try Self.run(ReferenceAdapterExamples.lines[9])
    #expect(table.reads == [Self.read([1], "layout", [1]), Self.read([1], "batchEnd", [1])])
    let collection = try Self.run(ReferenceAdapterExamples.lines[21])
    #expect(
      collection.reads == [
        Self.read([2], "count", [1, 1, 1]), Self.read([4], "layout", [1, 1, 1]),
      ])
  }

  @Test("the deferred table reload runs right after a valid block, and a model change marks it")
  func deferredReload() throws {
    let result = try Self.run(
      #"{"contract":"adapter","start":{"rows":[["a"]]},"script":[{"call":"beginUpdates"},{"dataSource":[["a","b"]]},{"call":"insertRows","at":[[0,1]]},{"call":"reloadData"},{"call":"endUpdates"},{"dataSource":[["a","b","c"]]}]}"#
    )
    #expect(result.outcomes.map(\.verdict) == ["valid"])
    #expect(result.outcomes.first?.basis == "inferred")
    #expect(result.reads == [Self.read([4], "batchEnd", [2]), Self.read([4], "reloadData", [2])])
  }

  @Test(
    "reading note 1: a model set to the same rows keeps a table's eager read, so a later change marks"
  )
  func eagerSurvivesSameRows() throws {
    let same = try Self.run(
      #"{"contract":"adapter","start":{"rows":[["a"]]},"script":[{"call":"reloadData"},{"dataSource":[["a"]]},{"dataSource":[["a","b"]]}]}"#
    )
    #expect(same.verdict == "valid")
    #expect(same.basis == "inferred")
    let laidOut = try Self.run(
      #"{"contract":"adapter","start":{"rows":[["a"]]},"script":[{"call":"reloadData"},{"drain":true},{"dataSource":[["a","b"]]}]}"#
    )
    #expect(laidOut.basis == "settled")
  }
}
