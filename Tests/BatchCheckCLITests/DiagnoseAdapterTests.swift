import BatchCheckCorpus
import BatchCheckTestSupport
import Foundation
import Testing

@Suite("diagnose: causes in the apply code")
struct DiagnoseAdapterTests {
  static let notAdvanced =
    "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (20) must be equal to the number of rows contained in that section before the update (20), plus or minus the number of rows inserted or deleted from that section (0 inserted, 1 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out).'"
  static let wrongDiff =
    "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (5) must be equal to the number of rows contained in that section before the update (3), plus or minus the number of rows inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out)."

  /// The `adapterCauses` of the log's one diagnosis, as JSON objects.
  func adapterCauses(_ log: String) async throws -> [[String: Any]] {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let path = try files.write("crash.log", [log])
    let run = await runCommand(["diagnose", path, "--format", "json"])
    #expect(run.status == 0)
    let line = try #require(run.standardOutput.split(separator: "\n").first)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    return try #require(object["adapterCauses"] as? [[String: Any]])
  }

  @Test(
    "before equal to after with a delete: the model not advanced (A4) among the causes, its script replays"
  )
  func notAdvanced() async throws {
    let causes = try await adapterCauses(Self.notAdvanced)
    let names = causes.compactMap { $0["cause"] as? String }
    #expect(names.contains("A4"))
    #expect(names.allSatisfy { ["A1", "A2", "A3", "A4"].contains($0) })
    for cause in causes {
      let data = try JSONSerialization.data(withJSONObject: try #require(cause["case"]))
      let testCase = try AdapterCase(jsonLine: String(decoding: data, as: UTF8.self))
      #expect(testCase.agrees, "\(cause)")
      #expect(testCase.expect?.cause?.rawValue == cause["cause"] as? String)
    }
  }

  @Test("a diff's own mistake fits no cause in the apply code")
  func wrongDiff() async throws {
    #expect(try await adapterCauses(Self.wrongDiff).isEmpty)
  }
}
