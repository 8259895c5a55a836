import BatchCheck

// Failures after validation (R28): UIKit accepted the update, then failed.
extension CrashLog {
  static let afterValidationTexts: [([UInt8], Bool)] = [
    (CrashLogText.squeezed("request for index path for global index"), true),
    (CrashLogText.squeezed("Attempt to create two animations for cell"), false),
    (CrashLogText.squeezed("attempt to create view animation for nil view"), false),
  ]

  static func diagnoseAfterValidation(
    at position: Int, needle: [UInt8], globalIndex: Bool, in text: CrashLogText
  ) -> CrashDiagnosis {
    var end = position + needle.count
    var numbers = "the update passed every check; the failure came while animating it"
    var sketch: CaseSketch?
    if globalIndex, let index = text.number(at: end) {
      let tail = CrashLogText.squeezed("when there are only")
      if text.has(tail, at: index.end), let count = text.number(at: index.end + tail.count) {
        let items = CrashLogText.squeezed("items in the collection view")
        end = count.end + (text.has(items, at: count.end) ? items.count : 0)
        numbers =
          "after the update passed every check, the collection view asked for global item index \(index.value)"
          + " when it held \(count.value) items in all: its numbering came out one short"
        if count.value >= 1, count.value <= CaseSketch.rowLimit / 2 {
          // The reported shape: section 1 moved onto itself, its one item moved out to section 0.
          sketch = CaseSketch(
            old: [count.value - 1, 1], new: [count.value, 0],
            update: BatchUpdate(
              moveSections: [SectionMove(from: 1, to: 1)],
              moveRows: [RowMove(from: RowPath(1, 0), to: RowPath(0, 0))]))
        }
      }
    }
    let semantics: ViewSemantics =
      globalIndex
        || text.has(CrashLogText.squeezed("attempt to create view animation"), at: position)
      ? .collectionView : .tableView
    var diagnosis = CrashDiagnosis(
      line: text.line(ofStripped: position), text: text.quote(position, end), partial: false,
      ruleID: "R28",
      title: RuleExplanation.named("R28")?.title ?? "", semantics: semantics,
      viewEvidence: "the wording",
      iosRange: globalIndex ? "iOS 12.2 (reported)" : "every version",
      iosRangeReason: globalIndex
        ? "One report with a reproducing project, on iOS 12.2; whether later releases still raise is not known."
        : "Animation failures have been reported across releases.",
      numbers: numbers, causes: CrashCauses.afterValidation(globalIndex: globalIndex),
      testCase: nil,
      caseNote:
        "failures after validation depend on the animation, which a case does not describe; BatchCheck does not model them",
      verdict: nil, reproduced: false, reloadDataFallback: false)
    if let sketch {
      diagnosis.testCase = sketch.testCase(
        name: "diagnosed-R28-line-\(diagnosis.line)", semantics: .collectionView, uikit: .ios12)
      diagnosis.caseNote =
        "The reported shape (rdar://48941906): a section moved onto its own index and an item moved out of it,"
        + " with as many items in all as the text names; profile ios12, the one the report covers."
      diagnosis.judgeCase()
    }
    return diagnosis
  }
}
