import BatchCheckTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An `--exec` generator never outlives `batchcheck`: the built executable
/// runs `corpus check --exec` with a shell that starts a `sleep` child and
/// waits, having written both process ids to a FIFO the test waits on; the
/// test signals `batchcheck` alone (not the generator's process group) and
/// then finds the shell, its child and the group's leader gone within a few
/// seconds.
///
/// SIGINT, SIGTERM and SIGHUP are caught: the generator gets SIGTERM first
/// (its trap runs and writes a file), and `batchcheck` then dies of the same
/// signal (status 128 + signal to a shell). SIGKILL cannot be caught: the
/// generator's supervisor sees its lifeline break and kills the group.
///
/// These processes are not the test's children: once killed they wait, as
/// zombies, for their parent or init to reap them, and a zombie counts as
/// gone (`/proc/PID/stat` state `Z`). `batchcheck` is started with
/// `posix_spawn` and waited for with `waitpid`, not with Foundation's
/// `Process`: `waitUntilExit` may never return while a process `batchcheck`
/// started (the very generator that outlived it, when this fails) holds what
/// `Process` gave it, and a failing test must fail, not hang.
@Suite("generators end with batchcheck", .serialized)
struct GeneratorSignalTests {
  @Test(
    "SIGINT, SIGTERM, SIGHUP: the generator gets SIGTERM, then batchcheck dies of the signal",
    arguments: [SIGINT, SIGTERM, SIGHUP])
  func caught(_ signalNumber: Int32) throws {
    let run = try GeneratorRun()
    defer { run.cleanUp() }
    kill(run.batchcheck, signalNumber)
    #expect(run.waitForBatchcheck() == signalNumber, "batchcheck did not die of the signal")
    for pid in run.pids { expectGone(pid) }
    #expect(
      (try? String(contentsOf: run.trapped, encoding: .utf8)) == "terminated\n",
      "the generator was not sent SIGTERM first")
  }

  @Test("SIGKILL: the supervisor kills the generator's group")
  func killed() throws {
    let run = try GeneratorRun()
    defer { run.cleanUp() }
    kill(run.batchcheck, SIGKILL)
    #expect(run.waitForBatchcheck() == SIGKILL)
    for pid in run.pids { expectGone(pid) }
  }

  @Test("a supervised generator answers, and its exit status reaches batchcheck")
  func supervised() throws {
    let executable = try #require(EndToEndTests.executable, "no built batchcheck")
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let corpus = try files.write("cases.jsonl", [#"{"old":[["a"]],"new":[["b"]]}"#])
    let answers = try runProcess(
      executable,
      [
        "corpus", "check", corpus, "--exec",
        #"while read -r l; do echo '{"deleteRows":[[0,0]],"insertRows":[[0,0]]}'; done"#,
      ])
    #expect(answers.status == 0, "\(answers.output)")
    let exits = try runProcess(
      executable, ["corpus", "check", corpus, "--exec", "echo oops >&2; exit 3"])
    #expect(exits.status == 1)
    #expect(exits.output.contains("exited with status 3"), "\(exits.output)")
    #expect(exits.output.contains("oops"))
  }

  // MARK: Helpers

  /// A `batchcheck corpus check --exec` whose generator is running: a shell
  /// (`$$`) waiting on a `sleep` child (`$!`), its trap on SIGTERM writing
  /// `trapped`. The shell writes both ids to a `ReadySignal` once the child
  /// runs; `init` returns when they come.
  private struct GeneratorRun {
    let files: TemporaryDirectory
    /// The `batchcheck` process, a child of this one.
    let batchcheck: pid_t
    /// The shell, its child and the group's leader.
    let pids: [pid_t]
    let trapped: URL
    /// Where the shell writes `$$ $!`; kept open for the run's life.
    let ready: ReadySignal

    init() throws {
      let executable = try #require(EndToEndTests.executable, "no built batchcheck")
      files = try TemporaryDirectory(prefix: "batchcheck-cli")
      let corpus = try files.write("cases.jsonl", [#"{"old":[["a"]],"new":[["b"]]}"#])
      ready = try ReadySignal(in: files, name: "pids")
      trapped = files.directory.appendingPathComponent("trapped")
      let command =
        #"trap 'echo terminated > "\#(trapped.path)"; exit 0' TERM; sleep 100 & echo "$$ $!" > "\#(ready.path)"; wait"#
      let arguments = [
        executable.path, "corpus", "check", corpus, "--exec", command, "--timeout", "100",
      ]
      var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
      defer { for pointer in argv { free(pointer) } }
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      for fd: Int32 in 0...2 {
        posix_spawn_file_actions_addopen(
          &actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
      }
      var pid: pid_t = 0
      try #require(posix_spawn(&pid, executable.path, &actions, nil, &argv, environ) == 0)
      batchcheck = pid
      let written = (ready.line(timeout: 30) ?? "")
        .split(whereSeparator: \.isWhitespace).compactMap { pid_t($0) }
      if written.count < 2 {
        kill(pid, SIGKILL)
        _ = waitpid(pid, nil, 0)
      }
      try #require(written.count == 2, "the generator did not start")
      let leader = getpgid(written[0])
      pids = written + (leader > 0 ? [leader] : [])
      #expect(leader > 0 && leader != pid, "the generator leads no process group of its own")
    }

    /// Reaps `batchcheck`, waiting at most ten seconds: `waitpid` blocks on
    /// a thread of its own, which signals the end. The signal that killed
    /// it, or nil when it exited or did not end (`cleanUp` then kills it,
    /// which also ends that thread's wait).
    func waitForBatchcheck() -> Int32? {
      let reaped = Reaped()
      let pid = batchcheck
      Thread {
        var status: Int32 = 0
        reaped.status = waitpid(pid, &status, 0) == pid ? status : nil
        reaped.done.signal()
      }.start()
      guard reaped.done.wait(timeout: .now() + 10) == .success, let status = reaped.status
      else { return nil }
      let signal = status & 0x7F
      return signal != 0 && signal != 0x7F ? signal : nil
    }

    /// Kills whatever is left, so that a failing test leaves no process behind.
    func cleanUp() {
      if kill(batchcheck, SIGKILL) == 0 { _ = waitpid(batchcheck, nil, 0) }
      for pid in pids where !processIsGone(pid) { kill(pid, SIGKILL) }
      files.remove()
    }
  }
}

/// The status `waitpid` gave, written before `done` is signalled and read after.
private final class Reaped: @unchecked Sendable {
  let done = DispatchSemaphore(value: 0)
  var status: Int32?
}

/// Expects `pid` gone, or a zombie, within five seconds.
private func expectGone(_ pid: pid_t, sourceLocation: SourceLocation = #_sourceLocation) {
  waitUntil(
    "process \(pid) is gone (it must not outlive batchcheck)", timeout: 5,
    sourceLocation: sourceLocation
  ) { processIsGone(pid) }
}

/// Runs `executable` with `arguments`; its status and its output and errors together.
private func runProcess(_ executable: URL, _ arguments: [String]) throws -> (
  status: Int32, output: String
) {
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = pipe
  try process.run()
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}
