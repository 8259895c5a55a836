extension CheckReport {
  /// The report as one JSON object, for CI.
  ///
  ///     check(LCS2013Generator()).renderJSON()
  ///     // {"generator":"lcs-2013","contract":"batch","identityOnly":false,
  ///     //  "seed":"0x00ba7c4ec4ec0001","passed":false,
  ///     //  "cases":{"corpus":0,"exhaustive":51,"random":0,"skipped":0,"passed":50,"failed":1},
  ///     //  "failures":[{"phase":"exhaustive","index":50,"caseSeed":null,
  ///     //    "verdict":"wrongRows","rule":"C1","message":"...","old":[[0]],"new":[[1,0,1]],
  ///     //    "update":{"insertRows":[[0,0],[0,1]]},...}],
  ///     //  "statistics":{...}}   (on one line)
  ///
  /// Keys, in this order: `generator`; `contract` (judged under);
  /// `generatorContract` (the generator's own, only when it differs);
  /// `identityOnly`; `uikit` (the profile, `ios18` or `ios12`); `seed`; `shard` (`"2/4"`, or null for a whole run);
  /// `maxSize`; `exhaustiveTotal`; `exhaustiveContentTotal`; `smallAlphabetTotal` and
  /// `smallAlphabet` (only when the run had the small-alphabet family); `sectioned`; `maxMoveRatio` and
  /// `rejectsUnneededDeletes` (only when the run set them); `passed`; `cases` (`corpus`,
  /// `exhaustive`, `random`, `skipped`, `passed`, `failed`, with `failed`
  /// counting coverage failures as in the text); `partial` (whether a phase
  /// did not run every case); `incomplete` (each such phase: `phase`,
  /// `reason` (`crashBudget`, `interrupted` or `crashesPredicted`),
  /// `generatorErrors`, `notRun` (a count or null), `predictedCrashes`,
  /// `predictions`); `edits` (`EditSize`'s totals and `cases`, or null);
  /// `failures`; `statistics`
  /// (`cases` and each `CoverageStatistic` by name). Each failure holds
  /// `phase`, `index` (null for coverage and replays), `caseSeed`, `verdict`
  /// (a verdict kind, `generatorError`, `waste` or `coverage`), `rule` (null when
  /// none), `variant` (`CheckFailure.variant`, or null), `error` (the
  /// generator error's kind, or null), `statistic` (for
  /// coverage, or null), `waste` (only for a waste failure: `WasteBreach`'s
  /// `limit`, `maxMoveRatio`, `moves`, `minimumMoves`, `minimumMovesIsBound`,
  /// `deletes`, `minimumDeletes`, `changedRows`, `unneededDeletes` and
  /// `fairMinimumMoves`),
  /// `message`, `place` (the verdict's place, `{"side":"old","section":0,"row":2}`
  /// with `row` absent for a section; null when the verdict names none),
  /// `mismatch` (wrong rows or stale content's first offending cell:
  /// `path` in new space, `expected`, `shown` and `reordered`; or null),
  /// `old`, `new` and `update` in
  /// the case format's shapes (Corpus/README.md; null when absent), `stages` or `steps` (only
  /// for changes in those shapes), `stage` or `step` (the failing one's
  /// number, from 1; only when the changes failed at one), `validUnder` (a contract, or null),
  /// `advice` (or null), `originalSize`, `shrink`
  /// (`calls`, `improvements`), `minimality` (`rows`, `contentRows`,
  /// `identityOnly`, `calls` and `proven`; null when not searched),
  /// `occurrences`, `replay` (the command, or
  /// null), `recipe` (the replay as data, `ReplayRecipe`: `generator`,
  /// `external` (`command`, `contract`, `timeout`, `name`, `sections`, or
  /// null), `caseSeed`, `judgedAs`, `maxSize`, `identityOnly`, `semantics`,
  /// `duplicates`, `uikit`, `visibleRows`, `maxMoveRatio`,
  /// `rejectsUnneededDeletes`; its pair is the failure's `old` and `new`;
  /// null when there is none), `corpus` (the regression line, which expects valid, or null),
  /// `case` (the failing case with its changes and verdict, or null),
  /// `visibleRows` (the rows on screen the case was judged with, as the
  /// case format writes them; null for every row), `trace` (an array of
  /// strings). `BatchCheckCorpus` reads it back (`CheckReport(json:)`), so
  /// the reports of a sharded run can be merged.
  ///
  /// Seeds are strings, `"0x"` and 16 hexadecimal digits, as the text and the
  /// replay command print them: a seed uses all 64 bits, and a JSON number
  /// beyond 2^53 loses digits in most readers (JavaScript, jq). `caseSeed` is
  /// null in the corpus and exhaustive phases.
  ///
  /// - Complexity: O(size of the text).
  public func renderJSON() -> String {
    var fields: [String] = []
    fields.append("\"generator\":" + jsonQuoted(generator))
    fields.append("\"contract\":" + jsonQuoted(contract.rawValue))
    if ownContract != contract {
      fields.append("\"generatorContract\":" + jsonQuoted(ownContract.rawValue))
    }
    fields.append("\"identityOnly\":\(identityOnly)")
    fields.append("\"uikit\":" + jsonQuoted(uikit.rawValue))
    fields.append("\"seed\":" + jsonQuoted(hexSeed(replayedCaseSeed == nil ? seed : 0)))
    fields.append("\"shard\":" + (shard.map { jsonQuoted($0.description) } ?? "null"))
    fields.append("\"maxSize\":\(maxSize),\"exhaustiveTotal\":\(exhaustiveTotal)")
    fields.append("\"exhaustiveContentTotal\":\(exhaustiveContentTotal)")
    if smallAlphabetTotal > 0 {
      fields.append(
        "\"smallAlphabetTotal\":\(smallAlphabetTotal),\"smallAlphabet\":\(smallAlphabet)")
    }
    fields.append("\"sectioned\":\(sectioned)")
    if let maxMoveRatio { fields.append("\"maxMoveRatio\":" + decimalText(maxMoveRatio)) }
    if rejectsUnneededDeletes { fields.append("\"rejectsUnneededDeletes\":true") }
    fields.append("\"passed\":\(passed)")
    fields.append(
      "\"cases\":{\"corpus\":\(corpusCases),\"exhaustive\":\(exhaustiveCases),"
        + "\"random\":\(randomCases),\"skipped\":\(skippedCases),"
        + "\"passed\":\(passedCases),\"failed\":\(failedCount)}")
    fields.append("\"partial\":\(isPartial)")
    fields.append("\"incomplete\":[" + incomplete.map(\.json).joined(separator: ",") + "]")
    fields.append("\"edits\":" + (edits.map { $0.json(cases: editCases) } ?? "null"))
    fields.append("\"failures\":[" + failures.map(\.json).joined(separator: ",") + "]")
    let counts = CoverageStatistic.allCases.map {
      "\"\($0.rawValue)\":\($0.count(in: statistics))"
    }
    fields.append(
      "\"statistics\":{\"cases\":\(statistics.cases)," + counts.joined(separator: ",") + "}")
    return "{" + fields.joined(separator: ",") + "}"
  }
}

