import BatchCheck
import BatchCheckCommandLine
import BatchCheckCorpus
import Foundation
import ReferenceDiffs
import Testing

@testable import BatchCheckHTML

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The elements of an HTML report read back as XML: each element's name,
/// attributes and text, in document order.
struct ParsedPage {
  struct Element {
    var name: String
    var attributes: [String: String]
    var text = ""
  }
  var elements: [Element] = []

  func all(_ name: String, class wanted: String? = nil) -> [Element] {
    elements.filter { element in
      element.name == name
        && (wanted.map {
          (element.attributes["class"] ?? "").split(separator: " ").contains(Substring($0))
        } ?? true)
    }
  }
}

/// Parses `html` with XMLParser; records an issue when it is not well-formed.
func parse(_ html: String, sourceLocation: SourceLocation = #_sourceLocation) -> ParsedPage {
  final class Delegate: NSObject, XMLParserDelegate {
    var page = ParsedPage()
    var open: [Int] = []
    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
      qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      page.elements.append(ParsedPage.Element(name: name, attributes: attributes))
      open.append(page.elements.count - 1)
    }
    func parser(
      _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
    ) {
      open.removeLast()
    }
    func parser(_ parser: XMLParser, foundCharacters string: String) {
      for index in open { page.elements[index].text += string }
    }
  }
  let parser = XMLParser(data: Data(html.utf8))
  let delegate = Delegate()
  parser.delegate = delegate
  let parsed = parser.parse()
  #expect(
    parsed,
    "not well-formed: \(parser.parserError.map { "\($0)" } ?? "?") at line \(parser.lineNumber)",
    sourceLocation: sourceLocation)
  return delegate.page
}

