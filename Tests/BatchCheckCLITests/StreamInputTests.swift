import BatchCheckTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Case files that are streams, not regular files: a FIFO, a pipe named
/// `/dev/stdin` (what a shell's `<(command)` gives, a `/dev/fd/N`), and `-`
/// for standard input. They are read to their end; nothing asks their size.
@Suite("stream inputs", .serialized)
struct StreamInputTests {
  @Test("validate reads a FIFO fed by another thread")
  func fifo() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let path = files.directory.appendingPathComponent("cases.fifo").path
    #expect(mkfifo(path, 0o644) == 0)
    // Enough bytes to fill the pipe's buffer many times over.
    let lines = Array(repeating: Lines.agrees, count: 5_000)
    let writer = Thread { feed(path, Data(lines.map { $0 + "\n" }.joined().utf8)) }
    writer.start()
    let run = await runCommand(["validate", path])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardError == "")
    #expect(run.standardOutput.hasSuffix("5000 passed, 0 failed\n"))
  }

  @Test("validate - and corpus check - read standard input, a pipe")
  func standardInput() throws {
    let input = [Lines.agrees, Lines.noExpectation].map { $0 + "\n" }.joined()
    let validate = try runExecutable(["validate", "-", "--format", "json"], input: input)
    #expect(validate.status == 0, "\(validate.standardError)")
    #expect(
      validate.standardOutput == """
        {"file":"-","line":1,"name":"unchanged","verdict":"valid","agrees":true,"edits":\(Lines.agreesEdits)}
        {"file":"-","line":2,"verdict":"valid","agrees":true}

        """)
    let check = try runExecutable(["corpus", "check", "-", "--generator", "heckel"], input: input)
    #expect(check.status == 0, "\(check.standardError)")
    #expect(check.standardOutput.contains("-: 2 cases, 2 passed, 0 failed"))
  }

  @Test("validate /dev/stdin: a path that names a pipe, as <(command) does")
  func devFd() throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let path = try files.write("cases.jsonl", [Lines.agrees, Lines.agrees])
    let executable = try #require(EndToEndTests.executable, "no built batchcheck")
    let run = try runProcess(
      URL(fileURLWithPath: "/bin/sh"),
      ["-c", #"cat "$1" | "$0" validate /dev/stdin"#, executable.path, path], input: nil)
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput.hasSuffix("2 passed, 0 failed\n"))
  }

  // MARK: Helpers

  /// Runs the built `batchcheck` with `arguments`, `input` on its standard input.
  private func runExecutable(_ arguments: [String], input: String) throws -> CommandRun {
    let executable = try #require(EndToEndTests.executable, "no built batchcheck")
    return try runProcess(executable, arguments, input: input)
  }

  /// Runs `executable`, feeding `input` (if any) to a pipe on its standard input.
  private func runProcess(_ executable: URL, _ arguments: [String], input: String?) throws
    -> CommandRun
  {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let standardInput = Pipe()
    let output = Pipe()
    let error = Pipe()
    process.standardInput = input == nil ? FileHandle.nullDevice : standardInput
    process.standardOutput = output
    process.standardError = error
    try process.run()
    if let input {
      let handle = standardInput.fileHandleForWriting
      let writer = Thread {
        try? handle.write(contentsOf: Data(input.utf8))
        try? handle.close()
      }
      writer.start()
    }
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandRun(
      status: process.terminationStatus,
      standardOutput: String(decoding: outputData, as: UTF8.self),
      standardError: String(decoding: errorData, as: UTF8.self))
  }
}

/// Opens the FIFO `path` for writing once a reader has it open (giving up
/// after ten seconds, so that a reader that never comes leaves no thread
/// blocked), writes `data` and closes it.
func feed(_ path: String, _ data: Data) {
  let deadline = Date().addingTimeInterval(10)
  var descriptor: Int32 = -1
  while descriptor < 0 && Date() < deadline {
    descriptor = open(path, O_WRONLY | O_NONBLOCK)
    if descriptor < 0 { usleep(2_000) }
  }
  guard descriptor >= 0 else { return }
  _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
  data.withUnsafeBytes { bytes in
    var written = 0
    while written < bytes.count {
      let result = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
      if result <= 0 { break }
      written += result
    }
  }
  close(descriptor)
}
