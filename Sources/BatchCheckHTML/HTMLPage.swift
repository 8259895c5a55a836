import BatchCheck

/// An HTML report being put together: header facts, notes, the cases'
/// table and pictures, the chart of the edit size and the chart of
/// generated cases.
struct HTMLPage {
  var title: String
  var passed: Bool
  var facts: [HTMLFact] = []
  var notes: [String] = []
  var cases: [HTMLCase] = []
  /// Snapshot scripts, drawn after the batch cases.
  var snapshotCases: [HTMLSnapshotCase] = []
  /// Adapter scripts, drawn as timelines after the snapshot scripts.
  var adapterCases: [HTMLAdapterTimeline] = []
  var chart: Chart?
  var editChart: EditSizeChart?

  init(title: String, passed: Bool) {
    self.title = title
    self.passed = passed
  }

  /// The whole document.
  func render() -> String {
    var html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
    html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
    html +=
      "<title>\(markupEscaped(title))</title>\n<style>\n\(HTMLPage.style)</style>\n</head>\n<body>\n"
    html +=
      "<header>\n<h1><span class=\"\(passed ? "pass" : "fail")\">\(passed ? "PASS" : "FAIL")</span> "
    html += markupEscaped(title) + "</h1>\n<table class=\"facts\">\n"
    for fact in facts {
      html +=
        "<tr><th>\(markupEscaped(fact.label))</th><td>\(markupEscaped(fact.value))</td></tr>\n"
    }
    html += "</table>\n"
    for note in notes { html += "<p class=\"note\">\(markupEscaped(note))</p>\n" }
    html += "</header>\n"
    if !cases.isEmpty {
      html += casesTable()
      html += Self.legend
      for (index, item) in cases.enumerated() { html += section(item, number: index + 1) }
    }
    for (index, item) in snapshotCases.enumerated() { html += item.html(number: index + 1) }
    for (index, item) in adapterCases.enumerated() { html += item.html(number: index + 1) }
    if let editChart { html += editChart.html() }
    if let chart { html += chart.html() }
    html += "</body>\n</html>\n"
    return html
  }

  /// One row per case: its number, title, verdict, expectation, and a link
  /// to its picture.
  private func casesTable() -> String {
    let expectations = cases.contains { $0.expected != nil }
    var html = "<table class=\"cases\">\n<tr><th>#</th><th>case</th><th>verdict</th>"
    if expectations { html += "<th>expected</th>" }
    html += "<th>old → new</th></tr>\n"
    for (index, item) in cases.enumerated() {
      html += "<tr><td><a href=\"#case-\(index + 1)\">\(index + 1)</a></td>"
      html +=
        "<td><a href=\"#case-\(index + 1)\">\(markupEscaped(shortened(item.title, to: 80)))</a></td>"
      html += "<td class=\"verdict\">\(markupEscaped(item.headline))</td>"
      if expectations { html += "<td>\(markupEscaped(item.expected ?? "valid"))</td>" }
      html += "<td><code>\(markupEscaped(shortened(Self.pair(item), to: 90)))</code></td></tr>\n"
    }
    return html + "</table>\n"
  }

  /// `["a"] -> ["b","a","b"]` for one section a side, else the sections.
  static func pair(_ item: HTMLCase) -> String {
    func side(_ sections: [[Row]]) -> String {
      sections.count == 1
        ? "[" + sections[0].map(\.description).joined(separator: ",") + "]"
        : CaseJSON.sections(sections)
    }
    func size(_ sections: [[Row]]) -> String {
      let rows = sections.reduce(0) { $0 + $1.count }
      return "\(counted(sections.count, "section")), \(counted(rows, "row"))"
    }
    if item.old.reduce(0, { $0 + $1.count }) + item.new.reduce(0, { $0 + $1.count }) > 200 {
      return size(item.old) + " -> " + size(item.new)
    }
    return side(item.old) + " -> " + side(item.new)
  }

  /// A case: heading, finding, pictures, and the copyable blocks.
  private func section(_ item: HTMLCase, number: Int) -> String {
    var html = "<section class=\"case\" id=\"case-\(number)\">\n"
    html += "<h2>\(number). <span class=\"verdict\">\(markupEscaped(item.headline))</span> · "
    html += markupEscaped(item.title) + "</h2>\n"
    html += "<p class=\"pair\"><code>\(markupEscaped(Self.pair(item)))</code></p>\n"
    if let expected = item.expected {
      html += "<p class=\"expected\">expected: \(markupEscaped(expected))</p>\n"
    }
    let who: String
    switch item.verdict?.kind {
    case .exception?, .fallback?: who = "UIKit (\(item.options.uikit))"
    case .wrongRows?, .staleContent?, .duplicate?: who = "BatchCheck"
    case .valid?: who = item.waste == nil ? "verdict" : "BatchCheck (edit size)"
    case nil: who = "generator"
    }
    html +=
      "<p class=\"message\"><b>\(markupEscaped(who)):</b> \(markupEscaped(item.message))</p>\n"
    if let advice = item.advice { html += "<p class=\"advice\">\(markupEscaped(advice))</p>\n" }
    let (pictures, note) = item.pictures()
    if let note { html += "<p class=\"note\">\(markupEscaped(note))</p>\n" }
    // Up to three earlier stages or steps are drawn open; more fold away,
    // so that the failing picture comes first on screen.
    let earlier = pictures.count - 1
    for (index, picture) in pictures.enumerated() {
      let figure =
        "<figure><figcaption>\(markupEscaped(picture.title))</figcaption>\n"
        + picture.svg(id: "\(number)-\(index + 1)") + "</figure>\n"
      if earlier > 3, index == 0 {
        html += "<details><summary>\(earlier) earlier pictures</summary>\n"
      }
      html += figure
      if earlier > 3, index == earlier - 1 { html += "</details>\n" }
    }
    for block in item.blocks {
      html +=
        "<h3>\(markupEscaped(block.label))</h3>\n<pre><code>\(markupEscaped(block.text))</code></pre>\n"
    }
    return html + "</section>\n"
  }

  /// The opening of a script's section (a snapshot script, an adapter
  /// script): its number, verdict and title, what it expected, its message.
  static func scriptHeading(
    id: String, classes: String, number: Int, headline: String, title: String,
    expected: String?, message: String?
  ) -> String {
    var html = "<section class=\"\(classes)\" id=\"\(id)\">\n"
    html += "<h2>\(number). <span class=\"verdict\">\(markupEscaped(headline))</span> · "
    html += markupEscaped(title) + "</h2>\n"
    if let expected {
      html += "<p class=\"expected\">expected: \(markupEscaped(expected))</p>\n"
    }
    if let message {
      html += "<p class=\"message\">\(markupEscaped(message))</p>\n"
    }
    return html
  }

  static let legend = """
    <p class="legend"><span class="key deleted">deleted (struck out)</span> \
    <span class="key reloaded">reloaded</span> <span class="key reconfigured">reconfigured</span> \
    <span class="key inserted">inserted</span> <span class="key moved">moved (arrow)</span> \
    <span class="key stay">stays (faint line)</span> <span class="key failing">the failing cell (circled)</span></p>

    """
}
