import BatchCheck
import Testing

@testable import BatchCheckExec

/// `--exec` generators answer snapshot cases with their calls (protocol
/// version 2).
@Suite("External generators: snapshot calls")
struct ExternalSnapshotTests {
  typealias ID = SnapshotIdentifier

  /// A builder in Python: every section, then every row's id, as the new
  /// model holds them (so it carries the model's duplicates into its calls).
  static let builder = """
    python3 -c '
    import json, sys
    for line in sys.stdin:
        case = json.loads(line)
        assert case["protocol"] == 2 and case["contract"] == "snapshot"
        calls = [{"op": "appendSections", "ids": [s for s, _ in case["new"]]}]
        for s, rows in case["new"]:
            calls.append({"op": "appendItems", "ids": [r["id"] if isinstance(r, dict) else r for r in rows], "section": s})
        print(json.dumps(calls), flush=True)
    '
    """

  @Test("a builder's calls come back, replay on the simulated snapshot, and are judged")
  func builderCalls() throws {
    let process = ExternalGenerator(command: Self.builder)
    defer { process.close() }
    let new = [
      SnapshotSection<ID, ID>(id: "S", rows: [SnapshotRow(id: "a"), SnapshotRow(id: "b")]),
      SnapshotSection(id: 2, rows: [SnapshotRow(id: "a", content: 1)]),
    ]
    let calls = try process.snapshotCalls(old: [], new: new, start: .empty)
    #expect(
      calls == [
        .appendSections(["S", 2]), .appendItems(["a", "b"], toSection: "S"),
        .appendItems(["a"], toSection: 2),
      ])
    let script = SnapshotScript(start: .empty, old: [], calls: calls, new: new)
    // The same id in two pages: UIKit logs S3 and moves it, and the first page loses it.
    #expect(script.verdict.kind == .wrongRows)
    #expect(script.verdict.logs.map(\.rule) == [.s3])
  }

  @Test("an answer that is not calls is malformedOutput, with its column")
  func malformed() {
    let process = ExternalGenerator(
      command: #"while IFS= read -r line; do echo '[{"op":"appendRows"}]'; done"#)
    defer { process.close() }
    #expect {
      _ = try process.snapshotCalls(old: [], new: [], start: .empty)
    } throws: { error in
      guard let error = error as? GeneratorError else { return false }
      return error.kind == .malformedOutput && error.message.contains("unknown op \"appendRows\"")
        && error.message.contains("an array of snapshot calls")
    }
  }
}
