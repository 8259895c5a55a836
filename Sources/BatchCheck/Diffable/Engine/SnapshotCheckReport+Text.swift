extension SnapshotCheckReport {
  /// The report as text for a person, ending with `N passed, N failed`.
  ///
  ///     print(report.renderText())
  ///     // check snapshot builder pagedFeed (start empty, apply animated), run seed 0x00ba7c4ec4ec0001
  ///     //   exhaustive: 4979 models, every model with at most 4 rows in all ...
  ///     // ...
  ///     // FAIL wrongRows C1: section 0 holds [] where the intended items are [a]
  ///     //   old:      []
  ///     //   new:      [[0,["a"]],[1,["a"]]]
  ///     //   calls:      0 {"op":"appendSections","ids":[0,1]}
  ///     // ...
  ///
  /// Per kind of failure: the headline (verdict, rule, failing call, UIKit's
  /// message), the smallest models, the calls with the failing one marked
  /// `>` and each S3 log named, the final state next to the intended one,
  /// the shrink, whether the models are proven minimal, and the replay line.
  ///
  /// - Complexity: O(size of the text).
  public func renderText() -> String {
    let start = shape == .builder ? "start empty" : "start old"
    var lines = [
      "check snapshot \(shape.rawValue) \(name) (\(start), apply \(options.apply.rawValue)), run seed \(hexSeed(options.seed))",
      "  exhaustive: \(counted(exhaustiveCases, "model"))"
        + (options.exhaustiveTotal > 0
          ? ", every model with at most \(options.exhaustiveTotal) rows in all"
            + " (contents varied up to \(options.exhaustiveContentTotal)), up to 2 sections a side"
          : ""),
      "  random:     \(counted(randomCases, "model")), max size \(options.maxSize)"
        + (options.contentInIdentity ? ", ids with content" : ""),
      "  runs:       \(counted(codeRuns, "run")) of the code, shrinking included",
    ]
    if let firstWarning {
      lines.append(
        "  warnings:   \(counted(warningCases, "model")) with a warning; the first: \(firstWarning)"
      )
    }
    if failures.count > 1 {
      lines += ["", "\(counted(failures.count, "kind")) of failure, smallest first:"]
    }
    for failure in failures {
      lines.append("")
      lines += failure.textLines()
    }
    lines += ["", "\(casesRun - failedCases) passed, \(failedCases) failed"]
    return lines.joined(separator: "\n") + "\n"
  }
}

extension SnapshotCheckFailure {
  /// The failure's block of the text report.
  package func textLines() -> [String] {
    var lines = ["FAIL " + headline.indentingContinuationLines(by: 5)]
    let first = caseSeed.map { "random model \(index), case seed \(hexSeed($0))" }
    lines.append(
      "  cases:    \(counted(occurrences, "model")) failed this way; shrunk from the "
        + (first ?? "exhaustive model \(index)"))
    lines.append("  old:      \(old)")
    lines.append("  new:      \(new)")
    lines.append("  calls:" + (calls.isEmpty ? "    none" : ""))
    lines += callLines()
    let finalText = verdict.final.map { SnapshotCaseJSON.final($0) }
    lines.append(
      "  final:    "
        + (finalText ?? "none: UIKit raised at call \(verdict.call.map(String.init) ?? "apply")"))
    lines.append(
      "  intended: " + SnapshotCaseJSON.final(intended.map { ($0.id, $0.rows.map(\.id)) }))
    lines.append(
      "  shrunk:   from \(counted(originalRows, "row")) to \(rows),"
        + " \(counted(shrinkCalls, "run")) of the code, \(counted(shrinkImprovements, "smaller model")) kept"
    )
    lines.append("  minimal:  " + minimalityText)
    lines.append("  replay:   " + replayLine)
    if !replayAgrees {
      lines.append(
        "  note:     the replay line's verdict differs: two of the code's ids write the same case-file id"
      )
    }
    return lines
  }

  /// `proven: no single step ... still fails this way`, or why not.
  package var minimalityText: String {
    isProvenMinimal
      ? "proven: no single step (a section, key or row dropped, sections merged, a content reset, ids merged or renamed) still fails this way"
      : "not proven: the shrink budget ran out before every single step was tried"
  }

  /// The calls, one a line, numbered from 0: `>` marks the call that
  /// raised, and a call that logged S3 says so.
  func callLines() -> [String] {
    let logged = Set(verdict.logs.map(\.call))
    let shown = calls.prefix(40)
    var lines = shown.enumerated().map { index, call in
      let mark = index == verdict.call ? "  > " : "    "
      let number = String(index)
      var line =
        mark + String(repeating: " ", count: max(0, 3 - number.count)) + number + " "
        + SnapshotCaseJSON.call(call)
      if index == verdict.call, let rule = verdict.rule { line += "  (raised \(rule))" }
      if logged.contains(index) { line += "  (S3 logged)" }
      return "  " + line
    }
    if calls.count > shown.count {
      lines.append("        ... \(counted(calls.count - shown.count, "more call"))")
    }
    return lines
  }
}
