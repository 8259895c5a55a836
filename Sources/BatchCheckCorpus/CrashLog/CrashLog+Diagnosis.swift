import BatchCheck

// A UIKit text of the table (`CrashTextMatch`) diagnosed: its rule, view and case sketch.
extension CrashLog {
  static func diagnose(
    _ match: CrashTextMatch, _ template: UIKitTextTemplate, in text: CrashLogText
  ) -> CrashDiagnosis {
    // The older count text without its period, or cut there, reads as the current one without moves.
    let form =
      template.form == .rowCountBeforeMoves && (match.cutEnd || match.missingPeriod)
      ? .rowCount : template.form
    let ending = ending(after: match.end, in: text)
    // A text cut before the words that tell the views apart names neither.
    let worded =
      match.alternatives.contains {
        if case .uikit(let other) = $0.source { return other.semantics != template.semantics }
        return false
      } ? nil : template.semantics
    let (semantics, evidence) = view(
      worded: worded, words: ("row", "item"), named: ending.semantics,
      start: match.start, in: text,
      unknown:
        "nothing: both views print this text alike and the log names neither (table view assumed)")
    let quote = text.quote(match.start, match.end)
    let doubleSpace = quote.contains(".  The number")
    var values = match.values
    var missing = Self.missingParts(match, form: form, values: &values)
    var reading = TextReading(form: form, values: values, semantics: semantics)
    reading.date(doubleSpace: doubleSpace, ending: ending)
    if match.values[0] == nil, values[0] != nil, reading.numbers.hasPrefix("section 0:") {
      reading.numbers = "section ? (taken as 0):" + reading.numbers.dropFirst("section 0:".count)
    }
    let fallback: CrashDiagnosis.Fallback? =
      ending.reloadData
      ? .collectionViewSDK : diffableFallback(before: match.start, in: text) ? .diffable : nil
    if fallback == .diffable {
      reading.causes.insert(contentsOf: CrashCauses.diffableFallback, at: 0)
      reading.range = (
        "iOS 13 and later, diffable data source",
        "Logged, not raised: a view whose data source is diffable answers a count it cannot animate with"
          + " reloadData. " + reading.range.reason
      )
    }
    let rows = reading.rows
    let uikit = reading.uikit
    let range = reading.range
    var diagnosis = CrashDiagnosis(
      line: text.line(ofStripped: match.start), text: quote, partial: match.partial,
      ruleID: form.rule.rawValue,
      title: RuleExplanation.named(form.rule.rawValue)?.title ?? "", semantics: semantics,
      viewEvidence: evidence,
      iosRange: range.short, iosRangeReason: range.reason, numbers: reading.numbers,
      causes: reading.causes,
      testCase: nil,
      caseNote: nil, verdict: nil, reproduced: false, reloadDataFallback: fallback != nil)
    diagnosis.fallback = fallback
    diagnosis.values = match.values
    diagnosis.alternativeRules = Array(
      Set(match.alternatives.map(\.ruleID)).subtracting([form.rule.rawValue])
    ).sorted()
    do throws(CaseSketch.Missing) {
      let sketch = try CaseSketch.make(form, values, semantics: semantics)
      diagnosis.testCase = sketch.testCase(
        name: "diagnosed-\(form.rule.rawValue)-line-\(diagnosis.line)", semantics: semantics,
        uikit: uikit)
      if diagnosis.testCase == nil { diagnosis.caseNote = "its numbers are too large for a case" }
    } catch {
      diagnosis.caseNote = error.reason
    }
    if diagnosis.testCase != nil {
      diagnosis.caseNote =
        "The smallest case that makes UIKit print this text: sections and \(rows) the text does not name are empty;"
        + " profile \(uikit.rawValue)" + (uikit == .ios12 ? ", whose count text this is" : "") + "."
    } else if match.cutEnd || match.partial {
      missing.append("no case: " + (diagnosis.caseNote ?? "the text lost a number the case needs"))
    }
    diagnosis.missing = missing
    diagnosis.judgeCase()
    diagnosis.adapterCauses = adapterCauses(form, values, semantics: semantics, uikit: uikit)
    return diagnosis
  }

