extension CheckReport {
  /// The report as text for a person, ending with `N passed, N failed`.
  ///
  ///     check(LCS2013Generator()).renderText()
  ///     // check lcs-2013, run seed 0x00ba7c4ec4ec0001
  ///     //   exhaustive: 51 cases, every pair with |old| + |new| <= 8
  ///     // ...
  ///     // FAIL wrongRows C1: exhaustive phase, pair 50
  ///     //   message: row {length = 2, path = 0 - 2} shows 0 ...
  ///     //   old:     [[0]]
  ///     // ...
  ///     // 50 passed, 1 failed
  ///
  /// Each case failure shows the verdict, rule and message; the minimal old
  /// and new; the generator's update for them; the original size and the
  /// shrink statistics; the run seed and the case seed (or the phase and
  /// pair index); the replay command (random phase); the corpus line to
  /// add; and the simulation's trace when there is one. A coverage failure
  /// counts once in `failed`. An option a line names (the one that raises
  /// a limit the run reached) is named as its `CheckOptions` property.
  ///
  /// - Complexity: O(size of the text).
  public func renderText() -> String { renderText(naming: .swift) }

  /// The text report, each option it names named as `spelling` names it
  /// (a front end's own words for it); see `renderText()`.
  package func renderText(naming spelling: OptionSpelling) -> String {
    var lines: [String] = []
    if let replayedCaseSeed {
      lines.append(
        "replay \(generator) (\(mode)), case seed \(hexSeed(replayedCaseSeed)), max size \(maxSize)"
      )
    } else {
      lines.append(
        "check \(generator) (\(mode)), run seed \(hexSeed(seed))"
          + (shard.map { ", shard \($0)" } ?? ""))
      lines.append("  corpus:     \(counted(corpusCases, "case"))")
      lines.append(
        "  exhaustive: \(counted(exhaustiveCases, "case"))"
          + (exhaustiveTotal > 0 ? ", every pair with |old| + |new| <= \(exhaustiveTotal)" : "")
          + (exhaustiveContentTotal > 0
            ? ", contents varied up to \(exhaustiveContentTotal) rows" : "") + smallAlphabetPhrase)
      lines.append("  random:     \(counted(randomCases, "case")), max size \(maxSize)")
      if let edits {
        lines.append("  " + edits.summary(over: editCases))
      }
    }
    if let limits = limitsText { lines.append("  limits:     " + limits) }
    if skippedCases > 0 {
      lines.append(
        "  skipped:    \(counted(skippedCases, "case")) of several sections (the generator diffs one)"
      )
    }
    for phase in incomplete {
      lines.append("")
      lines.append(phase.text(naming: spelling))
    }
    let kinds = failures.filter { $0.coverage == nil }.count
    if kinds > 1 {
      lines.append("")
      lines.append(
        shard == nil
          ? "\(counted(kinds, "kind")) of failure, smallest first:"
          : "\(counted(kinds, "failure")): the first of each kind in each phase (merge the shards to list the kinds):"
      )
    }
    for failure in failures {
      lines.append("")
      lines += failure.textLines(
        runSeed: replayedCaseSeed == nil ? seed : nil, sectioned: sectioned, naming: spelling)
    }
    if statistics.cases > 0 {
      lines.append("")
      lines.append("generated (\(statistics.cases) random cases):")
      var parts: [String] = []
      for statistic in CoverageStatistic.allCases {
        let count = statistic.count(in: statistics)
        parts.append("\(statistic.rawValue) \(count) (\(percentText(count, of: statistics.cases)))")
      }
      lines.append("  " + parts[..<5].joined(separator: ", "))
      lines.append("  " + parts[5...].joined(separator: ", "))
    }
    lines.append("")
    lines.append(
      "\(passedCases) passed, \(failedCount) failed"
        + (isPartial ? " (partial: not every case ran)" : ""))
    return lines.joined(separator: "\n")
  }
}

extension CheckReport {
  /// The run's waste limits in words: `row moves at most 2× the fewest
  /// needed, none when none is; no row deleted and inserted again
  /// needlessly`; nil when it has none.
  package var limitsText: String? {
    Self.limitsText(maxMoveRatio: maxMoveRatio, rejectsUnneededDeletes: rejectsUnneededDeletes)
  }

  /// `limitsText` for these limits.
  package static func limitsText(maxMoveRatio: Double?, rejectsUnneededDeletes: Bool) -> String? {
    var parts: [String] = []
    if let maxMoveRatio {
      parts.append(
        "row moves at most \(decimalText(maxMoveRatio))× the fewest needed, none when none is")
    }
    if rejectsUnneededDeletes { parts.append("no row deleted and inserted again needlessly") }
    return parts.isEmpty ? nil : parts.joined(separator: "; ")
  }

  /// The contract, mode and profile of the run: `one batch, iOS 18`,
  /// `sequential steps, identity only, iOS 18`, `sequential steps judged as
  /// one batch, iOS 12` (a mix-up run).
  public var mode: String {
    Self.mode(
      contract: contract, ownContract: ownContract, identityOnly: identityOnly, uikit: uikit)
  }

