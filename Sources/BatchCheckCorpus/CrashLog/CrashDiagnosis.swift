import BatchCheck

/// What one UIKit batch-update exception found in a log says: its rule and
/// view, the iOS range its wording comes from, its numbers in a sentence,
/// the likely causes, and a case that reproduces it when the text carries
/// the numbers a case needs.
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
  /// `R1` ... `R23`, `R2b`, or `R28` for the failures after validation.
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
  /// Whether the text ends in "- will perform reloadData": a collection
  /// view of an app built against an older SDK logged it and reloaded, no crash.
  package var reloadDataFallback: Bool

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
