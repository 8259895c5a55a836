import BatchCheck
import BatchCheckCorpus

/// The counts of one `validate` run.
///
/// Passed: cases that ran and agree with their expectation (a case without
/// `expect` is expected valid, as `corpus check` expects it). Failed: cases
/// that disagree, plus every line that could not be read. A file that could
/// not be read is counted apart: it has no cases to pass or fail.
struct ValidateTally: Equatable {
  var passed = 0
  var disagreements = 0
  var dataErrors = 0
  var unreadableFiles = 0

  /// `3 passed, 1 failed`, and `, 1 file not read` when one could not be.
  var summary: String {
    var text = "\(passed) passed, \(disagreements + dataErrors) failed"
    if unreadableFiles > 0 {
      text += ", \(unreadableFiles) \(unreadableFiles == 1 ? "file" : "files") not read"
    }
    return text
  }

  /// Adds another tally's counts.
  mutating func add(_ other: ValidateTally) {
    passed += other.passed
    disagreements += other.disagreements
    dataErrors += other.dataErrors
    unreadableFiles += other.unreadableFiles
  }

  /// 65 when anything could not be read, else 1 when a case disagrees, else 0.
  var exitCode: ExitCode {
    if dataErrors > 0 || unreadableFiles > 0 { return .dataError }
    if disagreements > 0 { return .failure }
    return .success
  }
}

/// The text `validate` prints for each line of a case file.
enum ValidateReport {
  /// Runs the case on `line` (if it is one), counts it, and returns its
  /// report: one line, plus `- expected` / `+ actual` lines for a human
  /// reader when the case disagrees.
  static func lines(
    for line: CaseLine, format: OutputFormat, contract: Contract? = nil, identityOnly: Bool? = nil,
    uikit: UIKitProfile? = nil, tally: inout ValidateTally
  ) -> String {
    switch line.value {
    case .failure(let error):
      tally.dataErrors += 1
      return (format == .json ? jsonLine(error) : humanLine(error)) + "\n"
    case .success(.snapshot(let snapshotCase)):
      return snapshotLines(snapshotCase.judged(), line: line, format: format, tally: &tally)
    case .success(.sectionSnapshot(let sectionCase)):
      return snapshotLines(sectionCase.judged(), line: line, format: format, tally: &tally)
    case .success(.adapter(let adapterCase)):
      return snapshotLines(
        adapterCase.judged(profile: uikit), line: line, format: format, tally: &tally)
    case .success(.batch(var testCase)):
      if testCase.uikit == nil { testCase.uikit = uikit }
      let judged: ContractVerdict
      do throws(ContractReadingError) {
        judged = try testCase.judge(under: contract, identityOnly: identityOnly)
      } catch {
        tally.dataErrors += 1
        let data = CaseDataError(
          file: line.file, line: line.line, column: 1, message: error.description)
        return
          (format == .json ? jsonLine(data) : "\(data.file):\(data.line):1: error: \(data.message)")
          + "\n"
      }
      let verdict = judged.verdict
      let agrees = testCase.expectation.agrees(with: verdict)
      if agrees { tally.passed += 1 } else { tally.disagreements += 1 }
      switch format {
      case .json:
        // A valid batch update's edit size, against the least the pair needs.
        let edits =
          verdict.isValid
          ? testCase.update.map { EditSize(old: testCase.old, new: testCase.new, update: $0) } : nil
        return jsonLine(
          file: line.file, line: line.line, name: testCase.name, verdict: verdict,
          position: judged.position, agrees: agrees, edits: edits) + "\n"
      case .human:
        return humanLines(
          line: line, testCase: testCase, verdict: verdict, agrees: agrees, judged: judged)
      }
    }
  }

  /// A script case's report (snapshot, section snapshot, adapter): its JSON line, or for a human reader one
  /// line (`x.jsonl:3 name: logged S3: ... ✓ agrees`) and on disagreement the
  /// expectation and the verdict on `-` and `+` lines.
  static func snapshotLines(
    _ judged: ScriptJudgement, line: CaseLine, format: OutputFormat, tally: inout ValidateTally
  ) -> String {
    if judged.agrees { tally.passed += 1 } else { tally.disagreements += 1 }
    if format == .json { return judged.reportLine(file: line.file, line: line.line) + "\n" }
    var head = "\(line.file):\(line.line)"
    if let name = judged.name { head += " " + printable(name) }
    let contract = judged.contract == "sectionSnapshot" ? "section snapshot" : judged.contract
    head += ": " + printable(judged.text) + " (\(contract))"
    if judged.agrees { return head + (judged.expected == nil ? "\n" : " ✓ agrees\n") }
    return head + " ✗ disagrees\n"
      + "  - expected " + printable(judged.expected ?? "valid (the case has no expect)")
      + "\n" + "  + actual   " + printable(judged.text) + "\n"
  }

