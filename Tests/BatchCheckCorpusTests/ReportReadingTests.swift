import BatchCheckCorpus
import Testing

@testable import BatchCheck

@Suite("Reports read back from their JSON")
struct ReportReadingTests {
  /// Fails with R2 (two new rows from none), C2 (content kept in place) and
  /// a generator error (old of 5 rows).
  static let severalFailures = ClosureGenerator(name: "several") { old, new in
    if old.isEmpty, new.count == 2 { return BatchUpdate(insertRows: [RowPath(0, 0)]) }
    let kept = old.indices.filter { $0 < new.count && old[$0].id == new[$0].id }
    return BatchUpdate(
      deleteRows: old.indices.filter { !kept.contains($0) }.map { RowPath(0, $0) },
      insertRows: new.indices.filter { !kept.contains($0) }.map { RowPath(0, $0) })
  }

  static let throwsOnFive = ContractGenerator(name: "throws-on-five") {
    old, new -> [Step] in
    // A generator error cannot come from a closure; deleting past the end
    // gives a step out of range instead.
    old.count == 5
      ? [.delete(at: RowPath(0, 9))]
      : old.map { _ in .delete(at: RowPath(0, 0)) }
        + new.indices.map { .insert(at: RowPath(0, $0), row: new[$0]) }
  }

  /// Moves every row onto its own index when nothing changed, and replaces
  /// every row otherwise: valid, and wasteful both ways.
  static let wasteful = ClosureGenerator(name: "wasteful") { old, new in
    old == new
      ? BatchUpdate(moveRows: old.indices.map { RowMove(from: RowPath(0, $0), to: RowPath(0, $0)) })
      : BatchUpdate(
        deleteRows: old.indices.map { RowPath(0, $0) },
        insertRows: new.indices.map { RowPath(0, $0) })
  }

  static func reports() -> [CheckReport] {
    var limited = CheckOptions(seed: 5, count: 500, exhaustiveTotal: 4)
    limited.maxMoveRatio = 1.5
    limited.rejectsUnneededDeletes = true
    var limitedShard = limited
    limitedShard.shard = Shard(number: 1, count: 2)
    var sharded = CheckOptions(seed: 5, count: 1_500, exhaustiveTotal: 4, stopAtFirstFailure: false)
    sharded.shard = Shard(number: 2, count: 3)
    var crippledRun = CheckOptions(seed: 5, count: 1_000, exhaustiveTotal: 0)
    crippledRun.maxSize = 0  // every case is empty: the size floors fail
    // With the small-alphabet family, whose keys the JSON then holds.
    var family = CheckOptions(seed: 5, count: 200, exhaustiveTotal: 3, stopAtFirstFailure: false)
    family.smallAlphabetTotal = 5
    family.smallAlphabet = 2
    return [
      check(
        severalFailures,
        options: CheckOptions(seed: 5, count: 1_500, exhaustiveTotal: 5, stopAtFirstFailure: false)),
      check(severalFailures, options: sharded),
      check(throwsOnFive, options: CheckOptions(seed: 5, count: 500, exhaustiveTotal: 6)),
      check(
        throwsOnFive, under: .batch, options: CheckOptions(seed: 5, count: 500, exhaustiveTotal: 6)),
      check(ClosureGenerator(name: "empty") { _, _ in BatchUpdate() }, options: crippledRun),
      replay(severalFailures, caseSeed: 99),
      check(severalFailures, options: family),
      check(wasteful, options: limited),
      check(wasteful, options: limitedShard),
    ]
  }

  @Test("renderJSON, read back, renders the same JSON and text")
  func roundTrip() throws {
    for report in Self.reports() {
      let json = report.renderJSON()
      let read = try CheckReport(json: json)
      #expect(read.renderJSON() == json)
      if report.replayedCaseSeed == nil {
        #expect(read.renderText() == report.renderText())
      }
      #expect(read.failures.map(\.message) == report.failures.map(\.message))
      // The replay read back: the text the recipe rendered, and the recipe.
      #expect(read.failures.map(\.replayCommand) == report.failures.map(\.replayCommand))
      #expect(read.failures.map(\.replay) == report.failures.map(\.replay))
      #expect(read.failures.map(\.position) == report.failures.map(\.position))
      #expect(read.failures.map(\.verdict?.place) == report.failures.map(\.verdict?.place))
      #expect(read.failedCases == report.failedCases)
      #expect(read.failures.map(\.waste) == report.failures.map(\.waste))
      #expect(read.maxMoveRatio == report.maxMoveRatio)
      #expect(read.rejectsUnneededDeletes == report.rejectsUnneededDeletes)
      #expect(read.smallAlphabetTotal == report.smallAlphabetTotal)
      #expect(read.smallAlphabet == report.smallAlphabet)
    }
    #expect(Self.reports().contains { $0.smallAlphabetTotal == 5 && $0.smallAlphabet == 2 })
    // Both kinds of waste are among them, read back as waste.
    let limited = Self.reports().suffix(2).flatMap(\.failures).map {
      "\($0.kind.name) \($0.variant?.description ?? "")"
    }
    #expect(Set(limited) == ["waste move ratio", "waste unneeded deletes"])
  }