extension CheckFailure {
  /// The failure as a JSON object; see `CheckReport.renderJSON()`.
  package var json: String {
    func orNull(_ text: String?) -> String { text ?? "null" }
    let isCase = coverage == nil
    var fields: [String] = []
    fields.append("\"phase\":" + jsonQuoted(phase.rawValue))
    fields.append("\"index\":" + orNull(index.map { String($0) }))
    fields.append("\"caseSeed\":" + orNull(caseSeed.map { jsonQuoted(hexSeed($0)) }))
    fields.append("\"verdict\":" + jsonQuoted(kind.name))
    fields.append("\"rule\":" + orNull(rule.map { jsonQuoted($0.rawValue) }))
    fields.append("\"variant\":" + orNull(variant.map { jsonQuoted($0.description) }))
    fields.append("\"error\":" + orNull(error.map { jsonQuoted($0.kind.rawValue) }))
    fields.append("\"statistic\":" + orNull(coverage.map { jsonQuoted($0.rawValue) }))
    if let waste { fields.append("\"waste\":" + waste.json) }
    fields.append("\"message\":" + jsonQuoted(message))
    fields.append("\"place\":" + orNull(verdict?.place.map(CaseJSON.place)))
    fields.append("\"mismatch\":" + orNull(verdict?.mismatch.map(CaseJSON.mismatch)))
    fields.append("\"old\":" + (isCase ? CaseJSON.sections(old) : "null"))
    fields.append("\"new\":" + (isCase ? CaseJSON.sections(new) : "null"))
    fields.append("\"update\":" + orNull(update.map(CaseJSON.update)))
    switch changes {
    case .staged(let stages)?: fields.append("\"stages\":" + CaseJSON.stages(stages))
    case .steps(let steps)?: fields.append("\"steps\":" + CaseJSON.steps(steps))
    case .batch, nil: break
    }
    if let position { fields.append(CaseJSON.position(position)) }
    fields.append("\"validUnder\":" + orNull(validUnder.map { jsonQuoted($0.rawValue) }))
    fields.append("\"advice\":" + orNull(advice.map(jsonQuoted)))
    fields.append("\"originalSize\":\(originalSize)")
    fields.append("\"shrink\":{\"calls\":\(shrinkCalls),\"improvements\":\(shrinkImprovements)}")
    fields.append(
      "\"minimality\":"
        + orNull(
          minimality.map {
            "{\"rows\":\($0.rows),\"contentRows\":\($0.contentRows),\"identityOnly\":\($0.identityOnly),"
              + "\"calls\":\($0.calls),\"proven\":\(isProvenMinimal)}"
          }))
    fields.append("\"occurrences\":\(occurrences)")
    fields.append("\"replay\":" + orNull(replayCommand.map(jsonQuoted)))
    fields.append("\"recipe\":" + orNull(replay.map(\.json)))
    fields.append("\"corpus\":" + orNull(corpusLine.map(jsonQuoted)))
    fields.append("\"case\":" + orNull(caseLine.map(jsonQuoted)))
    fields.append("\"visibleRows\":" + CaseJSON.visibleRows(visibleRows))
    fields.append("\"trace\":[" + trace.map(jsonQuoted).joined(separator: ",") + "]")
    return "{" + fields.joined(separator: ",") + "}"
  }
}

