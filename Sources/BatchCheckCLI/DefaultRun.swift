import BatchCheck
import Foundation
import ReferenceDiffs

/// What `batchcheck` does with no arguments: checks every built-in generator
/// with the default seed and prints one row per generator.
///
///     batchcheck
///     // generator              cases  verdict          smallest counterexample
///     // lcs                    56113  valid            -
///     // lcs-2013                  51  wrongRows C1     ["a"] -> ["b","a","b"]
///     // ...
///
/// Each generator runs as `batchcheck check --generator NAME` would: every
/// pair with at most 8 rows in all (contents varied up to 6), smallest first,
/// then 10,000 seeded random cases; each kind of failure is shrunk, searched
/// below, and listed on its own row, smallest first. A counterexample is
/// proven minimal unless its row says otherwise.
enum DefaultRun {
  /// Prints the table, then the failing generators' messages and updates.
  ///
  /// - Returns: `.success`: the built-in generators' failures are known
  ///   findings, shown rather than judged.
  static func run(uikit: UIKitProfile = .ios18, output: inout some OutputSink) async -> ExitCode {
    var text =
      "Every built-in generator, default seed, judged by \(uikit)'s UIKit: every pair with at most"
      + " \(CheckOptions.defaultExhaustiveTotal) rows in all, then \(CheckOptions.defaultCount) random cases.\n\n"
    text += row("generator", "cases", "verdict", "smallest counterexample") + "\n"
    var details = ""
    var failing = 0
    let workers = ProcessInfo.processInfo.activeProcessorCount
    for generator in ReferenceGenerators.allContracts {
      var shared = GeneratorOptions()
      shared.simulation.uikit = uikit
      let options = shared.checkOptions(for: generator)
      let report = await check(generator, options: options, workers: workers)
      var modes: [String] = []
      if generator.contract != .batch { modes.append("as \(generator.contract)") }
      if options.identityOnly { modes.append("identity only") }
      let mode = modes.isEmpty ? "" : " (" + modes.joined(separator: ", ") + ")"
      guard !report.failures.isEmpty else {
        text += row(generator.name, String(report.casesRun), "valid" + mode, "-") + "\n"
        continue
      }
      failing += 1
      // One row per kind of failure, smallest first; the generator's name and
      // cases on the first.
      for (number, failure) in report.failures.enumerated() {
        let verdict =
          [failure.kind, failure.rule?.rawValue, failure.variant.map { "(\($0))" }]
          .compactMap { $0 }.joined(separator: " ") + (number == 0 ? mode : "")
        guard failure.coverage == nil else {
          text += row(number == 0 ? generator.name : "", number == 0 ? String(report.casesRun) : "",
            "coverage \(failure.coverage?.rawValue ?? "")", "-") + "\n"
          continue
        }
        let pair = "\(describe(failure.old)) -> \(describe(failure.new))"
        let proof = failure.isProvenMinimal ? "" : " (not proven minimal)"
        text +=
          row(
            number == 0 ? generator.name : "", number == 0 ? String(report.casesRun) : "", verdict,
            pair + proof) + "\n"
        details += "\(generator.name), \(verdict): \(pair)\n"
        if let changes = failure.changes {
          details += "  changes: \(CaseJSON.field(changes))\n"
        } else if let update = failure.update {
          details += "  update:  \(CaseJSON.update(update))\n"
        }
        details += "  message: \(failure.message)\n"
        details += "  cases:   \(counted(failure.occurrences, "case")) failed this way;"
          + " minimal: \(failure.minimalityText(sectioned: report.sectioned))\n"
      }
    }
    text += "\n" + details
    if !details.isEmpty {
      text += "\nFull report, trace and corpus line: batchcheck check --generator NAME\n\n"
    }
    let count = ReferenceGenerators.allContracts.count
    text += "\(count) generators: \(count - failing) valid, \(failing) failing\n"
    output.writeOutput(text)
    return .success
  }

  /// One table row, padded to fixed columns.
  static func row(_ name: String, _ cases: String, _ verdict: String, _ example: String) -> String {
    pad(name, 22) + String(repeating: " ", count: max(0, 6 - cases.count)) + cases + "  "
      + pad(verdict, 30) + example
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(1, width - text.count))
  }

  /// One section as a flat JSON array (`["a","b"]`); several as sections.
  static func describe(_ sections: [[Row]]) -> String {
    sections.count == 1
      ? "[" + sections[0].map(\.description).joined(separator: ",") + "]" : CaseJSON.sections(sections)
  }
}
