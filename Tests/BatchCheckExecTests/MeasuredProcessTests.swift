import BatchCheckExec
import BatchCheckTestSupport
import Foundation
import Testing

/// A program run to its end with its output in files: how it ended, its
/// output and its own peak memory.
@Suite("Measured process")
struct MeasuredProcessTests {
  @Test("the exit code, the output in its file, a peak memory of its own")
  func exitCodeAndOutput() throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-measured")
    defer { files.remove() }
    let out = files.path("out")
    let err = files.path("err")
    let run = try MeasuredProcess.run(
      "/bin/sh", arguments: ["-c", "echo out; echo err >&2; exit 3"], standardOutput: out,
      standardError: err)
    #expect(run.exitCode == 3)
    #expect(run.ending == "status 3")
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "out\n")
    #expect(try String(contentsOfFile: err, encoding: .utf8) == "err\n")
    #expect(run.seconds > 0)
    #expect(run.peakKilobytes > 0)
  }

  @Test("a signal ends it without an exit code; a missing program is an error naming it")
  func signalAndMissing() throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-measured")
    defer { files.remove() }
    let killed = try MeasuredProcess.run(
      "/bin/sh", arguments: ["-c", "kill -9 $$"], standardOutput: files.path("out"),
      standardError: files.path("err"))
    #expect(killed.exitCode == nil)
    #expect(killed.ending.hasPrefix("signal 9"))
    #expect(throws: MeasuredProcessError.self) {
      try MeasuredProcess.run(
        "/nonexistent/program", arguments: [], standardOutput: files.path("out"),
        standardError: files.path("err"))
    }
    do {
      _ = try MeasuredProcess.run(
        "/bin/sh", arguments: [], standardOutput: "/nonexistent/folder/out",
        standardError: files.path("err"))
      Issue.record("an output file in a missing folder was opened")
    } catch {
      #expect(error.message.hasPrefix("cannot open /nonexistent/folder/out: "))
    }
  }

  @Test("a small child of a large process reports its own peak, not the parent's size")
  func peakIsTheChildsOwn() throws {
    #if os(Linux)
      let files = try TemporaryDirectory(prefix: "batchcheck-measured")
      defer { files.remove() }
      // 400 MiB resident in this process while the child runs: Linux's
      // ru_maxrss would report at least that much for the child.
      let size = 400 << 20
      let large = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 4096)
      defer { large.deallocate() }
      large.initializeMemory(as: UInt8.self, repeating: 1)
      let run = try MeasuredProcess.run(
        "/bin/sh", arguments: ["-c", "sleep 0.2"], standardOutput: files.path("out"),
        standardError: files.path("err"))
      #expect(run.exitCode == 0)
      #expect(run.peakKilobytes > 0 && run.peakKilobytes < 100 << 10, "\(run.peakKilobytes) KiB")
      #expect(large[size - 1] == 1)
    #endif
  }

  @Test("past its time limit it is killed and says so; within it, it ends as it would")
  func timeLimit() throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-measured")
    defer { files.remove() }
    let slow = try MeasuredProcess.run(
      "/bin/sh", arguments: ["-c", "sleep 30"], standardOutput: files.path("out"),
      standardError: files.path("err"), timeout: 0.3)
    #expect(slow.timedOut && slow.exitCode == nil)
    #expect(slow.ending == "a kill at its limit of 0.3 s")
    #expect(slow.seconds >= 0.3 && slow.seconds < 20)
    let quick = try MeasuredProcess.run(
      "/bin/sh", arguments: ["-c", "echo done; exit 2"], standardOutput: files.path("out"),
      standardError: files.path("err"), timeout: 20)
    #expect(!quick.timedOut && quick.exitCode == 2 && quick.ending == "status 2")
    #expect(try String(contentsOfFile: files.path("out"), encoding: .utf8) == "done\n")
  }
}
