import BatchCheckTestSupport
import Foundation
import Testing

@testable import BatchCheckCLI

/// `check --shard` and `merge`.
@Suite("shards and merge")
struct MergeCommandTests {
  @Test("three shards with --keep-going merge to exactly the unsharded JSON and text")
  func shardsMergeToTheRun() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let common = [
      "check", "--generator", "ds", "--count", "600", "--keep-going", "--max-size", "40",
      "--exhaustive-total", "5",
    ]
    let whole = await runCommand(common + ["--format", "json"])
    #expect(whole.status == 1)
    var paths: [String] = []
    for number in [3, 1, 2] {
      let run = await runCommand(common + ["--format", "json", "--shard", "\(number)/3"])
      #expect(run.status == 1 || run.status == 0)
      #expect(run.standardOutput.contains(#""shard":"\#(number)/3""#))
      paths.append(try files.write("shard-\(number).json", [run.standardOutput]))
    }
    let merged = await runCommand(["merge"] + paths + ["--format", "json"])
    #expect(merged.status == 1)
    #expect(merged.standardOutput == whole.standardOutput)
    let text = await runCommand(["merge"] + paths)
    let wholeText = await runCommand(common)
    #expect(text.standardOutput == wholeText.standardOutput)
    #expect(text.standardOutput.hasSuffix(" failed\n"))
  }

  @Test("a missing shard, another run, a malformed report or a bad --shard are errors")
  func errors() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    func shard(_ spec: String, seed: String = "1") async throws -> String {
      let run = await runCommand(
        [
          "check", "--generator", "heckel", "--count", "50", "--seed", seed, "--format", "json",
          "--shard", spec,
        ])
      return try files.write(
        "s-\(spec.replacingOccurrences(of: "/", with: "-"))-\(seed).json",
        [run.standardOutput])
    }
    let one = try await shard("1/3")
    let three = try await shard("3/3")
    let missing = await runCommand(["merge", one, three])
    #expect(missing.status == 65)
    #expect(missing.standardError.contains("cannot merge the reports: shard 2/3 missing"))
    let other = try await shard("2/3", seed: "2")
    let otherRun = await runCommand(["merge", one, other, three])
    #expect(otherRun.status == 65)
    #expect(otherRun.standardError.contains("its seed differs"))
    let broken = try files.write("broken.json", [#"{"generator":"heckel","seed":7}"#])
    let malformed = await runCommand(["merge", broken])
    #expect(malformed.status == 65)
    #expect(malformed.standardError.contains("broken.json:1:"))
    #expect((await runCommand(["merge"])).status == 64)
    #expect((await runCommand(["merge", files.directory.path + "/none.json"])).status == 65)
    for bad in ["0/2", "3/2", "x"] {
      let run = await runCommand(["check", "--generator", "heckel", "--shard", bad])
      #expect(run.status == 64, "\(bad)")
    }
  }

  @Test("counts whose sum does not fit in an Int are a data error naming the report")
  func overflowingCounts() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    var reports: [String] = []
    for number in 1...2 {
      let run = await runCommand(
        [
          "check", "--generator", "heckel", "--count", "50", "--format", "json",
          "--shard", "\(number)/2",
        ])
      reports.append(run.standardOutput)
    }
    let one = try files.write("one.json", [reports[0]])
    func edited(_ name: String, _ pattern: String, _ replacement: String) throws -> String {
      let text = reports[1].replacingOccurrences(
        of: pattern, with: replacement, options: .regularExpression)
      #expect(text != reports[1])
      return try files.write(name, [text])
    }
    let cases = [
      (
        try edited("random.json", #""random":[0-9]+"#, #""random":9223372036854775800"#),
        #""cases"."random""#
      ),
      (
        try edited("moves.json", #""moves":[0-9]+"#, #""moves":9223372036854775807"#),
        #""statistics"."moves""#
      ),
    ]
    for (file, key) in cases {
      let run = await runCommand(["merge", one, file])
      #expect(run.status == 65, "\(run.standardOutput)")
      #expect(
        run.standardError.contains(
          "cannot merge the reports: \(file): report 2 (shard 2/2): its \(key) count makes the "
            + "total larger than 9223372036854775807"), "\(run.standardError)")
      #expect(!run.standardOutput.contains("-"), "\(run.standardOutput)")
    }
  }

  @Test("a repeated shard is refused as soon as it is read, before the files after it")
  func repeatedShardStopsTheReading() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let run = await runCommand(
      ["check", "--generator", "heckel", "--count", "50", "--format", "json", "--shard", "1/2"])
    let one = try files.write("one.json", [run.standardOutput])
    let absent = files.directory.path + "/absent.json"
    // Read whole before merging, the absent file would be the error; the
    // merge must stop at the second report, so it never gets there.
    let twice = await runCommand(["merge", one, one, absent])
    #expect(twice.status == 65)
    #expect(
      twice.standardError.contains("\(one): shard 1/2 is given twice (report 2)"),
      "\(twice.standardError)")
    #expect(!twice.standardError.contains("absent.json"))
    // The same report many times: refused after two reads, at once.
    let many = await runCommand(["merge"] + Array(repeating: one, count: 200_000) + [absent])
    #expect(many.status == 65)
    #expect(many.standardError.contains("shard 1/2 is given twice (report 2)"))
  }
}
