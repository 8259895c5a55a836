import BatchCheck
import BatchCheckCorpus
import BatchCheckHTML

/// `batchcheck diagnose [FILE | -]`: reads a crash log (a console, a crash
/// reporter's page, a pasted message) and says, for every UIKit
/// batch-update exception in it, the rule, the view, the iOS range of its
/// wording, its numbers in a sentence, the likely causes, and a case that
/// reproduces it when the text carries its numbers.
///
///     batchcheck diagnose crash.log
///     // 1 UIKit batch-update exception in crash.log
///     // 1. line 3: R3 A deleted row must exist before the update (table view)
///     // ...
///
/// Exit status: 0 when the log holds at least one UIKit text (an exception,
/// a diffable data source's exception, or a count text UIKit logged and
/// answered with reloadData), 1 when it holds none, 65 when the file cannot
/// be read, 64 for a usage error.
struct DiagnoseCommand: OptionCommand {
  static let name = "diagnose"
  static let abstract =
    "Read a crash log: the rule, view, iOS range and causes of each UIKit exception, and a case."
  static let usage = """
    OVERVIEW: Read a crash log (an Xcode console, a crash reporter's page, a
    pasted message, a JSON report; several crashes; quotes cut at either end,
    without their final period, lower-cased, escaped or wrapped) and diagnose
    every UIKit text in it: table and collection view batch-update exceptions,
    diffable data source exceptions, and count texts UIKit only logged before
    falling back to reloadData. For each: its rule and view (or the ids a
    diffable text names), the iOS range its wording comes from, its numbers in
    a sentence, what the log left out, the likely causes, and, when the text
    carries what a case needs, a case that BatchCheck runs as validate does,
    saying whether it reproduces the rule.

    USAGE: batchcheck diagnose [<file>] [--format <format>] [--html <file>]

    ARGUMENTS:
      <file>              The log; - or nothing reads standard input.

    OPTIONS:
    \(optionsHelp)

    EXIT STATUS:
      0 at least one UIKit text found; 1 none found (a Swift trap or an Auto
      Layout warning alone is named in one line); 65 the file could not be
      read; 64 a usage error.

    """

  /// The log's path; `-` for standard input.
  var file = "-"
  /// Text given in place of a file (`explain` with a pasted message).
  var text: String?
  /// How results are printed.
  var format = OutputFormat.human
  /// Where to write the HTML page; nil: none.
  var html: String?

  static var options: [CommandOption<Self>] {
    [
      .format(
        \.format, human: "a block per text",
        json:
          "one JSON object per text (rule, view, iosRange, causes, case, reproduced, missing, ids, fallback...)."
      ),
      .path("--html", \.html, help: "Also write an HTML page with a picture of each rebuilt case."),
    ]
  }

  mutating func takePositional(_ arguments: [String]) throws(CommandError) {
    if arguments.count > 1 { throw .unexpectedArgument(arguments[1], command: Self.name) }
    if let first = arguments.first { file = first }
  }

  func run(output: inout some OutputSink) async throws(CommandError) -> ExitCode {
    let log: CrashLog
    let source: String
    if let text {
      log = CrashLog(text)
      source = "the text"
    } else {
      do throws(CaseFileError) {
        log = CrashLog(bytes: try CaseFile.bytes(atPath: file))
      } catch {
        throw .unreadableFile(error)
      }
      source = file == "-" ? "standard input" : file
    }
    guard !log.diagnoses.isEmpty else {
      var line = "Error: no UIKit batch-update exception in \(source)"
      if let other = log.otherFailures.first {
        line +=
          "; it holds '\(other)', which is not a UIKit batch-update exception"
          + " (\(CrashLog.kind(ofOther: other)))"
      }
      output.writeError(line + "\n")
      return .failure
    }
    switch format {
    case .json:
      for diagnosis in log.diagnoses { output.writeOutput(Self.jsonLine(diagnosis) + "\n") }
      for other in log.otherFailures {
        output.writeError(
          "note: '\(other)' is not a UIKit batch-update exception (\(CrashLog.kind(ofOther: other)))\n"
        )
      }
    case .human:
      output.writeOutput(Self.humanText(log, source: source))
    }
    if let html { try writeAtomically(Self.html(log, source: source), to: html) }
    return .success
  }

