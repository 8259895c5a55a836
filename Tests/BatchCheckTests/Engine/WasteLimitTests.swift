import BatchCheckCommandLine
import Synchronization
import Testing

@testable import BatchCheck

/// Generators valid everywhere (identity only) that waste in a known way.
enum Wasteful {
  /// Deletes every old row and inserts every new one: no move ever, every
  /// kept row deleted and inserted again. Smallest breach of
  /// `rejectsUnneededDeletes`: `[a] -> [a]`, 2 rows.
  static let replaceAll = EngineSubjects.replaceAll

  /// Pairs the k-th old row of an id with its k-th new row and moves every
  /// pair, even one whose index does not change; deletes and inserts the
  /// rest. Exactly `minimumDeletes` deletes; more moves than needed as soon
  /// as a row is kept. Smallest breach of any move ratio: `[a] -> [a]`.
  static let moveEveryKeptRow = ClosureGenerator(name: "move-every-kept-row") { old, new in
    var waiting: [RowValue: [Int]] = [:]
    for (index, row) in old.enumerated() { waiting[row.id, default: []].append(index) }
    var update = BatchUpdate()
    var kept = Set<Int>()
    for (index, row) in new.enumerated() {
      if let source = waiting[row.id]?.first {
        waiting[row.id]?.removeFirst()
        kept.insert(source)
        update.moveRows.append(RowMove(from: RowPath(0, source), to: RowPath(0, index)))
      } else {
        update.insertRows.append(RowPath(0, index))
      }
    }
    update.deleteRows = old.indices.filter { !kept.contains($0) }.map { RowPath(0, $0) }
    return update
  }
}

@Suite("Waste limits: a valid update held to a move ratio and to no unneeded deletes")
struct WasteLimitTests {
  /// Identity-only options (the wasteful generators never reload), every
  /// pair up to 4 rows, then random cases.
  static func options(count: Int = 300, exhaustiveTotal: Int = 4) -> CheckOptions {
    CheckOptions(
      seed: 11, count: count, maxSize: 40, exhaustiveTotal: exhaustiveTotal, identityOnly: true)
  }

  func one(_ old: [Row], _ new: [Row], _ update: BatchUpdate, _ limits: WasteLimits) -> WasteBreach?
  {
    let size = EditSize(old: [old], new: [new], update: update)
    return limits.breach(of: size, old: [old], new: [new])
  }

