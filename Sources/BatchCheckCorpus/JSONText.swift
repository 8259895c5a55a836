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
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}