@Suite struct HTMLReportTests {
  @Test func lcs2013PictureShowsTheWrongCell() throws {
    let report = check(
      LCS2013Generator(), options: CheckOptions(stopAtFirstFailure: true, identityOnly: true))
    let failure = try #require(report.failures.first)
    let html = HTMLReport.render(report)
    let page = parse(html)
    // The pair is the smallest counterexample, as the text report says.
    #expect(page.all("code").contains { $0.text == #"["a"] -> ["b","a","b"]"# })
    // One picture, one marker: the circle lies on the new side's row 2,
    // the cell that shows "a" where the data source has "b".
    let svg = try #require(page.all("svg", class: "picture").first)
    #expect(svg.text.contains("before: the old rows"))
    let markers = page.all("ellipse", class: "bc-marker")
    #expect(markers.count == 1)
    let picture = UpdatePicture(
      title: "", old: failure.old, new: failure.new, update: try #require(failure.update),
      verdict: failure.verdict)
    #expect(picture.marker?.side == .new)
    #expect(picture.marker?.row == 2)
    let inserted = page.all("g", class: "inserted")
    #expect(inserted.map(\.text) == ["0\"b\"+ inserted", "1\"a\"+ inserted"])
    #expect(page.all("text", class: "note").first?.text.contains(#"C1: shows "a""#) == true)
    // The blocks a person copies: trace, seeds, replay, corpus line, failing case.
    let headings = page.all("h3").map(\.text)
    #expect(
      headings == ["update", "trace", "seeds", "replay", "corpus line", "failing case", "shrunk"])
    #expect(page.all("pre").contains { $0.text == failure.corpusLine })
    #expect(page.all("pre").contains { $0.text == failure.caseLine })
    #expect(!html.contains("<script"))
    #expect(!html.contains("http://") && !html.contains("https://"))
  }

  @Test(
    "the replay block renders the failure's recipe: the Swift call in process, the command on the command line"
  )
  func replayBlock() throws {
    let options = CheckOptions(
      count: 300, exhaustiveTotal: 0, stopAtFirstFailure: true, identityOnly: true)
    let swift = check(LCS2013Generator(), options: options)
    let swiftRecipe = try #require(swift.failures.first?.replay)
    #expect(
      parse(HTMLReport.render(swift)).all("pre").contains { $0.text == swiftRecipe.swiftCall })
    let commandLine = check(LCS2013Generator(), options: options).replayingOnCommandLine(
      external: nil)
    let command = try #require(commandLine.failures.first?.replay?.commandLine)
    #expect(command.hasPrefix("batchcheck replay --generator lcs-2013 --case-seed 0x"))
    #expect(parse(HTMLReport.render(commandLine)).all("pre").contains { $0.text == command })
    // Each page gives both forms: the run's own first, then the other.
    let swiftPage = parse(HTMLReport.render(swift))
    let swiftCommand = try #require(swiftRecipe.commandLine)
    #expect(swiftPage.all("h3").map(\.text).contains("replay on the command line"))
    #expect(swiftPage.all("pre").contains { $0.text == swiftCommand })
    let commandPage = parse(HTMLReport.render(commandLine))
    #expect(commandPage.all("h3").map(\.text).contains("replay in Swift"))
    #expect(
      commandPage.all("pre").contains { $0.text == commandLine.failures.first?.replay?.swiftCall })
  }

  @Test func reloadAndMoveCirclesTheOldRow() {
    let old: [[Row]] = [[Row("a"), Row("b")]]
    let new: [[Row]] = [[Row("b"), Row("a")]]
    let update = BatchUpdate(
      reloadRows: [RowPath(0, 1)], moveRows: [RowMove(from: RowPath(0, 1), to: RowPath(0, 0))])
    let verdict = SimulatedTableView(old).performBatchUpdates(update, dataSource: new)
    #expect(verdict.rule == .r11)
    let picture = UpdatePicture(title: "", old: old, new: new, update: update, verdict: verdict)
    #expect(
      picture.marker == FailureMarker(side: .old, section: 0, row: 1, note: "✗ exception R11"))
    #expect(picture.moves.count == 1)
    let page = parse(
      HTMLReport.render(
        ContractVerdict(contract: .batch, identityOnly: false, verdict: verdict), old: old,
        new: new,
        changes: .batch(update), name: "reload-and-move",
        trace: SimulatedTableView(old).trace(update, dataSource: new).lines))
    #expect(page.all("path", class: "move").count == 1)
    #expect(page.all("g", class: "reloaded").count == 1)
    // The row that stays ("a") is joined by a faint line.
    #expect(page.all("line", class: "stay").count == 1)
    #expect(page.all("h3").contains { $0.text == "trace" })
  }

  @Test func anInsertPastTheEndIsDrawnAtItsIndex() throws {
    let old: [[Row]] = [[Row("a"), Row("b")]]
    let new: [[Row]] = [[Row("a"), Row("b"), Row("c")]]
    let update = BatchUpdate(insertRows: [RowPath(0, 5)])
    let verdict = SimulatedTableView(old).performBatchUpdates(update, dataSource: new)
    #expect(verdict.rule == .r6)
    let picture = UpdatePicture(title: "", old: old, new: new, update: update, verdict: verdict)
    // The marker is the attempted insert, row 5, not the section header.
    #expect(picture.marker?.side == .new)
    #expect(picture.marker?.row == 5)
    #expect(picture.layout().new.last == .attempted(section: 0, row: 5))
    let page = parse(
      HTMLReport.render(
        ContractVerdict(contract: .batch, identityOnly: false, verdict: verdict), old: old,
        new: new,
        changes: .batch(update), name: "insert-past-the-end"))
    let attempted = page.all("g", class: "attempted")
    #expect(attempted.map(\.text) == ["5attempted insert, past the last row"])
    // The circle lies on that line, below the new side's last row.
    let marker = try #require(page.all("ellipse", class: "bc-marker").first)
    let rows = page.all("g", class: "row").count
    #expect(rows == 5)
    let lastRowTop = 34 + 20 * 3  // header, then rows 0, 1, 2
    #expect(marker.attributes["cy"] == String(lastRowTop + 20 + 9))
  }

  @Test func hostileNamesAndValuesCannotInjectMarkup() {
    let hostile =
      "<script>alert(\"x\")</script>' onload='x' & \u{1}\u{FFFE} 🙂"
      + String(repeating: "é", count: 500)
    let old: [[Row]] = [[Row(.string(hostile)), Row("b")]]
    let new: [[Row]] = [[Row("b"), Row(.string(hostile))]]
    let update = BatchUpdate(
      reloadRows: [RowPath(0, 0)], moveRows: [RowMove(from: RowPath(0, 0), to: RowPath(0, 1))])
    let verdict = SimulatedTableView(old).performBatchUpdates(update, dataSource: new)
    func render(_ name: String, _ old: [[Row]], _ new: [[Row]]) -> String {
      HTMLReport.render(
        ContractVerdict(contract: .batch, identityOnly: false, verdict: verdict), old: old,
        new: new,
        changes: .batch(update), name: name)
    }
    let html = render(hostile, old, new)
    let page = parse(html)
    #expect(page.all("script").isEmpty)
    #expect(!html.contains("<script"))
    #expect(page.elements.allSatisfy { $0.attributes["onload"] == nil })
    // The same page with harmless strings has exactly the same elements:
    // the hostile strings added none.
    let long = String(repeating: "x", count: hostile.count)
    let plain = parse(
      render(long, [[Row(.string(long)), Row("b")]], [[Row("b"), Row(.string(long))]]))
    #expect(page.elements.map(\.name) == plain.elements.map(\.name))
    // The name is shown, escaped: its text comes back intact (the
    // characters XML cannot hold as U+FFFD).
    let readable = hostile.replacingOccurrences(of: "\u{1}", with: "\u{FFFD}")
      .replacingOccurrences(of: "\u{FFFE}", with: "\u{FFFD}")
    #expect(page.all("h2").contains { $0.text.hasSuffix(readable) })
    #expect(page.all("title").first?.text.hasPrefix(readable) == true)
  }

  @Test func a300RowCaseCollapsesAroundTheFailingCell() throws {
    let values = (0..<300).map { Row(.int($0)) }
    var moved = values
    moved.swapAt(200, 201)
    // Rows 200 and 201 swap by a reload and a move of row 200: R11.
    let update = BatchUpdate(
      reloadRows: [RowPath(0, 200)], moveRows: [RowMove(from: RowPath(0, 200), to: RowPath(0, 201))]
    )
    let verdict = SimulatedTableView([values]).performBatchUpdates(update, dataSource: [moved])
    #expect(verdict.rule == .r11)
    let picture = UpdatePicture(
      title: "", old: [values], new: [moved], update: update, verdict: verdict)
    let (old, new) = picture.layout()
    for items in [old, new] {
      let rows = items.filter { if case .row = $0 { true } else { false } }
      #expect(rows.count <= 8, "\(items)")
      #expect(items.contains { if case .rows(let count, 0) = $0 { count >= 198 } else { false } })
    }
    #expect(old.contains(.row(section: 0, row: 200)))
    let page = parse(
      HTMLReport.render(
        title: "big", passed: false, facts: [],
        cases: [
          HTMLCase(
            title: "big", old: [values], new: [moved], changes: .batch(update), verdict: verdict)
        ]))
    #expect(page.all("text", class: "gap").map(\.text).contains("… 198 unchanged rows …"))
    let svg = try #require(page.all("svg", class: "picture").first)
    #expect(Int(svg.attributes["height"] ?? "") ?? .max < 300)
  }

  @Test func stagedFailureHasOnePicturePerStageUpToTheFailingOne() {
    let old: [[Row]] = [[Row("a"), Row("b")]]
    let new: [[Row]] = [[Row("b"), Row("a")]]
    let stages = [
      Stage(update: BatchUpdate(deleteRows: [RowPath(0, 0)]), data: [[Row("b")]]),
      Stage(update: BatchUpdate(deleteRows: [RowPath(0, 3)]), data: [[Row("b")]]),
      Stage(update: BatchUpdate(insertRows: [RowPath(0, 1)]), data: new),
    ]
    let verdict = ContractValidator.validateStaged(old: old, stages: stages, new: new)
    #expect(verdict.stage == 2)
    let trace = ContractTrace.trace(
      old: old, new: new, changes: .staged(stages), position: verdict.position, options: .default)
    #expect(trace?.label == "trace of stage 2")
    let item = HTMLCase(
      title: "staged", old: old, new: new, changes: .staged(stages), verdict: verdict.verdict,
      position: verdict.position,
      blocks: trace.map { [HTMLBlock(label: $0.label, text: $0.lines.joined(separator: "\n"))] })
    let pictures = item.pictures().pictures
    #expect(pictures.map(\.title) == ["stage 1 of 3", "stage 2 of 3, the failing one"])
    #expect(pictures.map { $0.marker != nil } == [false, true])
    let page = parse(HTMLReport.render(title: "staged", passed: false, facts: [], cases: [item]))
    #expect(page.all("figcaption").count == 2)
    #expect(page.all("h3").contains { $0.text == "trace of stage 2" })
  }

  @Test func stepsAreDrawnStepByStepAndTheFinalRowsAgainstTheDataSource() {
    let old: [[Row]] = [[Row("a"), Row("b"), Row("c")]]
    let new: [[Row]] = [[Row("c")]]
    // Batch-style deletes applied as steps: the second delete removes "c".
    let steps: [Step] = [.delete(at: RowPath(0, 0)), .delete(at: RowPath(0, 1))]
    let verdict = ContractValidator.validateSteps(old: old, steps: steps, new: new)
    #expect(verdict.verdict.rule == .c1)
    let item = HTMLCase(
      title: "steps", old: old, new: new, changes: .steps(steps), verdict: verdict.verdict)
    let pictures = item.pictures().pictures
    #expect(pictures.count == 3)
    #expect(pictures[1].new == [[Row("b")]])
    #expect(pictures.last?.marker?.side == .new)
    #expect(pictures.last?.marker?.row == 0)
  }

  @Test func longStepListsDrawTheLastStepsUpToTheFailingOne() {
    let old: [[Row]] = [(0..<40).map { Row(.int($0)) }]
    // 30 deletes of row 0, then one out of range.
    let steps =
      Array(repeating: Step.delete(at: RowPath(0, 0)), count: 30) + [.delete(at: RowPath(0, 10))]
    let new = [Array(old[0].dropFirst(31))]
    let judged = ContractValidator.validateSteps(old: old, steps: steps, new: new)
    #expect(judged.position == .step(31))
    let item = HTMLCase(
      title: "steps", old: old, new: new, changes: .steps(steps), verdict: judged.verdict,
      position: judged.position)
    let (pictures, note) = item.pictures()
    #expect(pictures.count == HTMLCase.pictureLimit)
    #expect(pictures.last?.title == "step 31 of 31: delete (0, 10), the failing one")
    #expect(pictures.last?.marker != nil)
    #expect(note == "steps 1 to 11 are not drawn: only the last 20 up to the failing one")
  }

  @Test func anyUpdateRendersWellFormed() {
    // Nonsense updates: negative, huge and out-of-range indices, duplicates.
    var state: UInt64 = 0x5eed
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(truncatingIfNeeded: state >> 33) % bound
    }
    let numbers = [0, 1, 2, 3, -1, Int.max, Int.min, 40]
    func number() -> Int { numbers[next(numbers.count)] }
    func path() -> RowPath { RowPath(number(), number()) }
    for _ in 0..<300 {
      let old = (0..<next(3)).map { _ in (0..<next(40)).map { _ in Row(.int(next(5))) } }
      let new = (0..<next(3)).map { _ in (0..<next(40)).map { _ in Row(.int(next(5))) } }
      let update = BatchUpdate(
        deleteSections: [number()], insertSections: [number()], reloadSections: [number()],
        moveSections: [SectionMove(from: number(), to: number())], deleteRows: [path(), path()],
        insertRows: [path(), path()], reloadRows: [path()],
        moveRows: [RowMove(from: path(), to: path())],
        reconfigureRows: [path()])
      let verdict = ContractValidator.validate(.batch(update), old: old, new: new)
      let html = HTMLReport.render(
        verdict, old: old, new: new, changes: .batch(update), name: "nonsense")
      _ = parse(html)
    }
  }

  @Test func passingReportIsTheSummaryAndTheChart() {
    let report = check(HeckelGenerator(), options: CheckOptions(count: 1_000, exhaustiveTotal: 3))
    #expect(report.passed)
    let page = parse(HTMLReport.render(report))
    #expect(page.all("section", class: "case").isEmpty)
    #expect(page.all("span", class: "pass").count == 1)
    let bars = page.all("rect", class: "bar")
    #expect(bars.count == CoverageStatistic.allCases.count)
    // Bar widths follow the counts: the statistic with the most cases has the widest bar.
    let widths = bars.map { Int($0.attributes["width"] ?? "") ?? 0 }
    let order: [CoverageStatistic] = [
      .size0, .size1to8, .size9to32, .size33plus, .duplicates, .moves, .emptySide, .contentChanges,
      .severalSections,
    ]
    let counts = order.map { $0.count(in: report.statistics) }
    #expect(widths.firstIndex(of: widths.max()!) == counts.firstIndex(of: counts.max()!))
    #expect(page.all("th").contains { $0.text == "run seed" })
  }

  @Test(
    "the edit-size chart: issued against needed per operation, bars scaled to the largest number")
  func editSizeChart() throws {
    let report = check(HeckelGenerator(), options: CheckOptions(count: 300, exhaustiveTotal: 3))
    let edits = try #require(report.edits)
    let page = parse(HTMLReport.render(report))
    let section = try #require(page.all("section", class: "edits").first)
    #expect(section.text.contains("Edit size: \(report.editCases) valid updates"))
    #expect(section.text.contains(edits.summary))
    let bars = page.all("rect", class: "edit-bar")
    #expect(
      bars.map { $0.attributes["class"] ?? "" } == [
        "edit-bar issued", "edit-bar needed", "edit-bar issued", "edit-bar issued",
        "edit-bar needed", "edit-bar issued", "edit-bar needed", "edit-bar issued",
        "edit-bar issued",
      ])
    let values = [
      edits.moves, edits.fairMinimumMoves, edits.extraMoves, edits.deletes, edits.minimumDeletes,
      edits.inserts, edits.minimumInserts, edits.deletedAndInsertedAgain, edits.unchangedReloads,
    ]
    let widths = bars.map { Int($0.attributes["width"] ?? "") ?? -1 }
    // The largest number has the full width; each bar follows its number.
    let largest = try #require(values.max())
    #expect(widths[try #require(values.firstIndex(of: largest))] == 400)
    for (width, value) in zip(widths, values) {
      #expect(abs(Double(width) - Double(value) / Double(largest) * 400) <= 1, "\(value): \(width)")
    }
    // heckel moves more rows than needed: its issued moves bar is the longer one.
    #expect(edits.moves > edits.fairMinimumMoves && widths[0] > widths[1])
    #expect(bars[0].text == "moves issued: " + grouped(edits.moves))
    #expect(bars[2].text == "extra moves: " + grouped(edits.extraMoves))
    #expect(
      page.all("text", class: "chart-value").contains { $0.text == grouped(edits.fairMinimumMoves) }
    )
    // The coverage chart is still there, after it, with its own bars.
    #expect(page.all("section", class: "generated").count == 1)
    #expect(page.all("rect", class: "bar").count == CoverageStatistic.allCases.count)
  }

  @Test(
    "an edit-size chart for staged batches, measured as the whole change; none without a valid update"
  )
  func stagedEditSizeChart() throws {
    let staged = check(
      ContractGenerator(HeckelStagedGenerator()),
      options: CheckOptions(count: 100, exhaustiveTotal: 2))
    let edits = try #require(staged.edits)
    var page = parse(HTMLReport.render(staged))
    #expect(page.all("section", class: "edits").first?.text.contains(edits.summary) == true)
    #expect(page.all("rect", class: "edit-bar").count == 9)
    // Nothing valid to measure: a diff that always deletes a row out of range.
    let none = checkDiff(named: "out-of-range", count: 20) { _, _ in
      BatchUpdate(deleteRows: [RowPath(0, 1_000)])
    }
    #expect(none.edits == nil)
    page = parse(HTMLReport.render(none))
    #expect(page.all("section", class: "edits").isEmpty)
    #expect(page.all("rect", class: "edit-bar").isEmpty)
  }

  @Test(
    "a waste failure: its kind and limit as the headline, BatchCheck's finding, the limits among the facts"
  )
  func wasteFailure() throws {
    var options = CheckOptions(count: 100, exhaustiveTotal: 4)
    options.maxMoveRatio = 1
    let report = check(HeckelGenerator(), options: options)
    let failure = try #require(report.failures.first)
    #expect(failure.kind.name == "waste")
    let page = parse(HTMLReport.render(report))
    #expect(page.all("td", class: "verdict").map(\.text) == ["waste (move ratio)"])
    #expect(
      page.all("p", class: "message").first?.text == "BatchCheck (edit size): " + failure.message)
    #expect(page.all("tr").contains { $0.text == "waste limits" + (report.limitsText ?? "-") })
    // The update is drawn: two moves, no failing cell (the update is valid).
    #expect(page.all("g", class: "moved").count == 4)
    #expect(page.all("ellipse", class: "bc-marker").isEmpty)
    #expect(
      page.all("pre").contains { $0.text.contains("options.maxMoveRatio = 1; return options }()") })
  }

  @Test func markupEscapingReplacesWhatXMLCannotHold() {
    #expect(markupEscaped("a<b&\"'>\u{0}\u{FFFF}") == "a&lt;b&amp;&quot;&#39;&gt;\u{FFFD}\u{FFFD}")
    #expect(shortened("abcdef", to: 4) == "abc…")
    #expect(shortened("abc", to: 3) == "abc")
  }
}