  @Test(
    "the move ratio: above R × minimumMoves fails, at it passes; with a minimum of 0 any move fails"
  )
  func ratioArithmetic() {
    let limits = WasteLimits(maxMoveRatio: 1.5)
    let old = [Row("a"), Row("b"), Row("c"), Row("d")]
    // [a b c d] -> [c d a b]: 2 moves suffice.
    let new = [Row("c"), Row("d"), Row("a"), Row("b")]
    let two = BatchUpdate(moveRows: [
      RowMove(from: RowPath(0, 2), to: RowPath(0, 0)),
      RowMove(from: RowPath(0, 3), to: RowPath(0, 1)),
    ])
    let three = BatchUpdate(
      moveRows: two.moveRows + [RowMove(from: RowPath(0, 0), to: RowPath(0, 2))])
    let four = BatchUpdate(
      moveRows: three.moveRows + [RowMove(from: RowPath(0, 1), to: RowPath(0, 3))])
    #expect(one(old, new, two, limits) == nil)
    #expect(one(old, new, three, limits) == nil, "3 moves = 1.5 × 2: at the limit")
    let breach = one(old, new, four, limits)
    #expect(breach?.limit == .maxMoveRatio)
    #expect(
      breach.map { ($0.moves, $0.minimumMoves, $0.maxMoveRatio) } ?? (0, 0, nil) == (4, 2, 1.5))
    #expect(
      breach?.message
        == "valid, but 4 row moves where 2 suffice (2.0×): more than the maximum move ratio of 1.5")
    // Nothing to move: one move is already too many, whatever the ratio.
    let same = [Row("a"), Row("b")]
    let stay = BatchUpdate(moveRows: [RowMove(from: RowPath(0, 0), to: RowPath(0, 0))])
    #expect(one(same, same, BatchUpdate(), WasteLimits(maxMoveRatio: 1_000)) == nil)
    #expect(one(same, same, stay, WasteLimits(maxMoveRatio: 1_000))?.minimumMoves == 0)
    #expect(
      one(same, same, stay, WasteLimits(maxMoveRatio: 1_000))?.message.contains(
        "where none is needed") == true)
    // No limit: nothing fails.
    #expect(one(old, new, four, WasteLimits()) == nil)
  }

  @Test("unneeded deletes: a kept, unchanged row deleted and inserted fails; a changed one may be")
  func unneededDeleteArithmetic() {
    let limits = WasteLimits(rejectsUnneededDeletes: true)
    let swap = BatchUpdate(deleteRows: [RowPath(0, 1)], insertRows: [RowPath(0, 0)])
    // [a b] -> [b a], b deleted and inserted: unneeded.
    let unchanged = one([Row("a"), Row("b")], [Row("b"), Row("a")], swap, limits)
    #expect(unchanged?.limit == .noUnneededDeletes)
    #expect(
      unchanged.map { ($0.deletes, $0.minimumDeletes, $0.changedRows, $0.unneededDeletes) } ?? (
        0, 0, 0, 0
      ) == (1, 0, 0, 1))
    #expect(
      unchanged?.message
        == "valid, but 1 row present on both sides is deleted and inserted again: 1 delete where 0 suffice"
    )
    // [a b1] -> [b2 a]: b's content changed, and a moved row cannot be reloaded.
    let changed = [Row("a"), Row(id: "b", content: 1)]
    #expect(one(changed, [Row(id: "b", content: 2), Row("a")], swap, limits) == nil)
    // Deleting the rows of a gone id is no waste.
    #expect(
      one([Row("a"), Row("b")], [Row("a")], BatchUpdate(deleteRows: [RowPath(0, 1)]), limits) == nil
    )
  }

  @Test("changed rows: kept rows of an id minus the pairs of the same content")
  func changedRows() {
    #expect(
      EditSize.changedRows(
        old: [[Row(id: "a", content: 1), Row("b")]], new: [[Row(id: "a", content: 2), Row("b")]])
        == 1)
    // Repeated ids: the unchanged pairs are matched first.
    let old = [[Row("a"), Row(id: "a", content: "x")]]
    #expect(EditSize.changedRows(old: old, new: [[Row(id: "a", content: "x"), Row("a")]]) == 0)
    #expect(EditSize.changedRows(old: old, new: [[Row(id: "a", content: "y")]]) == 1)
    // Across sections, a gone id, a new id: nothing kept changed.
    #expect(
      EditSize.changedRows(old: [[Row("a")], [Row("b")]], new: [[Row("b")], [Row("c")]]) == 0)
  }

  @Test(
    "a move ratio fails the generator that moves every kept row, at [a] -> [a], proven minimal; replace-all passes"
  )
  func ratioInARun() throws {
    var options = Self.options()
    options.maxMoveRatio = 2
    let report = check(Wasteful.moveEveryKeptRow, options: options)
    #expect(report.failures.count == 1)
    let failure = try #require(report.failures.first)
    #expect(failure.kind.name == "waste")
    #expect(failure.variant?.description == "move ratio")
    #expect(failure.verdict?.isValid == true)
    #expect(failure.rule == nil)
    #expect(failure.rowCount == 2)
    #expect(failure.old.joined().count == 1 && failure.old == failure.new)
    #expect(failure.isProvenMinimal)
    #expect(failure.waste.map { ($0.moves, $0.minimumMoves) } ?? (0, 0) == (1, 0))
    #expect(failure.message == failure.waste?.message)
    // A breach is counted as a failing case, and the run fails.
    #expect(!report.passed && report.failedCases == failure.occurrences)
    // The other generator never moves: it passes the same ratio.
    #expect(check(Wasteful.replaceAll, options: options).passed)
  }

  @Test(
    "no unneeded deletes fails replace-all at [a] -> [a], proven minimal; moving every kept row passes"
  )
  func deletesInARun() {
    var options = Self.options()
    options.rejectsUnneededDeletes = true
    let report = check(Wasteful.replaceAll, options: options)
    #expect(report.failures.map(\.kind.name) == ["waste"])
    let failure = report.failures.first
    #expect(failure?.variant?.description == "unneeded deletes")
    #expect(failure?.waste?.limit == .noUnneededDeletes)
    #expect(failure?.rowCount == 2 && failure?.isProvenMinimal == true)
    #expect(
      failure?.waste.map { ($0.deletes, $0.minimumDeletes, $0.unneededDeletes) } ?? (0, 0, 0) == (
        1, 0, 1
      ))
    #expect(check(Wasteful.moveEveryKeptRow, options: options).passed)
  }

  @Test("both limits: each kind listed once, the deletes first at equal size")
  func bothLimits() {
    var options = Self.options()
    options.maxMoveRatio = 1
    options.rejectsUnneededDeletes = true
    let moves = check(Wasteful.moveEveryKeptRow, options: options)
    #expect(moves.failures.map { $0.variant?.description ?? "" } == ["move ratio"])
    let deletes = check(Wasteful.replaceAll, options: options)
    #expect(deletes.failures.map { $0.variant?.description ?? "" } == ["unneeded deletes"])
  }

  @Test("a random case that breaches is shrunk to the smallest pair that still breaches")
  func shrinksFromARandomCase() {
    var options = Self.options(count: 200, exhaustiveTotal: 0)
    options.rejectsUnneededDeletes = true
    let report = check(Wasteful.replaceAll, options: options)
    let failure = report.failures.first
    #expect(failure?.phase == .random)
    #expect((failure?.originalSize ?? 0) > 2)
    #expect(failure?.rowCount == 2)
    #expect(failure?.isProvenMinimal == true)
    #expect((failure?.shrinkImprovements ?? 0) > 0)
  }

  @Test("the defaults hold nothing: a wasteful generator passes, as before the limits")
  func defaultsKeepTodaysBehaviour() {
    let options = Self.options()
    #expect(options.maxMoveRatio == nil && !options.rejectsUnneededDeletes)
    #expect(check(Wasteful.replaceAll, options: options).passed)
    #expect(check(Wasteful.moveEveryKeptRow, options: options).passed)
  }

  @Test("the edit totals are the same with or without limits: a breach is a valid update")
  func totalsIgnoreTheLimits() {
    var limited = Self.options()
    limited.maxMoveRatio = 1
    let free = check(Wasteful.moveEveryKeptRow, options: Self.options())
    let held = check(Wasteful.moveEveryKeptRow, options: limited)
    #expect(free.edits != nil && free.edits == held.edits && free.editCases == held.editCases)
  }

  @Test("a ratio below 1, NaN or above the largest is clamped")
  func clamping() {
    var options = CheckOptions()
    for (given, read) in [
      (0.5, 1.0), (.nan, 1.0), (2.5, 2.5), (.infinity, CheckOptions.largestMoveRatio),
    ] {
      options.maxMoveRatio = given
      #expect(options.clamped.maxMoveRatio == read, "\(given)")
    }
  }

  @Test("the report says the limits and the breach: text, JSON and the Swift replay")
  func rendering() throws {
    var options = Self.options()
    options.maxMoveRatio = 1.5
    let report = check(Wasteful.moveEveryKeptRow, options: options)
    let text = report.renderText()
    #expect(
      text.contains("\n  limits:     row moves at most 1.5× the fewest needed, none when none is\n")
    )
    #expect(text.contains("\nFAIL waste (move ratio): exhaustive phase, pair "))
    #expect(text.contains("  message: valid, but 1 row move where none is needed"))
    let json = report.renderJSON()
    #expect(json.contains(#""sectioned":false,"maxMoveRatio":1.5,"passed":false,"#))
    #expect(json.contains(#""verdict":"waste","rule":null,"variant":"move ratio","#))
    #expect(
      json.contains(
        #""waste":{"limit":"maxMoveRatio","maxMoveRatio":1.5,"moves":1,"minimumMoves":0,"minimumMovesIsBound":false,"deletes":0,"minimumDeletes":0,"changedRows":0,"unneededDeletes":0,"fairMinimumMoves":0}"#
      ))
    #expect(
      !check(Wasteful.moveEveryKeptRow, options: Self.options()).renderJSON().contains(
        "maxMoveRatio"))
    // The Swift replay sets the limit on the one-pair options: running it
    // as it says fails the same way.
    let failure = try #require(report.failures.first)
    #expect(failure.replayCommand?.contains("{ var options = CheckOptions.onePair(") == true)
    #expect(
      failure.replayCommand?.contains("; options.maxMoveRatio = 1.5; return options }()") == true)
    var replay = CheckOptions.onePair(old: failure.old, new: failure.new, identityOnly: true)
    replay.maxMoveRatio = 1.5
    #expect(
      check(Wasteful.moveEveryKeptRow, options: replay).failures.first?.waste == failure.waste)
  }

  @Test("the command-line replay and the corpus note name the limit")
  func commandLineReplay() throws {
    var options = Self.options(count: 200, exhaustiveTotal: 0)
    options.rejectsUnneededDeletes = true
    let random = try #require(
      check(Wasteful.replaceAll, options: options).replayingOnCommandLine(external: nil).failures
        .first)
    #expect(random.replayCommand?.hasSuffix(" --identity-only --no-unneeded-deletes") == true)
    options.count = 0
    options.exhaustiveTotal = 4
    let exhaustive = try #require(
      check(Wasteful.replaceAll, options: options).replayingOnCommandLine(external: nil).failures
        .first)
    #expect(exhaustive.replayCommand == nil)
    let note = exhaustive.replayText(naming: .commandLine)
    #expect(note.contains("batchcheck corpus check on it with --no-unneeded-deletes (a case line"))
    #expect(
      exhaustive.textLines(runSeed: nil, naming: .commandLine).contains("  replay:  " + note))
    // The core names the option as its CheckOptions property.
    #expect(
      exhaustive.replayText().contains(
        "corpus check on it with CheckOptions.rejectsUnneededDeletes = true (a case line"))
    #expect(
      exhaustive.textLines(runSeed: nil).contains("  replay:  " + exhaustive.replayText()))
    // The corpus line is the pair expecting valid, as for any failure.
    #expect(exhaustive.corpusLine?.hasSuffix(#""expect":{"verdict":"valid"}}"#) == true)
  }

  @Test("shards with limits merge to the whole run; shards of other limits do not")
  func merging() throws {
    var options = Self.options(count: 600)
    options.maxMoveRatio = 2
    let whole = check(Wasteful.moveEveryKeptRow, options: options)
    var shards: [CheckReport] = []
    for number in 1...2 {
      var sharded = options
      sharded.shard = Shard(number: number, count: 2)
      shards.append(check(Wasteful.moveEveryKeptRow, options: sharded))
    }
    #expect(try CheckReport.merging(shards) == whole)
    shards[1].maxMoveRatio = 3
    #expect(throws: MergeError.self) { try CheckReport.merging(shards) }
  }

  @Test("a breach not seen again when the case runs again is reported as it first was, unshrunk")
  func unreproduced() throws {
    var options = CheckOptions.onePair(old: [[Row("a")]], new: [[Row("a")]])
    options.rejectsUnneededDeletes = true
    let failure = try #require(check(WastesOnce(), options: options).failures.first)
    #expect(failure.kind.name == "waste")
    #expect(failure.waste?.deletes == 1)
    #expect(
      failure.message.hasPrefix(
        "valid, but 1 row present on both sides is deleted and inserted again"))
    #expect(failure.message.contains("running it again did not fail so"))
  }
}

