import BatchCheck
import BatchCheckCorpus
import Foundation
import ReferenceDiffs
import Testing

@testable import BatchCheckCLI

/// The progress line's text: a pure function of the counts and the time
/// taken, so no test waits on a clock.
@Suite("progress line")
struct ProgressLineTests {
  @Test("phase, done / total, rate and time left")
  func fullLine() {
    let text = ProgressLine.text(
      prefix: "heckel (5/9)", phase: "exhaustive pairs", done: 12_000, total: 46_113,
      counted: 10_000,
      elapsed: .seconds(2))
    #expect(text == "heckel (5/9): exhaustive pairs 12000 / 46113, 5000 cases/s, 7 s left")
  }

  @Test("without a prefix, a total or a rate, what cannot be known is left out")
  func partialLines() {
    #expect(
      ProgressLine.text(
        prefix: nil, phase: "random cases", done: 0, total: 10_000, counted: 0, elapsed: .zero)
        == "random cases 0 / 10000")
    #expect(
      ProgressLine.text(
        prefix: nil, phase: "exhaustive pairs", done: 1024, total: nil, counted: 512,
        elapsed: .seconds(1))
        == "exhaustive pairs 1024, 512 cases/s")
    #expect(
      ProgressLine.text(
        prefix: nil, phase: "random cases", done: 10, total: 20, counted: 5, elapsed: .seconds(2))
        == "random cases 10 / 20, 2.5 cases/s, 4 s left")
    #expect(
      ProgressLine.text(
        prefix: "a.jsonl", phase: "cases", done: 10, total: 10, counted: 10,
        elapsed: .milliseconds(500))
        == "a.jsonl: cases 10 / 10, 20 cases/s")
  }

  @Test("time left: seconds, minutes, hours, rounded up")
  func timeLeft() {
    #expect(ProgressLine.timeLeft(seconds: 0.2) == "1 s")
    #expect(ProgressLine.timeLeft(seconds: 59) == "59 s")
    #expect(ProgressLine.timeLeft(seconds: 200) == "3 min 20 s")
    #expect(ProgressLine.timeLeft(seconds: 7500) == "2 h 5 min")
    #expect(ProgressLine.timeLeft(seconds: .infinity).hasSuffix("min"))
  }

  @Test("the engine reports the corpus and exhaustive phases every 512 cases and at their end")
  func phaseProgress() throws {
    let generator = try #require(ReferenceGenerators.anyContract(named: "heckel"))
    let calls = Calls()
    var options = CheckOptions(count: 0, exhaustiveTotal: 6)
    options.regressions = [(old: [[Row(1)]], new: [[Row(2)]])]
    options.phaseProgress = { phase, done, total in
      calls.append("\(phase) \(done) \(total.map(String.init) ?? "?")")
    }
    let report = check(generator, options: options)
    #expect(report.passed)
    // The exhaustive total the progress line computes is the engine's count.
    let pairs = ExhaustivePairs(
      maxTotal: 6, contentTotal: CheckOptions.defaultExhaustiveContentTotal
    ).count
    #expect(pairs == report.exhaustiveCases)
    #expect(
      calls.all
        == ["corpus 1 1"] + (1...(pairs / 512)).map { "exhaustive \($0 * 512) ?" }
        + ["exhaustive \(pairs) \(pairs)"])
  }
}

/// The calls a callback received, in order.
private final class Calls: @unchecked Sendable {
  private let lock = NSLock()
  private var calls: [String] = []

  func append(_ call: String) {
    lock.lock()
    calls.append(call)
    lock.unlock()
  }

  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return calls
  }
}