  /// The adapter causes a count text's numbers fit, each proven by a script.
  static func adapterCauses(
    _ form: UIKitTextForm, _ values: [Int: Int], semantics: ViewSemantics, uikit: UIKitProfile
  ) -> [AdapterCauseCandidate] {
    let facts: CountFailureFacts
    switch form {
    case .sectionCount:
      guard let after = values[0], let before = values[1], let inserted = values[2],
        let deleted = values[3]
      else { return [] }
      facts = CountFailureFacts(
        semantics: semantics, uikit: uikit, ofSections: true, before: before, after: after,
        inserted: inserted, deleted: deleted)
    case .rowCount, .rowCountBeforeMoves:
      let moves = form == .rowCount ? (values[5], values[6]) : (0, 0)
      guard let after = values[1], let before = values[2], let inserted = values[3],
        let deleted = values[4], let movedIn = moves.0, let movedOut = moves.1,
        movedIn == 0 && movedOut == 0
      else { return [] }
      facts = CountFailureFacts(
        semantics: semantics, uikit: uikit, section: min(max(values[0] ?? 0, 0), 64),
        before: before, after: after, inserted: inserted, deleted: deleted)
    default: return []
    }
    return AdapterCrashCauses.candidates(for: facts)
  }

  /// What the log left out of a UIKit text, in sentences, and the numbers
  /// a case assumes in their place (written into `values`): section 0 for
  /// a count text whose section was cut off, no moves for one cut before
  /// its moves.
  static func missingParts(
    _ match: CrashTextMatch, form: UIKitTextForm, values: inout [Int: Int]
  ) -> [String] {
    var missing: [String] = []
    let counts: Set<UIKitTextForm> = [.rowCount, .rowCountBeforeMoves]
    if match.partial { missing.append("the start of the text is cut off") }
    if counts.contains(form), values[0] == nil {
      values[0] = 0
      missing.append("the section is not in the quote: rebuilt in section 0")
    }
    let others = Set(
      match.alternatives.compactMap { alternative -> String? in
        guard case .uikit(let other) = alternative.source, other.form.rule != form.rule else {
          return nil
        }
        return other.form.rule.rawValue + " (" + other.form.rawValue + ")"
      })
    if !others.isEmpty {
      missing.append(
        "the text is cut before the words that tell it from "
          + others.sorted().joined(separator: ", ")
          + ": read as \(form.rule.rawValue) (\(form.rawValue))")
    }
    let endsAfterCounts: Bool
    if case .uikit(let template) = match.template.source {
      endsAfterCounts =
        template.form == .rowCountBeforeMoves && form == .rowCount
        && (1...4).allSatisfy { values[$0] != nil }
    } else {
      endsAfterCounts = false
    }
    if endsAfterCounts {
      values[5] = 0
      values[6] = 0
      missing.append(
        "the text ends after the inserted and deleted counts: the older form without the moves clause, or cut"
          + " there; the moves are unknown, taken as 0")
    } else if form == .rowCountBeforeMoves {
      missing.append("the older form, without the moved in/out clause: no moves")
    } else if form == .rowCount, match.cutEnd, (1...4).allSatisfy({ values[$0] != nil }),
      values[5] == nil || values[6] == nil
    {
      missing.append(
        values[5] == nil
          ? "the text is cut after the counts: the moves are unknown, taken as 0"
          : "the text is cut after the moves in: the moves out are unknown, taken as 0")
      values[5] = values[5] ?? 0
      values[6] = values[6] ?? 0
    } else if match.cutEnd {
      let read = values.count
      missing.append(
        "the end of the text is cut off"
          + (read == 0 ? "" : " after \(read) of its number\(read == 1 ? "" : "s")"))
    }
    if match.missingPeriod, !endsAfterCounts {
      missing.append("no final period (as Xcode's debugger quotes it)")
    }
    return missing
  }

  static let diffableFallbackPhrase = CrashLogText.squeezed("Performing reloadData as a fallback")

  /// Whether "Performing reloadData as a fallback" comes just before `start`.
  static func diffableFallback(before start: Int, in text: CrashLogText) -> Bool {
    let phrase = diffableFallbackPhrase
    var position = start - phrase.count
    while position >= max(0, start - phrase.count - 80) {
      if text.has(phrase, at: position) { return true }
      position -= 1
    }
    return false
  }
}

