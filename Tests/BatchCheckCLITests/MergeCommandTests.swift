import Foundation
import Testing

@testable import BatchCheckCLI

/// `check --shard` and `merge`.
@Suite("shards and merge")
struct MergeCommandTests {
  @Test("three shards with --keep-going merge to exactly the unsharded JSON and text")
  func shardsMergeToTheRun() async throws {
    let files = try TemporaryCaseFiles()
    defer { files.remove() }
    let common = ["check", "--generator", "ds", "--count", "600", "--keep-going", "--max-size", "40"]
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
    let files = try TemporaryCaseFiles()
    defer { files.remove() }
    func shard(_ spec: String, seed: String = "1") async throws -> String {
      let run = await runCommand(
        ["check", "--generator", "heckel", "--count", "50", "--seed", seed, "--format", "json",
         "--shard", spec])
      return try files.write("s-\(spec.replacingOccurrences(of: "/", with: "-"))-\(seed).json",
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
}
