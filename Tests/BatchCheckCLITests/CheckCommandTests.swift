import BatchCheck
import BatchCheckTestSupport
import Foundation
import ReferenceDiffs
import Testing

@testable import BatchCheckCLI

/// `batchcheck check` and `batchcheck replay`, run in process.
@Suite("check and replay commands")
struct CheckCommandTests {
  @Test("a failing generator: its smallest counterexample, exit 1, last line N passed, N failed")
  func failing() async {
    let run = await runCommand(["check", "--generator", "lcs-2013", "--first-failure"])
    #expect(run.status == 1)
    #expect(run.standardOutput.contains("FAIL wrongRows C1: exhaustive phase, pair 50"))
    #expect(run.standardOutput.contains("  new:     [[\"b\",\"a\",\"b\"]]"))
    #expect(run.standardOutput.hasSuffix("\n50 passed, 1 failed\n"))
  }

  @Test("a passing generator exits 0; --count and --seed reach the engine")
  func passing() async {
    let run = await runCommand([
      "check", "--generator", "heckel", "--count", "300", "--seed", "0x2a", "--workers", "2",
    ])
    #expect(run.status == 0)
    #expect(
      run.standardOutput.hasPrefix(
        "check heckel (one batch, iOS 18), run seed 0x000000000000002a\n"))
    #expect(run.standardOutput.contains("  random:     300 cases, max size 300"))
    #expect(run.standardOutput.hasSuffix("\n48109 passed, 0 failed\n"))
  }

  @Test("JSON output: one object with generator, seed, cases and failures")
  func json() async {
    let run = await runCommand([
      "check", "--generator", "map-moves", "--format", "json", "--exhaustive-total", "4",
    ])
    #expect(run.status == 1)
    #expect(
      run.standardOutput.hasPrefix(
        #"{"generator":"map-moves","contract":"batch","identityOnly":true,"uikit":"ios18","seed":"0x00ba7c4ec4ec0001","#
      ))
    #expect(run.standardOutput.contains("\"failures\":[{\"phase\":\"exhaustive\""))
    #expect(run.standardOutput.contains("\"new\":[[\"a\",\"a\"]]"))
  }

  @Test(
    "--junit writes a JUnit report with the failing phase; --save-regressions appends once and replays first"
  )
  func junitAndRegressions() async throws {
    let scratch = try TemporaryDirectory(prefix: "batchcheck-check")
    defer { scratch.remove() }
    let folder = scratch.directory
    let junit = folder.appendingPathComponent("report.xml").path
    let regressions = folder.appendingPathComponent("regressions").path
    let first = await runCommand([
      "check", "--generator", "ds", "--first-failure", "--junit", junit, "--save-regressions",
      regressions,
    ])
    #expect(first.status == 1)
    let xml = try String(contentsOfFile: junit, encoding: .utf8)
    #expect(xml.contains("<testsuite name=\"batchcheck.ds\" tests=\"1\" failures=\"1\""))
    #expect(xml.contains("<failure type=\"exception\" message=\"exception R2: Invalid update"))
    let file = regressions + "/ds.jsonl"
    let saved = try String(contentsOfFile: file, encoding: .utf8)
    #expect(saved.split(separator: "\n").count == 1)
    #expect(saved.contains("\"new\":[[\"a\",\"a\"]]"))
    #expect(
      first.standardOutput.hasSuffix(
        "--save-regressions: 1 new counterexample written to \(file)\n"))
    // The second run replays the saved case first, and does not save it twice.
    let second = await runCommand(
      ["check", "--generator", "ds", "--first-failure", "--save-regressions", regressions])
    #expect(second.standardOutput.contains("FAIL exception R2: corpus phase, pair 0"))
    #expect(
      second.standardOutput.hasSuffix(
        "--save-regressions: 0 new counterexamples written to \(file) (1 already there)\n"))
    // With JSON on standard output, the note goes to standard error.
    let json = await runCommand(
      [
        "check", "--generator", "ds", "--first-failure", "--save-regressions", regressions,
        "--format", "json",
      ])
    #expect(
      json.standardOutput.hasPrefix("{") && !json.standardOutput.contains("--save-regressions:"))
    #expect(json.standardError.contains("--save-regressions: 0 new counterexamples written to"))
    #expect(try String(contentsOfFile: file, encoding: .utf8) == saved)
  }

  @Test("replay runs one case from its seed")
  func replay() async {
    let seed = SplitMix64.caseSeed(run: CheckOptions.defaultSeed, index: 3)
    let hex = "0x" + String(seed, radix: 16)
    let run = await runCommand(["replay", "--generator", "heckel", "--case-seed", hex])
    #expect(run.status == 0)
    #expect(run.standardOutput.hasPrefix("replay heckel (one batch, iOS 18), case seed "))
    #expect(run.standardOutput.hasSuffix("1 passed, 0 failed\n"))
  }

  @Test("usage errors: no generator, two, an unknown one, a bad seed, a missing case seed")
  func usageErrors() async {
    for arguments in [
      ["check"], ["check", "--generator", "heckel", "--exec", "cat"],
      ["check", "--generator", "nope"],
      ["check", "--generator", "heckel", "--seed", "-3"], ["replay", "--generator", "heckel"],
      ["check", "--generator", "heckel", "extra"],
    ] {
      let run = await runCommand(arguments)
      #expect(run.status == 64, "\(arguments)")
      #expect(run.standardError.hasPrefix("Error: "), "\(arguments)")
    }
  }

  @Test("--contract: a built-in steps generator judged as one batch fails, with the advice")
  func contractMixUp() async {
    let run = await runCommand(
      ["check", "--generator", "edit-script", "--contract", "batch", "--count", "2000"])
    #expect(run.status == 1)
    #expect(
      run.standardOutput.hasPrefix(
        "check edit-script (sequential steps judged as one batch, iOS 18), "))
    #expect(run.standardOutput.contains("  steps:   [{"))
    #expect(
      run.standardOutput.contains(
        "  advice:  valid as sequential steps, not as one batch: apply it step by step"))
    let own = await runCommand([
      "check", "--generator", "edit-script", "--count", "300", "--exhaustive-total", "4",
    ])
    #expect(own.status == 0)
    #expect(own.standardOutput.hasPrefix("check edit-script (sequential steps, iOS 18), "))
  }

  @Test("--exec with --contract steps reads each answer as steps; the replay command has --exec")
  func execSteps() async {
    // Deletes the first row as many times as the old data has rows, then
    // inserts nothing: valid only when the new data is empty.
    let script = #"while IFS= read -r line; do echo '[{"delete":[0,0]}]'; done"#
    let run = await runCommand(
      [
        "check", "--exec", script, "--contract", "steps", "--count", "200", "--exhaustive-total",
        "4", "--format", "json",
      ])
    #expect(run.status == 1)
    #expect(run.standardOutput.hasPrefix(#"{"generator":"exec","contract":"steps","#))
    #expect(run.standardOutput.contains(#""steps":[{"delete":[0,0]}]"#))
    let batch = await runCommand([
      "check", "--exec", script, "--count", "200", "--exhaustive-total", "4",
    ])
    #expect(batch.standardOutput.contains("generatorError malformedOutput"))
    #expect(batch.standardOutput.contains("the answer is not an update"))
  }

  /// Replaces the one section; exits after its third answer, and is
  /// restarted: every fourth case fails, and running it again does not.
  static let exitsAfterThree =
    #"n=0; while IFS= read -r line; do echo '{"deleteSections":[0],"insertSections":[0]}'; n=$((n+1)); [ $n -eq 3 ] && exit 0; done"#

  @Test(
    "a generator error that running the case again does not give is reported as it was, never as valid"
  )
  func execErrorNotLostInShrink() async throws {
    let run = await runCommand([
      "check", "--exec", Self.exitsAfterThree, "--count", "20", "--exhaustive-total", "3",
    ])
    #expect(run.status == 1)
    #expect(
      run.standardOutput.contains("FAIL generatorError unavailable: exhaustive phase, pair 3"))
    #expect(run.standardOutput.contains("  message: unavailable: exited with status 0"))
    #expect(!run.standardOutput.contains("FAIL valid"))
    // The failing case as it happened never claims valid; its regression line expects valid.
    let json = await runCommand(
      [
        "check", "--exec", Self.exitsAfterThree, "--count", "20", "--exhaustive-total", "3",
        "--format", "json",
      ])
    #expect(json.status == 1)
    #expect(json.standardOutput.contains(#""case":"{"#))
    #expect(
      !json.standardOutput.contains(
        #"\"update\":{\"deleteSections\":[0],\"insertSections\":[0]},\"expect\":{\"verdict\":\"valid\"}"#
      ))
    #expect(json.standardOutput.contains(#"\"expect\":{\"verdict\":\"valid\"}}","case":"#))
    // corpus check: the failure shown is the case's own, not a run of it again.
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let corpus = try files.write(
      "swaps.jsonl", (1...6).map { #"{"name":"c\#($0)","old":[["a","b"]],"new":[["b","a"]]}"# })
    // One worker: the generator dies after its process's third case, so
    // which case fails depends on how the cases are dealt to processes.
    let corpusRun = await runCommand(
      ["corpus", "check", corpus, "--exec", Self.exitsAfterThree, "--workers", "1"])
    #expect(corpusRun.status == 1)
    #expect(
      corpusRun.standardOutput.contains(
        "c4: generatorError unavailable, expected valid\n  message: unavailable: "))
  }

  @Test(
    "answer: each case line gets the generator's changes; sections are replaced; a bad line gets an error"
  )
  func answerLines() throws {
    let heckel = try #require(ReferenceGenerators.anyContract(named: "heckel"))
    #expect(
      AnswerCommand.answer(#"{"old":[["a","b"]],"new":[["b"]]}"#, generator: heckel)
        == #"{"deleteRows":[[0,0]]}"#)
    #expect(
      AnswerCommand.answer(#"{"old":[["a"],["b"]],"new":[["b"]]}"#, generator: heckel)
        == #"{"deleteSections":[0,1],"insertSections":[0]}"#)
    let steps = try #require(ReferenceGenerators.anyContract(named: "edit-script"))
    #expect(
      AnswerCommand.answer(#"{"old":[["a"]],"new":[[]]}"#, generator: steps)
        == #"[{"delete":[0,0]}]"#)
    #expect(AnswerCommand.answer("{nope", generator: heckel).hasPrefix(#"{"error":"#))
  }

  @Test("--name names an --exec generator in the report, its corpus lines and replay commands")
  func execName() async throws {
    let empty = #"while IFS= read -r line; do echo '{}'; done"#
    let run = await runCommand(
      [
        "check", "--exec", empty, "--name", "my diff", "--exhaustive-total", "0", "--count", "50",
        "--format", "json",
      ])
    #expect(run.status == 1)
    #expect(run.standardOutput.hasPrefix(#"{"generator":"my diff","#))
    #expect(
      run.standardOutput.contains(#""name\":\"my diff-random-"#)
        || run.standardOutput.contains(#"\"name\":\"my diff-random-"#))
    #expect(run.standardOutput.contains("--name 'my diff'"))
    let text = await runCommand(["check", "--exec", empty, "--name", "mine", "--count", "20"])
    #expect(text.standardOutput.hasPrefix("check mine (one batch, iOS 18)"))
    let builtIn = await runCommand(["check", "--generator", "heckel", "--name", "mine"])
    #expect(builtIn.status == 64)
    #expect(builtIn.standardError.contains("--name names an --exec generator"))
    let blank = await runCommand(["check", "--exec", empty, "--name", ""])
    #expect(blank.status == 64)
  }

  @Test("--sections off gives an --exec generator one section a side")
  func execSections() async {
    // Replaces section 0 of a case of one section a side; answers nonsense to several.
    let one =
      #"while IFS= read -r line; do case "$line" in *'],['*) echo nope;; *) echo '{"deleteSections":[0],"insertSections":[0]}';; esac; done"#
    let on = await runCommand(["check", "--exec", one, "--exhaustive-total", "0", "--count", "300"])
    #expect(on.status == 1)
    for pipeline in ["16", "1"] {
      let off = await runCommand(
        [
          "check", "--exec", one, "--sections", "off", "--exhaustive-total", "0", "--count", "300",
          "--pipeline", pipeline,
        ])
      #expect(off.status == 0, "\(off.standardOutput)")
    }
    let wrong = await runCommand(["check", "--exec", one, "--sections", "maybe"])
    #expect(wrong.status == 64)
  }

  @Test("--exhaustive-total sets the exhaustive phase's bound; 0 skips it")
  func exhaustiveTotal() async {
    let none = await runCommand([
      "check", "--generator", "heckel", "--exhaustive-total", "0", "--count", "10",
    ])
    #expect(none.standardOutput.contains("  exhaustive: 0 cases"))
    let three = await runCommand([
      "check", "--generator", "heckel", "--exhaustive-total", "3", "--count", "10",
    ])
    let pairs = ExhaustivePairs(maxTotal: 3, contentTotal: 3).reduce(0) { count, _ in count + 1 }
    #expect(
      three.standardOutput.contains(
        "  exhaustive: \(pairs) cases, every pair with |old| + |new| <= 3, contents varied up to 3 rows"
      ))
    let tooMany = await runCommand(["check", "--generator", "heckel", "--exhaustive-total", "11"])
    #expect(tooMany.status == 64)
  }

  @Test("the replay command of an --exec run names the command, its contract and timeout")
  func execReplayCommand() throws {
    // What the engine reports for a random failure of an external generator.
    let empty = ContractGenerator(name: "exec") { _, _ -> [Step] in [] }
    let options = CheckOptions(count: 20, exhaustiveTotal: 0, shrinkBudget: 0)
    let run = BatchCheck.check(empty, options: options)
    let report = GeneratorOptions().replayingOnCommandLine(run)
    var shared = GeneratorOptions()
    shared.command = "./diff --steps 'x'"
    shared.contract = .steps
    shared.timeout = 2
    let external = shared.replayingOnCommandLine(run)
    #expect(run.failures.first?.replay?.external == nil)
    let before = try #require(report.failures.first?.replayCommand)
    let after = try #require(external.failures.first?.replayCommand)
    #expect(external.failures.first?.replay?.external?.command == "./diff --steps 'x'")
    #expect(before.hasPrefix("batchcheck replay --generator exec --case-seed 0x"))
    #expect(
      after
        == before.replacingOccurrences(
          of: "--generator exec",
          with: #"--exec './diff --steps '\''x'\''' --contract steps --timeout 2.0"#))
  }

  @Test("a malformed regression file is a data error naming its line")
  func malformedRegressions() async throws {
    let scratch = try TemporaryDirectory(prefix: "batchcheck-reg")
    defer { scratch.remove() }
    let folder = scratch.directory
    try Data("{\"old\":[\"a\"],\"new\":\n".utf8).write(
      to: folder.appendingPathComponent("heckel.jsonl"))
    let run = await runCommand([
      "check", "--generator", "heckel", "--save-regressions", folder.path,
    ])
    #expect(run.status == 65)
    #expect(run.standardError.contains("heckel.jsonl:1:"))
  }
}

/// `validate --contract` and `--identity-only`.
@Suite("validate with contracts")
struct ValidateContractTests {
  @Test(
    "a batch read as steps fails and says it is valid as one batch; --identity-only forgives content"
  )
  func contractFlags() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
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
    #expect(
      asSteps.standardOutput.contains(
        "(sequential steps); valid as one batch, not as sequential steps"))
    let identity = await runCommand(["validate", path, "--identity-only"])
    #expect(
      identity.standardOutput.contains("c.jsonl:2 changed: valid (one batch, identity only)\n"))
    let bad = await runCommand(["validate", path, "--contract", "nope"])
    #expect(bad.status == 64)
  }
}