/// The numbers of one UIKit text read (`values`, by the form's argument
/// index): the sentence that states them, their likely causes, and the iOS
/// versions and UIKit profile that print the text.
private struct TextReading {
  let form: UIKitTextForm
  let values: [Int: Int]
  /// "rows" or "items", as the view calls them.
  let rows: String
  /// "row" or "item".
  let row: String
  var range: (short: String, reason: String) = (
    short: "every version",
    reason: "UIKit has printed this text in this form on every version that has the check."
  )
  var uikit = UIKitProfile.ios18
  var numbers = ""
  var causes: [CrashDiagnosis.Cause] = []

  /// Reads the numbers of a text of `form`, printed by a view of `semantics`.
  init(form: UIKitTextForm, values: [Int: Int], semantics: ViewSemantics) {
    self.form = form
    self.values = values
    rows = semantics == .tableView ? "rows" : "items"
    row = semantics == .tableView ? "row" : "item"
    switch form {
    case .sectionCount, .rowCount, .rowCountBeforeMoves, .negativeRowCount:
      readCounts()
    case .deleteRowBeyondCount, .insertRowBeyondCount, .deleteRowBeyondSections,
      .insertRowBeyondSections, .deleteSectionBeyondSections, .insertSectionBeyondSections,
      .moveSectionFromMissing, .moveSectionToMissing:
      readIndexes()
    case .moveFromMissingSection, .moveFromMissingRow, .moveToMissingSection, .moveToMissingRow,
      .moveFromDeletedSection, .moveIntoInsertedSection:
      readMoves()
    case .deleteAndReload, .deleteAndMoveSection, .deleteAndMoveRow, .insertAndMoveSection,
      .insertAndMoveRow, .moveSectionToBoth, .moveBothSections, .moveRowToBoth, .moveBothRows:
      readConflicts()
    case .invalidIndexPath, .indexPathLength:
      readIndexPaths()
    }
  }

  /// The number at argument `index`, nil when the quote cut it off.
  private func v(_ index: Int) -> Int? { values[index] }

  /// The index path at arguments `index` and `index + 1`, as the diagnosis prints it.
  private func path(_ index: Int) -> String {
    guard let section = v(index), let item = v(index + 1) else { return "(cut off)" }
    return item == UIKitMessages.notFound ? "section \(section)" : "(\(section), \(item))"
  }

  /// The number at argument `index`, printed.
  private func number(_ index: Int) -> String { v(index).map(String.init) ?? "(cut off)" }

  /// The section and row count texts (R1, R2 and the negative count).
  private mutating func readCounts() {
    switch form {
    case .sectionCount:
      if let after = v(0), let before = v(1), let inserted = v(2), let deleted = v(3) {
        let expected = before + inserted - deleted
        numbers =
          "the data source returned \(after) sections; the update leaves \(expected) = \(before)"
          + (inserted > 0 ? " + \(inserted)" : "") + (deleted > 0 ? " − \(deleted)" : "")
        causes = CrashCauses.counts(
          before: before, after: after, net: inserted - deleted, inserted: inserted,
          deleted: deleted, noun: "sections")
      } else {
        numbers = "the section counts (the quote cut some off)"
      }
    case .rowCount, .rowCountBeforeMoves:
      let moves = form == .rowCount ? (v(5), v(6)) : (0, 0)
      if let after = v(1), let before = v(2), let inserted = v(3), let deleted = v(4),
        let movedIn = moves.0, let movedOut = moves.1
      {
        let expected = before - deleted + inserted + movedIn - movedOut
        numbers =
          "section \(v(0).map(String.init) ?? "(cut off)"): the data source returned \(after) \(rows); the update leaves \(expected) = \(before)"
          + (deleted > 0 ? " − \(deleted)" : "") + (inserted > 0 ? " + \(inserted)" : "")
          + (movedIn > 0 ? " + \(movedIn) moved in" : "")
          + (movedOut > 0 ? " − \(movedOut) moved out" : "")
        causes = CrashCauses.counts(
          before: before, after: after, net: expected - before, inserted: inserted + movedIn,
          deleted: deleted + movedOut, noun: rows)
        if expected > after {
          range = (
            "before iOS 16.4",
            "The update leaves more \(rows) than the data source returns; from iOS 16.4 on UIKit reports that as"
              + " \"Invalid batch updates detected\"."
          )
          uikit = .ios12
        } else {
          range = (
            "every version",
            "The update leaves fewer \(rows) than the data source returns, which keeps this text on every version."
          )
        }
      } else {
        numbers = "section \(number(0)): the row counts (the quote cut some off)"
      }
    case .negativeRowCount:
      numbers =
        "section \(number(0)) (old index): the data source returned a negative number of \(rows)"
    default: break
    }
  }

