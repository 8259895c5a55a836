import BatchCheck
import BatchCheckCorpus
import Foundation
import Testing

@testable import BatchCheckHTML

@Suite("HTML: adapter timelines")
struct HTMLAdapterTimelineTests {
  /// H3 under iOS 18: a collection view's reloadData, then the model moves,
  /// then a batch whose start reads the new counts (A2).
  static let absorbed = AdapterScript(
    options: AdapterOptions(semantics: .collectionView),
    start: AdapterStart(rows: [[Row("a"), Row("b")]]),
    steps: [
      .reloadData, .dataSource([[Row("a"), Row("b"), Row("c")]]),
      .performBatchUpdates([.mutation(.insertRows([RowPath(0, 2)]))]),
      .layoutIfNeeded,
    ])

  /// The rows of the page's timeline tables, each row's cells' text.
  func timelineRows(_ page: ParsedPage) -> [(classes: String, cells: [String])] {
    var rows: [(String, [String])] = []
    var inTimeline = false
    for element in page.elements {
      if element.name == "table" { inTimeline = element.attributes["class"] == "timeline" }
      guard inTimeline else { continue }
      if element.name == "tr" {
        rows.append((element.attributes["class"] ?? "", []))
      } else if element.name == "td", !rows.isEmpty {
        rows[rows.count - 1].1.append(element.text)
      }
    }
    return rows.filter { !$0.1.isEmpty }
  }

  @Test(
    "each step in order with its path, the block's steps indented, reads with who and counts, the failing end marked"
  )
  func timeline() throws {
    let report = Self.absorbed.run()
    #expect(report.cause == .a2)
    let html = HTMLReport.render(
      adapter: Self.absorbed, report: report, title: "H3 <ios18>", expected: "exception R2b A2")
    let page = parse(html)
    let rows = timelineRows(page)
    // start, reloadData, dataSource, the block's start, its insert, its end, layoutIfNeeded.
    #expect(rows.count == 7, "\(rows.map(\.cells))")
    guard rows.count == 7 else { return }
    #expect(rows[0].cells[1].hasPrefix("start: loaded, in a window, laid out"))
    #expect(rows[0].cells[2] == "[2]")
    #expect(rows.dropFirst().map { $0.cells[0] } == ["[0]", "[1]", "[2]", "[2, 0]", "[2]", "[3]"])
    #expect(rows[2].cells[2] == "now [3]")
    #expect(rows[3].cells[1] == "performBatchUpdates {")
    #expect(rows[3].cells[3] == "batchStart: [3]")
    #expect(rows[4].cells[1].contains(#"{"call":"insertRows","at":[[0,2]]}"#))
    #expect(rows[5].cells[3] == "batchEnd: [3]")
    #expect(rows[5].classes == "failing-end")
    #expect(rows[5].cells[1].contains("✗ the failing end"))
    #expect(rows[5].cells[4].hasPrefix("exception rule R2b · cause A2 · basis settled: "))
    #expect(rows[6].classes == "not-applied")
    // The block's step is indented below the block.
    #expect(
      html.contains("<td style=\"padding-left: 18px\"><code>{&quot;call&quot;:&quot;insertRows"))
    #expect(html.contains("H3 &lt;ios18&gt;") && !html.contains("H3 <ios18>"))
    #expect(html.contains("expected: exception R2b A2"))
    #expect(html.contains("replay (a case line)"))
    #expect(page.all("tr", class: "failing-end").count == 1)
  }

  @Test(
    "steps between beginUpdates and endUpdates are indented; an A13 block left open is marked at its beginUpdates"
  )
  func openBlock() {
    let script = AdapterScript(
      start: AdapterStart(rows: [[Row("a")]]),
      steps: [
        .beginUpdates, .dataSource([[Row("a"), Row("b")]]), .mutation(.insertRows([RowPath(0, 1)])),
      ])
    let report = script.run()
    #expect(report.cause == .a13 && report.step == [0])
    let page = parse(HTMLReport.render(adapter: script, report: report, title: "open"))
    let rows = timelineRows(page)
    #expect(rows.count == 4)
    #expect(rows.dropFirst().first?.classes == "failing-end")
    #expect(
      rows.dropFirst().first?.cells.last?.hasPrefix("skipped · cause A13 · basis decompile") == true
    )
    // Skipped is no crash: the steps after it are not struck.
    #expect(!rows.contains { $0.classes == "not-applied" })
    let html = HTMLReport.render(adapter: script, report: report, title: "open")
    #expect(html.contains("<td style=\"padding-left: 18px\"><code>{&quot;dataSource&quot;"))
  }

  @Test("a valid script draws every read and no failing end; the page passes")
  func validScript() {
    let script = AdapterScript(
      start: AdapterStart(rows: [[Row("a")]], loaded: false, inWindow: true),
      steps: [.layoutIfNeeded, .dataSource([[Row("a"), Row("b")]]), .reloadData])
    let report = script.run()
    #expect(report.verdict == .valid)
    let html = HTMLReport.render(adapter: script, report: report, title: "valid")
    let page = parse(html)
    #expect(page.all("span", class: "pass").count == 1)
    #expect(page.all("tr", class: "failing-end").isEmpty)
    let reads = timelineRows(page).map { $0.cells[3] }.filter { !$0.isEmpty }
    #expect(
      reads
        == report.reads.map {
          "\($0.by.rawValue): [\($0.counts.map(String.init).joined(separator: ", "))]"
        })
  }

  @Test(
    "every line of Corpus/adapter.jsonl draws a well-formed page with each of its reads and outcomes"
  )
  func everyCorpusLine() throws {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Corpus/adapter.jsonl").path
    var drawn = 0
    for line in try CaseFile.read(atPath: path) {
      guard case .success(.adapter(let testCase)) = line.value else { continue }
      let script = testCase.script()
      let report = script.run()
      let html = HTMLReport.render(adapter: script, report: report, title: testCase.name ?? "")
      let page = parse(html)
      let rows = timelineRows(page)
      let readCount = rows.map { $0.cells[3] }.reduce(0) {
        $0 + ($1.isEmpty ? 0 : $1.components(separatedBy: ": [").count - 1)
      }
      #expect(readCount == report.reads.count, "\(testCase.name ?? "")")
      #expect(
        page.all("b").filter { ($0.attributes["class"] ?? "").hasPrefix("outcome-") }.count
          == report.outcomes.count, "\(testCase.name ?? "")")
      #expect(page.all("tr", class: "failing-end").count == (report.firstFailure == nil ? 0 : 1))
      #expect(!rows.contains { $0.cells[1] == "other reads" }, "\(testCase.name ?? "")")
      drawn += 1
    }
    #expect(drawn > 60)
  }
}
