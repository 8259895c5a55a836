import BatchCheck

/// The verdict a case must get: a kind, and optionally a rule and a message.
///
///     let expect = Expectation(verdict: .exception, rule: .r11, message: "delete and a move")
///     expect.agrees(with: Verdict(kind: .exception, rule: .r11,
///       message: "attempt to perform a delete and a move from the same index path (...)"))
///     // true
public struct Expectation: Hashable, Sendable {
  /// The verdict kind the case must get.
  public var verdict: VerdictKind
  /// The rule the verdict must carry, when given.
  public var rule: Rule?
  /// Text that must appear in the verdict's message, white space compared loosely.
  public var message: String?

  /// Creates an expectation; `rule` and `message` are checked only when given.
  public init(verdict: VerdictKind, rule: Rule? = nil, message: String? = nil) {
    self.verdict = verdict
    self.rule = rule
    self.message = message
  }

  /// Whether `verdict` is what this expectation asks for.
  ///
  /// The kinds must be equal; the rules too when this expectation names one;
  /// and when it has a message, that message must appear inside the verdict's
  /// message once every run of white space in both is made one space (and the
  /// expected text is trimmed). So `"number of sections.  The"` (two spaces,
  /// as UIKit printed up to iOS 12) matches the one-space text of iOS 13 on.
  ///
  ///     Expectation(verdict: .valid).agrees(with: .valid)  // true
  ///
  /// - Parameter verdict: what the simulator said.
  /// - Returns: true when they agree.
  public func agrees(with verdict: Verdict) -> Bool {
    guard verdict.kind == self.verdict else { return false }
    if let rule, verdict.rule != rule { return false }
    if let message {
      guard let actual = verdict.message else { return false }
      let wanted = Self.collapsingWhitespace(message)
      return wanted.isEmpty || Self.collapsingWhitespace(actual).contains(wanted)
    }
    return true
  }

  /// `text` with every run of white space made one space, and no white space
  /// at either end.
  ///
  ///     Expectation.collapsingWhitespace("  a \n\t b ")  // "a b"
  static func collapsingWhitespace(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}

/// Another name for `Expectation`, for files that also import Swift Testing,
/// whose own `Expectation` type makes the plain name ambiguous there.
///
///     import Testing
///     import BatchCheckCorpus
///     let expect = CaseExpectation(verdict: .valid)
public typealias CaseExpectation = Expectation