  /// The texts of a deleted, inserted or moved section or row beyond the counts.
  private mutating func readIndexes() {
    switch form {
    case .deleteRowBeyondCount, .insertRowBeyondCount:
      let deleting = form == .deleteRowBeyondCount
      numbers =
        "the update \(deleting ? "deletes" : "inserts") \(row) \(number(0)) \(deleting ? "of" : "into") section"
        + " \(number(1)), which has only \(number(2)) \(rows) \(deleting ? "before" : "after") the update"
      if let index = v(0), let count = v(2) {
        causes = CrashCauses.index(
          oldSpace: deleting, index: index, count: count, what: row.capitalized)
      }
    case .deleteRowBeyondSections, .insertRowBeyondSections:
      let deleting = form == .deleteRowBeyondSections
      numbers =
        "the update \(deleting ? "deletes" : "inserts") \(row) \(number(0)) \(deleting ? "of" : "into") section"
        + " \(number(1)), but there are only \(number(2)) sections \(deleting ? "before" : "after") the update"
      if let index = v(1), let count = v(2) {
        causes = CrashCauses.index(oldSpace: deleting, index: index, count: count, what: "Section")
      }
    case .deleteSectionBeyondSections, .insertSectionBeyondSections:
      let deleting = form == .deleteSectionBeyondSections
      numbers =
        "the update \(deleting ? "deletes" : "inserts") section \(number(0)), but there are only \(number(1))"
        + " sections \(deleting ? "before" : "after") the update"
      if let index = v(0), let count = v(1) {
        causes = CrashCauses.index(oldSpace: deleting, index: index, count: count, what: "Section")
      }
    case .moveSectionFromMissing:
      numbers =
        "the update moves section \(number(0)), but there were only \(number(1)) sections before the update"
      if let index = v(0), let count = v(1) {
        causes = CrashCauses.index(oldSpace: true, index: index, count: count, what: "Section")
      }
    case .moveSectionToMissing:
      numbers =
        "the update moves section \(number(0)) to section \(number(1)), but there are only \(number(2)) sections after the update"
      if let index = v(1), let count = v(2) {
        causes = CrashCauses.index(oldSpace: false, index: index, count: count, what: "Section")
      }
    default: break
    }
  }

  /// The texts of a row or section moved from or to a missing place, or across a deleted or inserted section.
  private mutating func readMoves() {
    switch form {
    case .moveFromMissingSection, .moveFromMissingRow:
      let missing = form == .moveFromMissingSection
      numbers =
        "the update moves \(path(0)), but "
        + (missing
          ? "there were only \(number(2)) sections before the update"
          : "section \(number(0)) had only \(number(2)) \(rows) before the update")
      if let index = v(missing ? 0 : 1), let count = v(2) {
        causes = CrashCauses.index(
          oldSpace: true, index: index, count: count, what: missing ? "Section" : row.capitalized)
      }
    case .moveToMissingSection, .moveToMissingRow:
      let missing = form == .moveToMissingSection
      numbers =
        "the update moves \(path(0)) to \(path(2)), but "
        + (missing
          ? "there are only \(number(4)) sections after the update"
          : "section \(number(2)) has only \(number(4)) \(rows) after the update")
      if let index = v(missing ? 2 : 3), let count = v(4) {
        causes = CrashCauses.index(
          oldSpace: false, index: index, count: count, what: missing ? "Section" : row.capitalized)
      }
    case .moveFromDeletedSection, .moveIntoInsertedSection:
      numbers =
        "a \(row) moves "
        + (form == .moveFromDeletedSection
          ? "out of section \(number(0)), which the update deletes"
          : "into section \(number(0)), which the update inserts")
      causes = CrashCauses.sectionMove
      range = (
        "iOS 7",
        "iOS 7 raised this; later releases give up animating and call reloadData without raising (UIKit's macOS port still asserts with \"an item\")."
      )
    default: break
    }
  }

