/// One rule explained: when it applies, the text that goes with it, a case
/// that shows it, and how iOS versions differ on it.
///
///     RuleExplanation.named("r11")?.title
///     // "No move from a deleted row or section"
///
/// The tables are the one place these explanations live: `all`, the batch
/// update rules, `diffable`, the diffable snapshot rules, and `adapter`,
/// the causes of an adapter script's outcomes (A1 ... A13).
/// `batchcheck explain` prints them and
/// `Sources/BatchCheck/BatchCheck.docc/UIKitRules.md` is generated from them
/// (`markdown`), and a test runs every example. The members that read and
/// run the example (`exampleCase()`, `exampleVerdict`, `markdown`) are in
/// BatchCheckCorpus, which reads case lines.
package struct RuleExplanation: Hashable, Sendable {
  /// Where a rule's text comes from.
  package enum TextSource: Hashable, Sendable {
    /// UIKit raises it; `texts` are UIKit's, as BatchCheck prints them.
    case uikit
    /// UIKit raises nothing; `texts` are BatchCheck's own report.
    case batchCheck
    /// No text of its own (the rule drops something, or shows up as another rule).
    case none
  }

  /// `R1` ... `R29`, `R2b`, `C1`, `C2`; for a diffable rule `S1` ... `S13`,
  /// `Q1`; for an adapter cause `A1` ... `A13`.
  package let id: String
  /// A few words.
  package let title: String
  /// When UIKit raises it (or does what the rule says), and when BatchCheck reports it.
  package let condition: String
  /// Where `texts` come from.
  package let textSource: TextSource
  /// The text in each of its forms: UITableView's wording under iOS 18, or
  /// for a diffable rule iOS 18.2's with a current SDK. `%ld` stands for a
  /// number and `%@` for an index path, an id or a list.
  package let texts: [String]
  /// A case line (case format, with `expect`) that shows the rule; nil when
  /// no case can (`note` says why).
  package let example: String?
  /// What the example shows, or why there is none.
  package let note: String
  /// How iOS 12 and iOS 18 differ on it; for a diffable rule, the iOS
  /// versions and SDKs it depends on (`versionsHeading`).
  package let profiles: String
  /// How BatchCheck knows: read in UIKit, seen in reports, or inferred.
  package let certainty: String
  /// The likely fix, in a sentence or two; nil where the rule's own text
  /// says it (the batch and diffable rules).
  package var fix: String? = nil

  /// The rule of the verdict enum with this id; nil for the rules that
  /// never end a check (`R24` ... `R29`) and for the diffable rules.
  package var rule: Rule? { Rule(rawValue: id) }

  /// The diffable rule with this id; nil for a batch rule (`C1` and `C2`
  /// are the batch table's, though a snapshot verdict uses them too).
  package var snapshotRule: SnapshotRule? {
    rule == nil ? SnapshotRule(rawValue: id) : nil
  }

  /// Whether it is a rule of the diffable snapshot contract (`diffable`).
  package var isDiffable: Bool { snapshotRule != nil }

  /// The adapter cause with this id; nil for a rule.
  package var adapterCause: AdapterCause? { AdapterCause(rawValue: id) }

  /// The heading above `profiles`.
  package var versionsHeading: String {
    if adapterCause != nil { return "Views, iOS 12 and iOS 18" }
    return isDiffable ? "iOS versions and SDK" : "iOS 12 and iOS 18"
  }

  /// Every rule: the batch rules (`all`), the diffable ones (`diffable`),
  /// then the adapter causes (`adapter`).
  package static var everyRule: [RuleExplanation] { all + diffable + adapter }

  /// The explanation with this id, batch or diffable, compared without
  /// regard to case (`r2B`, `s3`).
  package static func named(_ id: String) -> RuleExplanation? {
    everyRule.first { $0.id.lowercased() == id.lowercased() }
  }

  /// Whether `message` is one of `texts`, `%ld` and `%@` standing for any text.
  package func matchesText(_ message: String) -> Bool {
    texts.contains { Self.matches(message, template: $0) }
  }

  /// Whether `message` fits `template`: the template's literal pieces, in
  /// order, with anything between them where it says `%ld` or `%@`.
  ///
  ///     RuleExplanation.matches("attempt to delete section 2", template: "attempt to delete section %ld")
  ///     // true
  package static func matches(_ message: String, template: String) -> Bool {
    var pieces: [Substring] = []
    var rest = Substring(template)
    while let mark = rest.firstIndex(of: "%") {
      let after = rest[rest.index(after: mark)...]
      let length = after.hasPrefix("ld") ? 3 : after.hasPrefix("@") ? 2 : 0
      guard length > 0 else { break }
      pieces.append(rest[..<mark])
      rest = rest[rest.index(mark, offsetBy: length)...]
    }
    pieces.append(rest)
    guard pieces.count > 1 else { return message == template }
    var remaining = Substring(message)
    guard remaining.hasPrefix(pieces[0]) else { return false }
    remaining = remaining.dropFirst(pieces[0].count)
    for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
      guard let found = remaining.firstRange(of: piece) else { return false }
      remaining = remaining[found.upperBound...]
    }
    return remaining.hasSuffix(pieces[pieces.count - 1])
  }
}
