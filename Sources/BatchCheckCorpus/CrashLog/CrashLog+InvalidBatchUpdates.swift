import BatchCheck

// R2b's text, which lists the update and the counts, diagnosed.
extension CrashLog {
  static func diagnose(_ reading: InvalidBatchUpdatesText, in text: CrashLogText) -> CrashDiagnosis
  {
    let ending = ending(after: reading.end, in: text)
    let (semantics, evidence) = view(
      worded: reading.semantics, words: ("rows", "items"), named: ending.semantics,
      start: reading.start, in: text,
      unknown: "nothing: the quote names neither view (table view assumed)")
    let rows = semantics == .tableView ? "rows" : "items"
    let range: (String, String)
    switch reading.wording {
    case .beforeAndOrAfter?:
      range = (
        "iOS 16.4–17.0",
        "Its first sentence says \"before and/or after performing the batch updates\", as iOS 16.4 to 17.0 print it."
      )
    case .beforeAndAfter?:
      range = (
        "iOS 17.1 and later",
        "Its first sentence says \"before and after performing the batch updates\", as iOS 17.1 and later print it."
      )
    case nil:
      range = (
        "iOS 16.4 and later",
        "This text exists from iOS 16.4 on; the quote cut off the words that tell 16.4–17.0 from 17.1 and later."
      )
    }
    var numbers = "the counts (the quote cut them off)"
    var causes: [CrashDiagnosis.Cause] = []
    var sketch: CaseSketch?
    var note: String?
    if let before = reading.before, let after = reading.after {
      numbers =
        "before: \(before.count) section\(before.count == 1 ? "" : "s") of \(before) \(rows); the data source returned \(after.count) section\(after.count == 1 ? "" : "s") of \(after)"
      if let updates = reading.updates {
        let summary = Self.summary(of: updates, before: before, after: after, noun: rows)
        if let perSection = summary.perSection { numbers = perSection }
        causes = CrashCauses.counts(
          before: before.reduce(0, +), after: after.reduce(0, +),
          net: summary.inserted - summary.deleted,
          inserted: summary.inserted, deleted: summary.deleted, noun: rows)
        sketch = CaseSketch(old: before, new: after, update: summary.update)
      } else {
        note = "the list of updates was cut or holds an entry BatchCheck cannot read"
      }
    } else {
      note = "the quote cut off the counts"
    }
    var diagnosis = CrashDiagnosis(
      line: text.line(ofStripped: reading.start), text: text.quote(reading.start, reading.end),
      partial: reading.partial,
      ruleID: "R2b", title: RuleExplanation.named("R2b")?.title ?? "", semantics: semantics,
      viewEvidence: evidence,
      iosRange: range.0, iosRangeReason: range.1, numbers: numbers, causes: causes, testCase: nil,
      caseNote: note,
      verdict: nil, reproduced: false, reloadDataFallback: false)
    if let sketch {
      diagnosis.testCase = sketch.testCase(
        name: "diagnosed-R2b-line-\(diagnosis.line)", semantics: semantics, uikit: .ios18)
      diagnosis.caseNote =
        diagnosis.testCase == nil
        ? "its counts are too large for a case"
        : "The counts and the updates as the text lists them (a reload is listed as its delete and insert); profile ios18."
    }
    diagnosis.missing = missingParts(reading)
    diagnosis.fallback =
      ending.reloadData
      ? .collectionViewSDK : diffableFallback(before: reading.start, in: text) ? .diffable : nil
    if let fallback = diagnosis.fallback {
      diagnosis.reloadDataFallback = true
      diagnosis.causes.insert(
        contentsOf: fallback == .diffable
          ? CrashCauses.diffableFallback : [CrashCauses.reloadDataFallback], at: 0)
    }
    diagnosis.judgeCase()
    diagnosis.adapterCauses = adapterCauses(reading, semantics: semantics, rows: rows)
    return diagnosis
  }

  /// The adapter causes a one-section R2b text's numbers fit.
  static func adapterCauses(
    _ reading: InvalidBatchUpdatesText, semantics: ViewSemantics, rows: String
  ) -> [AdapterCauseCandidate] {
    guard let before = reading.before, let after = reading.after, before.count == 1,
      after.count == 1, let updates = reading.updates
    else { return [] }
    let summary = Self.summary(of: updates, before: before, after: after, noun: rows)
    return AdapterCrashCauses.candidates(
      for: CountFailureFacts(
        semantics: semantics, uikit: .ios18, before: before[0], after: after[0],
        inserted: summary.inserted, deleted: summary.deleted))
  }

  /// What the log left out of an R2b text, in sentences.
  static func missingParts(_ reading: InvalidBatchUpdatesText) -> [String] {
    var missing: [String] = []
    if reading.partial {
      missing.append(
        reading.wording == nil
          ? "the start of the text is cut off, with the words that date it (iOS 16.4 and later)"
          : "the start of the text is cut off")
    }
    if reading.before == nil {
      missing.append("the counts before the update are not in the quote: no case")
    } else if reading.after == nil {
      missing.append("the counts after the update are not in the quote: no case")
    } else if reading.updates == nil {
      missing.append("the list of updates is cut or holds an entry BatchCheck cannot read: no case")
    }
    return missing
  }

  /// The update an R2b text lists, and per section (when it has no section
  /// operation) what it leaves against what the data source returned.
  static func summary(
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
      case .moveSection(let from, let to):
        update.moveSections.append(SectionMove(from: from, to: to))
      }
    }
    guard update.deleteSections.isEmpty, update.insertSections.isEmpty, update.moveSections.isEmpty,
      before.count == after.count
    else { return (update, inserted, deleted, nil) }
    var sentences: [String] = []
    for section in before.indices {
      let deletes = update.deleteRows.filter { $0.section == section }.count
      let inserts = update.insertRows.filter { $0.section == section }.count
      let movesIn = update.moveRows.filter {
        $0.to.section == section && $0.from.section != section
      }.count
      let movesOut = update.moveRows.filter {
        $0.from.section == section && $0.to.section != section
      }.count
      let leaves = before[section] - deletes + inserts + movesIn - movesOut
      guard leaves != after[section] || before.count == 1 else { continue }
      sentences.append(
        "section \(section): the data source returned \(after[section]) \(noun);"
          + " the update leaves \(leaves) = \(before[section])"
          + (deletes > 0 ? " − \(deletes)" : "")
          + (inserts > 0 ? " + \(inserts)" : "") + (movesIn > 0 ? " + \(movesIn) moved in" : "")
          + (movesOut > 0 ? " − \(movesOut) moved out" : ""))
      if sentences.count == 5 { break }
    }
    return (update, inserted, deleted, sentences.isEmpty ? nil : sentences.joined(separator: "; "))
  }
}
