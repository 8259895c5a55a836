import BatchCheck
import BatchCheckTestSupport
import Foundation
import Testing

@testable import BatchCheckExec

/// Planted generators that crash, die or hang, run through `check` with a
/// crash limit: each kind is found at its smallest, and the process starts
/// stay bounded (counted by the scripts themselves, one line per start).
@Suite("External generators that crash, die or hang")
struct MisbehavingGeneratorTests {
  /// A right generator (every old row deleted, every new one inserted),
  /// with `mischief` run on each case first; each start appends a line to
  /// `starts`.
  static func planted(_ scratch: TemporaryDirectory, _ mischief: String) throws -> (
    command: String, starts: String
  ) {
    let starts = scratch.path("starts")
    let script = try scratch.file(
      "generator.py",
      """
      import json, os, sys, time
      open(\(String(reflecting: starts)), "a").write("start\\n")
      answered = 0
      for line in sys.stdin:
          case = json.loads(line)
          old, new = case["old"], case["new"]
          ids_old = [json.dumps(r["id"] if isinstance(r, dict) else r) for s in old for r in s]
          ids_new = [json.dumps(r["id"] if isinstance(r, dict) else r) for s in new for r in s]
      \(mischief.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
          answer = {"deleteSections": list(range(len(old))), "insertSections": list(range(len(new)))}
          if len(old) == 1 and len(new) == 1:
              answer = {"deleteRows": [[0, i] for i in range(len(old[0]))],
                        "insertRows": [[0, j] for j in range(len(new[0]))]}
              if len(ids_old) == 3 and len(ids_new) == 1 and "wrong" in sys.argv:
                  answer["insertRows"] = []
          answered += 1
          print(json.dumps(answer), flush=True)
      """)
    return ("python3 \(script)", starts)
  }

  static func starts(_ path: String) -> Int {
    ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").count
  }

  static var options: CheckOptions {
    var options = CheckOptions(count: 400, exhaustiveTotal: 6)
    options.maxCrashes = 5
    return options
  }

  @Test(
    "a crash on a class of input: found at its smallest, its like skipped, a bounded number of starts"
  )
  func crashOnAClass() throws {
    let scratch = try TemporaryDirectory(prefix: "batchcheck-exec")
    let (command, starts) = try Self.planted(
      scratch, "if any(ids_new.count(x) >= 3 for x in ids_new):\n    sys.exit(3)")
    let generator = ExternalGenerator(command: command)
    let report = check(generator, options: Self.options)
    generator.close()
    let crash = try #require(report.failures.first { $0.error?.kind == .crashed })
    #expect(crash.old == [[]] && crash.new == [[Row("a"), Row("a"), Row("a")]])
    #expect(crash.isProvenMinimal)
    #expect(crash.message.contains("exited with status 3"))
    let exhaustive = try #require(report.incomplete.first { $0.phase == .exhaustive })
    #expect(exhaustive.predictedCrashes > 100)
    // Without the limit every crashing case would restart it: hundreds.
    #expect(Self.starts(starts) < 60)
  }

  @Test("a crash and a wrong update: one run reports both, each at its smallest")
  func crashAndWrong() throws {
    let scratch = try TemporaryDirectory(prefix: "batchcheck-exec")
    let (command, starts) = try Self.planted(
      scratch, "if any(ids_new.count(x) >= 3 for x in ids_new):\n    os.kill(os.getpid(), 11)")
    let generator = ExternalGenerator(command: command + " wrong")
    let report = check(generator, options: Self.options)
    generator.close()
    let crash = try #require(report.failures.first { $0.error?.kind == .crashed })
    #expect(crash.rowCount == 3)
    #expect(crash.message.contains("signal 11") || crash.message.contains("status 139"))
    let wrong = try #require(report.failures.first { $0.rule == .r2 })
    #expect(wrong.rowCount == 4)
    #expect(wrong.isProvenMinimal)
    #expect(Self.starts(starts) < 60)
  }

  @Test(
    "a generator that dies every fourth answer: phases end at the limit, a bounded number of starts"
  )
  func diesEveryFourth() throws {
    let scratch = try TemporaryDirectory(prefix: "batchcheck-exec")
    let (command, starts) = try Self.planted(scratch, "if answered == 3:\n    sys.exit(1)")
    let generator = ExternalGenerator(command: command)
    let report = check(generator, options: Self.options)
    generator.close()
    #expect(report.failures.contains { $0.error?.kind == .crashed })
    #expect(report.incomplete.contains { $0.phase == .exhaustive && $0.reason == .crashBudget })
    #expect(!report.passed)
    // 17 here: the cases in flight when a phase stops are dropped, not
    // answered again by a fresh process (over 100 when they were).
    #expect(Self.starts(starts) < 45)
  }

  @Test(
    "a hang on a class of input: the limit is learned after the first, a bounded number of starts")
  func hangOnAClass() throws {
    let scratch = try TemporaryDirectory(prefix: "batchcheck-exec")
    let (command, starts) = try Self.planted(
      scratch, "if len(ids_old) == 2 and len(ids_new) == 2:\n    time.sleep(100)")
    let generator = ExternalGenerator(command: command, timeout: 1)
    var options = Self.options
    options.count = 0
    options.exhaustiveTotal = 4
    let report = check(generator, options: options)
    generator.close()
    let hang = try #require(report.failures.first { $0.error?.kind == .timedOut })
    #expect(hang.rowCount == 4)
    #expect(hang.isProvenMinimal)
    #expect(report.incomplete.contains { $0.phase == .exhaustive })
    // 23 here: the cases in flight when the phase stops are dropped, not
    // each hung on again by a fresh process.
    #expect(Self.starts(starts) < 45)
  }

  @Test("cases in flight after a crash that ends the stream are not sent to a fresh process")
  func stopDropsCasesInFlight() throws {
    let scratch = try TemporaryDirectory(prefix: "batchcheck-exec")
    let (command, starts) = try Self.planted(scratch, "if len(ids_new) == 3:\n    sys.exit(3)")
    let generator = ExternalGenerator(command: command, pipelineDepth: 16)
    let cases = (0..<12).map { size in
      ([[Row]]([[]]), [(0..<(size % 4)).map { Row(.int($0)) }])
    }
    var remaining = cases[...]
    var answers: [Result<BatchUpdate, GeneratorError>] = []
    generator.updates(
      from: { remaining.popFirst() },
      answerWhile: { result in
        answers.append(result)
        if case .failure = result { return false }
        return true
      })
    generator.close()
    // Sizes 0, 1, 2 answered; size 3 crashed; the 8 cases after it dropped.
    #expect(answers.count == 4)
    #expect(answers.last.map { if case .failure = $0 { true } else { false } } == true)
    #expect(Self.starts(starts) == 1)
    // Kept going, the same cases cost a start, and another after each of
    // the first two of their three crashes.
    let again = ExternalGenerator(command: command, pipelineDepth: 16)
    remaining = cases[...]
    answers = []
    again.updates(from: { remaining.popFirst() }, answer: { answers.append($0) })
    again.close()
    #expect(answers.count == 12)
    #expect(Self.starts(starts) == 1 + 3)
  }
}
