import BatchCheck

/// A snapshot script as an HTML report draws it: its calls, the failing
/// one marked, and the snapshot the calls left next to the one the code
/// meant to show. The caller judges; the page only draws.
///
///     let item = HTMLSnapshotCase(title: "paged-feed", script: script, verdict: script.verdict)
///     HTMLReport.render(title: "validate", passed: false, facts: [], cases: [], snapshotCases: [item])
public struct HTMLSnapshotCase: Hashable, Sendable {
  /// The heading: a file and line, or a generator's name.
  public var title: String
  /// `exception S1 at call 1`, `wrongRows C1`.
  public var headline: String
  /// UIKit's text, or BatchCheck's for C1 and C2.
  public var message: String
  /// What the case expected, when it has an expectation.
  public var expected: String?
  /// Each call as a case file writes it, in order.
  public var calls: [String]
  /// The failing call, from 0; nil when no call failed.
  public var failingCall: Int?
  /// The calls that logged S3, from 0.
  public var loggingCalls: [Int]
  /// The snapshot after the calls, sections of ids as text; nil after an exception.
  public var final: [Run]?
  /// The snapshot the code meant to show; nil when the script has none.
  public var intended: [Run]?
  /// Copyable blocks under the picture: the replay line, the logs.
  public var blocks: [HTMLBlock]

  /// A section and its items, as text.
  public struct Run: Hashable, Sendable {
    public var section: String
    public var items: [String]
    public init(section: String, items: [String]) {
      self.section = section
      self.items = items
    }
  }

  /// Creates a case from its parts.
  public init(
    title: String, headline: String, message: String, expected: String? = nil, calls: [String],
    failingCall: Int?, loggingCalls: [Int] = [], final: [Run]?, intended: [Run]?,
    blocks: [HTMLBlock] = []
  ) {
    self.title = title
    self.headline = headline
    self.message = message
    self.expected = expected
    self.calls = calls
    self.failingCall = failingCall
    self.loggingCalls = loggingCalls
    self.final = final
    self.intended = intended
    self.blocks = blocks
  }

  /// A case-file script and the caller's verdict on it; `line` (the replay
  /// line) is shown as a block when given.
  public init(
    title: String, script: SnapshotScript<SnapshotIdentifier, SnapshotIdentifier>,
    verdict: SnapshotVerdict<SnapshotIdentifier, SnapshotIdentifier>, expected: String? = nil,
    line: String? = nil
  ) {
    func text(_ id: SnapshotIdentifier) -> String { id.description }
    var blocks: [HTMLBlock] = []
    if let line { blocks.append(HTMLBlock(label: "replay (a case line)", text: line)) }
    if !verdict.logs.isEmpty {
      blocks.append(
        HTMLBlock(
          label: "UIKit's log",
          text: verdict.logs.map { "call \($0.call): \($0.message)" }.joined(separator: "\n")))
    }
    for warning in verdict.warnings {
      blocks.append(HTMLBlock(label: "warning \(warning.rule)", text: warning.message))
    }
    self.init(
      title: title,
      headline: verdict.kind.headline(verdict.rule),
      message: verdict.message ?? "", expected: expected,
      calls: script.calls.map { SnapshotCaseJSON.call($0) }, failingCall: verdict.call,
      loggingCalls: verdict.logs.map(\.call),
      final: verdict.final.map { runs in
        runs.map { Run(section: text($0.section), items: $0.items.map(text)) }
      },
      intended: script.new.map { sections in
        sections.map { Run(section: text($0.id), items: $0.rows.map { text($0.id) }) }
      },
      blocks: blocks)
  }

  /// The section of the page.
  func html(number: Int) -> String {
    var html = HTMLPage.scriptHeading(
      id: "snapshot-\(number)", classes: "case", number: number, headline: headline,
      title: title, expected: expected, message: message.isEmpty ? nil : message)
    html += "<h3>calls</h3>\n<ol class=\"calls\" start=\"0\">\n"
    for (index, call) in calls.enumerated() {
      var mark = ""
      var kind = ""
      if index == failingCall {
        kind = " class=\"failing-call\""
        mark = " ✗ raised here; the calls after it did not run"
      } else if loggingCalls.contains(index) {
        kind = " class=\"logged-call\""
        mark = " ⚠ logged (S3)"
      }
      html += "<li\(kind)><code>\(markupEscaped(call))</code>\(markupEscaped(mark))</li>\n"
    }
    html += "</ol>\n" + states()
    for block in blocks {
      html +=
        "<h3>\(markupEscaped(block.label))</h3>\n<pre><code>\(markupEscaped(block.text))</code></pre>\n"
    }
    return html + "</section>\n"
  }

  /// The final snapshot next to the intended one, a row per section; a
  /// section that differs is marked.
  private func states() -> String {
    guard final != nil || intended != nil else { return "" }
    var html = "<table class=\"states\">\n<tr><th>after the calls</th><th>intended</th></tr>\n"
    let finalRuns = final ?? []
    let intendedRuns = intended ?? []
    for index in 0..<max(finalRuns.count, intendedRuns.count) {
      let left = index < finalRuns.count ? finalRuns[index] : nil
      let right = index < intendedRuns.count ? intendedRuns[index] : nil
      let differs = final != nil && intended != nil && left != right
      html +=
        "<tr\(differs ? " class=\"differs\"" : "")><td>\(cell(left, absent: final == nil))</td>"
      html += "<td>\(cell(right, absent: intended == nil))</td></tr>\n"
    }
    return html + "</table>\n"
  }

  private func cell(_ run: Run?, absent: Bool) -> String {
    guard let run else {
      return absent ? "<i>none: UIKit raised before the apply</i>" : "<i>no section</i>"
    }
    return
      "<code>\(markupEscaped(run.section)): [\(markupEscaped(run.items.joined(separator: ", ")))]</code>"
  }
}

extension HTMLReport {
  /// A snapshot check's report as a page: the run's facts, then each kind
  /// of failure: its calls, the failing one marked, the final snapshot next
  /// to the intended one, and the replay line.
  ///
  ///     HTMLReport.render(checkSnapshotBuilder { (model: SnapshotCheckModel) in feed(model) })
  public static func render(_ report: SnapshotCheckReport) -> String {
    let cases = report.failures.map { failure in
      HTMLSnapshotCase(
        title: "\(report.name): \(failure.kind)", script: failure.script,
        verdict: failure.verdict, line: failure.replayLine)
    }
    return render(
      title: "\(report.name) (diffable snapshot \(report.shape))", passed: report.passed,
      facts: [
        HTMLFact("code", "\(report.name), a snapshot \(report.shape)"),
        HTMLFact(
          "result",
          "\(report.casesRun - report.failedCases) passed, \(report.failedCases) failed"),
      ],
      cases: [], notes: [], snapshotCases: cases)
  }
}
