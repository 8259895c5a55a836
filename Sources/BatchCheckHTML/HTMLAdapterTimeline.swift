import BatchCheck

/// A recorded adapter script as an HTML report draws it: a timeline of its
/// steps in order (the steps of a block indented, each with its step path),
/// the data source's counts after each model change, every read of the data
/// source with who read and the counts it returned, and each outcome at its
/// step, the failing one marked. The caller runs the script; the page only
/// draws its report.
///
///     let report = script.run()
///     let item = HTMLAdapterTimeline(script: script, report: report, title: "staged apply")
///     HTMLReport.render(adapter: script, report: report, title: "staged apply")  // a whole page
public struct HTMLAdapterTimeline: Hashable, Sendable {
  /// The heading: a file and line, or a test's name.
  public var title: String
  /// What the case expected, when it has an expectation.
  public var expected: String?
  /// The script drawn.
  public var script: AdapterScript
  /// What running it gave.
  public var report: AdapterReport
  /// Copyable blocks under the timeline: the replay line, for one.
  public var blocks: [HTMLBlock]

  /// A timeline of `script` and the `report` its run gave; `line` (the
  /// replay line) is shown under it when given.
  public init(
    script: AdapterScript, report: AdapterReport, title: String, expected: String? = nil,
    line: String? = nil
  ) {
    self.title = title
    self.expected = expected
    self.script = script
    self.report = report
    self.blocks = line.map { [HTMLBlock(label: "replay (a case line)", text: $0)] } ?? []
  }

  /// `exception R2b A2 at step [2]`, `valid`.
  var headline: String {
    guard let failure = report.firstFailure else { return "valid" }
    var text = failure.kind.rawValue
    if let rule = failure.rule { text += " \(rule)" }
    if let cause = failure.cause { text += " \(cause)" }
    return text + " at step " + Self.path(failure.step)
  }

  /// `[2, 0]`.
  static func path(_ path: [Int]) -> String {
    "[" + path.map { String($0) }.joined(separator: ", ") + "]"
  }

  /// `[3]`, `[2, 1]`: rows per section.
  static func counts(_ rows: [[Row]]) -> String { path(rows.map(\.count)) }

  /// The section of the page.
  func html(number: Int) -> String {
    var html = HTMLPage.scriptHeading(
      id: "adapter-\(number)", classes: "case adapter", number: number, headline: headline,
      title: title, expected: expected, message: report.firstFailure?.message)
    html += "<p class=\"note\">\(markupEscaped(facts))</p>\n"
    html += "<table class=\"timeline\">\n<tr><th>step</th><th>call</th><th>data source</th>"
    html += "<th>reads (who: counts)</th><th>outcome</th></tr>\n"
    for row in rows() { html += row.html }
    html += "</table>\n"
    for block in blocks {
      html +=
        "<h3>\(markupEscaped(block.label))</h3>\n<pre><code>\(markupEscaped(block.text))</code></pre>\n"
    }
    return html + "</section>\n"
  }

  /// `table view, ios18, sdk modern, plain data source; final basis settled`.
  var facts: String {
    let options = script.options
    return
      "\(options.semantics == .tableView ? "table view" : "collection view"), \(options.uikit), "
      + "sdk \(options.sdk.rawValue), \(options.source.rawValue) data source; "
      + "basis at the end \(report.finalBasis.rawValue)"
  }
}

extension HTMLAdapterTimeline {
  /// One row of the timeline.
  struct TimelineRow {
    var path: [Int]?
    var depth: Int
    var call: String
    var dataSource: String = ""
    var reads: [AdapterRead] = []
    var outcomes: [AdapterOutcome] = []
    var failing = false
    var notApplied = false

    var html: String {
      var classes: [String] = []
      if failing { classes.append("failing-end") }
      if notApplied { classes.append("not-applied") }
      var html = classes.isEmpty ? "<tr>" : "<tr class=\"\(classes.joined(separator: " "))\">"
      html +=
        "<td><code>\(path.map { markupEscaped(HTMLAdapterTimeline.path($0)) } ?? "")</code></td>"
      html += "<td style=\"padding-left: \(depth * 18)px\"><code>\(markupEscaped(call))</code>"
      if failing { html += " <span class=\"mark\">✗ the failing end</span>" }
      if notApplied { html += " <span class=\"mark\">not applied: the view died</span>" }
      html += "</td><td>\(markupEscaped(dataSource))</td><td>"
      html += reads.map {
        "\(markupEscaped($0.by.rawValue)): \(markupEscaped(HTMLAdapterTimeline.path($0.counts)))"
      }
      .joined(separator: "<br/>")
      html += "</td><td>" + outcomes.map(Self.outcome).joined(separator: "<br/>") + "</td></tr>\n"
      return html
    }

    /// `exception R2b · cause A2 · basis settled: text`.
    static func outcome(_ outcome: AdapterOutcome) -> String {
      var head = outcome.kind.rawValue
      if let rule = outcome.rule { head += " rule \(rule)" }
      if let cause = outcome.cause { head += " · cause \(cause)" }
      head += " · basis \(outcome.basis.rawValue)"
      var html = "<b class=\"outcome-\(outcome.kind.rawValue)\">\(markupEscaped(head))</b>"
      if let message = outcome.message { html += ": " + markupEscaped(message) }
      return html
    }
  }

