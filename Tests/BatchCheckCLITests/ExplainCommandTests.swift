import BatchCheck
import BatchCheckCorpus
import Testing

@testable import BatchCheckCLI

@Suite("batchcheck explain")
struct ExplainCommandTests {
  @Test("without a rule: one line per rule, its id and title, exit 0")
  func list() async {
    let run = await runCommand(["explain"])
    #expect(run.status == 0)
    #expect(run.standardError == "")
    let lines = run.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.count == RuleExplanation.all.count)
    #expect(lines.first == "R1   The number of sections must add up")
    #expect(lines.contains("R2b  Invalid batch updates detected (iOS 18)"))
    #expect(lines.last == "C2   Stale content: a changed row was not refreshed")
    for (line, explanation) in zip(lines, RuleExplanation.all) {
      #expect(line.hasPrefix(explanation.id + " ") && line.hasSuffix(explanation.title), "\(line)")
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
