import BatchCheck

/// What one UIKit text found in a log says: its rule and view (or the ids a
/// diffable text names), the iOS range its wording comes from, its numbers
/// in a sentence, what the log left out, the likely causes, and a case that
/// reproduces it when the text carries what a case needs.
///
///     let log = CrashLog("reason: 'attempt to delete row 99 from section 0 which only contains 20 rows before the update'")
///     log.diagnoses[0].ruleID      // "R3"
///     log.diagnoses[0].reproduced  // true
package struct CrashDiagnosis: Sendable {
  /// One likely cause and why the numbers suggest it.
  package struct Cause: Hashable, Sendable {
    package var cause: String
    package var reason: String
  }

  /// The line of the log where the text starts (1-based).
  package var line: Int
  /// The text as the log has it, each line trimmed.
  package var text: String
  /// Whether the quote's start was cut off.
  package var partial: Bool
  /// `R1` ... `R23`, `R2b`, `R28` for the failures after validation, or a
  /// diffable rule: `S1` ... `S13`, `SS1` ... `SS5`.
  package var ruleID: String
  /// The rule's title, as `batchcheck explain` has it.
  package var title: String
  /// The view the text comes from.
  package var semantics: ViewSemantics
  /// How the view was told: from the text's wording, the view it names, the
  /// log around it, or assumed (both views print this text alike).
  package var viewEvidence: String
  /// The iOS versions that print this text with these numbers: `iOS 17.1 and later`.
  package var iosRange: String
  /// Why that range.
  package var iosRangeReason: String
  /// The numbers in a sentence: "section 0: the data source returned 29 rows; the update leaves 30 = 30 − 1 + 1".
  package var numbers: String
  /// The likely causes, most likely first.
  package var causes: [Cause]
  /// The case rebuilt from the text; nil when the text does not carry what a case needs.
  package var testCase: Case?
  /// Why there is no case, or what the case assumes.
  package var caseNote: String?
  /// BatchCheck's verdict on `testCase`, judged as `validate` judges it.
  package var verdict: Verdict?
  /// Whether that verdict has the text's rule.
  package var reproduced: Bool
  /// Whether UIKit logged the text and answered it with `reloadData`
  /// instead of raising (`fallback` says which way): no crash.
  package var reloadDataFallback: Bool
  /// Which fallback logged the text; nil when UIKit raised it.
  package var fallback: Fallback? = nil
  /// What the log left out of the text (its start, its end, the final
  /// period, the clause older releases lacked), and what the case assumes
  /// in its place: "the section is not in the quote: rebuilt in section 0".
  package var missing: [String] = []
  /// The other rules the text may be: it was cut before the words that
  /// tell them apart (`R4` beside an `R3`).
  package var alternativeRules: [String] = []
  /// The numbers read from a UIKit text, by its form's argument index
  /// (`UIKitTextForm`); empty for the other texts.
  package var values: [Int: Int] = [:]
  /// Whether nothing tells the view: a diffable text in a log that names
  /// neither view (`semantics` is then a table view, assumed).
  package var viewUnknown = false
  /// The identifiers a diffable text names, as the log has them.
  package var identifiers: [String] = []
  /// A snapshot or section snapshot case line that reproduces a diffable
  /// text (`contract` `snapshot` or `sectionSnapshot`); nil for a batch text
  /// or when the text does not carry enough.
  package var snapshotCase: String? = nil
  /// BatchCheck's verdict on `snapshotCase`: `exception S1`.
  package var snapshotVerdict: String? = nil
  /// The ways apply code out of step with its data source fits the counts
  /// (causes A1 to A13), each with a script that reproduces them.
  package var adapterCauses: [AdapterCauseCandidate] = []

  /// How UIKit answered a count text it did not raise.
  package enum Fallback: String, Sendable {
    /// A collection view of an app built against an older SDK: the text
    /// ends in "- will perform reloadData".
    case collectionViewSDK
    /// A diffable data source: "Performing reloadData as a fallback — …".
    case diffable
  }

  /// Whether the text is a diffable data source's (an S or SS rule), which
  /// names no view.
  package var isDiffable: Bool { SnapshotRule(rawValue: ruleID) != nil }

  /// The rebuilt case's line: the batch case, or the snapshot case.
  package var caseLine: String? { testCase?.jsonLine ?? snapshotCase }

  /// BatchCheck's verdict on the rebuilt case in words: `exception R2`.
  package var verdictText: String? {
    verdict.map { $0.kind.rawValue + ($0.rule.map { " \($0.rawValue)" } ?? "") } ?? snapshotVerdict
  }

  /// The profile the view is judged by: `tableView` or `collectionView`.
  package var view: String { semantics.rawValue }

  /// Judges the rebuilt case (as `validate` does: the case's own contract and
  /// mode) and records whether it gives the text's rule.
  mutating func judgeCase() {
    guard let testCase else { return }
    let judged = testCase.judge().verdict
    verdict = judged
    reproduced = judged.rule?.rawValue == ruleID
    // A reproduced case expects its rule, so that `validate` agrees with it
    // and the line can join a corpus as it is.
    if reproduced { self.testCase?.expect = Expectation(verdict: judged.kind, rule: judged.rule) }
  }
}
