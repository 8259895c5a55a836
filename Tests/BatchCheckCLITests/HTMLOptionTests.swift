import Foundation
import Testing

/// `--html FILE` on the commands that write reports.
@Suite struct HTMLOptionTests {
  @Test("check --html writes the page with the failure's picture, beside the text report")
  func checkWritesThePage() async throws {
    let folder = try TemporaryCaseFiles()
    defer { folder.remove() }
    let path = folder.directory.appendingPathComponent("report.html").path
    let run = await runCommand(["check", "--generator", "lcs-2013", "--html", path])
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
      ["check", "--generator", "heckel", "--count", "10", "--html", "/nonexistent-folder/report.html"])
    #expect(run.status == 74)
    #expect(run.standardError.contains("/nonexistent-folder/report.html"))
    let missing = await runCommand(["check", "--generator", "heckel", "--html"])
    #expect(missing.status == 64)
  }
}
