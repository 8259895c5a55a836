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
    let writer = FIFOWriter(path, Data(lines.map { $0 + "\n" }.joined().utf8))
    let run = await runCommand(["validate", path])
    writer.finish()
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

/// Writes `data` to the FIFO `path` on a thread of its own, once a reader
/// opens it: the thread's `open(2)` blocks until then, and returns the
/// moment the reader comes. `finish()` ends the thread in any case.
final class FIFOWriter: Sendable {
  let path: String
  /// Signalled when the writer's `open(2)` has returned.
  private let opened = DispatchSemaphore(value: 0)
  /// Signalled when the writer has closed the FIFO.
  private let done = DispatchSemaphore(value: 0)

  init(_ path: String, _ data: Data) {
    self.path = path
    Thread { [opened, done] in
      var descriptor: Int32
      repeat { descriptor = open(path, O_WRONLY) } while descriptor < 0 && errno == EINTR
      opened.signal()
      if descriptor >= 0 {
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
      done.signal()
    }.start()
  }

  /// Waits for the writer to finish, after the reader is done with the FIFO.
  /// A writer still waiting for a reader that never came (or still writing)
  /// gets one: this end, opened without waiting, read to the writer's close,
  /// so that no thread is left blocked.
  func finish() {
    let reader = open(path, O_RDONLY | O_NONBLOCK)
    defer { if reader >= 0 { close(reader) } }
    // Either the writer opened long ago, or it opens now that a reader is here.
    opened.wait()
    if reader >= 0 {
      // Blocking reads until every writer has closed (at once, when it has).
      _ = fcntl(reader, F_SETFL, fcntl(reader, F_GETFL) & ~O_NONBLOCK)
      var chunk = [UInt8](repeating: 0, count: 65_536)
      while read(reader, &chunk, chunk.count) > 0 {}
    }
    done.wait()
  }
}