extension WasteBreach {
  /// The breach as a JSON object; see `CheckReport.renderJSON()`.
  package var json: String {
    "{\"limit\":" + jsonQuoted(limit.rawValue) + ",\"maxMoveRatio\":"
      + (maxMoveRatio.map(decimalText) ?? "null")
      + ",\"moves\":\(moves),\"minimumMoves\":\(minimumMoves),\"minimumMovesIsBound\":\(minimumMovesIsBound)"
      + ",\"deletes\":\(deletes),\"minimumDeletes\":\(minimumDeletes),\"changedRows\":\(changedRows)"
      + ",\"unneededDeletes\":\(unneededDeletes),\"fairMinimumMoves\":\(fairMinimumMoves)}"
  }
}

extension ReplayRecipe {
  /// The recipe as a JSON object; its pair is the failure's `old` and
  /// `new`. See `CheckReport.renderJSON()`.
  package var json: String {
    func orNull(_ text: String?) -> String { text ?? "null" }
    var fields = ["\"generator\":" + jsonQuoted(generator)]
    fields.append(
      "\"external\":"
        + orNull(
          external.map {
            "{\"command\":" + jsonQuoted($0.command) + ",\"contract\":"
              + orNull($0.contract.map { jsonQuoted($0.rawValue) }) + ",\"timeout\":"
              + orNull($0.timeout.map(decimalText)) + ",\"name\":" + orNull($0.name.map(jsonQuoted))
              + ",\"sections\":\($0.sections)}"
          }))
    fields.append("\"caseSeed\":" + orNull(caseSeed.map { jsonQuoted(hexSeed($0)) }))
    fields.append("\"judgedAs\":" + orNull(judgedAs.map { jsonQuoted($0.rawValue) }))
    fields.append("\"maxSize\":\(maxSize),\"identityOnly\":\(identityOnly)")
    fields.append("\"semantics\":" + jsonQuoted(simulation.semantics.rawValue))
    fields.append("\"duplicates\":" + jsonQuoted(simulation.duplicates.rawValue))
    fields.append("\"uikit\":" + jsonQuoted(simulation.uikit.rawValue))
    fields.append("\"visibleRows\":" + CaseJSON.visibleRows(simulation.visibleRows))
    fields.append("\"maxMoveRatio\":" + orNull(maxMoveRatio.map(decimalText)))
    fields.append("\"rejectsUnneededDeletes\":\(rejectsUnneededDeletes)")
    return "{" + fields.joined(separator: ",") + "}"
  }
}