  /// `{"file":...,"line":3,"name":...,"verdict":...,"rule":...,"message":...,"agrees":true}`,
  /// as the case format (Corpus/README.md) shows it: `name`, `rule`, `message` only when present;
  /// `place` (the verdict's place, `{"side":"new","section":0,"row":5}`) and `stage` or `step`
  /// (the failing one, from 1) only when the verdict has one;
  /// `agrees` always (a case without `expect` is expected valid), nil only for a caller without one;
  /// `edits` (`EditSize`, with its per-section figures) on a valid line whose case has one batch update.
  static func jsonLine(
    file: String, line: Int, name: String?, verdict: Verdict, position: ChangesPosition? = nil,
    agrees: Bool?, edits: EditSize? = nil
  ) -> String {
    var fields = ["\"file\":" + JSONText.quoted(file), "\"line\":\(line)"]
    if let name { fields.append("\"name\":" + JSONText.quoted(name)) }
    fields.append("\"verdict\":" + JSONText.quoted(verdict.kind.rawValue))
    if let rule = verdict.rule { fields.append("\"rule\":" + JSONText.quoted(rule.rawValue)) }
    if let message = verdict.message { fields.append("\"message\":" + JSONText.quoted(message)) }
    if let place = verdict.place { fields.append("\"place\":" + CaseJSON.place(place)) }
    if let position { fields.append(CaseJSON.position(position)) }
    if let agrees { fields.append("\"agrees\":\(agrees)") }
    if let edits { fields.append("\"edits\":" + edits.json()) }
    return "{" + fields.joined(separator: ",") + "}"
  }

  /// `{"file":...,"line":3,"column":17,"error":"..."}` for a malformed line.
  static func jsonLine(_ error: CaseDataError) -> String {
    "{\"file\":\(JSONText.quoted(error.file)),\"line\":\(error.line),\"column\":\(error.column),\"error\":\(JSONText.quoted(error.message))}"
  }

  /// `FILE:LINE:COLUMN: error: MESSAGE` for a malformed line.
  static func humanLine(_ error: CaseDataError) -> String {
    "\(error.file):\(error.line):\(error.column): error: \(error.message)"
  }

  /// `{"file":...,"error":"cannot read ...: no such file"}` for a file that could not be read.
  static func jsonLine(unreadable error: CaseFileError) -> String {
    "{\"file\":\(JSONText.quoted(error.file)),\"error\":\(JSONText.quoted(error.description))}"
  }

  /// `x.jsonl:3 name: exception R11: ... ✓ agrees`, and for a disagreement
  /// the expectation and the verdict on `-` and `+` lines. A case without
  /// `expect` is expected valid: it gets no mark when it is, and disagrees
  /// (`- expected valid (the case has no expect)`) when it is not.
  static func humanLines(
    line: CaseLine, testCase: Case, verdict: Verdict, agrees: Bool, judged: ContractVerdict? = nil
  ) -> String {
    var head = "\(line.file):\(line.line)"
    if let name = testCase.name { head += " " + printable(name) }
    head += ": " + printable(verdict.description)
    if let judged, judged.contract != .batch || judged.identityOnly { head += " (\(judged.mode))" }
    if let advice = judged?.advice { head += "; " + printable(advice) }
    if agrees { return head + (testCase.expect == nil ? "\n" : " ✓ agrees\n") }
    return head + " ✗ disagrees\n"
      + "  - expected " + printable(describe(testCase)) + "\n"
      + "  + actual   " + printable(verdict.description) + "\n"
  }

  /// What `testCase` expects: its `expect` described, or
  /// `valid (the case has no expect)`.
  static func describe(_ testCase: Case) -> String {
    testCase.expect.map(describe) ?? "valid (the case has no expect)"
  }

  /// `exception R11: delete and a move` (the message is a fragment the
  /// actual message must contain).
  static func describe(_ expect: Expectation) -> String {
    var text = expect.verdict.rawValue
    if let rule = expect.rule { text += " \(rule)" }
    if let message = expect.message { text += ": \(message)" }
    return text
  }

  /// `text` with line breaks and other control characters escaped, so that
  /// every report stays on its line.
  static func printable(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0.value < 0x20 }) else { return text }
    let quoted = JSONText.quoted(text)
    return String(quoted.dropFirst().dropLast())
  }
}

extension Case {
  /// The verdict the case must get: its `expect`, or valid when it has none
  /// (as `corpus check` and the case format take a missing `expect`).
  var expectation: Expectation { expect ?? Expectation(verdict: .valid) }
}
