import BatchCheckCommandLine
import Testing

@testable import BatchCheck

@Suite("Engine: the report, as text and JSON")
struct EngineRenderingTests {
  /// `first-only` fails at exhaustive pair 3, `[] -> [a a]`, which is already minimal.
  static let exhaustiveFailure = check(
    EngineSubjects.firstOnly, options: .quick(count: 0, exhaustiveTotal: 4))

  @Test("counts read in the singular for one; percentages round to the nearest tenth")
  func countsAndPercentages() {
    #expect(counted(1, "case") == "1 case")
    #expect(counted(0, "case") == "0 cases")
    #expect(counted(2, "improvement") == "2 improvements")
    #expect(
      counted(1, "match", "matches") == "1 match" && counted(3, "match", "matches") == "3 matches")
    // 2/3 = 66.67%: nearest 66.7%; 1/8 = 12.5% exactly; 1/7 = 14.29%: 14.3%.
    #expect(percentText(2, of: 3) == "66.7%")
    #expect(percentText(1, of: 8) == "12.5%")
    #expect(percentText(1, of: 7) == "14.3%")
    #expect(percentText(999, of: 1000) == "99.9%" && percentText(9999, of: 10000) == "100.0%")
    // Below a floor, a share never rounds up to it.
    #expect(percentText(49, of: 1001, roundingDown: true) == "4.8%")
    #expect(percentText(0, of: 0) == "0.0%")
    // A report of one case says so.
    var report = check(EngineSubjects.replaceAll, options: .quick(count: 1))
    report.failures = []
    #expect(report.renderText().contains("  random:     1 case, max size "))
  }

  @Test("the JSON of a known failure, exactly")
  func jsonExactly() {
    let r2 =
      "Invalid update: invalid number of rows in section 0. The number of rows contained in an"
      + " existing section after the update (2) must be equal to the number of rows contained in"
      + " that section before the update (0), plus or minus the number of rows inserted or deleted"
      + " from that section (1 inserted, 0 deleted) and plus or minus the number of rows moved into"
      + " or out of that section (0 moved in, 0 moved out). Table view: <UITableView>"
    let expected =
      #"{"generator":"first-only","contract":"batch","identityOnly":false,"uikit":"ios18","#
      + #""seed":"0x0000000000000007","shard":null,"maxSize":60,"exhaustiveTotal":4,"#
      + #""exhaustiveContentTotal":4,"sectioned":false,"passed":false,"#
      + #""cases":{"corpus":0,"exhaustive":4,"random":0,"skipped":0,"passed":3,"failed":1},"#
      + #""partial":false,"incomplete":[],"edits":{"deletes":1,"inserts":1,"moves":0,"reloads":0,"unchangedReloads":0,"#
      + #""minimumDeletes":1,"minimumInserts":1,"minimumMoves":0,"minimumMovesIsBound":false,"#
      + #""sectionDeletes":0,"sectionInserts":0,"sectionMoves":0,"sectionReloads":0,"#
      + #""reloadsChangingIdentity":0,"minimumMovesWithoutReloads":0,"fairMinimumMoves":0,"#
      + #""deletedAndInsertedAgain":0,"extraMoves":0,"unneededDeletes":0,"#
      + #""casesWithUnneededDeletes":0,"casesWithExtraMoves":0,"cases":3},"#
      + #""failures":[{"phase":"exhaustive","index":3,"caseSeed":null,"verdict":"exception","#
      + #""rule":"R2","variant":null,"error":null,"statistic":null,"message":""# + r2 + #"","#
      + #""place":{"side":"new","section":0},"mismatch":null,"#
      + #""old":[[]],"new":[["a","a"]],"update":{"insertRows":[[0,0]]},"#
      + #""validUnder":null,"advice":null,"originalSize":2,"#
      + #""shrink":{"calls":0,"improvements":0},"#
      + #""minimality":{"rows":1,"contentRows":1,"identityOnly":false,"calls":0,"proven":true},"#
      + #""occurrences":1,"#
      + #""replay":"check(generator, options: .onePair(old: [[]], new: [[Row(\"a\"), Row(\"a\")]]))"#
      + #"  // generator: the first-only generator checked","#
      + #""recipe":{"generator":"first-only","external":null,"caseSeed":null,"judgedAs":null,"#
      + #""maxSize":60,"identityOnly":false,"semantics":"tableView","duplicates":"reject","#
      + #""uikit":"ios18","visibleRows":null,"maxMoveRatio":null,"rejectsUnneededDeletes":false},"#
      + #""corpus":"{\"name\":\"first-only-exhaustive-3\",\"old\":[[]],\"new\":[[\"a\",\"a\"]],"#
      + #"\"expect\":{\"verdict\":\"valid\"}}","#
      + #""case":"{\"name\":\"first-only-exhaustive-3\",\"old\":[[]],\"new\":[[\"a\",\"a\"]],"#
      + #"\"update\":{\"insertRows\":[[0,0]]},\"expect\":{\"verdict\":\"exception\",\"rule\":\"R2\"}}","#
      + #""visibleRows":null,"#
      + #""trace":["insert (0, 0): ok","#
      + #""sections: 1 + 0 inserted − 0 deleted = 1; the data source has 1","#
      + #""rows in section 0 (old section 0): 0 + 1 inserted − 0 deleted + 0 moved in − 0 moved out"#
      + #" = 1; the data source has 2","✗ R2: "# + r2 + #""]}],"#
      + #""statistics":{"cases":0,"duplicates":0,"moves":0,"emptySide":0,"contentChanges":0,"#
      + #""severalSections":0,"size0":0,"size1to8":0,"size9to32":0,"size33plus":0}}"#
    #expect(Self.exhaustiveFailure.renderJSON() == expected)
  }

  @Test("the JSON of a coverage failure and of a random failure's seed")
  func jsonOtherFailures() throws {
    var options = CheckOptions.quick(count: 1_000)
    options.mixture.alphabets = [1]
    let coverage = check(EngineSubjects.replaceAll, options: options).renderJSON()
    #expect(
      coverage.contains(
        #"{"phase":"random","index":null,"caseSeed":null,"verdict":"coverage","rule":null,"#
          + #""variant":null,"error":null,"statistic":"moves","message":"moves: 0 of 1000 random cases (0.0%),"#
          + #" below the floor of 15%: case generation stopped covering it","place":null,"mismatch":null,"old":null,"new":null,"#
          + #""update":null,"validUnder":null,"advice":null,"originalSize":0"#))
    let random = check(EngineSubjects.forgetsLastInsertFrom12, options: .quick())
    let seed = try #require(random.failures.first?.caseSeed)
    #expect(random.renderJSON().contains("\"caseSeed\":\"\(hexSeed(seed))\""))
    #expect(hexSeed(seed).count == 18)
    #expect(hexSeed(0x2A) == "0x000000000000002a")
  }

  @Test("the text holds every element a person needs, and ends with the counts")
  func textElements() throws {
    let report = check(EngineSubjects.forgetsLastInsertFrom12, options: .quick(count: 2_000))
    let failure = try #require(report.failures.first)
    let seed = hexSeed(try #require(failure.caseSeed))
    let text = report.renderText()
    for element in [
      "check forgets-last-insert (one batch, iOS 18), run seed 0x0000000000000007",
      "FAIL exception R2: random phase, case \(try #require(failure.index))",
      "  message: Invalid update: invalid number of rows in section 0.",
      "  old:     " + CaseJSON.sections(failure.old),
      "  new:     " + CaseJSON.sections(failure.new),
      "  update:  {\"deleteRows\":[[0,0],",
      "  shrunk:  from \(failure.originalSize) rows to ",
      " calls, ",
      " improvements",
      "  seeds:   run 0x0000000000000007, case \(seed)",
      "  replay:  check(generator, options: .onePair(old: \(SwiftLiteral.sections(failure.old)),"
        + " new: \(SwiftLiteral.sections(failure.new))",
      "))  // generator: the forgets-last-insert generator checked",
      "  corpus:  {\"name\":\"forgets-last-insert-random-\(seed)\",\"old\":",
      "\"expect\":{\"verdict\":\"valid\"}}",
      "  trace:\n    ",
      "generated (\(report.randomCases) random cases):",
      "duplicates ", "moves ", "emptySide ", "contentChanges ", "severalSections ",
      "size0 ", "size1to8 ", "size9to32 ", "size33plus ",
    ] {
      #expect(text.contains(element), "missing: \(element)")
    }
    let last = text.split(separator: "\n").last.map(String.init)
    #expect(last == "\(report.randomCases - 1) passed, 1 failed")
  }

  @Test("an exhaustive failure says its phase and pair, with no case seed")
  func textExhaustive() {
    let text = Self.exhaustiveFailure.renderText()
    #expect(text.contains("FAIL exception R2: exhaustive phase, pair 3"))
    #expect(
      text.contains("  seeds:   run 0x0000000000000007, no case seed (exhaustive phase, pair 3)"))
    #expect(text.contains("  exhaustive: 4 cases, every pair with |old| + |new| <= 4"))
    #expect(
      text.contains(
        #"  corpus:  {"name":"first-only-exhaustive-3","old":[[]],"new":[["a","a"]],"expect":{"verdict":"valid"}}"#
      ))
    #expect(
      Self.exhaustiveFailure.failures.first?.caseLine
        == #"{"name":"first-only-exhaustive-3","old":[[]],"new":[["a","a"]],"update":{"insertRows":[[0,0]]},"expect":{"verdict":"exception","rule":"R2"}}"#
    )
    #expect(
      text.contains(
        #"  replay:  check(generator, options: .onePair(old: [[]], new: [[Row("a"), Row("a")]]))"#))
    #expect(text.hasSuffix("\n3 passed, 1 failed"))
  }

  @Test("the replay command names the options that change the case or its verdict")
  func replayCommand() throws {
    var options = CheckOptions.quick()
    options.identityOnly = true
    options.simulation = SimulationOptions(semantics: .collectionView, duplicates: .asUIKit)
    let generator = ClosureGenerator(name: "my gen") { _, _ in
      BatchUpdate(insertRows: [RowPath(0, 99)])
    }
    // In process: the one-pair Swift call, the pair as literals, which runs the case again.
    let swift = try #require(check(generator, options: options).failures.first)
    let replay = try #require(swift.replayCommand)
    #expect(
      replay.hasPrefix(
        "check(generator, options: .onePair(old: \(SwiftLiteral.sections(swift.old)),"
          + " new: \(SwiftLiteral.sections(swift.new)),"
          + " simulation: SimulationOptions(semantics: .collectionView, duplicates: .asUIKit"),
      "\(replay)")
    #expect(
      replay.hasSuffix(", identityOnly: true))  // generator: the 'my gen' generator checked"))
    let again = check(
      generator,
      options: .onePair(
        old: swift.old, new: swift.new,
        simulation: SimulationOptions(semantics: .collectionView, duplicates: .asUIKit),
        identityOnly: true))
    #expect(again.failures.first?.old == swift.old && again.failures.first?.new == swift.new)
    #expect(again.failures.first?.rule == swift.rule)
    // On the command line: the batchcheck command.
    let failure = try #require(
      check(generator, options: options).replayingOnCommandLine(external: nil).failures.first)
    let seed = hexSeed(try #require(failure.caseSeed))
    #expect(
      failure.replayCommand
        == "batchcheck replay --generator 'my gen' --case-seed \(seed) --max-size 60 --identity-only"
        + " --semantics collectionView --duplicates asUIKit")
    #expect(
      failure.corpusLine?.contains(#""semantics":"collectionView","duplicates":"asUIKit""#) == true)
  }
}

