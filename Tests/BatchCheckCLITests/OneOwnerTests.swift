import BatchCheck
import BatchCheckExec
import Foundation
import ReferenceDiffs
import Testing

/// What the docs, the help and CI write of a value the code owns: the
/// `--exec` timeout's default and the built-in generators. Each is written
/// once in code (`ExternalGenerator.defaultTimeout`,
/// `ReferenceGenerators.allContracts`); the texts that spell it again are
/// checked against it here.
@Suite("defaults and lists written outside the code agree with it")
struct OneOwnerTests {
  /// The names of the built-in generators, in the order the code registers them.
  static let names = ReferenceGenerators.allContracts.map(\.name)

  /// The text of the file at `path`, from the package's root.
  static func text(_ path: String) throws -> String {
    try String(
      contentsOf: GeneratedCorpusFilesTests.packageRoot.appendingPathComponent(path),
      encoding: .utf8)
  }

  /// The words of the shell list that follows `prefix` up to `end` in `text`.
  static func words(in text: String, after prefix: String, upTo end: String) throws -> [String] {
    let start = try #require(text.range(of: prefix), "no \(prefix) in the text")
    let rest = text[start.upperBound...]
    let stop = try #require(rest.range(of: end), "no \(end) after \(prefix)")
    return rest[..<stop.lowerBound].split(separator: " ").map(String.init)
  }

  /// The first word of each line of `text` that matches `pattern` (a
  /// generator's name, then its row of a table).
  static func firstWords(of text: String, where pattern: String) throws -> [String] {
    let regex = try Regex(pattern)
    return text.split(separator: "\n").filter { $0.wholeMatch(of: regex) != nil }
      .map { String($0.prefix { $0 != " " }) }
  }

  @Test("the --exec timeout's default: one constant, which the help and the docs say")
  func timeoutDefault() async throws {
    let seconds = decimalText(ExternalGenerator.defaultTimeout)
    #expect(ExternalGenerator(command: "true").timeout == ExternalGenerator.defaultTimeout)
    #expect(
      ExternalGenerator(command: "true", timeout: .nan).timeout == ExternalGenerator.defaultTimeout)
    let help = await runCommand(["check", "--help"]).standardOutput
    let line = try #require(help.split(separator: "\n").first { $0.contains("--timeout") })
    #expect(line.hasSuffix("How long --exec may take per case (default: \(seconds))."))
    let exec = try Self.text("Sources/BatchCheck/BatchCheck.docc/ExecProtocol.md")
    #expect(exec.contains("per-case timeout (`--timeout`, \(seconds) s by default)"))
  }

  @Test("CI runs every built-in generator: the corpus list, and the exploration's two lists")
  func ciLists() throws {
    let run = try Self.text(".ci/run")
    #expect(try Self.words(in: run, after: "generators=(", upTo: ")") == Self.names)
    let valid = try Self.words(
      in: run,
      after: "seeded exploration (seed ${BATCHCHECK_CI_SEED:=0xC1C1C1C1})\"\nfor generator in ",
      upTo: "; do")
    let buggy = try Self.words(
      in: run, after: "known bugs must still be found (exit 1).\nfor generator in ", upTo: "; do")
    #expect(Set(valid).isDisjoint(with: buggy))
    #expect((valid + buggy).sorted() == Self.names.sorted())
    #expect(valid.count + buggy.count == Self.names.count)
    // The exploration's lists are in the registry's order.
    #expect(valid == Self.names.filter(valid.contains))
    #expect(buggy == Self.names.filter(buggy.contains))
  }

  @Test("the main job's tables in the README and the DocC article name every built-in generator")
  func mainJobTables() throws {
    for path in ["README.md", "Sources/BatchCheck/BatchCheck.docc/CheckingAGenerator.md"] {
      let text = try Self.text(path)
      // The verdict table: a name, its case count, a verdict.
      #expect(
        try Self.firstWords(of: text, where: #"[a-z0-9-]+ +[0-9]+  .*"#) == Self.names, "\(path)")
      // The edit-size lines.
      #expect(
        try Self.firstWords(of: text, where: #"[a-z0-9-]+ +edit size: .*"#) == Self.names, "\(path)"
      )
    }
    let article = try Self.text("Sources/BatchCheck/BatchCheck.docc/CheckingAGenerator.md")
    #expect(article.contains("expected " + Self.names.joined(separator: " or ") + "\n"))
  }

  @Test("the reference generators' article lists every built-in generator, each table in order")
  func referenceArticle() throws {
    let text = try Self.text("Sources/BatchCheck/BatchCheck.docc/ReferenceGenerators.md")
    let tables = text.components(separatedBy: "\n\n").filter { $0.hasPrefix("| ") }
      .map { table in
        table.split(separator: "\n").compactMap { row -> String? in
          guard row.hasPrefix("| `") else { return nil }
          return String(row.dropFirst(3).prefix { $0 != "`" })
        }
      }
    // The overview, then one table per contract: one batch, then the others.
    #expect(tables.first == Self.names)
    #expect(tables.dropFirst().first == ReferenceGenerators.all.map(\.name))
    #expect(Array(tables.dropFirst().joined()) == Self.names)
  }

  @Test("the help lists the built-in generators the code registers")
  func helpList() async throws {
    let help = await runCommand(["check", "--help"]).standardOutput
      .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(help.contains("A built-in generator: " + Self.names.joined(separator: ", ") + "."))
  }
}