  /// The texts of two operations on one place.
  private mutating func readConflicts() {
    switch form {
    case .deleteAndReload:
      numbers = "the update both deletes and reloads \(path(0)) (old index)"
      causes = CrashCauses.conflict(
        "A reload is a delete plus an insert, so the same place is deleted twice")
    case .deleteAndMoveSection, .deleteAndMoveRow:
      let place = form == .deleteAndMoveSection ? "section \(number(0))" : path(0)
      numbers = "the update deletes (or reloads) \(place) and also moves it away (old index)"
      causes = CrashCauses.conflict("A deleted or reloaded place cannot also be a move's source")
    case .insertAndMoveSection, .insertAndMoveRow:
      let place = form == .insertAndMoveSection ? "section \(number(0))" : path(0)
      numbers =
        "the update inserts at \(place) and also moves something there (new index; a reload's insert counts)"
      causes = CrashCauses.conflict("An inserted place cannot also be a move's destination")
    case .moveSectionToBoth:
      numbers =
        "the update moves section \(number(0)) to both section \(number(1)) and section \(number(2))"
      causes = CrashCauses.conflict("One source moves to two places")
    case .moveBothSections:
      numbers =
        "the update moves both section \(number(0)) and section \(number(1)) to section \(number(2))"
      causes = CrashCauses.conflict("Two sources move to one place")
    case .moveRowToBoth:
      numbers = "the update moves \(path(0)) to both \(path(2)) and \(path(4))"
      causes = CrashCauses.conflict("One source moves to two places")
    case .moveBothRows:
      numbers = "the update moves both \(path(0)) and \(path(2)) to \(path(4))"
      causes = CrashCauses.conflict("Two sources move to one place")
    default: break
    }
  }

  /// The texts of a malformed index path: negative, or not of length 2.
  private mutating func readIndexPaths() {
    switch form {
    case .invalidIndexPath:
      let printed = [v(0), v(1)].map { $0.map { String(UInt(bitPattern: $0)) } ?? "?" }
      numbers =
        "the update names a negative index: \(path(0)) (UIKit prints it unsigned: \(printed[0]) - \(printed[1]))"
      causes = CrashCauses.negative
      range = (
        "every version, recent SDKs",
        "Raised when the call is made by apps built with a recent SDK; older SDKs only log it."
      )
    case .indexPathLength:
      numbers = "an index path whose length is not 2"
      causes = CrashCauses.length
    default: break
    }
  }

  /// Dates the text by its form and wording: `doubleSpace` after its first
  /// sentence, and what its `ending` names.
  mutating func date(
    doubleSpace: Bool, ending: (semantics: ViewSemantics?, named: Bool, reloadData: Bool)
  ) {
    if form == .rowCountBeforeMoves {
      range = (
        "early iOS releases",
        "The text has no moved-in/out clause, which later releases added. " + range.reason
      )
      uikit = .ios12
    }
    if doubleSpace && form != .rowCountBeforeMoves {
      range = (
        "iOS 12 or earlier",
        "The two spaces after its first sentence date it: from iOS 13 on UIKit prints one. "
          + range.reason
      )
      uikit = .ios12
    } else if ending.named {
      range.reason +=
        uikit == .ios12
        ? " Its ending names the view, as newer releases do; BatchCheck's iOS 18 rules report these counts as R2b,"
          + " so the case is judged under the iOS 12 rules."
        : " It ends by naming the view, as recent releases (iOS 18) do."
    }
    if ending.reloadData {
      causes.insert(CrashCauses.reloadDataFallback, at: 0)
      range = (
        "iOS 13 and later, older SDK",
        "Logged, not raised: a collection view in an app built against an older SDK reloads instead. "
          + range.reason
      )
    }
  }
}
