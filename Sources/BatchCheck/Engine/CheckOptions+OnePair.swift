extension CheckOptions {
  /// Options that run one pair and nothing else: the pair as the regression
  /// corpus, no exhaustive phase, no random cases. A failure of an
  /// in-process run gives its replay in this form, the pair as literals,
  /// ready to paste into a test.
  ///
  ///     let options = CheckOptions.onePair(old: [[Row("a")]], new: [[Row("b"), Row("a"), Row("b")]])
  ///     check(LCS2013Generator(), options: options).failures.first?.rule   // C1
  ///
  /// A failure of the pair is still shrunk, and searched for a smaller pair
  /// that fails the same way, as any corpus failure is.
  ///
  /// - Parameters:
  ///   - old: the old sections (old space).
  ///   - new: the new sections (new space).
  ///   - simulation: how the simulated table judges the update.
  ///   - identityOnly: judge identities only (`CheckOptions.identityOnly`).
  /// - Returns: the options.
  public static func onePair(
    old: [[Row]], new: [[Row]], simulation: SimulationOptions = .default, identityOnly: Bool = false
  ) -> CheckOptions {
    CheckOptions(
      count: 0, exhaustiveTotal: 0, regressions: [(old: old, new: new)], simulation: simulation,
      identityOnly: identityOnly)
  }
}

/// Swift source text for values a replay names, so that a report's replay
/// can be pasted into a test as it is.
package enum SwiftLiteral {
  /// `.onePair(old: [[Row("a")]], new: [[Row("b")]])`, with `simulation:`
  /// and `identityOnly:` when they are not the defaults: the options that
  /// run the pair again (`CheckOptions.onePair`).
  package static func onePairOptions(
    old: [[Row]], new: [[Row]], simulation: SimulationOptions, identityOnly: Bool
  ) -> String {
    var arguments = ["old: " + sections(old), "new: " + sections(new)]
    var parts: [String] = []
    if simulation.semantics != .tableView {
      parts.append("semantics: .\(simulation.semantics.rawValue)")
    }
    if simulation.duplicates != .reject {
      parts.append("duplicates: .\(simulation.duplicates.rawValue)")
    }
    if simulation.uikit != .ios18 { parts.append("uikit: .\(simulation.uikit.rawValue)") }
    switch simulation.visibleRows {
    case .all: break
    case .none: parts.append("visibleRows: VisibleRows.none")
    case .range(let first, let last):
      parts.append("visibleRows: .range(first: \(path(first)), last: \(path(last)))")
    }
    if !parts.isEmpty {
      arguments.append("simulation: SimulationOptions(\(parts.joined(separator: ", ")))")
    }
    if identityOnly { arguments.append("identityOnly: true") }
    return ".onePair(\(arguments.joined(separator: ", ")))"
  }

  /// `pairOptions` (the text of one-pair options) with the waste limits
  /// given set on them, as a closure called at once, `onePair` having no
  /// place for them: `{ var options = CheckOptions.onePair(...);
  /// options.maxMoveRatio = 2; return options }()`; `pairOptions` as it is
  /// when there is no limit.
  package static func limiting(
    _ pairOptions: String, maxMoveRatio: Double?, rejectsUnneededDeletes: Bool
  ) -> String {
    var limits: [String] = []
    if let ratio = maxMoveRatio { limits.append("options.maxMoveRatio = \(decimalText(ratio))") }
    if rejectsUnneededDeletes { limits.append("options.rejectsUnneededDeletes = true") }
    guard !limits.isEmpty else { return pairOptions }
    let typed = pairOptions.hasPrefix(".") ? "CheckOptions" + pairOptions : pairOptions
    return "{ var options = \(typed); " + limits.joined(separator: "; ") + "; return options }()"
  }

  /// `[[Row("a"), Row(id: "b", content: 2)], []]`.
  package static func sections(_ sections: [[Row]]) -> String {
    "[" + sections.map { "[" + $0.map(row).joined(separator: ", ") + "]" }.joined(separator: ", ")
      + "]"
  }

  /// `Row("a")`, or `Row(id: "a", content: "b")` when the content differs.
  package static func row(_ row: Row) -> String {
    row.id == row.content
      ? "Row(\(value(row.id)))" : "Row(id: \(value(row.id)), content: \(value(row.content)))"
  }

  /// `3`, or `"a"` as a Swift string literal (quotes, backslashes and
  /// control characters escaped).
  package static func value(_ value: RowValue) -> String {
    switch value {
    case .int(let number): return String(number)
    case .string(let text): return string(text)
    }
  }

  /// `text` as a Swift string literal.
  package static func string(_ text: String) -> String {
    quotedLiteral(text, controlBelow: 0x20, escapesDelete: true) {
      "\\u{" + String($0, radix: 16) + "}"
    }
  }

  /// `RowPath(0, 2)`.
  package static func path(_ path: RowPath) -> String { "RowPath(\(path.section), \(path.row))" }
}