@Suite("Engine: Swift literals of a replay")
struct SwiftLiteralTests {
  @Test("rows, values and strings read back as the Swift that makes them")
  func literals() {
    #expect(SwiftLiteral.row(Row("a")) == #"Row("a")"#)
    #expect(SwiftLiteral.row(Row(3)) == "Row(3)")
    #expect(SwiftLiteral.row(Row(id: "a", content: 2)) == #"Row(id: "a", content: 2)"#)
    #expect(SwiftLiteral.string("q\"b\\n\n\t\u{1}") == #""q\"b\\n\n\t\u{1}""#)
    #expect(SwiftLiteral.sections([[], [Row("a"), Row(-1)]]) == #"[[], [Row("a"), Row(-1)]]"#)
  }

  @Test("the one-pair options name only what is not the default")
  func onePairOptions() {
    #expect(
      SwiftLiteral.onePairOptions(
        old: [[]], new: [[Row("a")]], simulation: .default, identityOnly: false)
        == #".onePair(old: [[]], new: [[Row("a")]])"#)
    let window = SimulationOptions(
      uikit: .ios12, visibleRows: .range(first: RowPath(0, 1), last: RowPath(0, 3)))
    #expect(
      SwiftLiteral.onePairOptions(
        old: [[Row("a")]], new: [[]], simulation: window, identityOnly: true)
        == #".onePair(old: [[Row("a")]], new: [[]], simulation: SimulationOptions(uikit: .ios12,"#
        + #" visibleRows: .range(first: RowPath(0, 1), last: RowPath(0, 3))), identityOnly: true)"#)
    let none = SimulationOptions(semantics: .collectionView, visibleRows: .none)
    #expect(
      SwiftLiteral.onePairOptions(old: [[]], new: [[]], simulation: none, identityOnly: false)
        == ".onePair(old: [[]], new: [[]], simulation: SimulationOptions(semantics: .collectionView,"
        + " visibleRows: VisibleRows.none))")
  }

  @Test("a failure judged with a window of rows on screen replays with it")
  func windowReplays() throws {
    // An empty update: the changed row is stale, and only its row is on screen.
    let options = CheckOptions.onePair(
      old: [[Row("a"), Row("b")]], new: [[Row("a"), Row(id: "b", content: "c")]],
      simulation: SimulationOptions(visibleRows: .range(first: RowPath(0, 1), last: RowPath(0, 1))))
    let keepAll = ClosureGenerator(name: "keep-all") { _, _ in BatchUpdate() }
    let report = check(keepAll, options: options)
    let failure = try #require(report.failures.first)
    #expect(failure.rule == .c2)
    #expect(
      failure.visibleRows == .range(first: RowPath(0, 1), last: RowPath(0, 1)),
      "\(report.renderText())")
    #expect(
      failure.replayCommand?.contains(
        "visibleRows: .range(first: RowPath(0, 1), last: RowPath(0, 1))") == true)
  }
}
