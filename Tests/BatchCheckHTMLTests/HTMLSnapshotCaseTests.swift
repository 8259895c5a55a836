import BatchCheck
import BatchCheckHTML
import Testing

@Suite("HTML: snapshot scripts")
struct HTMLSnapshotCaseTests {
  typealias ID = SnapshotIdentifier

  @Test("the failing call is marked, the calls after it shown, no final state after an exception")
  func exception() {
    let script = SnapshotScript<ID, ID>(
      start: .empty, old: [],
      calls: [
        .appendSections(["S"]), .appendItems(["a", "<b>", "a"], toSection: nil), .deleteAllItems,
      ],
      new: nil)
    let page = HTMLReport.render(
      title: "t", passed: false, facts: [], cases: [], notes: [],
      snapshotCases: [HTMLSnapshotCase(title: "dup", script: script, verdict: script.verdict)])
    #expect(page.contains("<span class=\"verdict\">exception S1</span> · dup"))
    #expect(
      page.contains("<li class=\"failing-call\"><code>{&quot;op&quot;:&quot;appendItems&quot;"))
    #expect(page.contains("&lt;b&gt;") && !page.contains("<b>\""))
    #expect(page.contains("deleteAllItems"))
    #expect(!page.contains("table class=\"states\""))
  }

  @Test(
    "after the calls next to the intended snapshot, the differing section marked; S3 calls marked")
  func wrongRows() {
    let script = SnapshotScript<ID, ID>(
      start: .empty, old: [],
      calls: [
        .appendSections([1, 2]), .appendItems(["a"], toSection: 1),
        .appendItems(["a"], toSection: 2),
      ],
      new: [
        SnapshotSection(id: 1, rows: [SnapshotRow(id: "a")]),
        SnapshotSection(id: 2, rows: [SnapshotRow(id: "a")]),
      ])
    let verdict = script.verdict
    #expect(verdict.rule == .c1)
    let item = HTMLSnapshotCase(title: "pages", script: script, verdict: verdict, line: "{\"x\":1}")
    #expect(item.loggingCalls == [2])
    let page = HTMLReport.render(
      title: "t", passed: false, facts: [], cases: [], notes: [], snapshotCases: [item])
    #expect(
      page.contains(
        "<tr class=\"differs\"><td><code>1: []</code></td><td><code>1: [&quot;a&quot;]</code></td></tr>"
      ))
    #expect(
      page.contains(
        "<tr><td><code>2: [&quot;a&quot;]</code></td><td><code>2: [&quot;a&quot;]</code></td></tr>")
    )
    #expect(page.contains("<li class=\"logged-call\">"))
    #expect(page.contains("replay (a case line)"))
  }
}
