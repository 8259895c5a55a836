import BatchCheck
import Foundation
import Testing

@testable import BatchCheckCLI

/// `batchcheck check` and `batchcheck replay`, run in process.
@Suite("check and replay commands")
struct CheckCommandTests {
  @Test("a failing generator: its smallest counterexample, exit 1, last line N passed, N failed")
  func failing() async {
    let run = await runCommand(["check", "--generator", "lcs-2013"])
    #expect(run.status == 1)
    #expect(run.standardOutput.contains("FAIL wrongRows C1: exhaustive phase, pair 50"))
    #expect(run.standardOutput.contains("  new:     [[\"b\",\"a\",\"b\"]]"))
    #expect(run.standardOutput.hasSuffix("\n50 passed, 1 failed\n"))
  }

  @Test("a passing generator exits 0; --count and --seed reach the engine")
  func passing() async {
    let run = await runCommand(["check", "--generator", "heckel", "--count", "300", "--seed", "0x2a", "--workers", "2"])
    #expect(run.status == 0)
    #expect(run.standardOutput.hasPrefix("check heckel, run seed 0x000000000000002a\n"))
    #expect(run.standardOutput.contains("  random:     300 cases, max size 300"))
    #expect(run.standardOutput.hasSuffix("\n46413 passed, 0 failed\n"))
  }

  @Test("JSON output: one object with generator, seed, cases and failures")
  func json() async {
    let run = await runCommand(["check", "--generator", "map-moves", "--format", "json"])
    #expect(run.status == 1)
    #expect(run.standardOutput.hasPrefix("{\"generator\":\"map-moves\",\"seed\":\"0x00ba7c4ec4ec0001\","))
    #expect(run.standardOutput.contains("\"failures\":[{\"phase\":\"exhaustive\""))
    #expect(run.standardOutput.contains("\"new\":[[\"a\",\"a\"]]"))
  }

  @Test("--junit writes a JUnit report with the failing phase; --save-regressions appends once and replays first")
  func junitAndRegressions() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("batchcheck-check-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let junit = folder.appendingPathComponent("report.xml").path
    let regressions = folder.appendingPathComponent("regressions").path
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let first = await runCommand(["check", "--generator", "ds", "--junit", junit, "--save-regressions", regressions])
    #expect(first.status == 1)
    let xml = try String(contentsOfFile: junit, encoding: .utf8)
    #expect(xml.contains("<testsuite name=\"batchcheck.ds\" tests=\"1\" failures=\"1\""))
    #expect(xml.contains("<failure type=\"exception\" message=\"exception R2: Invalid update"))
    let file = regressions + "/ds.jsonl"
    let saved = try String(contentsOfFile: file, encoding: .utf8)
    #expect(saved.split(separator: "\n").count == 1)
    #expect(saved.contains("\"new\":[[\"a\",\"a\"]]"))
    // The second run replays the saved case first, and does not save it twice.
    let second = await runCommand(["check", "--generator", "ds", "--save-regressions", regressions])
    #expect(second.standardOutput.contains("FAIL exception R2: corpus phase, pair 0"))
    #expect(try String(contentsOfFile: file, encoding: .utf8) == saved)
  }

  @Test("replay runs one case from its seed")
  func replay() async {
    let seed = SplitMix64.caseSeed(run: CheckOptions.defaultSeed, index: 3)
    let hex = "0x" + String(seed, radix: 16)
    let run = await runCommand(["replay", "--generator", "heckel", "--case-seed", hex])
    #expect(run.status == 0)
    #expect(run.standardOutput.hasPrefix("replay heckel, case seed "))
    #expect(run.standardOutput.hasSuffix("1 passed, 0 failed\n"))
  }

  @Test("usage errors: no generator, two, an unknown one, a bad seed, a missing case seed")
  func usageErrors() async {
    for arguments in [
      ["check"], ["check", "--generator", "heckel", "--exec", "cat"], ["check", "--generator", "nope"],
      ["check", "--generator", "heckel", "--seed", "-3"], ["replay", "--generator", "heckel"],
      ["check", "--generator", "heckel", "extra"],
    ] {
      let run = await runCommand(arguments)
      #expect(run.status == 64, "\(arguments)")
      #expect(run.standardError.hasPrefix("Error: "), "\(arguments)")
    }
  }

  @Test("a malformed regression file is a data error naming its line")
  func malformedRegressions() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("batchcheck-reg-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data("{\"old\":[\"a\"],\"new\":\n".utf8).write(to: folder.appendingPathComponent("heckel.jsonl"))
    let run = await runCommand(["check", "--generator", "heckel", "--save-regressions", folder.path])
    #expect(run.status == 65)
    #expect(run.standardError.contains("heckel.jsonl:1:"))
  }
}

/// `validate --contract` and `--identity-only`.
@Suite("validate with contracts")
struct ValidateContractTests {
  @Test("a batch read as steps fails and says it is valid as one batch; --identity-only forgives content")
  func contractFlags() async throws {
    let files = try TemporaryCaseFiles()
    defer { files.remove() }
    let path = try files.write(
      "c.jsonl",
      [
        #"{"name":"deletes","old":[["a","b","c"]],"new":[["c"]],"update":{"deleteRows":[[0,0],[0,1]]}}"#,
        #"{"name":"changed","old":[[{"id":"a","content":1}]],"new":[[{"id":"a","content":2}]],"update":{}}"#,
      ])
    let asBatch = await runCommand(["validate", path])
    #expect(asBatch.standardOutput.contains("c.jsonl:1 deletes: valid\n"))
    #expect(asBatch.standardOutput.contains("c.jsonl:2 changed: staleContent C2"))
    let asSteps = await runCommand(["validate", path, "--contract", "steps"])
    #expect(asSteps.standardOutput.contains("(sequential steps); valid as one batch, not as sequential steps"))
    let identity = await runCommand(["validate", path, "--identity-only"])
    #expect(identity.standardOutput.contains("c.jsonl:2 changed: valid (one batch, identity only)\n"))
    let bad = await runCommand(["validate", path, "--contract", "nope"])
    #expect(bad.status == 64)
  }
}
