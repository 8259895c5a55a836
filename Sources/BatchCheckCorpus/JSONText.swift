import BatchCheck

/// Writing JSON text: string literals, as the case writer and the command
/// line's JSON output need them.
package enum JSONText {
  /// `text` as a JSON string literal, quotes, backslashes and control
  /// characters escaped; everything else written as is (UTF-8).
  ///
  ///     JSONText.quoted("a \"b\"\n")  // "\"a \\\"b\\\"\\n\""
  ///
  /// - Parameter text: any string.
  /// - Returns: the literal, quotes included.
  package static func quoted(_ text: String) -> String {
    jsonQuoted(text)
  }
}