@Suite("HTML reports judge nothing")
struct HTMLJudgesNothingTests {
  /// Reports whose failures have a place, a failing stage or step, a waste
  /// breach and a generator error, in both replay forms.
  static func reports() -> [CheckReport] {
    let staged = ContractGenerator(name: "staged-plant") { (old: [Row], _: [Row]) -> [Stage] in
      [
        Stage(update: BatchUpdate(), data: [old]),
        Stage(update: BatchUpdate(deleteRows: [RowPath(0, old.count + 2)]), data: [old]),
      ]
    }
    let steps = ContractGenerator(name: "steps-plant") { (old: [Row], _: [Row]) -> [Step] in
      [.delete(at: RowPath(0, old.count + 1))]
    }
    let options = CheckOptions(seed: 3, count: 300, exhaustiveTotal: 4)
    var waste = options
    waste.maxMoveRatio = 1
    return [
      check(LCS2013Generator(), options: options),
      check(staged, options: options),
      check(steps, options: options),
      check(HeckelGenerator(), options: waste),
      check(MapMovesGenerator(), options: options).replayingOnCommandLine(external: nil),
    ]
  }

  @Test("a report read back from its JSON draws the same page")
  func readBackDrawsTheSamePage() throws {
    for report in Self.reports() {
      #expect(!report.failures.isEmpty)
      let read = try CheckReport(json: report.renderJSON())
      #expect(HTMLReport.render(read) == HTMLReport.render(report), "\(report.generator)")
    }
  }

  @Test("no file of BatchCheckHTML calls the simulator or a validator")
  func noJudgingInTheModule() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/BatchCheckHTML")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".swift") }
    #expect(files.count > 5)
    for file in files {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      for call in [
        "SimulatedTableView(", "performBatchUpdates(", "ContractValidator.", "ContractTrace.",
        ".trace(",
      ] {
        #expect(!text.contains(call), "\(file) calls \(call)")
      }
    }
  }
}
