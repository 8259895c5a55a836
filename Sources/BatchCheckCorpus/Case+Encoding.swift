import BatchCheck

extension Case {
  /// The case as one line of a case file, without a line break.
  ///
  ///     Case(old: [[Row("a")]], new: [[Row("a"), Row(id: "b", content: 2)]]).jsonLine
  ///     // {"old":[["a"]],"new":[["a",{"id":"b","content":2}]]}
  ///
  /// Keys come in the case format's order: `name`, `semantics`, `duplicates`,
  /// `uikit`, `visibleRows`, `old`, `new`, `update`, `expect`. `name`,
  /// `update` and `expect` are written when present; `semantics`,
  /// `duplicates`, `uikit` and `visibleRows` only when they are not the
  /// defaults. Rows are sections always (`[["a"]]`, never the flat
  /// `["a"]`), each row a plain value when its id equals its content. Inside
  /// `update`, only non-empty keys are written, in the order of the format's
  /// table; an update with no operation is `{}`. `Case(jsonLine:)` reads the
  /// line back to an equal case.
  public var jsonLine: String {
    var fields: [String] = []
    if let name { fields.append("\"name\":" + JSONText.quoted(name)) }
    fields += CaseJSON.optionFields(options, uikit: uikit)
    // BatchCheck's contract extension, Case+Contracts+Encoding.swift.
    fields += contractHeaderFields
    fields.append("\"old\":" + Self.json(old))
    fields.append("\"new\":" + Self.json(new))
    if let update { fields.append("\"update\":" + Self.json(update)) }
    fields += contractChangeFields
    if let expect {
      var parts = ["\"verdict\":" + JSONText.quoted(expect.verdict.rawValue)]
      if let rule = expect.rule { parts.append("\"rule\":" + JSONText.quoted(rule.rawValue)) }
      if let message = expect.message { parts.append("\"message\":" + JSONText.quoted(message)) }
      fields.append("\"expect\":{" + parts.joined(separator: ",") + "}")
    }
    return "{" + fields.joined(separator: ",") + "}"
  }

  /// Sections of rows; `Row.description` is already the case-file form of a
  /// row (`"a"`, `3`, `{"id":"a","content":"x"}`), and the round-trip tests
  /// hold it to that. The core's `CaseJSON` writes the same shapes for the
  /// property engine's corpus lines; one writer serves both.
  private static func json(_ sections: [[Row]]) -> String {
    CaseJSON.sections(sections)
  }

  private static func json(_ update: BatchUpdate) -> String {
    CaseJSON.update(update)
  }
}
