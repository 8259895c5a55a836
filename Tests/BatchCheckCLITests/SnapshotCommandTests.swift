import BatchCheck
import BatchCheckTestSupport
import Foundation
import Testing

@testable import BatchCheckCLI

@Suite("batchcheck snapshot")
struct SnapshotCommandTests {
  /// A builder in Python that appends every page and every row as given:
  /// overlapping pages (C1 with S3) and a page that repeats a row (S1).
  static let naive = """
    python3 -c '
    import json, sys
    rid = lambda r: r["id"] if isinstance(r, dict) else r
    for line in sys.stdin:
        case = json.loads(line)
        pages = []
        for s, _ in case["new"]:
            if s not in pages: pages.append(s)
        calls = [{"op": "appendSections", "ids": pages}]
        calls += [{"op": "appendItems", "ids": [rid(r) for r in rows], "section": s} for s, rows in case["new"]]
        print(json.dumps(calls), flush=True)
    '
    """

  @Test("--exec: a naive builder in Python is found out, each kind at its smallest model, exit 1")
  func naiveBuilder() async {
    let run = await runCommand(["snapshot", "--exec", Self.naive, "--count", "50"])
    #expect(run.status == 1)
    #expect(run.standardError == "")
    #expect(run.standardOutput.contains("FAIL exception S1 at call 1"))
    #expect(run.standardOutput.contains("FAIL wrongRows C1"))
    // A page twice over: its rows are appended again, moved (S3) and lost from the first.
    #expect(run.standardOutput.contains("FAIL logged S3"))
    #expect(run.standardOutput.contains(#"new:      [[0,["a"]],[0,["a"]]]"#))
    // It reconfigures nothing.
    #expect(run.standardOutput.contains("FAIL staleContent C2"))
    #expect(run.standardOutput.contains(#""contract":"snapshot","start":"empty""#))
  }

  @Test("--exec: a program that answers no calls is reported, and the run fails")
  func brokenProgram() async {
    let run = await runCommand([
      "snapshot", "--exec", "while IFS= read -r line; do echo nope; done", "--count", "0",
    ])
    #expect(run.status == 1)
    #expect(run.standardError.hasPrefix("Error: the program failed on "))
    #expect(run.standardError.contains("is not an array of snapshot calls"))
  }

  @Test("--generator: a reference generator, JSON and HTML too")
  func generator() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let html = files.path("report.html")
    let run = await runCommand([
      "snapshot", "--generator", "staleBuilder", "--count", "20", "--format", "json", "--html",
      html,
    ])
    #expect(run.status == 1)
    let object =
      try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any]
    #expect(object != nil)
    #expect(run.standardOutput.contains(#""rule":"C2""#))
    let page = try String(contentsOfFile: html, encoding: .utf8)
    #expect(page.contains("staleContent C2"))
    let right = await runCommand(["snapshot", "--generator", "rightEditor", "--count", "20"])
    #expect(right.status == 0)
  }

  @Test("usage errors: neither or both codes, --editor with a generator, an unknown generator")
  func usage() async {
    #expect(await runCommand(["snapshot"]).status == 64)
    #expect(
      await runCommand(["snapshot", "--generator", "rightBuilder", "--exec", "x"]).status == 64)
    #expect(await runCommand(["snapshot", "--generator", "rightBuilder", "--editor"]).status == 64)
    let unknown = await runCommand(["snapshot", "--generator", "nope"])
    #expect(unknown.status == 64)
    #expect(unknown.standardError.contains("rightBuilder"))
  }
}
