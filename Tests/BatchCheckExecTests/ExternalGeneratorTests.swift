import BatchCheck
import BatchCheckTestSupport
import Foundation
import Testing

@testable import BatchCheckCorpus
@testable import BatchCheckExec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Each test writes a small generator script to a temporary directory and
/// runs it through `/bin/sh`; the scripts misbehave on purpose.
@Suite("External generators")
struct ExternalGeneratorTests {
  // MARK: Answers

  @Test("a correct generator round-trips 300 random cases, every update valid")
  func roundTrip() throws {
    let scratch = try TemporaryDirectory(prefix: "batchcheck-exec")
    let script = try scratch.file(
      "generator.py",
      """
      import json, sys
      for line in sys.stdin:
          case = json.loads(line)
          old, new = case["old"], case["new"]
          for row in [r for s in old + new for r in s]:
              if not (isinstance(row, (str, int)) or sorted(row) == ["content", "id"]):
                  sys.exit(5)
          if len(old) == len(new):
              answer = {"deleteRows": [[s, r] for s in range(len(old)) for r in range(len(old[s]))],
                        "insertRows": [[s, r] for s in range(len(new)) for r in range(len(new[s]))]}
          else:
              answer = {"deleteSections": list(range(len(old))), "insertSections": list(range(len(new)))}
          print(json.dumps(answer), flush=True)
      """)
    let generator = ExternalGenerator(command: "python3 \(script)")
    var random = SplitMix64(seed: 6)
    for index in 0..<300 {
      let old = Self.randomSections(&random)
      let new = Self.randomSections(&random)
      let update = try generator.update(from: old, to: new)
      #expect(update == Self.replaceEverything(old, new), "case \(index)")
      let verdict = SimulatedTableView(old).performBatchUpdates(update, dataSource: new)
      #expect(verdict.kind == .valid, "case \(index): \(verdict)")
    }
  }

  /// The example generator of the `--exec` protocol article (ExecProtocol.md),
  /// word for word: a line-based diff (Python's difflib) on row identities,
  /// with no reloads.
  static let readmeGenerator = """
    import difflib, json, sys

    ident = lambda row: json.dumps(row["id"] if isinstance(row, dict) else row)
    for line in sys.stdin:                        # one case per line
        case = json.loads(line)
        old, new = case["old"], case["new"]
        if len(old) != 1 or len(new) != 1:        # sections: replace them all
            answer = {"deleteSections": list(range(len(old))), "insertSections": list(range(len(new)))}
        else:
            ops = difflib.SequenceMatcher(None, [ident(r) for r in old[0]], [ident(r) for r in new[0]], False).get_opcodes()
            answer = {"deleteRows": [[0, i] for op, a, b, _, _ in ops if op != "equal" for i in range(a, b)],
                      "insertRows": [[0, j] for op, _, _, c, d in ops if op != "equal" for j in range(c, d)]}
        print(json.dumps(answer), flush=True)     # one answer per line, flushed
    """

