import BatchCheck

extension RuleExplanation {
  /// The example as a case; nil when there is none.
  ///
  /// - Throws: `CaseDataError` when the example is not a valid case line.
  package func exampleCase() throws(CaseDataError) -> Case? {
    guard let example else { return nil }
    return try Case(jsonLine: example, file: "explain \(id)")
  }

  /// What BatchCheck says about the example: its verdict under the case's
  /// own options; nil when there is no example.
  package var exampleVerdict: Verdict? {
    guard let example = try? exampleCase() else { return nil }
    return example.run()
  }

  /// The heading above `texts`: whose text it is.
  package var textsHeading: String? {
    switch textSource {
    case .uikit: return "UIKit's text"
    case .batchCheck: return "BatchCheck's text (UIKit raises nothing)"
    case .none: return nil
    }
  }

  /// The part of `Sources/BatchCheck/BatchCheck.docc/UIKitRules.md` between
  /// its markers: a table of the rules, then one section per rule. `batchcheck explain --markdown`
  /// prints it.
  package static var guideMarkdown: String {
    var text = "| rule | what | BatchCheck's verdict on the example |\n| --- | --- | --- |\n"
    for explanation in all {
      let verdict = explanation.exampleVerdict.map { "`\(Self.headline(of: $0))`" } ?? "no example"
      text += "| \(explanation.id) | \(explanation.title) | \(verdict) |\n"
    }
    for explanation in all { text += "\n" + explanation.markdown }
    return text
  }

  /// The verdict's kind and rule: `exception R11`, `valid`.
  static func headline(of verdict: Verdict) -> String {
    verdict.rule.map { "\(verdict.kind.rawValue) \($0)" } ?? verdict.kind.rawValue
  }

  /// One rule's section of the guide.
  package var markdown: String {
    var text = "### \(id): \(title)\n\n**When.** \(condition)\n\n"
    if let textsHeading, !texts.isEmpty {
      text += "**\(textsHeading).**\n\n```text\n" + texts.joined(separator: "\n\n") + "\n```\n\n"
    }
    if let example, let verdict = exampleVerdict {
      text += "**Example.** \(note)\n\n```json\n\(example)\n```\n\n"
      text += "BatchCheck's verdict on it:\n\n```text\n\(verdict)\n```\n\n"
    } else {
      text += "**Example.** None. \(note)\n\n"
    }
    text += "**iOS 12 and iOS 18.** \(profiles)\n\n**How sure.** \(certainty)\n"
    return text
  }
}
