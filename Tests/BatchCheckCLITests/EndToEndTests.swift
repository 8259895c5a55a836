import BatchCheckTestSupport
import Foundation
import Testing

/// Runs the built `batchcheck` executable, as a user or CI would.
@Suite("batchcheck, the executable")
struct EndToEndTests {
  /// The `batchcheck` built beside this test bundle (`swift test` builds every
  /// product into the same directory), or else in a `.build*` directory of the
  /// package; nil when neither exists.
  static let executable: URL? = {
    let fileManager = FileManager.default
    var candidates: [URL] = []
    if let bundle = Bundle.main.executableURL
      ?? CommandLine.arguments.first.map({ URL(fileURLWithPath: $0) })
    {
      candidates.append(bundle.deletingLastPathComponent().appendingPathComponent("batchcheck"))
    }
    let packageRoot = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let buildDirectories = (try? fileManager.contentsOfDirectory(atPath: packageRoot.path)) ?? []
    for name in buildDirectories.sorted() where name.hasPrefix(".build") {
      candidates.append(
        packageRoot.appendingPathComponent(name).appendingPathComponent("debug/batchcheck"))
    }
    return candidates.first { fileManager.isExecutableFile(atPath: $0.path) }
  }()

  private func run(_ arguments: [String]) throws -> (
    status: Int32, standardOutput: String, standardError: String
  ) {
    let executable = try #require(
      Self.executable, "no built batchcheck beside the test bundle or in .build*/debug")
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: outputData, as: UTF8.self),
      String(decoding: errorData, as: UTF8.self)
    )
  }

  @Test("validate --format json prints the lines and exits 65 for a malformed line")
  func validate() throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let path = try files.write("cases.jsonl", [Lines.agrees, Lines.malformed])
    let result = try run(["validate", path, "--format", "json"])
    #expect(result.status == 65)
    #expect(
      result.standardOutput == """
        {"file":"\(path)","line":1,"name":"unchanged","verdict":"valid","agrees":true,"edits":\(Lines.agreesEdits)}
        {"file":"\(path)","line":2,"column":44,"error":"expected an array of two integers for a row path, found an array of 1 element"}

        """)
    #expect(result.standardError == "")
  }

  @Test("batchcheck answer serves --exec: heckel through the pipe passes, cases in flight or not")
  func answerThroughExec() throws {
    let executable = try #require(Self.executable)
    let command = "'\(executable.path)' answer --generator heckel"
    for pipeline in ["16", "1"] {
      let result = try run(
        [
          "check", "--exec", command, "--count", "300", "--max-size", "20", "--exhaustive-total",
          "4", "--pipeline", pipeline,
        ])
      #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
      #expect(
        result.standardOutput.hasSuffix("300 passed, 0 failed\n")
          || result.standardOutput.contains(" passed, 0 failed"))
    }
    let wrong = try run(["check", "--exec", command, "--pipeline", "0"])
    #expect(wrong.status == 64)
  }

  @Test("exit statuses 0 and 64 reach the shell")
  func statuses() throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let path = try files.write("ok.jsonl", [Lines.agrees])
    let ok = try run(["validate", path])
    #expect(ok.status == 0)
    #expect(ok.standardOutput == "\(path):1 unchanged: valid ✓ agrees\n1 passed, 0 failed\n")
    let usage = try run(["validate"])
    #expect(usage.status == 64)
    #expect(
      usage.standardError
        == "Error: Missing expected argument '<file>'\nSee 'batchcheck validate --help'.\n")
    let help = try run(["--help"])
    #expect(help.status == 0)
    #expect(help.standardOutput.hasPrefix("OVERVIEW:"))
    // (The main job's own status is RootCommandTests'.)
    let version = try run(["--version"])
    #expect(version.status == 0)
    #expect(version.standardOutput.hasPrefix("batchcheck "))
  }
}