  @Test(
    "the --exec article's Python generator: valid on identities, stale content when a row's content changes"
  )
  func readmeExample() throws {
    let scratch = try TemporaryDirectory(prefix: "batchcheck-exec")
    let script = try scratch.file("mydiff.py", Self.readmeGenerator)
    let generator = ExternalGenerator(command: "python3 \(script)")
    var random = SplitMix64(seed: 4)
    for index in 0..<200 {
      let old = (0..<Int.random(in: 0...7, using: &random)).map { _ in
        Row(.int(Int.random(in: 0...3, using: &random)))
      }
      let new = (0..<Int.random(in: 0...7, using: &random)).map { _ in
        Row(.int(Int.random(in: 0...3, using: &random)))
      }
      let update = try generator.update(from: old, to: new)
      let verdict = SimulatedTableView([old]).performBatchUpdates(update, dataSource: [new])
      #expect(verdict.kind == .valid, "case \(index): \(old) -> \(new): \(verdict)")
    }
    let old = [[Row("a"), Row(id: "b", content: 1)]]
    let new = [[Row(id: "b", content: 2), Row("c")]]
    let update = try generator.update(from: old, to: new)
    #expect(update == BatchUpdate(deleteRows: [RowPath(0, 0)], insertRows: [RowPath(0, 1)]))
    #expect(
      SimulatedTableView(old).performBatchUpdates(update, dataSource: new).kind == .staleContent)
    let sections = try generator.update(from: [[Row("a")], []], to: [])
    #expect(sections == BatchUpdate(deleteSections: [0, 1]))
  }

  @Test("each case is sent as one line {\"old\":[[...]],\"new\":[[...]]}, rows in case-file form")
  func requestLines() throws {
    let scratch = try TemporaryDirectory(prefix: "batchcheck-exec")
    let log = scratch.path("requests.jsonl")
    let generator = ExternalGenerator(
      command: #"while IFS= read -r line; do printf '%s\n' "$line" >> \#(log); echo '{}'; done"#)
    let odd = Row(id: "a \"b\"\n\u{1}é漢", content: -3)
    #expect(try generator.update(from: [Row("a"), Row(1)], to: []) == BatchUpdate())
    #expect(
      try generator.update(from: [[], [odd]], to: [[Row(id: 2, content: 2)]]) == BatchUpdate())
    #expect(try generator.update(from: Self.noRows, to: Self.noRows) == BatchUpdate())
    generator.close()
    #expect(
      try String(contentsOfFile: log, encoding: .utf8)
        == #"""
        {"old":[["a",1]],"new":[[]]}
        {"old":[[],[{"id":"a \"b\"\n\u0001é漢","content":-3}]],"new":[[2]]}
        {"old":[],"new":[]}

        """#)
  }

  @Test("every update key is read; {} is the empty update")
  func everyKey() throws {
    let answer =
      #"{"deleteSections":[0],"insertSections":[1],"reloadSections":[2],"moveSections":[[3,4]],"deleteRows":[[0,1]],"insertRows":[[2,3]],"reloadRows":[[4,5]],"moveRows":[[[6,7],[8,9]]]}"#
    let generator = ExternalGenerator(
      command: "read -r l; echo '\(answer)'; read -r l; echo ' {} '; cat >/dev/null")
    #expect(
      try generator.update(from: [[Row("a")]], to: [])
        == BatchUpdate(
          deleteSections: [0], insertSections: [1], reloadSections: [2],
          moveSections: [SectionMove(from: 3, to: 4)],
          deleteRows: [RowPath(0, 1)], insertRows: [RowPath(2, 3)], reloadRows: [RowPath(4, 5)],
          moveRows: [RowMove(from: RowPath(6, 7), to: RowPath(8, 9))]))
    #expect(try generator.update(from: [[Row("a")]], to: []) == BatchUpdate())
  }

  @Test("a case of 200,000 rows goes through the pipe both ways")
  func largeCase() throws {
    let scratch = try TemporaryDirectory(prefix: "batchcheck-exec")
    let script = try scratch.file(
      "count.py",
      """
      import json, sys
      for line in sys.stdin:
          case = json.loads(line)
          print(json.dumps({"deleteRows": [[0, len(case["old"][0]) - 1]]}), flush=True)
      """)
    let generator = ExternalGenerator(command: "python3 \(script)")
    let old = (0..<200_000).map { Row(.int($0)) }
    #expect(
      try generator.update(from: old, to: []) == BatchUpdate(deleteRows: [RowPath(0, 199_999)]))
  }

  @Test("calls from eight threads take turns on one process")
  func concurrentCalls() throws {
    let generator = ExternalGenerator(
      command: #"while IFS= read -r line; do echo "{\"insertSections\":[${#line}]}"; done"#)
    let results = Results()
    // Threads, not tasks: each call blocks its thread until the process answers.
    let threads = (0..<8).map { thread in
      Thread {
        for size in [thread, thread + 8] {
          results.set(
            size, try? generator.update(from: [], to: [(0..<size).map { Row(.int($0 % 10)) }]))
        }
        results.finished.signal()
      }
    }
    for thread in threads { thread.start() }
    for _ in threads { results.finished.wait() }
    for size in 0..<16 {
      let line = Case(old: [], new: [(0..<size).map { Row(.int($0 % 10)) }]).jsonLine
      #expect(results.get(size) == BatchUpdate(insertSections: [line.utf8.count]), "size \(size)")
    }
  }

  /// The answers of `concurrentCalls`. `@unchecked Sendable`: `answers` is
  /// only touched while holding `lock`.
  final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var answers: [Int: BatchUpdate] = [:]
    let finished = DispatchSemaphore(value: 0)

    func set(_ size: Int, _ update: BatchUpdate?) {
      lock.lock()
      answers[size] = update
      lock.unlock()
    }

    func get(_ size: Int) -> BatchUpdate? {
      lock.lock()
      defer { lock.unlock() }
      return answers[size]
    }
  }

  // MARK: Cases in flight

  @Test("cases are in flight: a process that answers only after reading four cases is served")
  func casesInFlight() throws {
    // Reads four lines, then answers all four: one case at a time would hang.
    let batches =
      #"while read -r a && read -r b && read -r c && read -r d; do for x in 1 2 3 4; do echo '{}'; done; done"#
    let generator = ExternalGenerator(command: batches, timeout: 2)
    let cases = (0..<8).map { _ in (old: Self.noRows, new: Self.noRows) }
    let answers = generator.updates(for: cases)
    #expect(answers.count == 8)
    #expect(answers.allSatisfy { (try? $0.get()) == BatchUpdate() }, "\(answers)")
    // One at a time, the same process never answers.
    let single = ExternalGenerator(command: batches, timeout: 0.3)
    #expect(
      Self.failure { try single.update(from: Self.noRows, to: Self.noRows) }?.kind == .timedOut)
  }

  @Test("in flight or one at a time, a generator's answers are the same, in order")
  func inFlightEqualsOneAtATime() throws {
    let scratch = try TemporaryDirectory(prefix: "batchcheck-exec")
    let script = try scratch.file("mydiff.py", Self.readmeGenerator)
    var random = SplitMix64(seed: 11)
    let cases = (0..<300).map { _ in
      (old: Self.randomSections(&random), new: Self.randomSections(&random))
    }
    let pipelined = ExternalGenerator(command: "python3 \(script)", pipelineDepth: 64)
    let answers = pipelined.updates(for: cases).map { try? $0.get() }
    let single = ExternalGenerator(command: "python3 \(script)")
    for (index, testCase) in cases.enumerated() {
      let one = try single.update(from: testCase.old, to: testCase.new)
      #expect(answers[index] == one, "case \(index)")
    }
  }

  @Test("a failure in flight is that case's; the cases after it go to a fresh process")
  func failureInFlight() throws {
    // Answers two cases, then exits 1 on the third.
    let generator = ExternalGenerator(
      command:
        #"n=0; while read -r l; do n=$((n+1)); if [ $n -eq 3 ]; then exit 1; fi; echo '{}'; done"#)
    let answers = generator.updates(for: (0..<6).map { _ in (old: Self.noRows, new: Self.noRows) })
    let kinds = answers.map { answer -> String in
      switch answer {
      case .success: "ok"
      case .failure(let error): error.kind.rawValue
      }
    }
    #expect(kinds == ["ok", "ok", "crashed", "ok", "ok", "crashed"])
    // A command that cannot start fails every case, each with its error.
    let missing = ExternalGenerator(command: "exec /nonexistent/generator")
    let failed = missing.updates(for: (0..<3).map { _ in (old: Self.noRows, new: Self.noRows) })
    #expect(failed.count == 3 && failed.allSatisfy { (try? $0.get()) == nil })
  }

  @Test("the engine's verdicts are the same with cases in flight and one at a time")
  func engineInFlight() throws {
    // Valid on one section (replace it), wrong on several: a failure to find.
    let command = #"while read -r l; do echo '{"deleteSections":[0],"insertSections":[0]}'; done"#
    var options = CheckOptions(
      count: 600, exhaustiveTotal: 6, shrinkBudget: 0, stopAtFirstFailure: false)
    options.maxSize = 12
    let one = check(ExternalGenerator(command: command, pipelineDepth: 1), options: options)
    let many = check(ExternalGenerator(command: command, pipelineDepth: 32), options: options)
    #expect(one.failedCases > 0)
    #expect(many.casesRun == one.casesRun && many.failedCases == one.failedCases)
    #expect(many.failures.map(\.index) == one.failures.map(\.index))
    #expect(many.failures.map(\.kind) == one.failures.map(\.kind))
  }

  // MARK: Failures, each followed by a fresh process

  @Test("exit 3 on the second case is a crash with the status and stderr; the third case restarts")
  func crash() throws {
    let generator = ExternalGenerator(
      command:
        #"n=0; while read -r l; do n=$((n+1)); if [ $n -eq 2 ]; then echo "boom at case $n" >&2; exit 3; fi; echo '{}'; done"#
    )
    #expect(try generator.update(from: [Row("a")], to: []) == BatchUpdate())
    let first = generator.processID
    let error = Self.failure { try generator.update(from: [Row("b")], to: []) }
    #expect(error?.kind == .crashed)
    #expect(
      error?.message.contains("exited with status 3 before answering") == true,
      "\(String(describing: error))")
    #expect(error?.message.contains("boom at case 2") == true, "\(String(describing: error))")
    #expect(generator.processID == nil)
    #expect(try generator.update(from: [Row("c")], to: []) == BatchUpdate())
    #expect(generator.processID != nil && generator.processID != first)
  }

  @Test("killed by a signal is a crash naming the signal")
  func signal() throws {
    let generator = ExternalGenerator(command: "read -r l; kill -KILL $$")
    let error = Self.failure { try generator.update(from: Self.noRows, to: Self.noRows) }
    #expect(error?.kind == .crashed)
    #expect(error?.message == "exited with signal 9 (Killed) before answering")
  }

  @Test("a hang times out within the timeout, and the process and its grandchild are gone")
  func hang() throws {
    let scratch = try TemporaryDirectory(prefix: "batchcheck-exec")
    let pids = scratch.path("pids")
    let script = try scratch.file(
      "hang.sh",
      """
      sleep 100 >/dev/null 2>&1 &
      echo "$$ $!" > \(pids)
      read -r line
      sleep 100
      """)
    let generator = ExternalGenerator(command: "sh \(script)", timeout: 0.5)
    let start = Date()
    let error = Self.failure { try generator.update(from: [Row("a")], to: [Row("b")]) }
    let elapsed = Date().timeIntervalSince(start)
    #expect(error?.kind == .timedOut)
    #expect(error?.message == "no answer within 0.5 s of reading the case; killed it")
    #expect(elapsed >= 0.5 && elapsed < 1.5, "took \(elapsed) s")
    let processes = try Self.pids(in: pids)
    #expect(processes.count == 2)
    for pid in processes {
      Self.expectGone(pid, "its timeout")
    }
  }

  @Test("a process that closes stdout and stays is unavailable once the timeout passes")
  func closesStdout() throws {
    let generator = ExternalGenerator(command: "exec >&-; sleep 100", timeout: 0.5)
    let error = Self.failure { try generator.update(from: Self.noRows, to: Self.noRows) }
    #expect(error?.kind == .unavailable)
    #expect(error?.message == "closed its stdout without answering; killed it")
  }

  @Test("garbage is malformed output with the column and an excerpt; the next case restarts")
  func garbage() throws {
    let scratch = try TemporaryDirectory(prefix: "batchcheck-exec")
    let answers = try scratch.file(
      "answers",
      #"""
      hello
      {"deleteRows":[[0,x]]}
      {"deleteRow":[]}
      [1]
      {"moveRows":[[[0,1]]]}
      {"insertSections":[99999999999999999999]}
      {} {}
      \#u{FF}
      {}

      """#)
    // Line 8 is the byte 0xFF alone: not UTF-8.
    var bytes = Array(try String(contentsOfFile: answers, encoding: .utf8).utf8)
    if let start = bytes.firstIndex(of: 0xC3) {
      bytes.replaceSubrange(start...(start + 1), with: [0xFF])
    }
    try Data(bytes).write(to: URL(fileURLWithPath: answers))
    // Each process answers the first line of `answers` that an earlier one has not taken.
    let counter = scratch.path("counter")
    let command =
      #"n=$(cat \#(counter) 2>/dev/null || echo 0); n=$((n+1)); echo $n > \#(counter); read -r l; sed -n "${n}p" \#(answers); read -r l"#
    let generator = ExternalGenerator(command: command)
    let expected: [(Int, String)] = [
      (1, "unexpected 'h'; expected a JSON value: hello"),
      (19, #"unexpected 'x'; expected a JSON value: {"deleteRows":[[0,x]]}"#),
      (2, #"unknown key "deleteRow" in an update; expected one of deleteSections, "#),
      (1, "expected an object for an update, found an array: [1]"),
      (14, "expected an array of two row paths for a row move, found an array of 1 element"),
      (20, "number 99999999999999999999 does not fit in a 64-bit integer"),
      (4, "unexpected '{' after the JSON value: {} {}"),
      (1, "invalid UTF-8 (byte 0xFF)"),
    ]
    for (index, (column, text)) in expected.enumerated() {
      let error = Self.failure { try generator.update(from: Self.noRows, to: Self.noRows) }
      #expect(error?.kind == .malformedOutput, "line \(index + 1)")
      #expect(
        error?.message.hasPrefix("the answer is not an update: column \(column): ") == true,
        "\(String(describing: error))")
      #expect(error?.message.contains(text) == true, "\(String(describing: error))")
    }
    // Line 9, from a ninth process.
    #expect(try generator.update(from: Self.noRows, to: Self.noRows) == BatchUpdate())
  }

  @Test(
    "a partial line then exit 0 is unavailable, then exit 2 is a crash; both quote the partial line"
  )
  func partialLine() throws {
    let clean = ExternalGenerator(command: #"read -r l; printf '{"deleteRows"'; exit 0"#)
    let error = Self.failure { try clean.update(from: Self.noRows, to: Self.noRows) }
    #expect(error?.kind == .unavailable)
    #expect(
      error?.message
        == #"exited with status 0 before answering, after 13 bytes without a line break ({"deleteRows")"#
    )
    let failing = ExternalGenerator(command: #"read -r l; printf '{"dele'; exit 2"#)
    let crash = Self.failure { try failing.update(from: Self.noRows, to: Self.noRows) }
    #expect(crash?.kind == .crashed)
    #expect(
      crash?.message
        == #"exited with status 2 before answering, after 6 bytes without a line break ({"dele)"#)
  }

  @Test("an endless line is malformed output, read in bounded memory")
  func flood() throws {
    let limit = 1 << 20
    let generator = ExternalGenerator(
      command: "read -r l; yes | tr -d '\\n'", timeout: 10, name: "exec", maxAnswerBytes: limit,
      terminationGrace: 0.5)
    let error = Self.failure { try generator.update(from: Self.noRows, to: Self.noRows) }
    #expect(error?.kind == .malformedOutput)
    #expect(
      error?.message.hasPrefix("floods stdout: more than 1 MiB without a line break (yyyy") == true,
      "\(String(describing: error))")
    #expect(generator.largestStdoutBuffer > limit)
    #expect(generator.largestStdoutBuffer <= limit + 64 * 1024)
  }

  @Test("two lines for one case: the next case reports it and restarts; the one after is answered")
  func twoLines() throws {
    let scratch = try TemporaryDirectory(prefix: "batchcheck-exec")
    let written = try ReadySignal(in: scratch)
    // After both lines, a line to the signal: the extra line is in the pipe then.
    let generator = ExternalGenerator(
      command:
        #"while read -r l; do echo '{}'; echo '{"deleteRows":[[0,0]]}'; echo > "\#(written.path)"; done"#
    )
    #expect(try generator.update(from: Self.noRows, to: Self.noRows) == BatchUpdate())
    try #require(written.line(timeout: 10) != nil)
    let error = Self.failure { try generator.update(from: Self.noRows, to: Self.noRows) }
    #expect(error?.kind == .malformedOutput)
    #expect(
      error?.message.hasPrefix("wrote more than one line for the previous case") == true,
      "\(String(describing: error))")
    #expect(
      error?.message.contains(#"({"deleteRows":[[0,0]]}\n)"#) == true,
      "\(String(describing: error))")
    #expect(try generator.update(from: Self.noRows, to: Self.noRows) == BatchUpdate())
  }

  /// What a child that exits 0 after answering a case is told on the next.
  static let exitedAfterAnswering =
    "exited with status 0 after answering the previous case, without answering this one; "
    + "a generator answers case after case until its stdin ends"

  @Test(
    "a child that exits after one answer is unavailable on the next case, saying so; then restarted"
  )
  func exitsAfterOneAnswer() throws {
    let generator = ExternalGenerator(command: "read -r l; echo '{}'")
    #expect(try generator.update(from: Self.noRows, to: Self.noRows) == BatchUpdate())
    try #require(Self.exits(try #require(generator.processID), within: 10))
    let error = Self.failure { try generator.update(from: Self.noRows, to: Self.noRows) }
    #expect(error?.kind == .unavailable && error?.message == Self.exitedAfterAnswering)
    #expect(try generator.update(from: Self.noRows, to: Self.noRows) == BatchUpdate())
  }

  @Test(
    "a child that exits 0 after one answer gets the same message whether it ends before or after the next case is sent"
  )
  func exitAfterAnswerIsTimingFree() throws {
    // It is still running when the next case is sent, and ends 0.3 s later
    // without answering it: the message is the one of a child that had
    // ended before (`exitsAfterOneAnswer`).
    let generator = ExternalGenerator(command: "read -r l; echo '{}'; sleep 0.3")
    #expect(try generator.update(from: Self.noRows, to: Self.noRows) == BatchUpdate())
    let error = Self.failure { try generator.update(from: Self.noRows, to: Self.noRows) }
    #expect(error?.kind == .unavailable && error?.message == Self.exitedAfterAnswering)
  }

  @Test("a child that exits 0 at once is unavailable")
  func exitsAtOnce() throws {
    let generator = ExternalGenerator(command: "exit 0")
    let error = Self.failure { try generator.update(from: Self.noRows, to: Self.noRows) }
    #expect(error?.kind == .unavailable)
    #expect(error?.message == "exited with status 0 before answering")
  }

  @Test("a command that is not found is unavailable, with the shell's message")
  func notFound() throws {
    let generator = ExternalGenerator(command: "batchcheck-no-such-generator --json")
    let error = Self.failure { try generator.update(from: Self.noRows, to: Self.noRows) }
    #expect(error?.kind == .unavailable)
    #expect(
      error?.message.hasPrefix(
        "the shell could not run the command: exited with status 127 before answering; its stderr ends:\n"
      ) == true,
      "\(String(describing: error))")
    #expect(
      error?.message.contains("batchcheck-no-such-generator: not found") == true,
      "\(String(describing: error))")
  }

  @Test("a chatty stderr never blocks the child, and only its last 2 KiB are kept")
  func chattyStderr() throws {
    let generator = ExternalGenerator(
      command:
        #"while read -r l; do yes 'noise on stderr' | head -c 1000000 >&2; echo 'last words' >&2; echo '{}'; done; "#
        + #"echo 'done' >&2; exit 4"#)
    for _ in 0..<3 {
      #expect(try generator.update(from: Self.noRows, to: Self.noRows) == BatchUpdate())
    }
    let chatty = ExternalGenerator(
      command:
        #"read -r l; yes 'noise on stderr' | head -c 1000000 >&2; echo 'last words' >&2; exit 4"#)
    let error = Self.failure { try chatty.update(from: Self.noRows, to: Self.noRows) }
    #expect(error?.kind == .crashed)
    let message = error?.message ?? ""
    #expect(
      message.hasPrefix("exited with status 4 before answering; its stderr ends:\n...\n"),
      "\(message)")
    #expect(message.hasSuffix("noise on stderr\nlast words"), "\(message)")
    #expect(message.utf8.count < 2048 + 100)
  }

  // MARK: Ending

  @Test("close and deinit kill a child that ignores stdin's end and SIGTERM, with its grandchild")
  func closeKillsStubbornChild() throws {
    let scratch = try TemporaryDirectory(prefix: "batchcheck-exec")
    let pids = scratch.path("pids")
    let command =
      #"trap '' TERM; sleep 100 >/dev/null 2>&1 & echo "$$ $!" > \#(pids); while read -r l; do echo '{}'; done; sleep 100"#
    do {
      let generator = ExternalGenerator(
        command: command, timeout: 5, name: "exec", maxAnswerBytes: 1 << 20, terminationGrace: 0.3)
      #expect(try generator.update(from: Self.noRows, to: Self.noRows) == BatchUpdate())
      let start = Date()
      generator.close()
      #expect(Date().timeIntervalSince(start) < 2)
      #expect(generator.processID == nil)
      let closed = try Self.pids(in: pids)
      #expect(closed.count == 2)
      for pid in closed { Self.expectGone(pid, "close()") }
      // A new process after close.
      #expect(try generator.update(from: Self.noRows, to: Self.noRows) == BatchUpdate())
    }  // deinit
    let dropped = try Self.pids(in: pids)
    #expect(dropped.count == 2)
    for pid in dropped { Self.expectGone(pid, "its generator") }
  }

  @Test("a running process group is registered for the exit handler until it is reaped")
  func exitRegistry() throws {
    let generator = ExternalGenerator(command: "while read -r l; do echo '{}'; done")
    #expect(try generator.update(from: Self.noRows, to: Self.noRows) == BatchUpdate())
    let pid = try #require(generator.processID)
    #expect(ProcessCleanup.shared.contains(pid))
    generator.close()
    #expect(!ProcessCleanup.shared.contains(pid))
  }

  // MARK: Helpers

  /// No section: `[]` alone would not say which `update(from:to:)` is meant.
  static let noRows: [[Row]] = []

  /// The error `body` throws; nil (and a recorded issue) when it answers.
  static func failure(_ body: () throws -> BatchUpdate) -> GeneratorError? {
    do {
      let update = try body()
      Issue.record("expected a GeneratorError, got \(update)")
      return nil
    } catch {
      guard let error = error as? GeneratorError else {
        Issue.record("expected a GeneratorError, got \(error)")
        return nil
      }
      return error
    }
  }

  /// The process ids a script wrote to `file`: `$$ $!`.
  static func pids(in file: String) throws -> [pid_t] {
    try String(contentsOfFile: file, encoding: .utf8).split(separator: " ").compactMap {
      pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
  }

  /// Whether the child `pid` exits within `seconds`: `waitid(2)` blocks on a
  /// thread of its own until the child is a zombie, its descriptors all
  /// closed, and leaves it for its owner to reap (`WNOWAIT`). The test fails
  /// when it does not.
  static func exits(
    _ pid: pid_t, within seconds: Double, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    let exited = DispatchSemaphore(value: 0)
    Thread {
      var info = siginfo_t()
      _ = waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT)
      exited.signal()
    }.start()
    guard exited.wait(timeout: .now() + seconds) == .success else {
      Issue.record("process \(pid) still runs after \(seconds) s", sourceLocation: sourceLocation)
      return false
    }
    return true
  }

  /// Expects `pid` to stop running within a second: SIGKILL is delivered
  /// asynchronously, so a killed grandchild may take a moment to die. A
  /// zombie waiting for its reaper counts as gone.
  static func expectGone(
    _ pid: pid_t, _ outliving: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    waitUntil(
      "process \(pid) is gone (it must not outlive \(outliving))", timeout: 1,
      sourceLocation: sourceLocation
    ) { processIsGone(pid) }
  }

  /// Deletes every row and inserts every row when the section counts agree,
  /// else deletes every section and inserts every section.
  static func replaceEverything(_ old: [[Row]], _ new: [[Row]]) -> BatchUpdate {
    guard old.count == new.count else {
      return BatchUpdate(deleteSections: Array(old.indices), insertSections: Array(new.indices))
    }
    return BatchUpdate(
      deleteRows: old.indices.flatMap { s in old[s].indices.map { RowPath(s, $0) } },
      insertRows: new.indices.flatMap { s in new[s].indices.map { RowPath(s, $0) } })
  }

  /// Up to 3 sections of up to 6 rows, with awkward strings and content rows.
  static func randomSections(_ random: inout SplitMix64) -> [[Row]] {
    let pool: [Row] = [
      Row("a"), Row("b"), Row(1), Row(-7), Row("quote \" and \\"), Row("é漢🙂"), Row("line\nbreak"),
      Row(id: "x", content: 2), Row(id: 3, content: "three"),
    ]
    return (0..<Int.random(in: 0...3, using: &random)).map { _ in
      (0..<Int.random(in: 0...6, using: &random)).map { _ in
        pool[Int.random(in: 0..<pool.count, using: &random)]
      }
    }
  }
}
