import BatchCheck
import BatchCheckCorpus

/// `batchcheck explain [RULE]`: the rules BatchCheck judges by, one line
/// each (the batch-update rules, the diffable snapshot rules, then the
/// adapter causes), or one rule or cause in full: when it applies, its text, an example case and BatchCheck's
/// verdict on it, how iOS versions (and, for a snapshot, SDKs) differ, and
/// how sure BatchCheck is.
///
///     batchcheck explain R11
///     // R11: No move from a deleted row or section
///     // ...
///
/// The explanations live in `RuleExplanation.all`,
/// `RuleExplanation.diffable` and `RuleExplanation.adapter` (BatchCheck,
/// next to the rules; BatchCheckCorpus runs their examples), which
/// `Sources/BatchCheck/BatchCheck.docc/UIKitRules.md` is generated from
/// (`--markdown`, `--markdown --diffable`, `--markdown --adapter`).
struct ExplainCommand: OptionCommand {
  static let name = "explain"
  static let abstract =
    "List the rules UIKit and BatchCheck judge by, or explain one with an example."
  static let usage = """
    OVERVIEW: List the rules (R1-R29 and R2b, UIKit's batch-update rules; C1
    and C2, BatchCheck's row checks; S1-S13, UIKit's diffable snapshot rules,
    and Q1, BatchCheck's snapshot warning) and the adapter causes (A1-A13, why
    a view and its data source fell out of step), or explain one: when it
    applies, its text, a case that shows it with BatchCheck's verdict on that
    case, how iOS versions (and, for a snapshot, SDKs) differ, and for a cause
    the likely fix.

    USAGE: batchcheck explain [<rule>] [--markdown] [--diffable | --adapter]

    ARGUMENTS:
      <rule>      A rule: R1 ... R29, R2b, C1, C2, S1 ... S13, Q1, SS1 ... SS5,
                  or a cause: A1 ... A13 (any case).
                  Without it, the list. A pasted UIKit exception text is
                  diagnosed, as 'batchcheck diagnose' does.

    OPTIONS:
    \(optionsHelp)

    EXAMPLES:
      batchcheck explain
      batchcheck explain R11
      batchcheck explain S3
      batchcheck explain A2

    """

  /// The rule asked for; nil: the list.
  var explanation: RuleExplanation?
  /// Whether to print Markdown.
  var markdown = false
  /// Whether the list or the Markdown is the diffable rules'.
  var diffable = false
  /// Whether the list or the Markdown is the adapter causes'.
  var adapter = false
  /// A pasted crash text given in place of a rule: diagnosed as `diagnose` does.
  var pasted: String?

  /// As the `ARGUMENTS:` part has it.
  static let helpColumn = 12

  static var options: [CommandOption<Self>] {
    [
      .flag(
        "--markdown", \.markdown,
        help:
          "Print Markdown, as Sources/BatchCheck/BatchCheck.docc/UIKitRules.md holds it (without a rule:"
          + " the article's first generated part, the batch-update rules)."),
      .flag(
        "--diffable", \.diffable,
        help:
          "Without a rule: only the diffable snapshot rules, their list or (with --markdown) the"
          + " article's second generated part."),
      .flag(
        "--adapter", \.adapter,
        help:
          "Without a rule: only the adapter causes A1-A13, their list or (with --markdown) the"
          + " article's third generated part."),
    ]
  }

  mutating func takePositional(_ arguments: [String]) throws(CommandError) {
    if diffable && adapter {
      throw .conflictingOptions(
        "--diffable and --adapter each choose a list; give one", command: Self.name)
    }
    if arguments.count == 1, let found = RuleExplanation.named(arguments[0]) {
      if diffable || adapter {
        throw .conflictingOptions(
          "\(diffable ? "--diffable" : "--adapter") chooses the list or the generated part; explain \(found.id) without it",
          command: Self.name)
      }
      explanation = found
      return
    }
    // A pasted crash text (quoted or not) is diagnosed, as `batchcheck diagnose` would.
    let pasted = arguments.joined(separator: " ")
    if !arguments.isEmpty, !CrashLog(pasted).diagnoses.isEmpty {
      self.pasted = pasted
      return
    }
    if arguments.count > 1 { throw .unexpectedArgument(arguments[1], command: Self.name) }
    if let id = arguments.first {
      if id.contains(" ") {
        throw .conflictingOptions(
          "'\(id.prefix(60))\(id.count > 60 ? "…" : "")' is not a rule (R1 ... R29, R2b, C1, C2, S1 ... S13, Q1, SS1 ... SS5) or a cause (A1 ... A13) and holds no UIKit"
            + " batch-update text BatchCheck knows; to read a crash log, use 'batchcheck diagnose <file>'",
          command: Self.name)
      }
      throw .invalidValue(
        id, option: "<rule>", allowed: RuleExplanation.everyRule.map(\.id), command: Self.name)
    }
  }

