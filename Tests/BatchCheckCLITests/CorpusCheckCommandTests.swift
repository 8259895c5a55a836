import BatchCheck
import BatchCheckCorpus
import BatchCheckTestSupport
import Foundation
import Testing

@testable import BatchCheckCLI

/// `batchcheck corpus check`.
@Suite("corpus check")
struct CorpusCheckCommandTests {
  static let corpus = GeneratedCorpusFilesTests.packageRoot.appendingPathComponent("Corpus").path
  static let regressions = corpus + "/regressions/ds.jsonl"

  /// Three small cases: two that `ds` gets wrong ([] -> [a a], R2; a moved
  /// row whose content changed, deleted and reloaded at once, R10) and one it
  /// gets right.
  static let lines = [
    #"{"name":"two-inserted","old":[[]],"new":[["a","a"]]}"#,
    #"{"name":"same","old":[["a","b"]],"new":[["a","b"]]}"#,
    #"{"name":"changed","old":[["a",{"id":"b","content":1}]],"new":[[{"id":"b","content":2},"a"]]}"#,
  ]

  @Test(
    "files of one name in two folders keep their expectations apart; a name twice in a file is a data error"
  )
  func expectationKeys() async throws {
    #expect(
      CorpusExpectations.Key.fileNames(for: ["a/x.jsonl", "b/x.jsonl", "c/y.jsonl"])
        == ["a/x.jsonl": "a/x.jsonl", "b/x.jsonl": "b/x.jsonl", "c/y.jsonl": "y.jsonl"])
    #expect(
      CorpusExpectations.Key.fileNames(for: ["p/a/x.jsonl", "q/a/x.jsonl"])
        == ["p/a/x.jsonl": "p/a/x.jsonl", "q/a/x.jsonl": "q/a/x.jsonl"])
    #expect(
      CorpusExpectations.Key.fileNames(for: ["./x.jsonl", "x.jsonl"]) == [
        "./x.jsonl": "x.jsonl", "x.jsonl": "x.jsonl",
      ])
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    try FileManager.default.createDirectory(
      at: files.directory.appendingPathComponent("a"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: files.directory.appendingPathComponent("b"), withIntermediateDirectories: true)
    // The same case name in both files: one fails for ds, the other passes.
    let a = try files.write("a/x.jsonl", [#"{"name":"c","old":[[]],"new":[["a","a"]]}"#])
    let b = try files.write("b/x.jsonl", [#"{"name":"c","old":[["a"]],"new":[["a"]]}"#])
    let expectations = files.directory.path + "/e.jsonl"
    let record = await runCommand([
      "corpus", "check", a, b, "--generator", "ds", "--write-expectations", expectations,
    ])
    #expect(record.status == 0)
    #expect(
      try String(contentsOfFile: expectations, encoding: .utf8).contains(#""file":"a/x.jsonl""#))
    let replay = await runCommand([
      "corpus", "check", a, b, "--generator", "ds", "--expect", expectations,
    ])
    #expect(replay.status == 0, "\(replay.standardOutput)")
    // Two cases named alike in one file.
    let twice = try files.write(
      "twice.jsonl",
      [#"{"name":"c","old":[[]],"new":[[]]}"#, #"{"name":"c","old":[["a"]],"new":[["a"]]}"#])
    let run = await runCommand(["corpus", "check", twice, "--generator", "heckel"])
    #expect(run.status == 65)
    #expect(
      run.standardOutput.contains(
        #"twice.jsonl:2:1: error: the case name "c" is already the name of line 1"#))
  }

  @Test("the committed corpora agree with the committed expectations, for every built-in generator")
  func committedExpectations() async throws {
    let files =
      try FileManager.default.contentsOfDirectory(atPath: Self.corpus + "/generated")
      .map { Self.corpus + "/generated/" + $0 }
      + FileManager.default.contentsOfDirectory(atPath: Self.corpus + "/regressions")
      .map { Self.corpus + "/regressions/" + $0 }
    for name in ["lcs-2013", "ds", "heckel-staged"] {
      let run = await runCommand(
        ["corpus", "check"] + files.sorted()
          + ["--generator", name, "--expect", Self.corpus + "/expectations/\(name).jsonl"])
      #expect(run.status == 0, "\(name): \(run.standardOutput.suffix(2000))")
      #expect(run.standardOutput.hasSuffix(" passed, 0 failed\n"))
    }
  }

  @Test("a bug that stops being caught is a failure: the case is valid now, expected to fail")
  func bugNoLongerCaught() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let corpus = try files.write("small.jsonl", Self.lines)
    let expectations = files.directory.path + "/ds.jsonl"
    let record = await runCommand(
      ["corpus", "check", corpus, "--generator", "ds", "--write-expectations", expectations])
    #expect(record.status == 0)
    #expect(
      record.standardOutput.hasSuffix(
        "--write-expectations: 2 failing cases written to \(expectations) (every other case is expected valid)\n"
      ))
    let recorded = try String(contentsOfFile: expectations, encoding: .utf8)
    #expect(
      recorded
        == #"{"file":"small.jsonl","name":"two-inserted","verdict":"exception","rule":"R2"}"# + "\n"
        + #"{"file":"small.jsonl","name":"changed","verdict":"exception","rule":"R10"}"# + "\n")
    let same = await runCommand([
      "corpus", "check", corpus, "--generator", "ds", "--expect", expectations,
    ])
    #expect(same.status == 0)
    #expect(
      same.standardOutput.contains(
        "small.jsonl: 3 cases, 3 passed, 0 failed (2 fail as expected)\n"))
    let fixed = await runCommand(
      ["corpus", "check", corpus, "--generator", "heckel", "--expect", expectations])
    #expect(fixed.status == 1)
    #expect(
      fixed.standardOutput.contains("FAIL \(corpus):1 two-inserted: valid, expected exception R2\n")
    )
    #expect(fixed.standardOutput.hasSuffix("\n1 passed, 2 failed\n"))
  }

  @Test("without --expect a case's own expect applies, else valid; failures are shrunk")
  func ownExpectations() async throws {
    let ds = await runCommand(["corpus", "check", Self.regressions, "--generator", "ds"])
    #expect(ds.status == 0, "\(ds.standardOutput)")
    let heckel = await runCommand(["corpus", "check", Self.regressions, "--generator", "heckel"])
    #expect(heckel.status == 1)
    #expect(heckel.standardOutput.contains("ds-exhaustive-3: valid, expected exception R2"))
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let big = try files.write(
      "big.jsonl",
      [
        #"{"name":"big","old":[["x","y","z",{"id":"b","content":1},"q"]],"new":[[{"id":"b","content":2},"q","x"]]}"#
      ])
    let shrunk = await runCommand(["corpus", "check", big, "--generator", "ds"])
    #expect(shrunk.status == 1)
    #expect(shrunk.standardOutput.contains("FAIL \(big):1 big: "))
    #expect(shrunk.standardOutput.contains("  shrunk:  from 8 rows to "))
    #expect(shrunk.standardOutput.contains(#"  corpus:  {"name":"big","#))
  }

  @Test("a malformed line is reported at its place, the other cases run, exit 65; JSON and JUnit")
  func malformedJSONAndJUnit() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let corpus = try files.write(
      "mixed.jsonl", [Self.lines[0], #"{"old":[["a"]],"new":[[tru]]}"#, Self.lines[1]])
    let junit = files.directory.path + "/report.xml"
    let run = await runCommand(
      [
        "corpus", "check", corpus, files.directory.path + "/missing.jsonl", "--generator", "ds",
        "--junit", junit,
      ])
    #expect(run.status == 65)
    #expect(run.standardOutput.contains("\(corpus):2:24: error: "))
    // The missing file is said once, on standard error, and counted apart in the summary.
    #expect(!run.standardOutput.contains("missing.jsonl"))
    #expect(
      run.standardError
        == "Error: cannot read \(files.directory.path)/missing.jsonl: no such file\n")
    #expect(run.standardOutput.contains("mixed.jsonl: 3 cases, 1 passed, 2 failed\n"))
    #expect(run.standardOutput.hasSuffix("\n1 passed, 2 failed, 1 file not read\n"))
    let xml = try String(contentsOfFile: junit, encoding: .utf8)
    #expect(xml.contains(#"tests="2" failures="1""#))
    #expect(xml.contains(#"<testcase classname="\#(corpus)" name="same (line 3)"/>"#))
    #expect(xml.contains(#"<failure type="exception R2" message="exception R2, expected valid">"#))
    #expect(xml.contains("  new:     [[&quot;a&quot;,&quot;a&quot;]]"))
    let json = await runCommand([
      "corpus", "check", corpus, "--generator", "ds", "--format", "json",
    ])
    let objects = json.standardOutput.split(separator: "\n")
    #expect(objects.count == 3)
    #expect(
      objects[0].hasPrefix(
        #"{"file":"\#(corpus)","line":1,"name":"two-inserted","verdict":"exception","rule":"R2","#))
    #expect(objects[0].contains(#""expected":"valid","agrees":false,"failure":{"phase":"corpus""#))
    #expect(objects[1].hasPrefix(#"{"file":"\#(corpus)","line":2,"column":24,"error":"#))
    #expect(objects[2].hasSuffix(#""expected":"valid","agrees":true}"#))
  }

  @Test("the shards' JSON lines together are the unsharded run's")
  func shards() async throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.corpus + "/regressions")
      .map { Self.corpus + "/regressions/" + $0 }.sorted()
    let base = ["corpus", "check"] + files + ["--generator", "ds", "--format", "json"]
    let whole = await runCommand(base).standardOutput.split(separator: "\n")
    var union: [Substring] = []
    for number in 1...3 {
      union += await runCommand(base + ["--shard", "\(number)/3"]).standardOutput.split(
        separator: "\n")
    }
    #expect(whole.count == 7)
    #expect(union.sorted() == whole.sorted())
  }

  @Test(
    "usage errors: no file, no generator, a bad shard, --expect with --write-expectations; a malformed expectations file"
  )
  func usageErrors() async throws {
    #expect((await runCommand(["corpus", "check", "--generator", "ds"])).status == 64)
    #expect((await runCommand(["corpus", "check", Self.regressions])).status == 64)
    #expect(
      (await runCommand([
        "corpus", "check", Self.regressions, "--generator", "ds", "--shard", "4/3",
      ]))
      .status == 64)
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let bad = try files.write("e.jsonl", [#"{"file":"a.jsonl","name":"x","verdict":"valid"}"#])
    let run = await runCommand([
      "corpus", "check", Self.regressions, "--generator", "ds", "--expect", bad,
    ])
    #expect(run.status == 65)
    #expect(run.standardError.contains("e.jsonl:1:40: an expectations file lists failures only"))
    // --expect and --write-expectations contradict each other, in either order.
    let written = files.directory.path + "/written.jsonl"
    let none = try files.write("none.jsonl", [])
    for options in [
      ["--expect", none, "--write-expectations", written],
      ["--write-expectations", written, "--expect", none],
    ] {
      let both = await runCommand(
        ["corpus", "check", Self.regressions, "--generator", "ds"] + options)
      #expect(both.status == 64)
      #expect(both.standardError.contains("Give --expect or --write-expectations, not both"))
      #expect(both.standardError.hasSuffix("See 'batchcheck corpus check --help'.\n"))
      #expect(!FileManager.default.fileExists(atPath: written))
    }
  }
}

/// What a `corpus check` run keeps of its cases: memory stays flat.
@Suite("corpus check memory")
struct CorpusRunMemoryTests {
  /// A generator that answers every case with 1,000 duplicate reloads of one
  /// row: legal, and wrong on a case that inserts a row (R2).
  static let reloading = ContractGenerator(name: "reloading") { _, _ in
    BatchUpdate(reloadRows: Array(repeating: RowPath(section: 0, row: 0), count: 1_000))
  }

  static func run(cases: Int, format: OutputFormat = .human, junit: Bool = false)
    -> (run: CorpusRun, output: CapturedOutput)
  {
    let text = (0..<cases).map { #"{"name":"dup-\#($0)","old":[["a"]],"new":[["a","b"]]}"# + "\n" }
      .joined()
    var run = CorpusRun(
      generator: reloading, contract: reloading.contract, simulation: SimulationOptions(),
      expectations: nil, comparing: true, format: format, junit: junit)
    var output = CapturedOutput()
    run.startFile("dup.jsonl")
    for line in CaseFile.read(Array(text.utf8), file: "dup.jsonl") {
      run.check(line, output: &output)
    }
    return (run, output)
  }

  @Test("25 cases failing alike: one shrunk failure kept, ten listed, none kept for JUnit")
  func firstOfEachKind() {
    let (run, _) = Self.run(cases: 25)
    #expect(run.disagreementCount == 25)
    #expect(run.disagreements.count == CorpusCheckCommand.detailed)
    #expect(run.disagreements.filter { $0.failure != nil }.count == 1)
    #expect(run.results.isEmpty)
    let summary = run.summary(shard: nil)
    #expect(summary.components(separatedBy: "\n  trace:").count == 2)
    #expect(
      summary.components(separatedBy: "  the same failure as dup.jsonl:1 above\n").count == 10)
    #expect(
      summary.contains("\n... and 15 more disagreements (--format json or --junit has them all)\n"))
    #expect(summary.hasSuffix("\n0 passed, 25 failed\n"))
  }

  @Test("JSON prints every case's failure as it runs and keeps none")
  func jsonKeepsNothing() {
    let (run, output) = Self.run(cases: 3, format: .json)
    #expect(run.disagreements.filter { $0.failure != nil }.count == 1)
    #expect(output.standardOutput.components(separatedBy: #""failure":{"#).count == 4)
  }

  @Test("JUnit keeps each failure's text, its trace bounded")
  func junitKeepsText() {
    let (run, _) = Self.run(cases: 3, junit: true)
    #expect(run.results.count == 3)
    let bodies = run.results.compactMap { $0.failure?.body }
    #expect(bodies.count == 3)
    #expect(bodies.allSatisfy { $0.components(separatedBy: "\n").count < 120 })
    #expect(run.junit().components(separatedBy: "<failure ").count == 4)
  }
}