  // MARK: Text

  /// The human report: a heading, then a block per exception.
  static func humanText(_ log: CrashLog, source: String) -> String {
    var text = heading(log.diagnoses, source: source) + "\n"
    for (number, diagnosis) in log.diagnoses.enumerated() {
      text += "\n" + block(diagnosis, number: number + 1)
    }
    for other in log.otherFailures {
      text +=
        "\nnote: '\(other)' is not a UIKit batch-update exception: it is \(CrashLog.kind(ofOther: other)).\n"
    }
    return text
  }

  /// `2 UIKit batch-update exceptions in crash.log`; when the log also
  /// holds diffable texts or texts UIKit only logged, each kind counted:
  /// `3 UIKit texts in crash.log: 1 batch-update exception, 1 diffable data
  /// source exception, 1 logged and answered with reloadData`.
  static func heading(_ diagnoses: [CrashDiagnosis], source: String) -> String {
    func counted(_ count: Int, _ noun: String) -> String {
      "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
    let logged = diagnoses.filter { $0.reloadDataFallback || $0.ruleID == "S3" }.count
    let diffable = diagnoses.filter { $0.isDiffable && $0.ruleID != "S3" }.count
    let batch = diagnoses.count - logged - diffable
    guard logged > 0 || diffable > 0 else {
      return counted(batch, "UIKit batch-update exception") + " in \(source)"
    }
    var parts: [String] = []
    if batch > 0 { parts.append(counted(batch, "batch-update exception")) }
    if diffable > 0 { parts.append(counted(diffable, "diffable data source exception")) }
    if logged > 0 { parts.append("\(logged) logged, not raised") }
    return counted(diagnoses.count, "UIKit text") + " in \(source): "
      + parts.joined(separator: ", ")
  }

  /// One exception: its heading, then labelled lines.
  static func block(_ diagnosis: CrashDiagnosis, number: Int) -> String {
    let viewName = diagnosis.semantics == .tableView ? "table view" : "collection view"
    let view =
      diagnosis.isDiffable
      ? (diagnosis.ruleID.hasPrefix("SS") ? "section snapshot" : "diffable data source")
        + (diagnosis.viewUnknown ? "" : ", \(viewName)")
      : viewName
    var text =
      "\(number). line \(diagnosis.line): \(diagnosis.ruleID) \(diagnosis.title) (\(view))\n"
    text += field("text", diagnosis.text.split(separator: "\n").joined(separator: "\n"))
    if diagnosis.ruleID == "S3" {
      text += field("outcome", "logged, not raised: UIKit moved the existing item into place")
    }
    if let fallback = diagnosis.fallback {
      text += field(
        "outcome",
        "logged, not raised: "
          + (fallback == .diffable
            ? "the diffable data source performed reloadData as a fallback"
            : "the collection view performed reloadData (an app built against an older SDK)"))
    }
    if !diagnosis.viewUnknown {
      text += field("view", "\(viewName), told by \(diagnosis.viewEvidence)")
    }
    text += field("iOS", "\(diagnosis.iosRange). \(diagnosis.iosRangeReason)")
    text += field(diagnosis.isDiffable ? "ids" : "numbers", diagnosis.numbers)
    if !diagnosis.missing.isEmpty {
      text += field("missing", diagnosis.missing.joined(separator: "\n"))
    }
    if !diagnosis.causes.isEmpty {
      text += "   causes, most likely first:\n"
      for (rank, cause) in diagnosis.causes.enumerated() {
        text += wrap("\(rank + 1). \(cause.cause). \(cause.reason)", width: 72).enumerated().map {
          ($0.offset == 0 ? "     " : "        ") + $0.element + "\n"
        }.joined()
      }
    }
    if !diagnosis.adapterCauses.isEmpty {
      text += "   apply code out of step with its data source, each reproduced by a script\n"
      text += "   (batchcheck validate replays it; batchcheck explain A1 ... A13):\n"
      for candidate in diagnosis.adapterCauses {
        text += wrap("\(candidate.cause): \(candidate.reason)", width: 72).enumerated().map {
          ($0.offset == 0 ? "     " : "        ") + $0.element + "\n"
        }.joined()
        text += "        " + candidate.caseLine + "\n"
      }
    }
    if let line = diagnosis.caseLine {
      text += "   case:\n     " + line + "\n"
      if let note = diagnosis.caseNote { text += field("", note) }
      if let verdict = diagnosis.verdictText {
        text += field(
          "result",
          (diagnosis.reproduced ? "reproduced: " : "not reproduced: ")
            + "BatchCheck judges the case \(verdict)"
            + (diagnosis.reproduced ? ", the text's rule" : ", not \(diagnosis.ruleID)"))
      }
    } else {
      text += field(
        "case", "none: " + (diagnosis.caseNote ?? "the text does not carry what a case needs"))
    }
    return text
  }

  /// `   label:   text`, the text wrapped and indented under itself.
  private static func field(_ label: String, _ value: String) -> String {
    let head = label.isEmpty ? "" : label + ":"
    let indent = String(repeating: " ", count: 13)
    var lines: [String] = []
    for paragraph in value.split(separator: "\n", omittingEmptySubsequences: false) {
      // Quoted UIKit text is kept as it is; prose is wrapped.
      lines +=
        paragraph.count > 70 && paragraph.contains(" ") && label != "text"
        ? wrap(String(paragraph), width: 66) : [String(paragraph)]
    }
    return lines.enumerated().map { index, line in
      (index == 0 ? "   " + head + String(repeating: " ", count: max(1, 10 - head.count)) : indent)
        + line + "\n"
    }.joined()
  }

  // MARK: JSON

  /// One exception as one JSON object: `rule`, `view`, `iosRange`, `causes`,
  /// `case` (the case line's object, or null) and `reproduced`, with the
  /// line, the text, the title, the numbers and the verdict.
  static func jsonLine(_ diagnosis: CrashDiagnosis) -> String {
    let causes = diagnosis.causes.map {
      "{\"cause\":\(JSONText.quoted($0.cause)),\"reason\":\(JSONText.quoted($0.reason))}"
    }
    var fields = [
      "\"line\":\(diagnosis.line)",
      "\"rule\":" + JSONText.quoted(diagnosis.ruleID),
      "\"title\":" + JSONText.quoted(diagnosis.title),
      "\"view\":" + (diagnosis.viewUnknown ? "null" : JSONText.quoted(diagnosis.view)),
      "\"viewEvidence\":" + JSONText.quoted(diagnosis.viewEvidence),
      "\"iosRange\":" + JSONText.quoted(diagnosis.iosRange),
      "\"iosRangeReason\":" + JSONText.quoted(diagnosis.iosRangeReason),
      "\"numbers\":" + JSONText.quoted(diagnosis.numbers),
      "\"causes\":[" + causes.joined(separator: ",") + "]",
      "\"case\":" + (diagnosis.caseLine ?? "null"),
    ]
    if let note = diagnosis.caseNote { fields.append("\"caseNote\":" + JSONText.quoted(note)) }
    if let verdict = diagnosis.verdict {
      var parts = ["\"verdict\":" + JSONText.quoted(verdict.kind.rawValue)]
      if let rule = verdict.rule { parts.append("\"rule\":" + JSONText.quoted(rule.rawValue)) }
      if let message = verdict.message { parts.append("\"message\":" + JSONText.quoted(message)) }
      fields.append("\"judged\":{" + parts.joined(separator: ",") + "}")
    } else if let verdict = diagnosis.snapshotVerdict {
      let parts = verdict.split(separator: " ", maxSplits: 1).map(String.init)
      fields.append(
        "\"judged\":{\"verdict\":" + JSONText.quoted(parts[0])
          + (parts.count > 1 ? ",\"rule\":" + JSONText.quoted(parts[1]) : "") + "}")
    } else {
      fields.append("\"judged\":null")
    }
    fields.append("\"reproduced\":\(diagnosis.reproduced)")
    let adapter = diagnosis.adapterCauses.map {
      "{\"cause\":\"\($0.cause)\",\"reason\":\(JSONText.quoted($0.reason)),\"case\":\($0.caseLine)}"
    }
    fields.append("\"adapterCauses\":[" + adapter.joined(separator: ",") + "]")
    fields.append("\"partial\":\(diagnosis.partial)")
    fields.append("\"reloadDataFallback\":\(diagnosis.reloadDataFallback)")
    fields.append(
      "\"fallback\":" + (diagnosis.fallback.map { JSONText.quoted($0.rawValue) } ?? "null"))
    fields.append(
      "\"contract\":"
        + JSONText.quoted(
          diagnosis.isDiffable
            ? (diagnosis.ruleID.hasPrefix("SS") ? "sectionSnapshot" : "snapshot") : "batch"))
    fields.append(
      "\"ids\":[" + diagnosis.identifiers.map(JSONText.quoted).joined(separator: ",") + "]")
    fields.append(
      "\"missing\":[" + diagnosis.missing.map(JSONText.quoted).joined(separator: ",") + "]")
    fields.append("\"text\":" + JSONText.quoted(diagnosis.text))
    return "{" + fields.joined(separator: ",") + "}"
  }

  // MARK: HTML

  /// The page: a picture of each rebuilt case, batch or snapshot, drawn as
  /// `validate --html` draws one.
  static func html(_ log: CrashLog, source: String) -> String {
    var cases: [HTMLCase] = []
    var snapshotCases: [HTMLSnapshotCase] = []
    for (number, diagnosis) in log.diagnoses.enumerated() {
      let title = "\(number + 1). line \(diagnosis.line): \(diagnosis.ruleID) \(diagnosis.title)"
      let expected =
        "UIKit's text: \(diagnosis.ruleID)"
        + (diagnosis.reproduced ? " (reproduced)" : " (not reproduced)")
      if let line = diagnosis.snapshotCase {
        if let snapshotCase = try? SnapshotCase(jsonLine: line) {
          snapshotCases.append(
            HTMLSnapshotCase(
              title: title, script: snapshotCase.script, verdict: snapshotCase.verdict,
              expected: expected))
        } else if let sectionCase = try? SectionSnapshotCase(jsonLine: line) {
          snapshotCases.append(HTMLSnapshotCase(sectionCase, title: title, expected: expected))
        }
      }
      guard let testCase = diagnosis.testCase else { continue }
      let judged = testCase.judge()
      cases.append(
        HTMLCase(
          testCase, judged: judged, title: title, expected: expected,
          advice: diagnosis.causes.first.map { "\($0.cause): \($0.reason)" },
          options: testCase.options))
    }
    let rebuilt = cases.count + snapshotCases.count
    let facts = [
      HTMLFact("log", source),
      HTMLFact("texts", "\(log.diagnoses.count) found, \(rebuilt) rebuilt as cases"),
    ]
    var notes = ["Drawn: each case rebuilt from a UIKit text, as BatchCheck judges it."]
    if rebuilt < log.diagnoses.count {
      notes.append("Texts that do not carry what a case needs have no case.")
    }
    return HTMLReport.render(
      title: "diagnose", passed: log.diagnoses.allSatisfy(\.reproduced), facts: facts, cases: cases,
      notes: notes, snapshotCases: snapshotCases)
  }
}
