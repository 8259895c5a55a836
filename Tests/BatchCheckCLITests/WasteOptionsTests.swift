import BatchCheckTestSupport
import Foundation
import Testing

@testable import BatchCheckCLI

/// `--max-move-ratio` and `--no-unneeded-deletes`: CI holding a diff to a
/// standard, on `check`, `replay` and `corpus check`.
@Suite("Waste limits on the command line")
struct WasteOptionsTests {
  /// `check` of a built-in generator on every pair up to 5 rows and 200 random cases.
  static func check(_ generator: String, _ limits: [String], json: Bool = true) async -> CommandRun
  {
    await runCommand(
      ["check", "--generator", generator, "--count", "200", "--exhaustive-total", "5"] + limits
        + (json ? ["--format", "json"] : []))
  }

  /// The report's failures, as JSON objects.
  static func failures(_ run: CommandRun) throws -> [[String: Any]] {
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
    return try #require(object["failures"] as? [[String: Any]])
  }

  @Test("--max-move-ratio 1: heckel fails at [a b] -> [b a], 4 rows, proven; lcs-moves passes")
  func moveRatio() async throws {
    let heckel = await Self.check("heckel", ["--max-move-ratio", "1"])
    #expect(heckel.status == 1)
    let failures = try Self.failures(heckel)
    #expect(failures.count == 1)
    let failure = try #require(failures.first)
    #expect(failure["verdict"] as? String == "waste")
    #expect(failure["variant"] as? String == "move ratio")
    #expect(failure["old"] as? [[String]] == [["a", "b"]])
    #expect(failure["new"] as? [[String]] == [["b", "a"]])
    #expect((failure["minimality"] as? [String: Any])?["proven"] as? Bool == true)
    let waste = try #require(failure["waste"] as? [String: Any])
    #expect(waste["limit"] as? String == "maxMoveRatio")
    #expect(waste["maxMoveRatio"] as? Int == 1)
    #expect(waste["moves"] as? Int == 2 && waste["minimumMoves"] as? Int == 1)
    #expect(heckel.standardOutput.contains(#""maxMoveRatio":1,"passed":false"#))
    let lcsMoves = await Self.check("lcs-moves", ["--max-move-ratio", "1"])
    #expect(lcsMoves.status == 0, "\(lcsMoves.standardOutput.prefix(2_000))")
  }

