import BatchCheck
import BatchCheckCorpus
import BatchCheckTestSupport
import Foundation
import Testing

@testable import BatchCheckCLI

/// `batchcheck corpus` and `batchcheck corpus generate`, run in process.
@Suite("corpus command")
struct CorpusCommandTests {
  @Test("generate writes the GeneratedCorpus text and says what it wrote, exit 0")
  func generate() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let out = files.directory.appendingPathComponent("corpus.jsonl").path
    let run = await runCommand(
      ["corpus", "generate", "--seed", "42", "--count", "300", "--max-size", "12", "--out", out])
    #expect(run.status == 0)
    #expect(
      run.standardOutput
        == "wrote 716 cases to \(out): 416 exhaustive pairs (at most 5 rows in all), then 300"
        + " random cases (seed 0x000000000000002a, max size 12, one section a side)\n")
    #expect(run.standardError == "")
    let text = try String(contentsOfFile: out, encoding: .utf8)
    #expect(text == GeneratedCorpus(seed: 42, count: 300, maxSize: 12).text)
    #expect(text.split(separator: "\n").count == 716)
    // Nothing but the file is left in the folder: the temporary file was renamed.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: files.directory.path) == ["corpus.jsonl"])
  }

  @Test("the defaults: the engine's seed, count and size, pairs up to 5 rows")
  func defaults() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let out = files.directory.appendingPathComponent("default.jsonl").path
    let run = await runCommand(["corpus", "generate", "--out", out])
    #expect(run.status == 0)
    #expect(
      run.standardOutput.contains("then 10000 random cases (seed 0x00ba7c4ec4ec0001, max size 300,")
    )
    let data = try Data(contentsOf: URL(fileURLWithPath: out))
    #expect(data == Data(GeneratedCorpus().text.utf8))
    #expect(data.split(separator: UInt8(ascii: "\n")).count == 10_416)
  }

  @Test("the same seed writes the same bytes; another seed other bytes; case i is the engine's")
  func determinism() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    func generate(_ name: String, _ options: [String]) async throws -> Data {
      let out = files.directory.appendingPathComponent(name).path
      let run = await runCommand(["corpus", "generate", "--out", out] + options)
      #expect(run.status == 0, "\(run.standardError)")
      return try Data(contentsOf: URL(fileURLWithPath: out))
    }
    let options = [
      "--seed", "0x5eed", "--count", "500", "--max-size", "30", "--exhaustive-total", "0",
    ]
    let first = try await generate("a.jsonl", options)
    #expect(try await generate("b.jsonl", options) == first)
    var otherSeed = options
    otherSeed[1] = "0x5eee"
    #expect(try await generate("c.jsonl", otherSeed) != first)
    let lines = CaseFile.read([UInt8](first), file: "a.jsonl")
    #expect(lines.count == 500)
    for (index, line) in lines.enumerated() {
      let seed = SplitMix64.caseSeed(run: 0x5eed, index: index)
      let generated = GeneratedCase.make(seed: seed, maxSize: 30)
      let testCase = try line.result.get()
      #expect(testCase.old == generated.old && testCase.new == generated.new, "case \(index)")
      #expect(testCase.name == "random-\(index)-\(hexSeed(seed))")
    }
  }

  @Test("--count, --exhaustive-total and --sections shape the file")
  func shape() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let out = files.directory.appendingPathComponent("sections.jsonl").path
    let run = await runCommand(
      [
        "corpus", "generate", "--count", "200", "--exhaustive-total", "3", "--sections", "--out",
        out,
      ])
    #expect(run.status == 0)
    #expect(
      run.standardOutput.contains("29 exhaustive pairs (at most 3 rows in all), then 200 random"))
    #expect(run.standardOutput.hasSuffix(", sectioned)\n"))
    let cases = try CaseFile.read(atPath: out).map { try $0.result.get() }
    #expect(cases.count == 229)
    #expect(cases.prefix(29).allSatisfy { $0.name?.hasPrefix("exhaustive-") == true })
    #expect(cases.dropFirst(29).filter { $0.old.count > 1 || $0.new.count > 1 }.count > 50)
    #expect(cases.allSatisfy { $0.update == nil && $0.expect == nil })
    let none = await runCommand([
      "corpus", "generate", "--count", "0", "--exhaustive-total", "0", "--out", out,
    ])
    #expect(none.status == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: out)).isEmpty)
  }

  @Test("help: corpus lists its subcommands; corpus generate and help corpus generate its options")
  func help() async {
    for arguments in [["corpus", "--help"], ["corpus", "-h"], ["help", "corpus"]] {
      let run = await runCommand(arguments)
      #expect(run.status == 0)
      #expect(run.standardOutput == CorpusCommand.usage)
    }
    #expect(
      CorpusCommand.usage.contains(
        "SUBCOMMANDS:\n  generate    Write every small pair, then seeded random cases,"
          + " to a case file.\n"))
    for arguments in [
      ["corpus", "generate", "--help"], ["corpus", "generate", "-h"],
      ["help", "corpus", "generate"],
    ] {
      let run = await runCommand(arguments)
      #expect(run.status == 0)
      #expect(run.standardOutput == CorpusGenerateCommand.usage)
    }
  }

  @Test(
    "replay --sections off runs exactly a one-section corpus's random case for an --exec generator")
  func replayCorpusCase() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let corpus = files.directory.path + "/c.jsonl"
    let generated = await runCommand(
      [
        "corpus", "generate", "--seed", "42", "--count", "3", "--max-size", "12",
        "--exhaustive-total", "0", "--out", corpus,
      ])
    #expect(generated.status == 0)
    let line = try #require(
      try String(contentsOfFile: corpus, encoding: .utf8).split(separator: "\n").last)
    let corpusCase = try Case(jsonLine: String(line))
    let seed = try #require(corpusCase.name?.split(separator: "-").last.map(String.init))
    // The generator writes down the cases it gets and answers no change.
    let seen = files.directory.path + "/seen.jsonl"
    let recorder = "while IFS= read -r line; do echo \"$line\" >> '\(seen)'; echo '{}'; done"
    func firstCaseReplayed(_ extra: [String]) async throws -> Case {
      try? FileManager.default.removeItem(atPath: seen)
      _ = await runCommand(
        ["replay", "--exec", recorder, "--max-size", "12", "--case-seed", seed] + extra)
      let first = try #require(
        try String(contentsOfFile: seen, encoding: .utf8).split(separator: "\n").first)
      return try Case(jsonLine: String(first))
    }
    let exact = try await firstCaseReplayed(["--sections", "off"])
    #expect(exact.old == corpusCase.old && exact.new == corpusCase.new)
    // Without it, an --exec generator gets the case as a sectioned run makes it.
    let sectioned = try await firstCaseReplayed([])
    #expect(sectioned.old != corpusCase.old || sectioned.new != corpusCase.new)
  }

  @Test("usage errors: 64, the message, then where the help of the command at fault is")
  func usageErrors() async {
    let cases: [(arguments: [String], message: String, usage: String)] = [
      (["corpus"], "Missing corpus subcommand; expected generate or check", CorpusCommand.usage),
      (
        ["corpus", "--seed", "1"], "Missing corpus subcommand; expected generate or check",
        CorpusCommand.usage
      ),
      (
        ["corpus", "inspect"], "Unknown corpus subcommand 'inspect'; expected generate or check",
        CorpusCommand.usage
      ),
      (["corpus", "generate"], "Missing expected argument '--out'", CorpusGenerateCommand.usage),
      (
        ["corpus", "generate", "--out", "x.jsonl", "--count", "-1"],
        "The value '-1' is invalid for '--count'; expected a whole number from 0 to 1000000000",
        CorpusGenerateCommand.usage
      ),
      (
        ["corpus", "generate", "--out", "x.jsonl", "--exhaustive-total", "11"],
        "The value '11' is invalid for '--exhaustive-total'; expected a whole number from 0 to 10",
        CorpusGenerateCommand.usage
      ),
      (
        ["corpus", "generate", "--out", "x.jsonl", "--seed", "0xg"],
        "The value '0xg' is invalid for '--seed'; expected a 64-bit seed, decimal (42) or 0x hexadecimal (0x2a)",
        CorpusGenerateCommand.usage
      ),
      (["corpus", "generate", "--out"], "Missing value for '--out'", CorpusGenerateCommand.usage),
      (
        ["corpus", "generate", "--verbose"], "Unknown option '--verbose'",
        CorpusGenerateCommand.usage
      ),
      (
        ["corpus", "generate", "--out", "x.jsonl", "y"], "Unexpected argument 'y'",
        CorpusGenerateCommand.usage
      ),
    ]
    for (arguments, message, usage) in cases {
      let run = await runCommand(arguments)
      #expect(run.status == 64, "\(arguments)")
      #expect(run.standardOutput == "")
      let words = usage == CorpusCommand.usage ? "corpus" : "corpus generate"
      #expect(
        run.standardError.hasPrefix("Error: \(message)\n")
          && run.standardError.hasSuffix("See 'batchcheck \(words) --help'.\n"), "\(arguments)")
      #expect(run.standardError.split(separator: "\n").count <= 3, "\(arguments)")
    }
    #expect(!FileManager.default.fileExists(atPath: "x.jsonl"))
  }

  @Test("a file that cannot be written: 74, no usage, the target and its folder untouched")
  func unwritable() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let missing = files.directory.appendingPathComponent("missing/corpus.jsonl").path
    let run = await runCommand(["corpus", "generate", "--count", "1", "--out", missing])
    #expect(run.status == 74)
    #expect(run.standardError == "Error: cannot write \(missing): No such file or directory\n")
    let folder = await runCommand([
      "corpus", "generate", "--count", "1", "--out", files.directory.path,
    ])
    #expect(folder.status == 74)
    #expect(folder.standardError == "Error: cannot write \(files.directory.path): is a directory\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: files.directory.path).isEmpty)
  }

  @Test("an existing file is replaced whole, keeps its permissions, and no temporary file is left")
  func replaces() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let out = try files.write("corpus.jsonl", ["previous content"])
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: out)
    let run = await runCommand([
      "corpus", "generate", "--count", "5", "--exhaustive-total", "0", "--out", out,
    ])
    #expect(run.status == 0)
    #expect(
      try String(contentsOfFile: out, encoding: .utf8)
        == GeneratedCorpus(count: 5, exhaustiveTotal: 0).text)
    let attributes = try FileManager.default.attributesOfItem(atPath: out)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o640)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: files.directory.path) == ["corpus.jsonl"])
  }
}

