import BatchCheck
import BatchCheckCorpus
import Foundation
import Testing

/// The rule explanations that `batchcheck explain` prints and
/// `Sources/BatchCheck/BatchCheck.docc/UIKitRules.md` is generated from:
/// every example gets the verdict it claims, every text is the simulator's,
/// and the article matches the table.
@Suite("Rule explanations")
struct RuleExplanationTests {
  /// The rules whose example ends in another rule's verdict: they describe
  /// how UIKit treats something rather than a check of their own.
  static let shownThroughOtherRules: Set<String> = [
    "R9", "R18", "R19", "R21", "R24", "R25", "R26", "R27",
  ]

  @Test("one explanation per rule, in order: every verdict rule, R24-R29 between R23 and C1")
  func coversEveryRule() {
    let ids = RuleExplanation.all.map(\.id)
    let expected =
      Rule.allCases.filter { $0 < .c1 && $0 != .r28 }.map(\.rawValue) + (24...29).map { "R\($0)" }
      + ["C1", "C2"]
    #expect(ids == expected)
    for explanation in RuleExplanation.all {
      #expect(!explanation.title.isEmpty && !explanation.condition.isEmpty, "\(explanation.id)")
      #expect(!explanation.profiles.isEmpty && !explanation.certainty.isEmpty, "\(explanation.id)")
      #expect(explanation.textSource == .none || !explanation.texts.isEmpty, "\(explanation.id)")
    }
    #expect(RuleExplanation.named("r2B")?.id == "R2b")
    #expect(RuleExplanation.named("R30") == nil)
  }

  @Test(
    "every example reads, gets the verdict its expect names, and shows its own rule unless it says otherwise"
  )
  func examplesGetTheirVerdicts() throws {
    for explanation in RuleExplanation.all {
      guard let testCase = try explanation.exampleCase() else {
        #expect(["R23", "R28", "R29"].contains(explanation.id), "\(explanation.id) has no example")
        continue
      }
      let expectation = try #require(
        testCase.expect, "\(explanation.id): the example has no expect")
      let verdict = testCase.run()
      #expect(expectation.agrees(with: verdict), "\(explanation.id): \(verdict)")
      #expect(explanation.exampleVerdict == verdict)
      if Self.shownThroughOtherRules.contains(explanation.id) {
        #expect(
          verdict.rule?.rawValue != explanation.id, "\(explanation.id) is shown by its own rule")
      } else {
        #expect(verdict.rule == explanation.rule, "\(explanation.id): \(verdict)")
        #expect(verdict.rule?.rawValue == explanation.id, "\(explanation.id): \(verdict)")
      }
      if verdict.rule?.rawValue == explanation.id, let message = verdict.message {
        #expect(
          explanation.matchesText(message), "\(explanation.id): \(message) fits none of its texts")
      }
    }
  }

  @Test("R23's text is the simulator's (no case can show it)")
  func r23() throws {
    let explanation = try #require(RuleExplanation.named("R23"))
    guard case .failure(let exception) = RowPath.fromIndices([0, 3, 1]) else {
      Issue.record("three indices accepted")
      return
    }
    #expect(exception.rule == .r23)
    #expect(explanation.matchesText(exception.message))
  }

  @Test("every example is a line of the UIKit corpora without its name")
  func examplesComeFromTheCorpora() throws {
    var lines: Set<String> = []
    for file in ["uikit-rules.jsonl", "uikit-ios18.jsonl"] {
      let text = try String(
        contentsOf: GuideText.root.appendingPathComponent("Corpus/\(file)"), encoding: .utf8)
      for line in text.split(separator: "\n") {
        lines.insert(String(line).replacing(#/"name":"[^"]*",/#, with: ""))
      }
    }
    let missing = RuleExplanation.all.filter { $0.example.map { !lines.contains($0) } ?? false }
      .map(\.id)
    #expect(missing.isEmpty, "not in the corpora: \(missing)")
  }

  @Test(
    "the guide's three generated parts are what the tables render, and every case line in it gets its expect"
  )
  func guideMatchesTheTable() throws {
    let guide = try GuideText.guide("UIKitRules.md")
    let parts: [(command: String, markdown: String)] = [
      ("batchcheck explain --markdown", RuleExplanation.guideMarkdown),
      ("batchcheck explain --markdown --diffable", RuleExplanation.diffableGuideMarkdown),
      ("batchcheck explain --markdown --adapter", RuleExplanation.adapterGuideMarkdown),
    ]
    for (command, markdown) in parts {
      let part = try #require(
        GuideText.generatedPart(of: guide, command: command), "no markers for \(command)")
      #expect(
        part == markdown,
        "UIKitRules.md is out of date: replace its generated part with `\(command)`")
    }
    let cases = GuideText.jsonBlocks(in: guide)
    #expect(cases.count == RuleExplanation.everyRule.filter { $0.example != nil }.count)
    var snapshots = 0
    var adapters = 0
    for line in cases {
      switch try CaseLineValue(
        jsonLine: line, file: "Sources/BatchCheck/BatchCheck.docc/UIKitRules.md")
      {
      case .batch(let testCase):
        let expectation = try #require(
          testCase.expect, "a case of the guide has no expect: \(line)")
        #expect(expectation.agrees(with: testCase.run()), "\(line)")
      case .snapshot(let testCase):
        snapshots += 1
        #expect(testCase.expect != nil, "a case of the guide has no expect: \(line)")
        #expect(testCase.agrees, "\(line): \(testCase.verdict.description)")
      case .sectionSnapshot(let testCase):
        snapshots += 1
        #expect(testCase.expect != nil, "a case of the guide has no expect: \(line)")
        #expect(testCase.agrees, "\(line): \(testCase.verdict.description)")
      case .adapter(let testCase):
        adapters += 1
        #expect(testCase.expect != nil && testCase.agrees, "\(line)")
      }
    }
    #expect(snapshots == RuleExplanation.diffable.filter { $0.example != nil }.count)
    #expect(adapters == RuleExplanation.adapter.filter { $0.example != nil }.count)
    #expect(adapters == AdapterCause.allCases.count)
  }

  @Test("a text matches with %ld and %@ standing for anything, literal parts in place")
  func textMatching() {
    let template =
      "attempt to delete row %ld from section %ld which only contains %ld rows before the update"
    #expect(
      RuleExplanation.matches(
        "attempt to delete row 5 from section 0 which only contains 3 rows before the update",
        template: template))
    #expect(!RuleExplanation.matches("attempt to delete row 5 from section 0", template: template))
    #expect(
      !RuleExplanation.matches(
        "an attempt to delete row 5 from section 0 which only contains 3 rows before the update",
        template: template))
    #expect(RuleExplanation.matches("exact", template: "exact"))
    #expect(!RuleExplanation.matches("exact!", template: "exact"))
    #expect(RuleExplanation.matches("Updates = [ ]\nend", template: "Updates = [%@]\nend"))
  }
}
