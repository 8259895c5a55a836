import BatchCheck
import BatchCheckCorpus
import Testing

@testable import BatchCheckCLI

@Suite("batchcheck explain")
struct ExplainCommandTests {
  @Test(
    "without a rule: one line per rule, its id and title, the batch rules, then the diffable ones and the adapter causes under headings, exit 0"
  )
  func list() async {
    let run = await runCommand(["explain"])
    #expect(run.status == 0)
    #expect(run.standardError == "")
    let parts = run.standardOutput.components(separatedBy: "\n\n")
    #expect(parts.count == 3)
    let batch = parts[0].split(separator: "\n").map(String.init)
    #expect(batch.count == RuleExplanation.all.count)
    #expect(batch.first == "R1   The number of sections must add up")
    #expect(batch.contains("R2b  Invalid batch updates detected (iOS 18)"))
    #expect(batch.last == "C2   Stale content: a changed row was not refreshed")
    for (line, explanation) in zip(batch, RuleExplanation.all) {
      #expect(line.hasPrefix(explanation.id + " ") && line.hasSuffix(explanation.title), "\(line)")
    }
    let diffable = parts.dropFirst().first?.split(separator: "\n").map(String.init) ?? []
    #expect(diffable.first == ExplainCommand.diffableHeading)
    #expect(
      Array(diffable.dropFirst())
        == ExplainCommand.list(of: RuleExplanation.diffable).split(separator: "\n").map(String.init)
    )
    #expect(diffable.count == RuleExplanation.diffable.count + 1)
    #expect(diffable.contains("S10  Reloaded and reconfigured ids must exist"))
    #expect(diffable.contains("Q1   Identity churn: a row changed its id (a warning)"))
    #expect(diffable.last == "SS5  A section snapshot answers only for ids it holds")
    let only = await runCommand(["explain", "--diffable"])
    #expect(only.status == 0)
    #expect(only.standardOutput == ExplainCommand.list(of: RuleExplanation.diffable))
    let adapter = parts.dropFirst(2).first?.split(separator: "\n").map(String.init) ?? []
    #expect(adapter.first == ExplainCommand.adapterHeading)
    #expect(adapter.count == AdapterCause.allCases.count + 1)
    for (line, cause) in zip(adapter.dropFirst(), AdapterCause.allCases) {
      #expect(line.hasPrefix(cause.rawValue + " "), "\(line)")
    }
    #expect(adapter.contains("A6   reloadData was called inside the block"))
    let causes = await runCommand(["explain", "--adapter"])
    #expect(causes.status == 0)
    #expect(causes.standardOutput == ExplainCommand.list(of: RuleExplanation.adapter))
    #expect(causes.standardOutput.hasPrefix("A1   ") && !causes.standardOutput.contains("R1 "))
  }

  @Test(
    "every adapter cause is explained: condition, texts, the likely fix, an example from the corpus and its judgement, which agrees and names the cause"
  )
  func everyAdapterCause() async throws {
    #expect(RuleExplanation.adapter.map(\.id) == AdapterCause.allCases.map(\.rawValue))
    for explanation in RuleExplanation.adapter {
      let run = await runCommand(["explain", explanation.id.lowercased()])
      #expect(run.status == 0, "\(explanation.id)")
      let output = run.standardOutput
      #expect(
        output.hasPrefix("\(explanation.id): \(explanation.title)\n\nWhen:\n"), "\(explanation.id)")
      for heading in [
        "\nExample:\n", "\nLikely fix:\n", "\nViews, iOS 12 and iOS 18:\n", "\nHow sure:\n",
      ] {
        #expect(output.contains(heading), "\(explanation.id) lacks \(heading)")
      }
      let fix = try #require(explanation.fix, "\(explanation.id) has no fix")
      let words = output.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
      for prose in [explanation.condition, fix, explanation.profiles, explanation.certainty] {
        #expect(words.contains(prose), "\(explanation.id): prose lost in wrapping")
      }
      for text in explanation.texts {
        #expect(output.contains(ExplainCommand.indented(text)), "\(explanation.id): text missing")
      }
      let example = try #require(explanation.example, "\(explanation.id) has no example")
      #expect(output.contains("  " + example + "\n"), "\(explanation.id): example missing")
      guard case .adapter(let testCase) = try CaseLineValue(jsonLine: example) else {
        Issue.record("\(explanation.id): not an adapter example")
        continue
      }
      #expect(testCase.agrees, "\(explanation.id)")
      let report = testCase.script().run()
      #expect(report.cause?.rawValue == explanation.id, "\(explanation.id): \(report.outcomes)")
      #expect(testCase.expect?.cause?.rawValue == explanation.id)
      let judgement = RuleExplanation.judgement(of: .adapter(testCase))
      #expect(
        output.contains("BatchCheck's verdict on it:\n" + ExplainCommand.indented(judgement.text)))
      #expect(judgement.headline.hasSuffix("cause \(explanation.id)"), "\(judgement.headline)")
    }
  }

  @Test(
    "every rule is explained: condition, text, example, the example's verdict, both profiles, certainty"
  )
  func everyRule() async throws {
    for explanation in RuleExplanation.all {
      let run = await runCommand(["explain", explanation.id])
      #expect(run.status == 0, "\(explanation.id)")
      #expect(run.standardError == "")
      let output = run.standardOutput
      #expect(
        output.hasPrefix("\(explanation.id): \(explanation.title)\n\nWhen:\n"), "\(explanation.id)")
      for heading in ["\nExample:\n", "\niOS 12 and iOS 18:\n", "\nHow sure:\n"] {
        #expect(output.contains(heading), "\(explanation.id) lacks \(heading)")
      }
      let words = output.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
      for prose in [explanation.condition, explanation.profiles, explanation.certainty] {
        #expect(words.contains(prose), "\(explanation.id): prose lost in wrapping")
      }
      for text in explanation.texts {
        #expect(output.contains(ExplainCommand.indented(text)), "\(explanation.id): text missing")
      }
      guard let example = explanation.example else { continue }
      #expect(output.contains("  " + example + "\n"), "\(explanation.id): example missing")
      // The example really gets the verdict the command prints, and its expect.
      let testCase = try Case(jsonLine: example)
      let verdict = testCase.run()
      #expect(testCase.expect?.agrees(with: verdict) == true, "\(explanation.id): \(verdict)")
      #expect(
        output.contains(
          "BatchCheck's verdict on it:\n" + ExplainCommand.indented(verdict.description)))
      if let rule = explanation.rule, !["R9", "R18", "R19", "R21"].contains(explanation.id) {
        #expect(verdict.rule == rule, "\(explanation.id): \(verdict)")
      }
    }
  }

  @Test(
    "every diffable rule is explained: condition, text, example, the example's verdict, versions and SDK, certainty"
  )
  func everyDiffableRule() async throws {
    for explanation in RuleExplanation.diffable {
      let run = await runCommand(["explain", explanation.id.lowercased()])
      #expect(run.status == 0, "\(explanation.id)")
      #expect(run.standardError == "")
      let output = run.standardOutput
      #expect(
        output.hasPrefix("\(explanation.id): \(explanation.title)\n\nWhen:\n"), "\(explanation.id)")
      for heading in ["\nExample:\n", "\niOS versions and SDK:\n", "\nHow sure:\n"] {
        #expect(output.contains(heading), "\(explanation.id) lacks \(heading)")
      }
      #expect(!output.contains("iOS 12 and iOS 18:"))
      let words = output.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
      for prose in [explanation.condition, explanation.profiles, explanation.certainty] {
        #expect(words.contains(prose), "\(explanation.id): prose lost in wrapping")
      }
      for text in explanation.texts {
        #expect(output.contains(ExplainCommand.indented(text)), "\(explanation.id): text missing")
      }
      guard let example = explanation.example else {
        #expect(output.contains("Example:\n  None. "), "\(explanation.id)")
        continue
      }
      #expect(output.contains("  " + example + "\n"), "\(explanation.id): example missing")
      // The example really gets the verdict the command prints, and its expect.
      let line = try CaseLineValue(jsonLine: example)
      let judgement = RuleExplanation.judgement(of: line)
      #expect(
        output.contains("BatchCheck's verdict on it:\n" + ExplainCommand.indented(judgement.text)))
      switch line {
      case .snapshot(let testCase):
        #expect(testCase.agrees, "\(explanation.id): \(testCase.verdict.description)")
        #expect(judgement.text.hasPrefix(testCase.verdict.description))
      case .sectionSnapshot(let testCase):
        #expect(testCase.agrees, "\(explanation.id): \(testCase.verdict.description)")
        #expect(judgement.text.hasPrefix(testCase.verdict.description))
      case .batch, .adapter: Issue.record("\(explanation.id): not a diffable example")
      }
    }
  }

  @Test("S3 in full: UIKit's log, the case, the logged verdict with its final snapshot")
  func s3() async {
    let run = await runCommand(["explain", "S3"])
    #expect(run.status == 0)
    #expect(
      run.standardOutput.hasPrefix(
        "S3: An existing item appended or inserted again is moved, and logged\n"))
    #expect(
      run.standardOutput.contains(
        """
        BatchCheck's verdict on it:
          logged S3: Diffable data source detected an attempt to insert or append 1 item identifier
        """))
    #expect(
      run.standardOutput.contains(
        "\n  final: [[\"S\",[\"b\",\"c\",\"a\"]]]\n\niOS versions and SDK:\n"))
    let none = await runCommand(["explain", "S13"])
    #expect(
      none.status == 0 && none.standardOutput.contains("Example:\n  None. No case line can show it")
    )
    let c1 = await runCommand(["explain", "C1"])
    #expect(c1.standardOutput.contains("\niOS 12 and iOS 18:\n"))
  }

  @Test("a rule in any case; R11 in full")
  func oneRule() async {
    let lower = await runCommand(["explain", "r11"])
    let upper = await runCommand(["explain", "R11"])
    #expect(lower.status == 0 && lower.standardOutput == upper.standardOutput)
    #expect(
      upper.standardOutput.contains(
        """
        UIKit's text:
          attempt to perform a delete and a move from the same index path (%@)

          attempt to perform a delete and a move from the same section (%ld)

        """))
    #expect(
      upper.standardOutput.contains(
        """
        BatchCheck's verdict on it:
          exception R11: attempt to perform a delete and a move from the same index path ({length = 2, path = 0 - 1})

        """))
    let none = await runCommand(["explain", "R29"])
    #expect(none.status == 0 && none.standardOutput.contains("Example:\n  None. Not modelled"))
  }

  @Test("--markdown prints the guide's generated part, or one rule's section")
  func markdown() async throws {
    let all = await runCommand(["explain", "--markdown"])
    #expect(all.status == 0 && all.standardOutput == RuleExplanation.guideMarkdown)
    let one = await runCommand(["explain", "R2b", "--markdown"])
    #expect(one.standardOutput == RuleExplanation.named("R2b")?.markdown)
    #expect(one.standardOutput.hasPrefix("### R2b: "))
    let diffable = await runCommand(["explain", "--markdown", "--diffable"])
    #expect(
      diffable.status == 0 && diffable.standardOutput == RuleExplanation.diffableGuideMarkdown)
    #expect(diffable.standardOutput.hasPrefix("| rule | what |"))
    #expect(
      diffable.standardOutput.contains("| S3 | ") && !diffable.standardOutput.contains("| R1 | "))
    #expect(diffable.standardOutput.contains("**iOS versions and SDK.**"))
    let s12 = await runCommand(["explain", "s12", "--markdown"])
    #expect(s12.standardOutput == RuleExplanation.named("S12")?.markdown)
    #expect(s12.standardOutput.hasPrefix("### S12: "))
    let adapter = await runCommand(["explain", "--markdown", "--adapter"])
    #expect(adapter.status == 0 && adapter.standardOutput == RuleExplanation.adapterGuideMarkdown)
    #expect(
      adapter.standardOutput.contains("| A2 | ") && !adapter.standardOutput.contains("| S3 | "))
    #expect(adapter.standardOutput.contains("**Likely fix.**"))
    #expect(adapter.standardOutput.contains("`exception R2b, cause A1`"))
    #expect(!all.standardOutput.contains("**Likely fix.**"))
  }

  @Test("an unknown rule is a usage error with a guess; so is a second rule or an unknown option")
  func errors() async {
    let run = await runCommand(["explain", "R111"])
    #expect(run.status == 64)
    #expect(run.standardOutput == "")
    let lines = run.standardError.split(separator: "\n").map(String.init)
    #expect(
      lines.first?.hasPrefix(
        "Error: The value 'R111' is invalid for '<rule>'; expected R1 or R2 or R2b") == true)
    #expect(lines.dropFirst().first == "Did you mean 'R11'?")
    #expect(lines.last == "See 'batchcheck explain --help'.")
    let far = await runCommand(["explain", "reload"])
    #expect(far.status == 64 && !far.standardError.contains("Did you mean"))
    let two = await runCommand(["explain", "R1", "R2"])
    #expect(two.status == 64 && two.standardError.hasPrefix("Error: Unexpected argument 'R2'"))
    let option = await runCommand(["explain", "--markdwon"])
    #expect(option.status == 64)
    #expect(option.standardError.contains("Did you mean '--markdown'?"))
    let both = await runCommand(["explain", "S3", "--diffable"])
    #expect(both.status == 64 && both.standardError.contains("--diffable chooses the list"))
    let cause = await runCommand(["explain", "A2", "--adapter"])
    #expect(cause.status == 64 && cause.standardError.contains("--adapter chooses the list"))
    let lists = await runCommand(["explain", "--diffable", "--adapter"])
    #expect(lists.status == 64 && lists.standardError.contains("--diffable and --adapter"))
    let a14 = await runCommand(["explain", "A14"])
    #expect(a14.status == 64 && a14.standardError.contains("A1 or A2"))
    let s14 = await runCommand(["explain", "S14"])
    #expect(s14.status == 64 && s14.standardError.contains("S1 or S2 or S3"))
    let help = await runCommand(["help", "explain"])
    #expect(help.status == 0 && help.standardOutput == ExplainCommand.usage)
  }

  @Test("prose wraps at 78 columns, indented; a long word keeps its own line")
  func wrapping() {
    #expect(ExplainCommand.wrapped("a b", width: 10) == "  a b\n")
    #expect(ExplainCommand.wrapped("aaaa bbbb cccc", width: 12) == "  aaaa bbbb\n  cccc\n")
    #expect(ExplainCommand.wrapped("aaaaaaaaaaaaaa b", width: 8) == "  aaaaaaaaaaaaaa\n  b\n")
    #expect(ExplainCommand.indented("x\ny") == "  x\n  y\n")
  }
}
