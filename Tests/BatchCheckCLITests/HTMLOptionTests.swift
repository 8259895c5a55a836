import BatchCheckTestSupport
import Foundation
import Testing

/// `--html FILE` on the commands that write reports.
@Suite struct HTMLOptionTests {
  @Test("check --html writes the page with the failure's picture, beside the text report")
  func checkWritesThePage() async throws {
    let folder = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { folder.remove() }
    let path = folder.directory.appendingPathComponent("report.html").path
    let run = await runCommand([
      "check", "--generator", "lcs-2013", "--first-failure", "--html", path,
    ])
    #expect(run.status == 1)
    #expect(run.standardOutput.hasSuffix("50 passed, 1 failed\n"))
    let html = try String(contentsOfFile: path, encoding: .utf8)
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    #expect(html.contains("[&quot;a&quot;] -&gt; [&quot;b&quot;,&quot;a&quot;,&quot;b&quot;]"))
    #expect(html.contains("class=\"bc-marker\""))
    // Nothing is left beside it: it was written through a temporary file.
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.directory.path)
    #expect(left == ["report.html"])
  }

  @Test("check --html into a folder that does not exist is exit 74, the report still printed")
  func unwritable() async throws {
    let run = await runCommand(
      [
        "check", "--generator", "heckel", "--count", "10", "--html",
        "/nonexistent-folder/report.html",
      ])
    #expect(run.status == 74)
    #expect(run.standardError.contains("/nonexistent-folder/report.html"))
    let missing = await runCommand(["check", "--generator", "heckel", "--html"])
    #expect(missing.status == 64)
  }

  @Test("validate --html draws the failing and disagreeing cases, disagreements first")
  func validateDrawsFailingCases() async throws {
    let folder = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { folder.remove() }
    let cases = try folder.write(
      "cases.jsonl",
      [
        Lines.agrees,
        #"{"name":"<b>reload-and-move</b>","old":[["a","b"]],"new":[["b","a"]],"update":{"reloadRows":[[0,1]],"moveRows":[[[0,1],[0,0]]]},"expect":{"verdict":"exception","rule":"R11"}}"#,
        Lines.disagrees,
        Lines.malformed,
      ])
    let path = folder.directory.appendingPathComponent("validate.html").path
    let run = await runCommand(["validate", cases, "--html", path])
    #expect(run.status == 65)
    let html = try String(contentsOfFile: path, encoding: .utf8)
    // The valid case that agrees is not drawn; the disagreement comes first.
    let first = try #require(html.range(of: "cases.jsonl:3 wrong"))
    let second = try #require(html.range(of: "cases.jsonl:2 &lt;b&gt;reload-and-move&lt;/b&gt;"))
    #expect(first.lowerBound < second.lowerBound)
    #expect(!html.contains("cases.jsonl:1 unchanged"))
    #expect(!html.contains("<b>reload"))
    #expect(html.contains("2 passed, 2 failed (1 disagreeing, 1 unreadable)"))
    #expect(html.components(separatedBy: "class=\"bc-marker\"").count == 2)
  }

  @Test("corpus check --html has one row per disagreeing case, linking to its picture")
  func corpusCheckLinksEachDisagreement() async throws {
    let folder = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { folder.remove() }
    let cases = try folder.write(
      "small.jsonl",
      [
        #"{"name":"two-inserted","old":[[]],"new":[["a","a"]]}"#,
        #"{"name":"same","old":[["a","b"]],"new":[["a","b"]]}"#,
        #"{"name":"expected-to-fail","old":[["a"]],"new":[["a"]],"expect":{"verdict":"exception","rule":"R2"}}"#,
      ])
    let path = folder.directory.appendingPathComponent("corpus.html").path
    let run = await runCommand([
      "corpus", "check", cases, "--generator", "map-moves", "--html", path,
    ])
    #expect(run.status == 1)
    let html = try String(contentsOfFile: path, encoding: .utf8)
    #expect(html.components(separatedBy: "<a href=\"#case-1\">").count == 3)
    #expect(html.components(separatedBy: "<a href=\"#case-2\">").count == 3)
    #expect(html.contains(" · \(cases):1 two-inserted</h2>"))
    #expect(html.contains(" · \(cases):3 expected-to-fail</h2>"))
    #expect(html.contains("id=\"case-2\""))
    #expect(!html.contains("small.jsonl:2 same"))
    #expect(html.contains("1 passed, 2 failed"))
    // The R2 case has a picture, the valid one that was expected to fail has none.
    #expect(html.components(separatedBy: "<svg class=\"picture\"").count == 2)
  }

  @Test("merge --html writes the merged run's page")
  func mergeWritesThePage() async throws {
    let folder = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { folder.remove() }
    var paths: [String] = []
    for number in 1...2 {
      let run = await runCommand(
        [
          "check", "--generator", "ds", "--count", "200", "--keep-going", "--format", "json",
          "--shard", "\(number)/2",
        ])
      paths.append(try folder.write("shard-\(number).json", [run.standardOutput]))
    }
    let path = folder.directory.appendingPathComponent("merged.html").path
    let merged = await runCommand(["merge"] + paths + ["--html", path])
    #expect(merged.status == 1)
    let html = try String(contentsOfFile: path, encoding: .utf8)
    let last = try #require(merged.standardOutput.split(separator: "\n").last)
    #expect(html.contains(String(last)))
    #expect(html.contains("class=\"bc-marker\""))
  }
}