  @Test(
    "--no-unneeded-deletes: heckel fails at 5 rows, proven; lcs-moves passes in identity-only mode")
  func unneededDeletes() async throws {
    let heckel = await Self.check("heckel", ["--no-unneeded-deletes"])
    #expect(heckel.status == 1)
    let failure = try #require(try Self.failures(heckel).first)
    #expect(
      failure["verdict"] as? String == "waste"
        && failure["variant"] as? String == "unneeded deletes")
    let rows =
      ((failure["old"] as? [[Any]]) ?? []).joined().count
      + ((failure["new"] as? [[Any]]) ?? []).joined().count
    #expect(rows == 5)
    #expect((failure["minimality"] as? [String: Any])?["proven"] as? Bool == true)
    let waste = try #require(failure["waste"] as? [String: Any])
    #expect(
      waste["limit"] as? String == "noUnneededDeletes" && waste["unneededDeletes"] as? Int == 1)
    // Every row keeps its id and content: lcs-moves deletes only what is gone.
    let lcsMoves = await Self.check("lcs-moves", ["--no-unneeded-deletes", "--identity-only"])
    #expect(lcsMoves.status == 0, "\(lcsMoves.standardOutput.prefix(2_000))")
    // Without a limit, the same runs pass: the defaults keep today's behaviour.
    #expect(await Self.check("heckel", []).status == 0)
  }

  @Test(
    "lcs-moves with contents: it pairs a moved row with a changed row of its id when an unchanged one is there"
  )
  func lcsMovesWithContents() async throws {
    // [a b] -> [b a' a] (or its mirror, [a' b] -> [b a' a]): keeping b and
    // moving the a of the same content costs one move and no delete;
    // lcs-moves pairs a with the a of another content when that one is on
    // its longest common subsequence, so deletes a and inserts both.
    let run = await Self.check("lcs-moves", ["--no-unneeded-deletes"])
    #expect(run.status == 1)
    let failure = try #require(try Self.failures(run).first)
    let old = try #require((failure["old"] as? [[Any]])?.first)
    let new = try #require((failure["new"] as? [[Any]])?.first)
    #expect(old.count == 2 && new.count == 3)
    #expect((failure["minimality"] as? [String: Any])?["proven"] as? Bool == true)
  }

  @Test(
    "the text report: the limits, the waste failure, and a replay that says to give the limit again"
  )
  func text() async {
    let run = await Self.check(
      "heckel", ["--max-move-ratio", "1.5", "--no-unneeded-deletes"], json: false)
    #expect(run.status == 1)
    let lines = run.standardOutput.split(separator: "\n").map(String.init)
    #expect(
      lines.contains(
        "  limits:     row moves at most 1.5× the fewest needed, none when none is; no row deleted and inserted"
          + " again needlessly"))
    #expect(lines.contains { $0.hasPrefix("FAIL waste (move ratio): exhaustive phase, pair ") })
    #expect(
      lines.contains { $0.hasPrefix("FAIL waste (unneeded deletes): exhaustive phase, pair ") })
    #expect(lines.contains("2 kinds of failure, smallest first:"))
    #expect(
      lines.contains {
        $0.hasPrefix("  message: valid, but 2 row moves where 1 suffices (2.0×): more than")
      })
    #expect(
      lines.contains {
        $0.hasPrefix(
          "  replay:  add the corpus line below to a regression corpus and run batchcheck corpus check on it"
            + " with --max-move-ratio 1.5 (a case line cannot hold the limit")
      })
    #expect(lines.contains { $0.hasPrefix("  edit size: ") && $0.hasSuffix(" valid updates") })
  }

  @Test("a random-phase breach replays with its limit; without it the case passes")
  func replay() async throws {
    let run = await runCommand(
      [
        "check", "--generator", "heckel", "--count", "100", "--exhaustive-total", "0",
        "--max-move-ratio", "2",
        "--format", "json",
      ])
    #expect(run.status == 1)
    let command = try #require(try Self.failures(run).first?["replay"] as? String)
    #expect(command.hasPrefix("batchcheck replay --generator heckel --case-seed 0x"))
    #expect(command.hasSuffix(" --max-move-ratio 2"))
    let words = Array(command.split(separator: " ").map(String.init).dropFirst())
    let again = await runCommand(words)
    #expect(again.status == 1)
    #expect(again.standardOutput.contains("FAIL waste (move ratio): replayed case"))
    #expect(await runCommand(Array(words.dropLast(2))).status == 0)
  }

  @Test(
    "corpus check: the corpus line fails again with the limit, passes without; waste expectations")
  func corpusCheck() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let run = await Self.check("heckel", ["--max-move-ratio", "1"])
    let line = try #require(try Self.failures(run).first?["corpus"] as? String)
    let path = try files.write(
      "waste.jsonl", [line, #"{"name":"same","old":[["a"]],"new":[["a"]]}"#])
    let without = await runCommand(["corpus", "check", path, "--generator", "heckel"])
    #expect(without.status == 0)
    let with = await runCommand([
      "corpus", "check", path, "--generator", "heckel", "--max-move-ratio", "1",
    ])
    #expect(with.status == 1)
    #expect(with.standardOutput.contains(": waste (move ratio), expected valid\n"))
    #expect(
      with.standardOutput.contains(
        "\nlimits: row moves at most 1× the fewest needed, none when none is\n"))
    #expect(
      await runCommand([
        "corpus", "check", path, "--generator", "lcs-moves", "--max-move-ratio", "1",
      ]).status == 0)
    // JSON: the case's verdict is waste, with its message and shrunk failure.
    let json = await runCommand(
      [
        "corpus", "check", path, "--generator", "heckel", "--max-move-ratio", "1", "--format",
        "json",
      ])
    let first = try #require(json.standardOutput.split(separator: "\n").first.map(String.init))
    #expect(
      first.contains(#""verdict":"waste","variant":"move ratio","message":"valid, but 2 row moves"#)
    )
    #expect(
      first.contains(#""agrees":false"#) && first.contains(#""waste":{"limit":"maxMoveRatio""#))
    // Recorded as a waste expectation, it agrees with a run of the same limit only.
    let expectations = files.directory.path + "/heckel.expect.jsonl"
    let write = await runCommand(
      [
        "corpus", "check", path, "--generator", "heckel", "--max-move-ratio", "1",
        "--write-expectations", expectations,
      ])
    #expect(write.status == 0)
    let written = try String(contentsOfFile: expectations, encoding: .utf8)
    #expect(written.contains(#""verdict":"waste","limit":"maxMoveRatio"}"#))
    let expect = ["corpus", "check", path, "--generator", "heckel", "--expect", expectations]
    #expect(await runCommand(expect + ["--max-move-ratio", "1"]).status == 0)
    #expect(await runCommand(expect).status == 1)
  }

  @Test("check and corpus check print the same edit-size line for the same cases")
  func sameEditLine() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let lines = [
      #"{"name":"rotate","old":[["a","b","c"]],"new":[["c","a","b"]]}"#,
      #"{"name":"swap","old":[["a","b"]],"new":[["b","a"]]}"#,
      #"{"name":"grow","old":[["a"]],"new":[["a","b"]]}"#,
    ]
    // check replays <dir>/<generator>.jsonl as its corpus phase.
    let path = try files.write("heckel.jsonl", lines)
    let check = await runCommand(
      [
        "check", "--generator", "heckel", "--count", "0", "--exhaustive-total", "0",
        "--save-regressions",
        files.directory.path,
      ])
    let corpus = await runCommand(["corpus", "check", path, "--generator", "heckel"])
    func editLine(_ run: CommandRun) -> String? {
      run.standardOutput.split(separator: "\n").first { $0.contains("edit size: ") }
        .map { $0.trimmingCharacters(in: .whitespaces) }
    }
    #expect(editLine(check) != nil)
    #expect(editLine(check) == editLine(corpus))
    #expect(
      editLine(corpus)
        == "edit size: 5 moves where 2 suffice (2.5×), 3 extra; 0 rows deleted and inserted again; 0 unchanged rows"
        + " reloaded, over 3 valid updates")
  }

  @Test("JUnit: a waste failure is a failure of type waste, with its variant and message")
  func junit() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let path = files.directory.path + "/heckel.xml"
    let run = await runCommand(
      [
        "check", "--generator", "heckel", "--count", "0", "--exhaustive-total", "4",
        "--no-unneeded-deletes",
        "--max-move-ratio", "1", "--junit", path,
      ])
    #expect(run.status == 1)
    let xml = try String(contentsOfFile: path, encoding: .utf8)
    #expect(xml.contains(#"<testcase classname="batchcheck.heckel" name="exhaustive ("#))
    #expect(
      xml.contains(
        #"<failure type="waste" message="waste (move ratio): valid, but 2 row moves where 1 suffices"#
      ))
    #expect(xml.contains("FAIL waste (move ratio): exhaustive phase, pair "))
  }

  @Test("bad values are usage errors; the options parse into CheckOptions")
  func parsing() async throws {
    for value in ["0.5", "abc", "0", "-1", "1e10"] {
      let run = await runCommand(["check", "--generator", "heckel", "--max-move-ratio", value])
      #expect(run.status == 64, "\(value)")
      #expect(
        run.standardError.contains("is invalid for '--max-move-ratio'"),
        "\(value): \(run.standardError)")
    }
    let command = try CheckCommand(
      arguments: ["--generator", "heckel", "--max-move-ratio", "2.5", "--no-unneeded-deletes"])
    let generator = try #require(command.shared.makeGenerator()?.generator)
    let options = command.checkOptions(for: generator)
    #expect(options.maxMoveRatio == 2.5 && options.rejectsUnneededDeletes)
    let plain = try CheckCommand(arguments: ["--generator", "heckel"]).checkOptions(for: generator)
    #expect(plain.maxMoveRatio == nil && !plain.rejectsUnneededDeletes)
  }
}
