import BatchCheck
import Foundation
import ReferenceDiffs
import Testing

@testable import BatchCheckCLI

@Suite("batchcheck")
struct RootCommandTests {
  @Test("--help, -h and help print the usage listing the subcommands, exit 0")
  func help() async {
    for arguments in [["--help"], ["-h"], ["help"]] {
      let run = await runCommand(arguments)
      #expect(run.status == 0)
      #expect(run.standardOutput == BatchCheckCommand.usage)
      #expect(run.standardError == "")
    }
    #expect(
      BatchCheckCommand.usage == """
        OVERVIEW: Would UIKit accept this batch update, and would the table then show the right rows?

        USAGE: batchcheck <subcommand> [<options>]
               batchcheck [--uikit <profile>] [--first-failure]
                             (no subcommand: check every built-in generator,
                             judged by iOS 18's UIKit or, with --uikit ios12, iOS 12's)

        SUBCOMMANDS:
          check       Check one generator on small, corpus and random cases; report the smallest failure.
          replay      Run one random case again from the case seed a report printed.
          merge       Merge the JSON reports of a sharded check into the report of the whole run.
          validate    Run the cases of case files and compare each verdict with its expectation.
          snapshot    Check diffable snapshot code: a built-in generator or --exec.
          corpus      Generate case files for CI, and check a generator on them.
          bench       Time the simulator on a large valid update.
          answer      Answer --exec case lines on standard input with a built-in generator.
          explain     List the rules UIKit and BatchCheck judge by, or explain one with an example.
          diagnose    Read a crash log: the rule, view, iOS range and causes of each UIKit exception, and a case.

        OPTIONS:
          --uikit <profile>  The UIKit whose rules judge: ios18 (default: what apps run
                             today) or ios12 (the iOS 12 rules).
          --first-failure    Stop at the first failing case and shrink it, instead of
                             running every case and reporting every kind of failure,
                             smallest first.
          --keep-going       The default; kept for older scripts.
          --version          Print the version.
          -h, --help         Show this help.

        See 'batchcheck help <subcommand>' or 'batchcheck <subcommand> --help' for its options.

        """)
  }

  @Test(
    "no arguments runs the main job: one row per built-in generator, every case, smallest counterexamples"
  )
  func noArguments() async throws {
    // The whole main job at the full scale (CI, in release); a plain swift
    // test runs it with --first-failure, which stops the failing generators
    // at their first failure.
    guard ProcessInfo.processInfo.environment["BATCHCHECK_TEST_SCALE"] == "full" else {
      // As when standard error is not a terminal: a line there per generator
      // as it finishes, standard output unchanged.
      var job = try #require(try? DefaultRun(arguments: ["--first-failure"]))
      job.saysEachGenerator = true
      var output = CapturedOutput()
      #expect(await job.run(output: &output) == .success)
      let run = CommandRun(
        status: 0, standardOutput: output.standardOutput, standardError: output.standardError)
      let said = run.standardError.split(separator: "\n").map(String.init)
      #expect(said.count == 10, "\(said)")
      #expect(said.first?.hasPrefix("lcs (1/10): valid, 56113 cases, ") == true, "\(said)")
      #expect(
        said.dropFirst().first?.hasPrefix("lcs-2013 (2/10): 1 kind of failure, 51 cases, ") == true,
        "\(said)")
      #expect(said.last?.hasPrefix("edit-script (10/10): valid, 57809 cases, ") == true, "\(said)")
      #expect(said.allSatisfy { $0.hasSuffix(" s") })
      let lines = run.standardOutput.split(separator: "\n").map(String.init)
      for row in [
        "lcs                    56113  valid (identity only)             -",
        #"lcs-2013                  51  wrongRows C1 (identity only)      ["a"] -> ["b","a","b"]"#,
        #"map-moves                  4  exception R2 (identity only)      [] -> ["a","a"]"#,
        #"ds                         4  exception R2                      [] -> ["a","a"]"#,
        "heckel                 57809  valid                             -",
        "lcs-moves              57809  valid                             -",
        "edit-script            57809  valid (as sequential steps)       -",
      ] {
        #expect(lines.contains(row), "missing: \(row)")
      }
      #expect(lines.first?.hasSuffix("each generator stops at its first failure.") == true)
      #expect(lines.last == "10 generators: 7 valid, 3 failing")
      expectEditSizeLines(lines)
      return
    }
    let run = await runCommand([])
    #expect(run.status == 0)
    let lines = run.standardOutput.split(separator: "\n").map(String.init)
    for row in [
      "generator              cases  verdict                           smallest counterexample",
      "lcs                    56113  valid (identity only)             -",
      #"lcs-2013               56113  wrongRows C1 (identity only)      ["a"] -> ["b","a","b"]"#,
      #"map-moves              56113  exception R2 (identity only)      [] -> ["a","a"]"#,
      #"                              exception R2b                     ["a","a"] -> []"#,
      #"                              wrongRows C1                      ["a","a"] -> ["b","b"]"#,
      #"ds                     57809  exception R2                      [] -> ["a","a"]"#,
      #"                              exception R10                     ["a"] -> [{"id":"a","content":"b"}]"#,
      #"                              staleContent C2 (rows reordered)  ["a",{"id":"a","content":"b"}] -> [{"id":"a","content":"b"},"a"]"#,
      "collection-difference  56113  valid (identity only)             -",
      "heckel                 57809  valid                             -",
      "heckel-reconfigure     57809  valid                             -",
      "lcs-moves              57809  valid                             -",
      "heckel-staged          57809  valid (as staged batches)         -",
      "edit-script            57809  valid (as sequential steps)       -",
      #"lcs-2013, wrongRows C1 (identity only): ["a"] -> ["b","a","b"]"#,
      #"map-moves, exception R2 (identity only): [] -> ["a","a"]"#,
      #"  update:  {"insertRows":[[0,0],[0,1]]}"#,
    ] {
      #expect(lines.contains(row), "missing: \(row)")
    }
    #expect(lines.first?.contains("judged by iOS 18's UIKit") == true)
    #expect(lines.last == "10 generators: 7 valid, 3 failing")
    expectEditSizeLines(lines)
    // Every listed kind is proven minimal: no row says otherwise.
    #expect(!run.standardOutput.contains("(not proven minimal)"))
    #expect(run.standardOutput.contains("minimal: proven: no pair with fewer rows fails this way"))
  }

  /// The main job's edit-size lines under the table: one per generator,
  /// in the table's order, with the wording of check's line. A generator
  /// that passes runs every case either way, so its numbers are pinned.
  func expectEditSizeLines(_ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    let start = lines.firstIndex(of: "Edit size of each generator's valid updates (EditSize):")
    #expect(start != nil, sourceLocation: sourceLocation)
    guard let start else { return }
    let names = ReferenceGenerators.allContracts.map(\.name)
    let edits = lines[(start + 1)...].prefix(names.count)
    #expect(
      lines.dropFirst(start + 1 + names.count).first?.contains(" edit size: ") == false,
      sourceLocation: sourceLocation)
    for (line, name) in zip(edits, names) {
      #expect(
        line.hasPrefix(name + " ") && line.contains(" edit size: "), "\(line)",
        sourceLocation: sourceLocation)
    }
    for line in [
      "lcs-moves              edit size: 24,192 moves where 29,324 suffice; 7,796 rows deleted and inserted again;"
        + " 0 unchanged rows reloaded, over 57809 valid updates",
      "heckel                 edit size: 107,282 moves where 29,588 suffice (3.7×), 77,912 extra; 14,549 rows"
        + " deleted and inserted again; 0 unchanged rows reloaded, over 57809 valid updates",
      "heckel-staged          edit size: 120,056 moves where 43,888 suffice (2.8×), 84,013 extra; 4,103 rows"
        + " deleted and inserted again; 0 unchanged rows reloaded, over 57809 valid updates",
    ] {
      #expect(edits.contains(line), "missing: \(line)", sourceLocation: sourceLocation)
    }
  }

  @Test("help for a subcommand")
  func subcommandHelp() async {
    for arguments in [
      ["help", "validate"], ["validate", "--help"], ["validate", "x.jsonl", "-h", "--bogus"],
    ] {
      let run = await runCommand(arguments)
      #expect(run.status == 0)
      #expect(run.standardOutput == ValidateCommand.usage)
    }
  }

  @Test(
    "an unknown subcommand or option is a usage error: 64, Error, a guess if one is close, the help's place"
  )
  func unknownSubcommand() async {
    let run = await runCommand(["valdiate", "x.jsonl"])
    #expect(run.status == 64)
    #expect(run.standardOutput == "")
    #expect(
      run.standardError
        == "Error: Unknown subcommand 'valdiate'\nDid you mean 'validate'?\nSee 'batchcheck --help'.\n"
    )
    let option = await runCommand(["--verbose"])
    #expect(option.status == 64)
    #expect(option.standardError == "Error: Unknown option '--verbose'\nSee 'batchcheck --help'.\n")
    let help = await runCommand(["help", "nothing"])
    #expect(help.status == 64)
    #expect(help.standardError == "Error: Unknown subcommand 'nothing'\nSee 'batchcheck --help'.\n")
  }

  @Test("did you mean: the closest option, subcommand or value, only when close")
  func didYouMean() async {
    let cases: [(arguments: [String], guess: String?)] = [
      (["check", "--generator", "heckel", "--sed", "3"], "--seed"),
      (["check", "--exect", "x"], "--exec"),
      (["check", "--generator", "hekel"], "heckel"),
      (["check", "--generator", "lcs2013"], "lcs-2013"),
      (["check", "--generator", "heckel", "--uikit", "ios19"], "ios18"),
      (["corpus", "genrate"], "generate"),
      (["chekc"], "check"),
      (["check", "--generator", "heckel", "--nope"], nil),
      (["check", "--generator", "zzz"], nil),
    ]
    for (arguments, guess) in cases {
      let run = await runCommand(arguments)
      #expect(run.status == 64, "\(arguments)")
      let lines = run.standardError.split(separator: "\n").map(String.init)
      #expect(lines.first?.hasPrefix("Error: ") == true, "\(arguments)")
      #expect(lines.count == (guess == nil ? 2 : 3), "\(arguments): \(lines)")
      if let guess { #expect(lines[1] == "Did you mean '\(guess)'?", "\(arguments)") }
    }
    #expect(closestWord(to: "heckle", among: ["heckel", "lcs"]) == "heckel")
    #expect(closestWord(to: "heckel", among: ["heckel"]) == nil)
    #expect(editDistance(Array("kitten"), Array("sitting")) == 3)
    #expect(editDistance(Array("ab"), Array("ba")) == 1)
  }

  @Test("an option that takes one value, given twice, is a usage error")
  func repeatedOption() async {
    for arguments in [
      ["check", "--generator", "heckel", "--seed", "1", "--seed", "2"],
      ["check", "--generator", "heckel", "--generator", "lcs"],
      ["check", "--generator", "heckel", "--count=3", "--count", "4"],
      ["corpus", "generate", "--out", "a.jsonl", "--out", "b.jsonl"],
    ] {
      let run = await runCommand(arguments)
      #expect(run.status == 64, "\(arguments)")
      #expect(run.standardError.hasPrefix("Error: The option '"), "\(arguments)")
      #expect(
        run.standardError.contains("' is given more than once; give it once\n"), "\(arguments)")
    }
  }

  @Test("a value's error says what the value may be: the generator names, a seed's two forms")
  func valueErrorsSayWhatIsExpected() async {
    let names =
      "lcs or lcs-2013 or map-moves or ds or collection-difference or heckel or heckel-reconfigure or lcs-moves"
      + " or heckel-staged or edit-script"
    let seed = "a 64-bit seed, decimal (42) or 0x hexadecimal (0x2a)"
    let cases: [(arguments: [String], message: String, command: String)] = [
      (["check", "--generator"], "Missing value for '--generator'; expected \(names)", "check"),
      (["replay", "--generator"], "Missing value for '--generator'; expected \(names)", "replay"),
      (
        ["check", "--generator", "heckel", "--seed", "xyz"],
        "The value 'xyz' is invalid for '--seed'; expected \(seed)", "check"
      ),
      (
        ["check", "--generator", "heckel", "--seed"],
        "Missing value for '--seed'; expected \(seed)", "check"
      ),
      (
        ["replay", "--case-seed", "0xg"],
        "The value '0xg' is invalid for '--case-seed'; expected \(seed)", "replay"
      ),
      (["check", "--format"], "Missing value for '--format'; expected human or json", "check"),
      (["check", "--exec"], "Missing value for '--exec'", "check"),
    ]
    for (arguments, message, command) in cases {
      let run = await runCommand(arguments)
      #expect(run.status == 64, "\(arguments)")
      #expect(
        run.standardError == "Error: \(message)\nSee 'batchcheck \(command) --help'.\n",
        "\(arguments)")
    }
  }

  @Test("the main job's line per generator when standard error is not a terminal")
  func finishedLine() async throws {
    let generator = try #require(ReferenceGenerators.anyContract(named: "map-moves"))
    var options = CheckOptions()
    options.count = 0
    options.exhaustiveTotal = 2
    let failing = check(generator, options: options)
    #expect(
      DefaultRun.finishedLine("map-moves (3/9)", report: failing, seconds: .milliseconds(8_149))
        == "map-moves (3/9): 2 kinds of failure, 9 cases, 8.1 s\n")
    let valid = check(
      try #require(ReferenceGenerators.anyContract(named: "heckel")), options: options)
    #expect(
      DefaultRun.finishedLine("heckel (6/9)", report: valid, seconds: .seconds(0))
        == "heckel (6/9): valid, 12 cases, 0.0 s\n")
  }

  @Test("--version prints the version")
  func version() async {
    let run = await runCommand(["--version"])
    #expect(run.status == 0)
    #expect(run.standardOutput == "batchcheck \(BatchCheckCommand.version)\n")
    #expect(BatchCheckCommand.version.split(separator: ".").count == 3)
  }

  @Test("error texts and exit statuses come from one place")
  func errorTexts() async {
    #expect(
      CommandError.missingValue(option: "--format", command: "validate").message
        == "Missing value for '--format'")
    #expect(CommandError.missingArgument("<file>", command: "validate").exitCode == .usage)
    #expect(
      CommandError.unreadableFile(.init(file: "x", reason: "no such file")).exitCode.rawValue == 65)
    #expect(!CommandError.unreadableFile(.init(file: "x", reason: "no such file")).showsUsage)
  }
}
