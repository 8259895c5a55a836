import BatchCheck
import BatchCheckCorpus
import Foundation
import Testing

/// The diffable rules' explanations (`RuleExplanation.diffable`) and the
/// snapshot corpus their examples come from: every example gets the verdict
/// it claims and shows its own rule, every text is the model's, and the
/// corpus shows each rule and its same-call counterpart.
@Suite("Diffable rule explanations")
struct DiffableRuleExplanationTests {
  typealias ID = SnapshotIdentifier

  /// The snapshot lines of `Corpus/snapshot.jsonl`, read.
  static func corpus() throws -> [SnapshotCase] {
    try lines().compactMap { value in
      if case .snapshot(let testCase) = value { return testCase }
      return nil
    }
  }

  /// The section snapshot lines of `Corpus/snapshot.jsonl`, read.
  static func sectionCorpus() throws -> [SectionSnapshotCase] {
    try lines().compactMap { value in
      if case .sectionSnapshot(let testCase) = value { return testCase }
      return nil
    }
  }

  /// Every line of `Corpus/snapshot.jsonl`; a line that is not a snapshot
  /// or a section snapshot case throws.
  static func lines() throws -> [CaseLineValue] {
    let path = CorpusReplayTests.corpusFolder.appendingPathComponent("snapshot.jsonl").path
    return try CaseFile.read(atPath: path).map { line in
      switch line.value {
      case .success(.snapshot(let value)): return .snapshot(value)
      case .success(.sectionSnapshot(let value)): return .sectionSnapshot(value)
      default: throw CorpusLineError(line: line.line)
      }
    }
  }

  struct CorpusLineError: Error { var line: Int }

  /// Whether a verdict shows `rule`: as its rule, a log or a warning.
  static func shows(_ verdict: SnapshotVerdict<ID, ID>, _ rule: SnapshotRule) -> Bool {
    verdict.rule == rule || verdict.logs.contains { $0.rule == rule }
      || verdict.warnings.contains { $0.rule == rule }
  }

