import BatchCheck
import BatchCheckTestSupport
import Foundation
import Testing

@testable import BatchCheckCLI

@Suite("batchcheck validate")
struct ValidateCommandTests {
  @Test("the JSON line of the case format, key for key")
  func formatExampleLine() async {
    let verdict = Verdict(
      kind: .exception, rule: .r11,
      message:
        "attempt to perform a delete and a move from the same index path ({length = 2, path = 0 - 1})"
    )
    #expect(
      ValidateReport.jsonLine(
        file: "Corpus/rules.jsonl", line: 3, name: "reload-and-move", verdict: verdict, agrees: true
      )
        == #"{"file":"Corpus/rules.jsonl","line":3,"name":"reload-and-move","verdict":"exception","rule":"R11","message":"attempt to perform a delete and a move from the same index path ({length = 2, path = 0 - 1})","agrees":true}"#
    )
    #expect(
      ValidateReport.jsonLine(
        file: "a \"b\".jsonl", line: 1, name: nil, verdict: .valid, agrees: nil)
        == #"{"file":"a \"b\".jsonl","line":1,"verdict":"valid"}"#)
  }

  @Test("a file with no cases says so")
  func emptyFile() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let empty = try files.write("empty.jsonl", [])
    let run = await runCommand(["validate", empty])
    #expect(run.status == 0)
    #expect(run.standardOutput == "0 passed, 0 failed\n")
    #expect(run.standardError == "\(empty): no cases (the file holds no line)\n")
    let full = try files.write("one.jsonl", [Lines.agrees])
    #expect(await runCommand(["validate", full]).standardError == "")
  }

  @Test("--format json: one line per case or malformed line, in file order")
  func jsonOutput() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let path = try files.write(
      "cases.jsonl", [Lines.agrees, "", Lines.noExpectation, Lines.disagrees, Lines.malformed])
    let run = await runCommand(["validate", path, "--format", "json"])
    #expect(run.status == 65)
    #expect(
      run.standardOutput == """
        {"file":\(quoted(path)),"line":1,"name":"unchanged","verdict":"valid","agrees":true,"edits":\(Lines.agreesEdits)}
        {"file":\(quoted(path)),"line":3,"verdict":"valid","agrees":true}
        {"file":\(quoted(path)),"line":4,"name":"wrong","verdict":"valid","agrees":false}
        {"file":\(quoted(path)),"line":5,"column":44,"error":"expected an array of two integers for a row path, found an array of 1 element"}

        """)
    #expect(run.standardError == "")
  }

  @Test("human format: one line per case, - expected / + actual, a summary")
  func humanOutput() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let path = try files.write(
      "cases.jsonl", [Lines.agrees, Lines.noExpectation, Lines.disagrees, Lines.malformed])
    let run = await runCommand(["validate", path])
    #expect(run.status == 65)
    #expect(
      run.standardOutput == """
        \(path):1 unchanged: valid ✓ agrees
        \(path):2: valid
        \(path):3 wrong: valid ✗ disagrees
          - expected exception R11: delete and a move
          + actual   valid
        \(path):4:44: error: expected an array of two integers for a row path, found an array of 1 element
        2 passed, 2 failed

        """)
  }

  @Test("a name with a line break stays on its line")
  func printableName() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let path = try files.write("n.jsonl", [#"{"name":"two\nlines","old":[],"new":[]}"#])
    #expect(
      await runCommand(["validate", path]).standardOutput
        == "\(path):1 two\\nlines: valid\n1 passed, 0 failed\n")
  }

  @Test("a case without expect is expected valid: a rejected update fails it, exit 1, a FAIL page")
  func noExpectationIsExpectedValid() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let rejected =
      #"{"name":"r11","old":[["a","b"]],"new":[["b","a"]],"update":{"reloadRows":[[0,1]],"moveRows":[[[0,1],[0,0]]]}}"#
    let message =
      "attempt to perform a delete and a move from the same index path ({length = 2, path = 0 - 1})"
    let path = try files.write("r11.jsonl", [rejected, Lines.noExpectation])
    let html = files.directory.path + "/r11.html"
    let run = await runCommand(["validate", path, "--html", html])
    #expect(run.status == 1)
    #expect(
      run.standardOutput == """
        \(path):1 r11: exception R11: \(message) ✗ disagrees
          - expected valid (the case has no expect)
          + actual   exception R11: \(message)
        \(path):2: valid
        1 passed, 1 failed

        """)
    let page = try String(contentsOfFile: html, encoding: .utf8)
    #expect(page.contains(#"<span class="fail">FAIL</span>"#))
    #expect(!page.contains(#"<span class="pass">PASS</span>"#))
    #expect(page.contains("valid (the case has no expect) (disagrees)"))
    let json = await runCommand(["validate", path, "--format", "json"])
    #expect(json.status == 1)
    #expect(
      json.standardOutput.split(separator: "\n").first
        == #"{"file":\#(quoted(path)),"line":1,"name":"r11","verdict":"exception","rule":"R11","message":"\#(message)","place":{"side":"old","section":0,"row":1},"agrees":false}"#
    )
  }

  @Test("exit 0 when every case agrees with its expectation, valid when it has none")
  func exitZero() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let a = try files.write("a.jsonl", [Lines.agrees, Lines.noExpectation])
    let b = try files.write("b.jsonl", [Lines.agrees])
    let run = await runCommand(["validate", a, b])
    #expect(run.status == 0)
    #expect(run.standardOutput.hasSuffix("\n3 passed, 0 failed\n"))
    #expect(run.standardError == "")
  }

  @Test("exit 1 when a case disagrees")
  func exitOne() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let path = try files.write("a.jsonl", [Lines.agrees, Lines.disagrees])
    let run = await runCommand(["validate", "--format=json", path])
    #expect(run.status == 1)
    #expect(run.standardOutput.split(separator: "\n").count == 2)
  }

  @Test("exit 65 when a line cannot be read, even when a case also disagrees")
  func exitSixtyFive() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let onlyBad = try files.write("bad.jsonl", ["{"])
    #expect(await runCommand(["validate", onlyBad]).status == 65)
    let both = try files.write("both.jsonl", [Lines.disagrees, Lines.malformed])
    let run = await runCommand(["validate", both])
    #expect(run.status == 65)
    #expect(run.standardOutput.hasSuffix("\n0 passed, 2 failed\n"))
  }

  @Test(
    "a missing file: Error once on stderr, counted apart in the summary, a JSON record, the other files still run, exit 65"
  )
  func missingFile() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let good = try files.write("good.jsonl", [Lines.agrees])
    let missing = files.directory.appendingPathComponent("missing.jsonl").path
    let human = await runCommand(["validate", missing, good])
    #expect(human.status == 65)
    #expect(human.standardError == "Error: cannot read \(missing): no such file\n")
    #expect(
      human.standardOutput
        == "\(good):1 unchanged: valid ✓ agrees\n1 passed, 0 failed, 1 file not read\n")
    let json = await runCommand(["validate", missing, good, "--format", "json"])
    #expect(json.status == 65)
    #expect(
      json.standardOutput.split(separator: "\n").first
        == #"{"file":\#(quoted(missing)),"error":"cannot read \#(missing): no such file"}"#)
    let directory = await runCommand(["validate", files.directory.path])
    #expect(
      directory.standardError == "Error: cannot read \(files.directory.path): is a directory\n")
  }

  @Test("usage errors exit 64 with Error and the validate usage on stderr")
  func usageErrors() async {
    let cases: [([String], String)] = [
      (["validate"], "Missing expected argument '<file>'"),
      (["validate", "--format", "json"], "Missing expected argument '<file>'"),
      (["validate", "x.jsonl", "--semantics", "tableView"], "Unknown option '--semantics'"),
      (
        ["validate", "x.jsonl", "--format", "xml"],
        "The value 'xml' is invalid for '--format'; expected human or json"
      ),
      (
        ["validate", "x.jsonl", "--format="],
        "The value '' is invalid for '--format'; expected human or json"
      ),
      (
        ["validate", "x.jsonl", "--format"], "Missing value for '--format'; expected human or json"
      ),
    ]
    for (arguments, message) in cases {
      let run = await runCommand(arguments)
      #expect(run.status == 64, "\(arguments)")
      #expect(run.standardOutput == "", "\(arguments)")
      #expect(
        run.standardError.hasPrefix("Error: \(message)\n")
          && run.standardError.hasSuffix("See 'batchcheck validate --help'.\n"), "\(arguments)")
      #expect(
        run.standardError.split(separator: "\n").count <= 3,
        "\(arguments): one line, a hint, the help")
    }
  }

  @Test("after --, an argument starting with - is a file")
  func doubleDash() async {
    let run = await runCommand(["validate", "--", "-odd.jsonl"])
    #expect(run.status == 65)
    #expect(run.standardError == "Error: cannot read -odd.jsonl: no such file\n")
  }

  private func quoted(_ text: String) -> String {
    "\""
      + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
        of: "\"", with: "\\\"") + "\""
  }
}
