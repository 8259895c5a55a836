import BatchCheck
import ReferenceDiffs

/// What `batchcheck` does with no arguments: checks every built-in generator
/// on every small pair of arrays and prints one row per generator.
///
///     batchcheck
///     // generator              cases  verdict          smallest counterexample
///     // lcs                    46299  valid            -
///     // lcs-2013                  12  wrongRows C1     ["a"] -> ["b","a","b"]
///     // ...
///
/// The pairs are every pair of single-section arrays with at most
/// `maxTotal` rows in all, values canonicalised, smallest first, so the first
/// failing pair of a generator is a smallest counterexample.
enum DefaultRun {
  /// The largest `old.count + new.count` the default run tries.
  static let maxTotal = 8

  /// Prints the table and the failing generators' verdicts.
  ///
  /// - Returns: `.success`: the built-in generators' failures are known
  ///   findings, shown rather than judged.
  static func run(output: inout some OutputSink) -> ExitCode {
    let pairs = ExhaustivePairs(maxTotal: maxTotal)
    var text =
      "Every built-in generator on every pair of arrays with at most \(maxTotal) rows in all"
      + " (values canonicalised, smallest first):\n\n"
    let header = row("generator", "cases", "verdict", "smallest counterexample")
    text += header + "\n"
    var details = ""
    var failing = 0
    for generator in ReferenceGenerators.all {
      let (cases, finding) = generator.firstFailure(in: pairs)
      guard let finding else {
        text += row(generator.name, String(cases), "valid", "-") + "\n"
        continue
      }
      failing += 1
      let verdict =
        finding.verdict.map { $0.kind.rawValue + ($0.rule.map { " \($0)" } ?? "") }
        ?? "error \(finding.error?.kind.rawValue ?? "")"
      let pair = "\(describe(finding.old)) -> \(describe(finding.new))"
      text += row(generator.name, String(cases), verdict, pair) + "\n"
      details += "\(generator.name): \(pair)\n"
      if let update = finding.update { details += "  update: \(describe(update))\n" }
      if let message = finding.verdict?.message ?? finding.error?.message { details += "  \(message)\n" }
    }
    text += "\n" + details
    if !details.isEmpty { text += "\n" }
    text += "\(ReferenceGenerators.all.count) generators: "
    text += "\(ReferenceGenerators.all.count - failing) valid, \(failing) failing\n"
    output.writeOutput(text)
    return .success
  }

  /// One table row, padded to fixed columns.
  static func row(_ name: String, _ cases: String, _ verdict: String, _ example: String) -> String {
    pad(name, 22) + String(repeating: " ", count: max(0, 6 - cases.count)) + cases + "  "
      + pad(verdict, 17) + example
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(1, width - text.count))
  }

  /// Rows as a JSON array: `["a","b"]`.
  static func describe(_ rows: [Row]) -> String {
    "[" + rows.map(\.description).joined(separator: ",") + "]"
  }

  /// The update's non-empty operations, in the case format's key order.
  static func describe(_ update: BatchUpdate) -> String {
    func paths(_ list: [RowPath]) -> String {
      list.map { "(\($0.section),\($0.row))" }.joined(separator: " ")
    }
    var parts: [String] = []
    if !update.deleteSections.isEmpty { parts.append("deleteSections \(update.deleteSections)") }
    if !update.insertSections.isEmpty { parts.append("insertSections \(update.insertSections)") }
    if !update.reloadSections.isEmpty { parts.append("reloadSections \(update.reloadSections)") }
    if !update.moveSections.isEmpty {
      parts.append("moveSections " + update.moveSections.map { "\($0.from)->\($0.to)" }.joined(separator: " "))
    }
    if !update.deleteRows.isEmpty { parts.append("deleteRows " + paths(update.deleteRows)) }
    if !update.insertRows.isEmpty { parts.append("insertRows " + paths(update.insertRows)) }
    if !update.reloadRows.isEmpty { parts.append("reloadRows " + paths(update.reloadRows)) }
    if !update.moveRows.isEmpty {
      parts.append(
        "moveRows "
          + update.moveRows.map { "(\($0.from.section),\($0.from.row))->(\($0.to.section),\($0.to.row))" }
          .joined(separator: " "))
    }
    return parts.isEmpty ? "(empty)" : parts.joined(separator: ", ")
  }
}
