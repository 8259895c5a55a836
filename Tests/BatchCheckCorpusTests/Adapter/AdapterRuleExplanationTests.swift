import BatchCheck
import BatchCheckCorpus
import Foundation
import Testing

/// The adapter causes' explanations (`RuleExplanation.adapter`): one per
/// cause, each with a fix and an example line of `Corpus/adapter.jsonl`
/// that gets the verdict, rule and cause it names.
@Suite("Adapter cause explanations")
struct AdapterRuleExplanationTests {
  @Test("one explanation per cause, A1 ... A13, with a fix; none is a rule")
  func coversEveryCause() {
    let ids = RuleExplanation.adapter.map(\.id)
    #expect(ids == AdapterCause.allCases.map(\.rawValue))
    for explanation in RuleExplanation.adapter {
      #expect(explanation.adapterCause?.rawValue == explanation.id)
      #expect(explanation.rule == nil && !explanation.isDiffable, "\(explanation.id)")
      #expect(!explanation.title.isEmpty && !explanation.condition.isEmpty, "\(explanation.id)")
      #expect(!explanation.profiles.isEmpty && !explanation.certainty.isEmpty, "\(explanation.id)")
      #expect(explanation.fix?.isEmpty == false, "\(explanation.id)")
      #expect(explanation.versionsHeading == "Views, iOS 12 and iOS 18")
      #expect(RuleExplanation.named(explanation.id.lowercased()) == explanation)
      #expect(explanation.textSource == .none || !explanation.texts.isEmpty, "\(explanation.id)")
    }
    #expect(RuleExplanation.all.allSatisfy { $0.fix == nil && $0.adapterCause == nil })
    #expect(RuleExplanation.named("A14") == nil)
  }

  @Test(
    "every example reads as an adapter case, agrees with its expect and gets its own cause; a text of its own fits"
  )
  func examplesGetTheirCauses() throws {
    for explanation in RuleExplanation.adapter {
      guard case .adapter(let testCase) = try explanation.exampleLine() else {
        Issue.record("\(explanation.id): no adapter example")
        continue
      }
      let report = testCase.script().run()
      #expect(testCase.agrees, "\(explanation.id): \(report.outcomes)")
      #expect(report.cause == explanation.adapterCause, "\(explanation.id): \(report.outcomes)")
      let judgement = try #require(explanation.exampleJudgement)
      #expect(judgement.text.hasPrefix(report.verdict.rawValue))
      // A cause's own texts are those of outcomes UIKit raises no rule's text
      // for: skipped, a fallback's log, the diffable guard.
      if !explanation.texts.isEmpty, report.verdict != .exception || report.rule == nil,
        let message = report.message
      {
        #expect(
          explanation.matchesText(message), "\(explanation.id): \(message) fits none of its texts")
      }
    }
  }

  @Test("every example is a line of Corpus/adapter.jsonl without its name")
  func examplesComeFromTheCorpus() throws {
    let lines = try CorpusReplayTests.linesWithoutNames("adapter.jsonl")
    let missing = RuleExplanation.adapter.filter { $0.example.map { !lines.contains($0) } ?? true }
      .map(\.id)
    #expect(missing.isEmpty, "not in Corpus/adapter.jsonl: \(missing)")
  }
}