/// `writeAtomically(to:_:)`, the path `corpus generate`, `check --junit` and
/// `check --save-regressions` write through.
@Suite("atomic writes")
struct AtomicFileTests {
  @Test("a body that throws leaves the target as it was and removes its temporary file")
  func throwingBody() throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let path = try files.write("target.jsonl", ["kept"])
    #expect(throws: CommandError.unwritableFile(path, reason: "stop")) {
      try writeAtomically(to: path) { file throws(CommandError) in
        try file.write(String(repeating: "x", count: 3 * AtomicFileWriter.bufferLimit))
        #expect(FileManager.default.fileExists(atPath: file.temporaryPath))
        throw .unwritableFile(path, reason: "stop")
      }
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "kept\n")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: files.directory.path) == ["target.jsonl"])
  }

  @Test("the temporary file lies beside the target, named <target>.batchcheck-tmp-<16 hex digits>")
  func temporaryName() throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let path = files.directory.appendingPathComponent("new.jsonl").path
    var seen = ""
    try writeAtomically(to: path) { file throws(CommandError) in
      seen = file.temporaryPath
      try file.write("line\n")
    }
    let prefix = path + ".batchcheck-tmp-"
    #expect(seen.hasPrefix(prefix))
    #expect(seen.dropFirst(prefix.count).count == 16)
    #expect(seen.dropFirst(prefix.count).allSatisfy { $0.isHexDigit })
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "line\n")
    #expect(!FileManager.default.fileExists(atPath: seen))
  }
}