  /// The rows: the start, then every step in order; a block's start and
  /// end are rows of their own around its steps.
  func rows() -> [TimelineRow] {
    var reads = report.reads[...]
    var rows = [
      TimelineRow(
        path: nil, depth: 0,
        call: "start: "
          + (script.start.loaded ? "loaded" : "never loaded") + ", "
          + (script.start.inWindow ? "in a window" : "not in a window") + ", "
          + (script.start.laidOut ? "laid out" : "needs layout"),
        dataSource: Self.counts(script.start.rows),
        reads: [], outcomes: [])
    ]
    var depth = 0
    walk(script.steps, prefix: [], nesting: 0, depth: &depth, reads: &reads, into: &rows)
    if !reads.isEmpty {
      rows.append(TimelineRow(path: nil, depth: 0, call: "other reads", reads: Array(reads)))
    }
    if let failure = report.firstFailure {
      let failing = rows.lastIndex { $0.outcomes.contains(failure) }
      if let failing {
        rows[failing].failing = true
        if [.exception, .duplicate].contains(failure.kind) {
          for index in rows.indices where index > failing && rows[index].outcomes.isEmpty {
            rows[index].notApplied = true
          }
        }
      }
    }
    return rows
  }

  /// Appends the rows of `steps`, taking each step's reads from the front
  /// of `reads` (they are logged in the order the steps run).
  private func walk(
    _ steps: [AdapterStep], prefix: [Int], nesting: Int, depth: inout Int,
    reads: inout ArraySlice<AdapterRead>, into rows: inout [TimelineRow]
  ) {
    let semantics = script.options.semantics
    for (index, step) in steps.enumerated() {
      let path = prefix + [index]
      if case .endUpdates = step { depth = max(0, depth - 1) }
      var row = TimelineRow(path: path, depth: nesting + depth, call: "")
      row.outcomes = report.outcomes.filter { $0.step == path }
      if let inner = step.blockSteps {
        row.call = "performBatchUpdates {"
        row.reads = take(&reads, at: path) { [.batchStart, .layout].contains($0.by) }
        let outcomes = row.outcomes
        row.outcomes = []
        rows.append(row)
        walk(
          inner, prefix: path, nesting: nesting + depth + 1, depth: &depth, reads: &reads,
          into: &rows)
        var end = TimelineRow(
          path: path, depth: nesting + depth, call: "} end of performBatchUpdates")
        end.reads = take(&reads, at: path) { _ in true }
        end.outcomes = outcomes
        rows.append(end)
        continue
      }
      row.call = AdapterCaseJSON.step(step, semantics: semantics)
      if case .dataSource(let sections) = step { row.dataSource = "now " + Self.counts(sections) }
      row.reads = take(&reads, at: path) { _ in true }
      rows.append(row)
      if case .beginUpdates = step { depth += 1 }
    }
  }

  /// The reads at the front of `reads` made at `path` that `fits` accepts.
  private func take(
    _ reads: inout ArraySlice<AdapterRead>, at path: [Int], while fits: (AdapterRead) -> Bool
  ) -> [AdapterRead] {
    var taken: [AdapterRead] = []
    while let read = reads.first, read.step == path, fits(read) {
      taken.append(read)
      reads = reads.dropFirst()
    }
    return taken
  }
}

extension HTMLReport {
  /// An adapter script's report as a page: the script's view and profile,
  /// then its timeline (the steps, the reads and the counts each returned,
  /// each outcome at its step, the failing end of block marked). The caller
  /// runs the script; the page judges nothing.
  ///
  ///     HTMLReport.render(adapter: script, report: script.run(), title: "staged apply")
  ///
  /// - Parameters:
  ///   - script: the script run.
  ///   - report: what its run gave.
  ///   - title: the page's heading.
  ///   - expected: what the script was expected to give, in words, when known.
  public static func render(
    adapter script: AdapterScript, report: AdapterReport, title: String, expected: String? = nil
  ) -> String {
    let item = HTMLAdapterTimeline(
      script: script, report: report, title: title, expected: expected,
      line: script.caseLine(name: title, expecting: report))
    var page = HTMLPage(title: title, passed: report.verdict == .valid)
    page.facts = [
      HTMLFact("contract", "adapter script"), HTMLFact("verdict", item.headline),
      HTMLFact("basis", report.basis.rawValue),
    ]
    page.adapterCases = [item]
    return page.render()
  }

  /// A page for cases judged outside the engine: as
  /// `render(title:passed:facts:cases:notes:snapshotCases:)`, with
  /// `adapterCases` drawn last, each as a timeline.
  public static func render(
    title: String, passed: Bool, facts: [HTMLFact], cases: [HTMLCase], notes: [String],
    snapshotCases: [HTMLSnapshotCase], adapterCases: [HTMLAdapterTimeline]
  ) -> String {
    var page = HTMLPage(title: title, passed: passed)
    page.facts = facts
    page.cases = cases
    page.snapshotCases = snapshotCases
    page.adapterCases = adapterCases
    page.notes = notes
    return page.render()
  }
}