  @Test(
    "one explanation per snapshot rule, S1 ... S13, Q1, SS1 ... SS5; C1 and C2 stay the batch table's"
  )
  func coversEveryRule() {
    let ids = RuleExplanation.diffable.map(\.id)
    #expect(ids == (1...13).map { "S\($0)" } + ["Q1"] + (1...5).map { "SS\($0)" })
    for explanation in RuleExplanation.diffable {
      #expect(explanation.isDiffable && explanation.rule == nil, "\(explanation.id)")
      #expect(explanation.snapshotRule?.rawValue == explanation.id)
      #expect(!explanation.title.isEmpty && !explanation.condition.isEmpty, "\(explanation.id)")
      #expect(!explanation.profiles.isEmpty && !explanation.certainty.isEmpty, "\(explanation.id)")
      #expect(!explanation.texts.isEmpty, "\(explanation.id)")
      #expect(explanation.versionsHeading == "iOS versions and SDK")
      #expect(RuleExplanation.named(explanation.id.lowercased()) == explanation)
    }
    #expect(Set(ids).isDisjoint(with: RuleExplanation.all.map(\.id)))
    #expect(
      RuleExplanation.everyRule
        == RuleExplanation.all + RuleExplanation.diffable + RuleExplanation.adapter)
    let c1 = RuleExplanation.named("c1")
    #expect(c1?.rule == .c1 && c1?.isDiffable == false)
    #expect(c1?.condition.contains("diffable snapshot") == true)
    #expect(RuleExplanation.named("S14") == nil)
  }

  @Test(
    "every example reads, gets the verdict its expect names, and shows its own rule in its text")
  func examplesGetTheirVerdicts() throws {
    for explanation in RuleExplanation.diffable {
      if explanation.id.hasPrefix("SS") {
        try Self.checkSectionExample(explanation)
        continue
      }
      guard let testCase = try explanation.exampleSnapshotCase() else {
        #expect(explanation.id == "S13", "\(explanation.id) has no example")
        #expect(explanation.example == nil && explanation.exampleJudgement == nil)
        continue
      }
      #expect(try explanation.exampleCase() == nil)
      #expect(explanation.exampleVerdict == nil)
      let expectation = try #require(testCase.expect, "\(explanation.id): no expect")
      let verdict = testCase.verdict
      #expect(testCase.agrees, "\(explanation.id): \(verdict.description)")
      #expect(expectation.rule == explanation.snapshotRule || explanation.id == "Q1")
      let rule = try #require(explanation.snapshotRule)
      #expect(Self.shows(verdict, rule), "\(explanation.id): \(verdict.description)")
      let messages =
        (verdict.rule == rule ? [verdict.message].compactMap { $0 } : [])
        + verdict.warnings.filter { $0.rule == rule }.map(\.message)
      #expect(!messages.isEmpty, "\(explanation.id)")
      for message in messages {
        #expect(explanation.matchesText(message), "\(explanation.id): \(message) fits no text")
      }
      let judgement = try #require(explanation.exampleJudgement)
      #expect(judgement.text.hasPrefix(verdict.description))
      #expect(judgement.headline.hasPrefix(verdict.kind.rawValue))
    }
    let q1 = try #require(RuleExplanation.named("Q1")?.exampleJudgement)
    #expect(q1.headline == "valid, warning Q1")
    #expect(
      q1.text.contains("\nwarning Q1: the row with key 1 changed its id from 1-Test to 1-Updated"))
    let s3 = try #require(RuleExplanation.named("S3")?.exampleJudgement)
    #expect(
      s3.headline == "logged S3" && s3.text.hasSuffix("\nfinal: [[\"S\",[\"b\",\"c\",\"a\"]]]"))
  }

  /// A section snapshot rule's example: it agrees, raises its own rule,
  /// and its text is one of the rule's.
  static func checkSectionExample(_ explanation: RuleExplanation) throws {
    let example = try #require(explanation.example, "\(explanation.id) has no example")
    let testCase = try SectionSnapshotCase(jsonLine: example)
    let verdict = testCase.verdict
    #expect(testCase.agrees, "\(explanation.id): \(verdict.description)")
    #expect(verdict.rule == explanation.snapshotRule, "\(explanation.id): \(verdict.description)")
    #expect(explanation.matchesText(verdict.message ?? ""), "\(explanation.id)")
    let judgement = try #require(explanation.exampleJudgement)
    #expect(judgement.text.hasPrefix(verdict.description))
  }

  @Test("every example is a line of Corpus/snapshot.jsonl without its name")
  func examplesComeFromTheCorpus() throws {
    let lines = try CorpusReplayTests.linesWithoutNames("snapshot.jsonl")
    let missing = RuleExplanation.diffable.filter {
      $0.example.map { !lines.contains($0) } ?? false
    }
    .map(\.id)
    #expect(missing.isEmpty, "not in Corpus/snapshot.jsonl: \(missing)")
  }

  @Test(
    "every text UIKit or BatchCheck gives in the corpus fits its rule's texts, and every text is met"
  )
  func textsAreTheModels() throws {
    var met: Set<String> = []
    func check(_ rule: SnapshotRule, _ message: String, _ place: String) {
      guard let explanation = RuleExplanation.diffable.first(where: { $0.snapshotRule == rule })
      else { return }
      let fitting = explanation.texts.filter { RuleExplanation.matches(message, template: $0) }
      #expect(!fitting.isEmpty, "\(place): \(message) fits no text of \(rule)")
      met.formUnion(fitting)
    }
    for testCase in try Self.corpus() {
      let verdict = testCase.verdict
      let place = testCase.name ?? "?"
      if let rule = verdict.rule, let message = verdict.message { check(rule, message, place) }
      for log in verdict.logs { check(log.rule, log.message, place) }
      for warning in verdict.warnings { check(warning.rule, warning.message, place) }
    }
    for testCase in try Self.sectionCorpus() {
      let verdict = testCase.verdict
      if let rule = verdict.rule, let message = verdict.message {
        check(rule, message, testCase.name ?? "?")
      }
    }
    // S13: no case line can write its ids; a snapshot of Swift values shows it.
    for message in Self.s13Messages() { check(.s13, message, "S13 from Swift") }
    let unmet = RuleExplanation.diffable.flatMap(\.texts).filter { !met.contains($0) }
    #expect(unmet.isEmpty, "texts no message fits: \(unmet)")
  }

  /// A reference whose count each hash bumps.
  final class Counter: @unchecked Sendable { var value = 0 }

  /// An id never equal to itself.
  struct Unequal: Hashable, CustomStringConvertible {
    static func == (_: Self, _: Self) -> Bool { false }
    func hash(into hasher: inout Hasher) { hasher.combine(0) }
    var description: String { "u" }
  }

  /// An id whose hash changes from one call to the next.
  struct Drifting: Hashable, CustomStringConvertible {
    let counter: Counter
    static func == (_: Self, _: Self) -> Bool { true }
    func hash(into hasher: inout Hasher) {
      counter.value += 1
      hasher.combine(counter.value)
    }
    var description: String { "d" }
  }

  /// S13's two texts, as applying a snapshot of such ids gives them.
  static func s13Messages() -> [String] {
    var unequal = SimulatedSnapshot<String, Unequal>()
    unequal.appendSections(["S"])
    unequal.appendItems([Unequal()], toSection: "S")
    var drifting = SimulatedSnapshot<String, Drifting>()
    drifting.appendSections(["S"])
    drifting.appendItems([Drifting(counter: Counter())], toSection: "S")
    let verdicts = [
      SnapshotVerdict.judge(unequal, start: .empty, old: [], new: nil).description,
      SnapshotVerdict.judge(drifting, start: .empty, old: [], new: nil).description,
    ]
    #expect(verdicts.allSatisfy { $0.hasPrefix("exception S13: ") }, "\(verdicts)")
    return verdicts.map { String($0.dropFirst("exception S13: ".count)) }
  }

  @Test(
    "Corpus/snapshot.jsonl shows each of S1 ... S12 and SS1 ... SS5 in a line, and has a line of the same ops that does not"
  )
  func corpusShowsEachRuleAndItsCounterpart() throws {
    let cases = try Self.corpus()
    for number in 1...12 {
      let rule = try #require(SnapshotRule(rawValue: "S\(number)"))
      let showing = cases.filter { Self.shows($0.verdict, rule) }
      #expect(!showing.isEmpty, "no line shows \(rule)")
      let shapes = Set(showing.map { $0.script.calls.map(\.name) })
      let counterpart = cases.first { testCase in
        !Self.shows(testCase.verdict, rule) && shapes.contains(testCase.script.calls.map(\.name))
      }
      #expect(counterpart != nil, "no line with the ops of a \(rule) line that does not show it")
    }
    let sectionCases = try Self.sectionCorpus()
    for number in 1...5 {
      let rule = try #require(SnapshotRule(rawValue: "SS\(number)"))
      let showing = sectionCases.filter { $0.verdict.rule == rule }
      #expect(!showing.isEmpty, "no line shows \(rule)")
      let shapes = Set(showing.map { $0.calls.map(\.name) })
      let counterpart = sectionCases.first { testCase in
        testCase.verdict.rule != rule && shapes.contains(testCase.calls.map(\.name))
      }
      #expect(counterpart != nil, "no line with the ops of a \(rule) line that does not show it")
    }
    for testCase in cases {
      #expect(testCase.name != nil && testCase.expect != nil, "every line has a name and an expect")
    }
    for testCase in sectionCases {
      #expect(testCase.name != nil && testCase.expect != nil, "every line has a name and an expect")
    }
    #expect(Set(cases.compactMap(\.name)).count == cases.count, "names are unique")
  }
}
