import BatchCheck

/// Every UIKit batch-update exception in a log (an Xcode console, a crash
/// reporter's page, a pasted message, several crashes, a quote whose start
/// was cut off, wrapped or indented), each diagnosed; and the Swift traps
/// and other exceptions in it, which are not batch-update exceptions.
///
///     let log = CrashLog(console)
///     log.diagnoses.map(\.ruleID)  // ["R2b", "R3"]
///     log.otherFailures            // ["Fatal error: Index out of range"]
///
/// - Complexity: O(*t* × *n*), where *n* is the length of the log and *t*
///   the number of UIKit text pieces (a few hundred).
package struct CrashLog: Sendable {
  /// The exceptions found, in the order the log holds them.
  package var diagnoses: [CrashDiagnosis]
  /// Lines that report a failure that is not a UIKit batch-update exception:
  /// a Swift trap (`Fatal error: Index out of range`) or another exception.
  package var otherFailures: [String]

  package init(_ text: String) {
    self.init(bytes: Array(text.utf8))
  }

  package init(bytes: [UInt8]) {
    let text = CrashLogText(bytes: bytes)
    var found: [(start: Int, make: () -> CrashDiagnosis)] = []
    for match in CrashTextMatch.all(in: text) {
      found.append((match.start, { Self.diagnose(match, in: text) }))
    }
    for reading in InvalidBatchUpdatesText.all(in: text) {
      found.append((reading.start, { Self.diagnose(reading, in: text) }))
    }
    let afterValidation = text.occurrences(of: Self.afterValidationTexts.map(\.0))
    for (needle, globalIndex) in Self.afterValidationTexts {
      for position in afterValidation[needle] ?? [] {
        found.append((position, { Self.diagnoseAfterValidation(at: position, needle: needle, globalIndex: globalIndex, in: text) }))
      }
    }
    diagnoses = found.sorted { $0.start < $1.start }.map { $0.make() }
    otherFailures = Self.otherFailures(in: text)
  }

  // MARK: The view

  private static let tableWords = ["UITableView", "_endCellAnimations"].map(CrashLogText.squeezed)
  private static let collectionWords = ["UICollectionView", "_endItemAnimations"].map(CrashLogText.squeezed)
  private static let tableEnding = CrashLogText.squeezed("Table view:")
  private static let collectionEnding = CrashLogText.squeezed("Collection view:")
  private static let reloadDataEnding = CrashLogText.squeezed("- will perform reloadData")

  /// What follows a text: the view it names (iOS 18's ending), and whether
  /// the older-SDK fallback's "- will perform reloadData" comes after.
  private static func ending(after end: Int, in text: CrashLogText) -> (
    semantics: ViewSemantics?, named: Bool, reloadData: Bool
  ) {
    var position = end
    while position < text.stripped.count, text.stripped[position] == UInt8(ascii: "."),
      position - end < 2
    {
      position += 1
    }
    var semantics: ViewSemantics?
    for (word, kind) in [(tableEnding, ViewSemantics.tableView), (collectionEnding, .collectionView)]
    where text.has(word, at: position) {
      semantics = kind
      position += word.count
      if let close = text.closingAngle(from: position) { position = close }
    }
    let reloadData = text.has(reloadDataEnding, at: position)
    return (semantics, semantics != nil, reloadData)
  }

  /// The view the log names nearest to a text: `-[UITableView _endCellAnimationsWithContext:]`, a frame.
  private static func viewNearby(_ start: Int, in text: CrashLogText) -> ViewSemantics? {
    let window = 4_000
    let low = max(0, start - window)
    let high = min(text.stripped.count, start + window)
    var best: (distance: Int, semantics: ViewSemantics)?
    for (words, semantics) in [(tableWords, ViewSemantics.tableView), (collectionWords, .collectionView)] {
      for word in words {
        var position = low
        while position + word.count <= high {
          if text.stripped[position] == word[0], text.has(word, at: position) {
            let distance = abs(position - start)
            if distance < (best?.distance ?? Int.max) { best = (distance, semantics) }
          }
          position += 1
        }
      }
    }
    return best?.semantics
  }

  // MARK: Diagnosing a text

  private static func diagnose(_ match: CrashTextMatch, in text: CrashLogText) -> CrashDiagnosis {
    let form = match.template.form
    let ending = ending(after: match.end, in: text)
    let (semantics, evidence) = view(
      worded: match.template.semantics, words: ("row", "item"), named: ending.semantics, start: match.start, in: text,
      unknown: "nothing: both views print this text alike and the log names neither (table view assumed)")
    let quote = text.quote(match.start, match.end)
    let doubleSpace = quote.contains(".  The number")
    let values = match.values
    func v(_ index: Int) -> Int? { values[index] }
    let rows = semantics == .tableView ? "rows" : "items"
    let row = semantics == .tableView ? "row" : "item"
    var range = (short: "every version", reason: "UIKit has printed this text in this form on every version that has the check.")
    var uikit = UIKitProfile.ios18
    var numbers = ""
    var causes: [CrashDiagnosis.Cause] = []
    func path(_ index: Int) -> String {
      guard let section = v(index), let item = v(index + 1) else { return "(cut off)" }
      return item == UIKitMessages.notFound ? "section \(section)" : "(\(section), \(item))"
    }
    func number(_ index: Int) -> String { v(index).map(String.init) ?? "(cut off)" }
    switch form {
    case .sectionCount:
      if let after = v(0), let before = v(1), let inserted = v(2), let deleted = v(3) {
        let expected = before + inserted - deleted
        numbers = "the data source returned \(after) sections; the update leaves \(expected) = \(before)"
          + (inserted > 0 ? " + \(inserted)" : "") + (deleted > 0 ? " − \(deleted)" : "")
        causes = CrashCauses.counts(
          before: before, after: after, net: inserted - deleted, inserted: inserted, deleted: deleted, noun: "sections")
      } else {
        numbers = "the section counts (the quote cut some off)"
      }
    case .rowCount, .rowCountBeforeMoves:
      let moves = form == .rowCount ? (v(5), v(6)) : (0, 0)
      if let after = v(1), let before = v(2), let inserted = v(3), let deleted = v(4),
        let movedIn = moves.0, let movedOut = moves.1
      {
        let expected = before - deleted + inserted + movedIn - movedOut
        numbers = "section \(v(0).map(String.init) ?? "(cut off)"): the data source returned \(after) \(rows); the update leaves \(expected) = \(before)"
          + (deleted > 0 ? " − \(deleted)" : "") + (inserted > 0 ? " + \(inserted)" : "")
          + (movedIn > 0 ? " + \(movedIn) moved in" : "") + (movedOut > 0 ? " − \(movedOut) moved out" : "")
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
      numbers = "section \(number(0)) (old index): the data source returned a negative number of \(rows)"
    case .deleteRowBeyondCount, .insertRowBeyondCount:
      let deleting = form == .deleteRowBeyondCount
      numbers = "the update \(deleting ? "deletes" : "inserts") \(row) \(number(0)) \(deleting ? "of" : "into") section"
        + " \(number(1)), which has only \(number(2)) \(rows) \(deleting ? "before" : "after") the update"
      if let index = v(0), let count = v(2) {
        causes = CrashCauses.index(oldSpace: deleting, index: index, count: count, what: row.capitalized)
      }
    case .deleteRowBeyondSections, .insertRowBeyondSections:
      let deleting = form == .deleteRowBeyondSections
      numbers = "the update \(deleting ? "deletes" : "inserts") \(row) \(number(0)) \(deleting ? "of" : "into") section"
        + " \(number(1)), but there are only \(number(2)) sections \(deleting ? "before" : "after") the update"
      if let index = v(1), let count = v(2) {
        causes = CrashCauses.index(oldSpace: deleting, index: index, count: count, what: "Section")
      }
    case .deleteSectionBeyondSections, .insertSectionBeyondSections:
      let deleting = form == .deleteSectionBeyondSections
      numbers = "the update \(deleting ? "deletes" : "inserts") section \(number(0)), but there are only \(number(1))"
        + " sections \(deleting ? "before" : "after") the update"
      if let index = v(0), let count = v(1) {
        causes = CrashCauses.index(oldSpace: deleting, index: index, count: count, what: "Section")
      }
    case .deleteAndReload:
      numbers = "the update both deletes and reloads \(path(0)) (old index)"
      causes = CrashCauses.conflict("A reload is a delete plus an insert, so the same place is deleted twice")
    case .deleteAndMoveSection, .deleteAndMoveRow:
      let place = form == .deleteAndMoveSection ? "section \(number(0))" : path(0)
      numbers = "the update deletes (or reloads) \(place) and also moves it away (old index)"
      causes = CrashCauses.conflict("A deleted or reloaded place cannot also be a move's source")
    case .insertAndMoveSection, .insertAndMoveRow:
      let place = form == .insertAndMoveSection ? "section \(number(0))" : path(0)
      numbers = "the update inserts at \(place) and also moves something there (new index; a reload's insert counts)"
      causes = CrashCauses.conflict("An inserted place cannot also be a move's destination")
    case .moveFromMissingSection, .moveFromMissingRow:
      let missing = form == .moveFromMissingSection
      numbers = "the update moves \(path(0)), but "
        + (missing
          ? "there were only \(number(2)) sections before the update"
          : "section \(number(0)) had only \(number(2)) \(rows) before the update")
      if let index = v(missing ? 0 : 1), let count = v(2) {
        causes = CrashCauses.index(oldSpace: true, index: index, count: count, what: missing ? "Section" : row.capitalized)
      }
    case .moveToMissingSection, .moveToMissingRow:
      let missing = form == .moveToMissingSection
      numbers = "the update moves \(path(0)) to \(path(2)), but "
        + (missing
          ? "there are only \(number(4)) sections after the update"
          : "section \(number(2)) has only \(number(4)) \(rows) after the update")
      if let index = v(missing ? 2 : 3), let count = v(4) {
        causes = CrashCauses.index(oldSpace: false, index: index, count: count, what: missing ? "Section" : row.capitalized)
      }
    case .moveSectionFromMissing:
      numbers = "the update moves section \(number(0)), but there were only \(number(1)) sections before the update"
      if let index = v(0), let count = v(1) { causes = CrashCauses.index(oldSpace: true, index: index, count: count, what: "Section") }
    case .moveSectionToMissing:
      numbers = "the update moves section \(number(0)) to section \(number(1)), but there are only \(number(2)) sections after the update"
      if let index = v(1), let count = v(2) { causes = CrashCauses.index(oldSpace: false, index: index, count: count, what: "Section") }
    case .moveSectionToBoth:
      numbers = "the update moves section \(number(0)) to both section \(number(1)) and section \(number(2))"
      causes = CrashCauses.conflict("One source moves to two places")
    case .moveBothSections:
      numbers = "the update moves both section \(number(0)) and section \(number(1)) to section \(number(2))"
      causes = CrashCauses.conflict("Two sources move to one place")
    case .moveRowToBoth:
      numbers = "the update moves \(path(0)) to both \(path(2)) and \(path(4))"
      causes = CrashCauses.conflict("One source moves to two places")
    case .moveBothRows:
      numbers = "the update moves both \(path(0)) and \(path(2)) to \(path(4))"
      causes = CrashCauses.conflict("Two sources move to one place")
    case .moveFromDeletedSection, .moveIntoInsertedSection:
      numbers = "a \(row) moves "
        + (form == .moveFromDeletedSection ? "out of section \(number(0)), which the update deletes" : "into section \(number(0)), which the update inserts")
      causes = CrashCauses.sectionMove
      range = ("iOS 7", "iOS 7 raised this; later releases give up animating and call reloadData without raising (UIKit's macOS port still asserts with \"an item\").")
    case .invalidIndexPath:
      let printed = [v(0), v(1)].map { $0.map { String(UInt(bitPattern: $0)) } ?? "?" }
      numbers = "the update names a negative index: \(path(0)) (UIKit prints it unsigned: \(printed[0]) - \(printed[1]))"
      causes = CrashCauses.negative
      range = ("every version, recent SDKs", "Raised when the call is made by apps built with a recent SDK; older SDKs only log it.")
    case .indexPathLength:
      numbers = "an index path whose length is not 2"
      causes = CrashCauses.length
    }
    if form == .rowCountBeforeMoves {
      range = ("early iOS releases", "The text has no moved-in/out clause, which later releases added. " + range.reason)
      uikit = .ios12
    }
    if doubleSpace && form != .rowCountBeforeMoves {
      range = ("iOS 12 or earlier", "The two spaces after its first sentence date it: from iOS 13 on UIKit prints one. " + range.reason)
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
      range = ("iOS 13 and later, older SDK", "Logged, not raised: a collection view in an app built against an older SDK reloads instead. " + range.reason)
    }
    var diagnosis = CrashDiagnosis(
      line: text.line(ofStripped: match.start), text: quote, partial: match.partial, ruleID: form.rule.rawValue,
      title: RuleExplanation.named(form.rule.rawValue)?.title ?? "", semantics: semantics, viewEvidence: evidence,
      iosRange: range.short, iosRangeReason: range.reason, numbers: numbers, causes: causes, testCase: nil,
      caseNote: nil, verdict: nil, reproduced: false, reloadDataFallback: ending.reloadData)
    do throws(CaseSketch.Missing) {
      let sketch = try CaseSketch.make(form, values, semantics: semantics)
      diagnosis.testCase = sketch.testCase(
        name: "diagnosed-\(form.rule.rawValue)-line-\(diagnosis.line)", semantics: semantics, uikit: uikit)
      if diagnosis.testCase == nil { diagnosis.caseNote = "its numbers are too large for a case" }
    } catch {
      diagnosis.caseNote = error.reason
    }
    if diagnosis.testCase != nil {
      diagnosis.caseNote =
        "The smallest case that makes UIKit print this text: sections and \(rows) the text does not name are empty;"
        + " profile \(uikit.rawValue)" + (uikit == .ios12 ? ", whose count text this is" : "") + "."
    }
    diagnosis.judgeCase()
    return diagnosis
  }

  /// Which view printed a text, and what tells: its own wording (`words`:
  /// the table's word, the collection's), else the view named at its end,
  /// else the log around it, else a table view, said as `unknown`.
  private static func view(
    worded: ViewSemantics?, words: (table: String, collection: String), named: ViewSemantics?, start: Int,
    in text: CrashLogText, unknown: String
  ) -> (ViewSemantics, String) {
    if let own = worded {
      return (own, "the wording (\"\(own == .tableView ? words.table : words.collection)\")")
    }
    if let named { return (named, "the view named at the end of the text") }
    if let nearby = viewNearby(start, in: text) { return (nearby, "the log around the text") }
    return (.tableView, unknown)
  }

  private static func diagnose(_ reading: InvalidBatchUpdatesText, in text: CrashLogText) -> CrashDiagnosis {
    let ending = ending(after: reading.end, in: text)
    let (semantics, evidence) = view(
      worded: reading.semantics, words: ("rows", "items"), named: ending.semantics, start: reading.start, in: text,
      unknown: "nothing: the quote names neither view (table view assumed)")
    let rows = semantics == .tableView ? "rows" : "items"
    let range: (String, String)
    switch reading.wording {
    case .beforeAndOrAfter?:
      range = ("iOS 16.4–17.0", "Its first sentence says \"before and/or after performing the batch updates\", as iOS 16.4 to 17.0 print it.")
    case .beforeAndAfter?:
      range = ("iOS 17.1 and later", "Its first sentence says \"before and after performing the batch updates\", as iOS 17.1 and later print it.")
    case nil:
      range = ("iOS 16.4 and later", "This text exists from iOS 16.4 on; the quote cut off the words that tell 16.4–17.0 from 17.1 and later.")
    }
    var numbers = "the counts (the quote cut them off)"
    var causes: [CrashDiagnosis.Cause] = []
    var sketch: CaseSketch?
    var note: String?
    if let before = reading.before, let after = reading.after {
      numbers = "before: \(before.count) section\(before.count == 1 ? "" : "s") of \(before) \(rows); the data source returned \(after.count) section\(after.count == 1 ? "" : "s") of \(after)"
      if let updates = reading.updates {
        let summary = Self.summary(of: updates, before: before, after: after, noun: rows)
        if let perSection = summary.perSection { numbers = perSection }
        causes = CrashCauses.counts(
          before: before.reduce(0, +), after: after.reduce(0, +), net: summary.inserted - summary.deleted,
          inserted: summary.inserted, deleted: summary.deleted, noun: rows)
        sketch = CaseSketch(old: before, new: after, update: summary.update)
      } else {
        note = "the list of updates was cut or holds an entry BatchCheck cannot read"
      }
    } else {
      note = "the quote cut off the counts"
    }
    var diagnosis = CrashDiagnosis(
      line: text.line(ofStripped: reading.start), text: text.quote(reading.start, reading.end), partial: reading.partial,
      ruleID: "R2b", title: RuleExplanation.named("R2b")?.title ?? "", semantics: semantics, viewEvidence: evidence,
      iosRange: range.0, iosRangeReason: range.1, numbers: numbers, causes: causes, testCase: nil, caseNote: note,
      verdict: nil, reproduced: false, reloadDataFallback: false)
    if let sketch {
      diagnosis.testCase = sketch.testCase(name: "diagnosed-R2b-line-\(diagnosis.line)", semantics: semantics, uikit: .ios18)
      diagnosis.caseNote =
        diagnosis.testCase == nil
        ? "its counts are too large for a case"
        : "The counts and the updates as the text lists them (a reload is listed as its delete and insert); profile ios18."
    }
    diagnosis.judgeCase()
    return diagnosis
  }

  /// The update an R2b text lists, and per section (when it has no section
  /// operation) what it leaves against what the data source returned.
  private static func summary(
    of items: [InvalidBatchUpdatesText.Item], before: [Int], after: [Int], noun: String
  ) -> (update: BatchUpdate, inserted: Int, deleted: Int, perSection: String?) {
    var update = BatchUpdate()
    var inserted = 0
    var deleted = 0
    for item in items {
      switch item {
      case .deleteRow(let path):
        update.deleteRows.append(path)
        deleted += 1
      case .insertRow(let path):
        update.insertRows.append(path)
        inserted += 1
      case .deleteSection(let section):
        update.deleteSections.append(section)
        deleted += before.indices.contains(section) ? before[section] : 0
      case .insertSection(let section):
        update.insertSections.append(section)
        inserted += after.indices.contains(section) ? after[section] : 0
      case .moveRow(let from, let to): update.moveRows.append(RowMove(from: from, to: to))
      case .moveSection(let from, let to): update.moveSections.append(SectionMove(from: from, to: to))
      }
    }
    guard update.deleteSections.isEmpty, update.insertSections.isEmpty, update.moveSections.isEmpty,
      before.count == after.count
    else { return (update, inserted, deleted, nil) }
    var sentences: [String] = []
    for section in before.indices {
      let deletes = update.deleteRows.filter { $0.section == section }.count
      let inserts = update.insertRows.filter { $0.section == section }.count
      let movesIn = update.moveRows.filter { $0.to.section == section && $0.from.section != section }.count
      let movesOut = update.moveRows.filter { $0.from.section == section && $0.to.section != section }.count
      let leaves = before[section] - deletes + inserts + movesIn - movesOut
      guard leaves != after[section] || before.count == 1 else { continue }
      sentences.append(
        "section \(section): the data source returned \(after[section]) \(noun);"
          + " the update leaves \(leaves) = \(before[section])" + (deletes > 0 ? " − \(deletes)" : "")
          + (inserts > 0 ? " + \(inserts)" : "") + (movesIn > 0 ? " + \(movesIn) moved in" : "")
          + (movesOut > 0 ? " − \(movesOut) moved out" : ""))
      if sentences.count == 5 { break }
    }
    return (update, inserted, deleted, sentences.isEmpty ? nil : sentences.joined(separator: "; "))
  }

  // MARK: Failures after validation (R28)

  private static let afterValidationTexts: [([UInt8], Bool)] = [
    (CrashLogText.squeezed("request for index path for global index"), true),
    (CrashLogText.squeezed("Attempt to create two animations for cell"), false),
    (CrashLogText.squeezed("attempt to create view animation for nil view"), false),
  ]

  private static func diagnoseAfterValidation(
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
        numbers = "after the update passed every check, the collection view asked for global item index \(index.value)"
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
      globalIndex || text.has(CrashLogText.squeezed("attempt to create view animation"), at: position)
      ? .collectionView : .tableView
    var diagnosis = CrashDiagnosis(
      line: text.line(ofStripped: position), text: text.quote(position, end), partial: false, ruleID: "R28",
      title: RuleExplanation.named("R28")?.title ?? "", semantics: semantics, viewEvidence: "the wording",
      iosRange: globalIndex ? "iOS 12.2 (reported)" : "every version",
      iosRangeReason: globalIndex
        ? "One report with a reproducing project, on iOS 12.2; whether later releases still raise is not known."
        : "Animation failures have been reported across releases.",
      numbers: numbers, causes: CrashCauses.afterValidation(globalIndex: globalIndex), testCase: nil,
      caseNote: "failures after validation depend on the animation, which a case does not describe; BatchCheck does not model them",
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

  // MARK: Not batch-update exceptions

  /// Lines naming a Swift trap or an exception other than NSInternalInconsistencyException.
  private static func otherFailures(in text: CrashLogText) -> [String] {
    let traps = ["Fatal error:", "Precondition failed", "Assertion failed"].map(CrashLogText.squeezed)
    let uncaught = CrashLogText.squeezed("uncaught exception '")
    let internalInconsistency = CrashLogText.squeezed("NSInternalInconsistencyException")
    let found = text.occurrences(of: traps + [uncaught])
    var starts: [Int] = []
    for trap in traps { starts += found[trap] ?? [] }
    for position in found[uncaught] ?? [] where !text.has(internalInconsistency, at: position + uncaught.count) {
      starts.append(position)
    }
    var lines: [String] = []
    var seenLines: Set<Int> = []
    for start in starts.sorted() where seenLines.insert(text.line(ofStripped: start)).inserted {
      let from = text.origin[start]
      let end = text.original[from...].firstIndex(of: UInt8(ascii: "\n")) ?? text.original.count
      let line = String(decoding: text.original[from..<end], as: UTF8.self)
      lines.append(line.trimmingTrailingSpace)
    }
    return lines
  }
}

extension String {
  fileprivate var trimmingTrailingSpace: String {
    String(reversed().drop { $0 == " " || $0 == "\r" || $0 == "\t" }.reversed())
  }
}