  @Test(
    "a report from before the edit excesses reads: the fair bound is minimumMoves, the excesses 0")
  func olderEditTotals() throws {
    let report = try #require(Self.reports().first { ($0.edits?.moves ?? 0) > 0 })
    var json = report.renderJSON()
    let edits = try #require(report.edits)
    for (name, field) in EditSize.addedCounts {
      json = json.replacing(",\"\(name)\":\(edits[keyPath: field])", with: "")
    }
    let start = try #require(json.range(of: "\"edits\":{"))
    let object = json[start.upperBound...].prefix { $0 != "}" }
    #expect(object.contains("\"minimumMoves\"") && !object.contains("fairMinimumMoves"))
    let read = try #require(try CheckReport(json: json).edits)
    #expect(read.moves == edits.moves && read.minimumMoves == edits.minimumMoves)
    #expect(read.fairMinimumMoves == edits.minimumMoves)
    #expect(read.minimumMovesWithoutReloads == edits.minimumMoves)
    #expect(read.extraMoves == 0 && read.deletedAndInsertedAgain == 0)
  }

  @Test("a maximum move ratio below 1, or a waste failure without its numbers, is a data error")
  func malformedWaste() throws {
    let json = try #require(Self.reports().last).renderJSON()
    #expect(json.contains(#""maxMoveRatio":1.5,"#))
    for (from, to, message) in [
      (
        #""maxMoveRatio":1.5,"#, #""maxMoveRatio":0.5,"#,
        "expected a ratio from 1 to 1000000000 for \"maxMoveRatio\""
      ),
      (#""waste":{"limit":"#, #""wasted":{"limit":"#, "a failure has no \"waste\""),
    ] {
      do throws(CaseDataError) {
        _ = try CheckReport(json: json.replacing(from, with: to))
        Issue.record("read a report with \(to)")
      } catch {
        #expect(error.message.hasPrefix(message), "\(error)")
      }
    }
  }

  @Test("a malformed report is an error at its line and column")
  func malformed() {
    let cases: [(String, Int, Int, String)] = [
      (
        "{\"generator\":\"x\",\n\"seed\": 3}", 2, 9,
        "expected a string for \"seed\", found an integer"
      ),
      (#"{"generator":"x"}"#, 1, 1, "the report has no \"seed\""),
      ("[1,", 1, 4, ""),
      (
        "{\"generator\":\"x\",\"contract\":\"batch\",\"identityOnly\":false,\"seed\":\"12\"}", 1,
        65,
        "expected a seed \"0x...\" for \"seed\", found \"12\""
      ),
    ]
    for (text, line, column, message) in cases {
      #expect(throws: CaseDataError.self) { try CheckReport(json: text, file: "r.json") }
      do {
        _ = try CheckReport(json: text, file: "r.json")
      } catch {
        #expect(error.file == "r.json")
        #expect(error.line == line && error.column == column, "\(error)")
        #expect(error.message.hasPrefix(message), "\(error)")
      }
    }
    #expect(throws: CaseDataError.self) { try CheckReport(jsonBytes: [0x7B, 0xFF, 0x7D]) }
    // Counts from a file are never trusted into arithmetic: Int.min, or
    // fewer failures than the coverage failures listed, are data errors.
    var crippled = CheckOptions(seed: 5, count: 1_000, exhaustiveTotal: 0)
    crippled.mixture.alphabets = [1]  // no moves: the moves floor fails
    let replaceAll = ClosureGenerator(name: "replace-all") { old, new in
      BatchUpdate(
        deleteRows: old.indices.map { RowPath(0, $0) },
        insertRows: new.indices.map { RowPath(0, $0) })
    }
    let report = check(replaceAll, options: crippled)
    let coverage = report.failures.filter { $0.coverage != nil }.count
    let failed = "\"failed\":\(coverage)}"
    let json = report.renderJSON()
    #expect(coverage > 0 && json.contains(failed))
    for (replacement, message) in [
      ("\"failed\":-9223372036854775808}", "expected a count of at least 0 for \"failed\""),
      ("\"failed\":\(coverage - 1)}", "\"failed\" is \(coverage - 1), fewer than the "),
    ] {
      do throws(CaseDataError) {
        _ = try CheckReport(json: json.replacing(failed, with: replacement))
        Issue.record("read a report with \(replacement)")
      } catch {
        #expect(error.message.hasPrefix(message), "\(error)")
      }
    }
  }
}