  func run(output: inout some OutputSink) async throws(CommandError) -> ExitCode {
    if let pasted {
      var diagnose = DiagnoseCommand()
      diagnose.text = pasted
      return try await diagnose.run(output: &output)
    }
    switch (explanation, markdown) {
    case (nil, false):
      output.writeOutput(
        diffable
          ? Self.list(of: RuleExplanation.diffable)
          : adapter ? Self.list(of: RuleExplanation.adapter) : Self.list)
    case (nil, true):
      output.writeOutput(
        diffable
          ? RuleExplanation.diffableGuideMarkdown
          : adapter ? RuleExplanation.adapterGuideMarkdown : RuleExplanation.guideMarkdown)
    case (let explanation?, false): output.writeOutput(Self.text(of: explanation))
    case (let explanation?, true): output.writeOutput(explanation.markdown)
    }
    return .success
  }

  /// The heading of the diffable rules in the list.
  static let diffableHeading = "Diffable snapshot rules (NSDiffableDataSourceSnapshot):"

  /// The heading of the adapter causes in the list.
  static let adapterHeading = "Adapter causes (a view and its data source out of step):"

  /// One line per rule, its id and title: the batch rules, then a blank
  /// line, `diffableHeading` and the diffable rules, then a blank line,
  /// `adapterHeading` and the adapter causes.
  static var list: String {
    list(of: RuleExplanation.all) + "\n" + diffableHeading + "\n"
      + list(of: RuleExplanation.diffable) + "\n" + adapterHeading + "\n"
      + list(of: RuleExplanation.adapter)
  }

  /// One line per rule: its id, padded to one column (as wide for every
  /// table), and its title.
  static func list(of explanations: [RuleExplanation]) -> String {
    let width = (RuleExplanation.everyRule.map(\.id.count).max() ?? 0) + 2
    return explanations.map { explanation in
      explanation.id + String(repeating: " ", count: width - explanation.id.count)
        + explanation.title + "\n"
    }.joined()
  }

  /// One rule in full, for a terminal: prose wrapped, texts and the example
  /// indented and never wrapped.
  static func text(of explanation: RuleExplanation) -> String {
    var text = "\(explanation.id): \(explanation.title)\n\nWhen:\n" + wrapped(explanation.condition)
    if let heading = explanation.textsHeading, !explanation.texts.isEmpty {
      text += "\n\(heading):\n" + explanation.texts.map(indented).joined(separator: "\n")
    }
    text +=
      "\nExample:\n"
      + wrapped(explanation.example == nil ? "None. " + explanation.note : explanation.note)
    if let example = explanation.example, let judgement = explanation.exampleJudgement {
      text += indented(example) + "BatchCheck's verdict on it:\n" + indented(judgement.text)
    }
    if let fix = explanation.fix { text += "\nLikely fix:\n" + wrapped(fix) }
    text += "\n\(explanation.versionsHeading):\n" + wrapped(explanation.profiles)
    text += "\nHow sure:\n" + wrapped(explanation.certainty)
    return text
  }

  /// Every line of `text` indented by two spaces, each ending in a line break.
  static func indented(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 + "\n" }.joined()
  }

  /// `prose` broken into lines of at most `width` characters (a longer word
  /// keeps its own line), each indented by two spaces.
  static func wrapped(_ prose: String, width: Int = 78) -> String {
    wrap(prose, width: width - 2).map { "  " + $0 + "\n" }.joined()
  }
}