  /// The mode of a run judging a generator of `ownContract` under `contract`.
  package static func mode(
    contract: Contract, ownContract: Contract, identityOnly: Bool, uikit: UIKitProfile
  ) -> String {
    var text = contract == ownContract ? "\(contract)" : "\(ownContract) judged as \(contract)"
    if identityOnly { text += ", identity only" }
    return text + ", \(uikit)"
  }
}

extension CheckFailure {
  /// The failure's lines in the text report.
  ///
  /// - Parameters:
  ///   - sectioned: whether the generator diffs several sections (pairs of
  ///     several sections were then not searched for a minimum).
  ///   - replay: the replay to show instead of `replayCommand` (a test
  ///     helper's own call).
  ///   - spelling: how the replay line names an option (`replayText(naming:)`).
  package func textLines(
    runSeed: UInt64?, sectioned: Bool = false, replay: String? = nil,
    naming spelling: OptionSpelling = .swift
  ) -> [String] {
    if coverage != nil {
      return [
        "FAIL \(kind)",
        "  message: " + message.indentingContinuationLines(by: 11),
      ]
    }
    var head = "FAIL \(kind)"
    switch (index, caseSeed) {
    case (let index?, _):
      head += ": \(phase.rawValue) phase, \(phase == .random ? "case" : "pair") \(index)"
    case (nil, _): head += ": replayed case"
    }
    if occurrences > 1 { head += " (\(occurrences) cases failed this way)" }
    var lines = [head]
    lines.append("  message: " + message.indentingContinuationLines(by: 11))
    lines.append("  old:     \(CaseJSON.sections(old))")
    lines.append("  new:     \(CaseJSON.sections(new))")
    switch changes {
    case .staged(let stages)?: lines.append("  stages:  " + CaseJSON.stages(stages))
    case .steps(let steps)?: lines.append("  steps:   " + CaseJSON.steps(steps))
    case .batch, nil:
      lines.append(
        "  update:  " + (update.map(CaseJSON.update) ?? "none (the generator gave no answer)"))
    }
    if let advice { lines.append("  advice:  \(advice)") }
    lines.append(
      "  shrunk:  from \(counted(originalSize, "row")) to \(GeneratedCase(old: old, new: new).rowCount),"
        + " \(counted(shrinkCalls, "call")), \(counted(shrinkImprovements, "improvement"))")
    lines.append("  minimal: " + minimalityText(sectioned: sectioned))
    var seeds = runSeed.map { "run \(hexSeed($0)), " } ?? ""
    if let caseSeed {
      seeds += "case \(hexSeed(caseSeed))"
    } else {
      seeds += "no case seed (\(phase.rawValue) phase, pair \(index ?? 0))"
    }
    lines.append("  seeds:   \(seeds)")
    lines.append("  replay:  \(replay ?? replayText(naming: spelling))")
    if let corpusLine { lines.append("  corpus:  \(corpusLine)") }
    if trace.isEmpty {
      lines.append("  trace:   none (the generator gave no answer)")
    } else {
      lines.append("  trace:")
      lines += trace.map { "    " + $0.indentingContinuationLines(by: 6) }
    }
    return lines
  }
}

extension CheckFailure {
  /// The `minimal:` line: whether a smaller pair could fail the same way,
  /// and how far the search for one went.
  ///
  ///     // "proven: no pair with fewer rows fails this way (every pair with at
  ///     //  most 2 rows tried; 0 calls beyond the exhaustive phase)"
  package func minimalityText(sectioned: Bool) -> String {
    guard let minimality else {
      return "not searched yet: merging the shards' reports decides"
    }
    let scope = sectioned ? "pair of one section a side" : "pair"
    let calls =
      minimality.calls == 0
      ? "no calls beyond the exhaustive phase" : "\(counted(minimality.calls, "call"))"
    let contents =
      minimality.identityOnly || minimality.contentRows >= minimality.rows
      ? "" : " (contents varied up to \(counted(minimality.contentRows, "row")))"
    guard minimality.rows >= 0 else {
      return rowCount == 0 ? "proven: it has no rows" : "not searched (no budget for it)"
    }
    let tried =
      "every \(scope) with at most \(counted(minimality.rows, "row")) tried\(contents); \(calls)"
    if isProvenMinimal {
      return "proven: no \(scope) with fewer rows fails this way (\(tried))"
    }
    return "not proven: no \(scope) with at most \(counted(minimality.rows, "row")) fails this way,"
      + " and this one has \(rowCount) (\(tried))"
  }
}

extension String {
  /// The text with every line after the first indented by `width` spaces,
  /// so that a message of several lines (UIKit's R2b text) stays under its
  /// label in a text report.
  ///
  ///     "Invalid batch updates detected: ...\nUpdates = [".indentingContinuationLines(by: 2)
  ///     // "Invalid batch updates detected: ...\n  Updates = ["
  ///
  /// - Complexity: O(*n*), where *n* is the length of the text.
  package func indentingContinuationLines(by width: Int) -> String {
    guard contains("\n") else { return self }
    return split(separator: "\n", omittingEmptySubsequences: false)
      .joined(separator: "\n" + String(repeating: " ", count: width))
  }
}