/// Deletes and inserts every row on its first call, and answers the least
/// update (nothing, for equal sides) on every later one: a breach that
/// running the case again does not give.
final class WastesOnce: DeltaGenerator {
  let name = "wastes-once"
  private let calls = Mutex(0)

  func update(from old: [Row], to new: [Row]) -> BatchUpdate {
    let call = calls.withLock { count in
      count += 1
      return count
    }
    return call == 1 || old != new
      ? EngineSubjects.replaceAll.update(from: old, to: new) : BatchUpdate()
  }
}

extension WasteLimitTests {
  @Test(
    "limits hold staged batches and steps, measured as the whole change; totals match the limit")
  func stagedAndSteps() {
    // Every old row deleted in a first stage, every new row inserted in a second.
    let stagedReplaceAll = ContractGenerator(name: "staged-replace-all") { old, new in
      [
        Stage(update: BatchUpdate(deleteRows: old.indices.map { RowPath(0, $0) }), data: [[]]),
        Stage(update: BatchUpdate(insertRows: new.indices.map { RowPath(0, $0) }), data: [new]),
      ]
    }
    let free = check(stagedReplaceAll, options: Self.options())
    let edits = free.edits
    #expect(free.passed && edits != nil && free.editCases > 0)
    #expect((edits?.casesWithUnneededDeletes ?? 0) > 0 && (edits?.deletedAndInsertedAgain ?? 0) > 0)
    var options = Self.options()
    options.rejectsUnneededDeletes = true
    let limited = check(stagedReplaceAll, options: options)
    #expect(limited.failures.first?.waste?.limit == .noUnneededDeletes)
    #expect(
      limited.failures.first?.old == [[Row("a")]] && limited.failures.first?.new == [[Row("a")]])
    #expect(limited.renderText().contains("edit size: "))
    // A step list that moves a row that stays: any move where none is needed.
    let stepsMove = ContractGenerator(name: "steps-move-in-place") { old, new in
      old == new && !old.isEmpty
        ? [.move(from: RowPath(0, 0), to: RowPath(0, 0))]
        : old.indices.reversed().map { .delete(at: RowPath(0, $0)) }
          + new.enumerated().map { .insert(at: RowPath(0, $0.offset), row: $0.element) }
    }
    options = Self.options()
    options.maxMoveRatio = 1
    let moved = check(stepsMove, options: options)
    #expect(moved.failures.first?.waste?.limit == .maxMoveRatio)
    #expect(moved.failures.first?.message.contains("1 row move where none is needed") == true)
    #expect(check(stepsMove, options: Self.options()).edits?.casesWithExtraMoves ?? 0 > 0)
  }
}
