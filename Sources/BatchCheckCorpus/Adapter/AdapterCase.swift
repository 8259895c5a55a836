import BatchCheck

/// A recorded-script case of a case file (`"contract":"adapter"`, case
/// format version 3): a view in a start state, the steps an app's apply
/// code takes, and what must come of it.
///
///     let testCase = try AdapterCase(jsonLine: """
///       {"contract":"adapter","start":{"rows":[["a"]]},"script":[{"call":"performBatchUpdates","steps":[{"call":"deleteRows","at":[[0,0]]}]}],"expect":{"verdict":"exception","cause":"A4"}}
///       """)
///     testCase.agrees  // true: the model never moved
public struct AdapterCase: Hashable, Sendable {
  /// The case's name.
  public var name: String?
  /// The view and its rules. `options.uikit` is the profile the line names,
  /// or iOS 18 when it names none (see `uikitGiven`).
  public var options: AdapterOptions
  /// Whether the line names its UIKit profile; when it does not, `validate
  /// --uikit` chooses.
  public var uikitGiven: Bool
  /// The start state.
  public var start: AdapterStart
  /// The steps.
  public var steps: [AdapterStep]
  /// What must come of it; nil: valid.
  public var expect: AdapterExpectation?

  /// A case with these parts.
  public init(
    name: String? = nil, options: AdapterOptions = AdapterOptions(), uikitGiven: Bool = true,
    start: AdapterStart, steps: [AdapterStep], expect: AdapterExpectation? = nil
  ) {
    self.name = name
    self.options = options
    self.uikitGiven = uikitGiven
    self.start = start
    self.steps = steps
    self.expect = expect
  }

  /// The script, under the line's profile or else `profile`.
  public func script(profile: UIKitProfile? = nil) -> AdapterScript {
    var options = self.options
    if !uikitGiven, let profile { options.uikit = profile }
    return AdapterScript(options: options, start: start, steps: steps)
  }

  /// Whether the run agrees with `expect`, valid when there is none.
  public var agrees: Bool { judged().agrees }

  /// The case run once: its report, whether it agrees, what `validate`
  /// prints of it.
  package func judged(profile: UIKitProfile? = nil) -> ScriptJudgement {
    let report = script(profile: profile).run()
    let expect = self.expect ?? AdapterExpectation(verdict: .valid)
    return ScriptJudgement(
      contract: "adapter", name: name, expected: self.expect?.description,
      isValid: report.verdict == .valid, agrees: expect.agrees(with: report),
      text: Self.text(report), fields: Self.fields(report), adapterReport: report)
  }

  /// The case's outcome in one line: `exception R2 A4 at step [0] (settled): …`.
  static func text(_ report: AdapterReport) -> String {
    guard let failure = report.firstFailure else {
      return "valid (\(report.basis.rawValue))"
    }
    var text = failure.kind.rawValue
    if let rule = failure.rule { text += " \(rule)" }
    if let cause = failure.cause { text += " \(cause)" }
    text += " at step \(AdapterCaseJSON.path(failure.step)) (\(failure.basis.rawValue))"
    if let message = failure.message { text += ": \(message)" }
    return text
  }

  /// The verdict's JSON fields: `verdict`, `rule`, `message`, `cause`,
  /// `step`, `basis`, `outcomes`, `reads`.
  static func fields(_ report: AdapterReport) -> [String] {
    var fields = ["\"verdict\":\"\(report.verdict.rawValue)\""]
    if let rule = report.rule { fields.append("\"rule\":\"\(rule)\"") }
    if let message = report.message { fields.append("\"message\":" + JSONText.quoted(message)) }
    if let cause = report.cause { fields.append("\"cause\":\"\(cause)\"") }
    if let step = report.step { fields.append("\"step\":" + AdapterCaseJSON.path(step)) }
    fields.append("\"basis\":\"\(report.basis.rawValue)\"")
    fields.append(
      "\"outcomes\":[" + report.outcomes.map(AdapterCaseJSON.outcome).joined(separator: ",") + "]")
    fields.append(
      "\"reads\":[" + report.reads.map(AdapterCaseJSON.read).joined(separator: ",") + "]")
    return fields
  }
}

/// What an adapter case expects: a verdict, and optionally its rule, cause,
/// step, basis and a part of its message.
public struct AdapterExpectation: Hashable, Sendable, CustomStringConvertible {
  /// The case's verdict.
  public var verdict: AdapterVerdictKind
  /// The rule, when given.
  public var rule: Rule?
  /// The cause, when given.
  public var cause: AdapterCause?
  /// The path of the step of the first outcome that is not valid, when given.
  public var step: [Int]?
  /// The basis, when given.
  public var basis: AdapterBasis?
  /// A part of the message (white space compared loosely), when given.
  public var message: String?

  /// An expectation of `verdict` and whichever other parts are given.
  public init(
    verdict: AdapterVerdictKind, rule: Rule? = nil, cause: AdapterCause? = nil,
    step: [Int]? = nil, basis: AdapterBasis? = nil, message: String? = nil
  ) {
    self.verdict = verdict
    self.rule = rule
    self.cause = cause
    self.step = step
    self.basis = basis
    self.message = message
  }

  /// Whether `report` gives every part this expectation names.
  public func agrees(with report: AdapterReport) -> Bool {
    guard report.verdict == verdict else { return false }
    if let rule, report.rule != rule { return false }
    if let cause, report.cause != cause { return false }
    if let step, report.step != step { return false }
    if let basis, report.basis != basis { return false }
    if let message {
      let wanted = Expectation.collapsingWhitespace(message)
      let actual = Expectation.collapsingWhitespace(report.message ?? "")
      if !wanted.isEmpty && !actual.contains(wanted) { return false }
    }
    return true
  }

  /// `exception R2 A4 at step [0] (settled): text`, naming only what is given.
  public var description: String {
    var text = verdict.rawValue
    if let rule { text += " \(rule)" }
    if let cause { text += " \(cause)" }
    if let step { text += " at step \(AdapterCaseJSON.path(step))" }
    if let basis { text += " (\(basis.rawValue))" }
    if let message { text += ": \(message)" }
    return text
  }
}

extension AdapterCase {
  /// Reads an adapter case from one line of a case file.
  ///
  /// - Throws: `CaseDataError` with file, line and column for anything the
  ///   case format does not allow, or when the line is not an adapter case.
  public init(jsonLine: String, file: String = "-", line: Int = 1) throws(CaseDataError) {
    let value = try CaseLineValue(jsonLine: jsonLine, file: file, line: line)
    guard case .adapter(let testCase) = value else {
      throw CaseDataError(
        file: file, line: line, column: 1,
        message: "not an adapter case: it has no \"contract\":\"adapter\"")
    }
    self = testCase
  }
}
