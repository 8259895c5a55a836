import BatchCheck
import BatchCheckTestSupport
import Foundation
import Testing

@testable import BatchCheckCLI

/// `--uikit ios12|ios18` on every command that judges, and the profile in reports.
@Suite("--uikit on the command line")
struct UIKitProfileCommandTests {
  /// Delete one of three rows when the data source kept one: R2b under iOS
  /// 18, R2 under iOS 12. The second case pins iOS 12 itself.
  static let lines = [
    #"{"name":"overflow","old":[["a","b","c"]],"new":[["a"]],"update":{"deleteRows":[[0,1]]}}"#,
    #"{"name":"pinned","uikit":"ios12","old":[["a","b","c"]],"new":[["a"]],"update":{"deleteRows":[[0,1]]}}"#,
  ]

  @Test("validate: the flag judges the cases that do not name a profile; a case's own wins")
  func validate() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let path = try files.write("profiles.jsonl", Self.lines)
    let ios18 = await runCommand(["validate", path, "--format", "json"])
    #expect(ios18.standardOutput.contains(#""name":"overflow","verdict":"exception","rule":"R2b""#))
    #expect(ios18.standardOutput.contains(#""name":"pinned","verdict":"exception","rule":"R2""#))
    let ios12 = await runCommand(["validate", path, "--format", "json", "--uikit", "ios12"])
    #expect(ios12.standardOutput.contains(#""name":"overflow","verdict":"exception","rule":"R2""#))
    let bad = await runCommand(["validate", path, "--uikit", "ios9"])
    #expect(bad.status == 64)
    #expect(
      bad.standardError.hasPrefix(
        "Error: The value 'ios9' is invalid for '--uikit'; expected ios18 or ios12"))
  }

  @Test("check and replay: the report names the profile, and the replay command keeps it")
  func checkAndReplay() async {
    let run = await runCommand([
      "check", "--generator", "map-moves", "--uikit", "ios12", "--count", "200",
      "--exhaustive-total", "4",
    ])
    #expect(run.status == 1)
    #expect(run.standardOutput.hasPrefix("check map-moves (one batch, identity only, iOS 12), "))
    let json = await runCommand(
      [
        "check", "--generator", "map-moves", "--uikit", "ios12", "--count", "200",
        "--exhaustive-total", "4", "--format", "json",
      ])
    #expect(json.standardOutput.contains(#""identityOnly":true,"uikit":"ios12","#))
    // heckel-reconfigure reconfigures, which iOS 12 does not have.
    let reconfigure = await runCommand(
      [
        "check", "--generator", "heckel-reconfigure", "--uikit", "ios12", "--count", "200",
        "--exhaustive-total", "4",
      ])
    #expect(reconfigure.status == 1)
    #expect(reconfigure.standardOutput.contains("unrecognized selector"))
    #expect(reconfigure.standardOutput.contains(#""uikit":"ios12""#))
  }

  @Test("the main job takes --uikit, and nothing else")
  func mainJob() async {
    let missing = await runCommand(["--uikit"])
    #expect(missing.status == 64)
    #expect(missing.standardError.hasPrefix("Error: Missing value for '--uikit'"))
    let invalid = await runCommand(["--uikit", "ios9"])
    #expect(invalid.status == 64)
    #expect(invalid.standardError.hasPrefix("Error: The value 'ios9' is invalid for '--uikit'"))
    let extra = await runCommand(["--uikit", "ios12", "--fast"])
    #expect(extra.status == 64)
    #expect(extra.standardError.hasPrefix("Error: Unknown option '--fast'"))
  }

  @Test("corpus check: a case's own profile wins over the run's")
  func corpusCheck() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    // map-moves's [a b a] -> [a]: one row too many, R2b under iOS 18.
    let path = try files.write(
      "c.jsonl",
      [
        #"{"name":"free","old":[["a","b","a"]],"new":[["a"]]}"#,
        #"{"name":"pinned","uikit":"ios12","old":[["a","b","a"]],"new":[["a"]]}"#,
      ])
    let run = await runCommand([
      "corpus", "check", path, "--generator", "map-moves", "--format", "json",
    ])
    #expect(run.standardOutput.contains(#""rule":"R2b""#))
    #expect(run.standardOutput.contains(#""rule":"R2""#))
    let ios12 = await runCommand(
      ["corpus", "check", path, "--generator", "map-moves", "--uikit", "ios12", "--format", "json"])
    #expect(!ios12.standardOutput.contains(#""rule":"R2b""#))
  }
}
