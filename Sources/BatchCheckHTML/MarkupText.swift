/// `text` ready for XML 1.0 (and so XHTML and HTML) text or a quoted
/// attribute value: `& < > " '` escaped, and every character XML 1.0 cannot
/// hold at all replaced by U+FFFD REPLACEMENT CHARACTER, so the document is
/// always well-formed: the C0 controls other than tab, line feed and carriage
/// return, and the noncharacters U+FFFE and U+FFFF. (Lone surrogates, the
/// only other characters XML forbids, cannot occur in a Swift string.)
///
///     markupEscaped("a<b\u{0}\u{FFFE}")   // "a&lt;b\u{FFFD}\u{FFFD}"
///
/// The JUnit writer and the HTML report both escape through it.
///
/// - Complexity: O(*n*) in the length of `text`.
package func markupEscaped(_ text: String) -> String {
  var out = ""
  out.reserveCapacity(text.utf8.count)
  for scalar in text.unicodeScalars {
    switch scalar {
    case "&": out += "&amp;"
    case "<": out += "&lt;"
    case ">": out += "&gt;"
    case "\"": out += "&quot;"
    case "'": out += "&#39;"
    default:
      out.unicodeScalars.append(isXMLCharacter(scalar) ? scalar : "\u{FFFD}")
    }
  }
  return out
}

/// Whether XML 1.0 allows `scalar` in a document (its production `Char`:
/// tab, LF, CR, U+0020–U+D7FF, U+E000–U+FFFD, U+10000–U+10FFFF).
package func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.value {
  case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
  default: false
  }
}

/// `text` cut to at most `limit` characters, the cut marked by `…`.
///
///     shortened("abcdef", to: 4)   // "abc…"
func shortened(_ text: String, to limit: Int) -> String {
  guard limit > 0 else { return "" }
  var count = 0
  var end = text.startIndex
  while end < text.endIndex {
    if count == limit { return String(text[..<text.index(before: end)]) + "…" }
    count += 1
    end = text.index(after: end)
  }
  return text
}
