/// A row's identity or content: a string or an integer, as in a case file.
public enum RowValue: Hashable, Sendable, Comparable, CustomStringConvertible,
  ExpressibleByIntegerLiteral, ExpressibleByStringLiteral
{
  /// An integer, as a case file's number.
  case int(Int)
  /// A string, as a case file's string.
  case string(String)

  public init(integerLiteral value: Int) { self = .int(value) }
  public init(stringLiteral value: String) { self = .string(value) }

  /// Integers order before strings; each kind orders naturally.
  public static func < (lhs: RowValue, rhs: RowValue) -> Bool {
    switch (lhs, rhs) {
    case (.int(let a), .int(let b)): return a < b
    case (.string(let a), .string(let b)): return a < b
    case (.int, .string): return true
    case (.string, .int): return false
    }
  }

  /// The value as JSON writes it: `3` or `"a"` (quotes and backslashes escaped).
  public var description: String {
    switch self {
    case .int(let value): return String(value)
    case .string(let value): return jsonQuoted(value)
    }
  }
}

/// One row of a table: an identity and a content.
///
/// Identity decides whether a row stayed, moved, or was deleted and inserted;
/// content decides whether a reload is owed. A plain row (`Row("a")`) has its
/// value as both identity and content.
///
///     Row("a") == Row(id: "a", content: "a")   // true
public struct Row: Hashable, Sendable, CustomStringConvertible {
  /// What makes this row the same row across an update.
  public var id: RowValue
  /// What the cell displays; a change of content with the same `id` owes a reload.
  public var content: RowValue

  /// A row with identity `id` and content `content`.
  public init(id: RowValue, content: RowValue) {
    self.id = id
    self.content = content
  }

  /// A row whose identity is its value and which has no separate content.
  public init(_ value: RowValue) {
    self.init(id: value, content: value)
  }

  /// `"a"` for a plain row, `{"id":"a","content":"x"}` otherwise: the case-file form.
  public var description: String {
    id == content ? id.description : "{\"id\":\(id),\"content\":\(content)}"
  }
}

/// `s` as a JSON string literal: quotes, backslashes and control characters
/// escaped, everything else written as is. Shared by the case writer.
package func jsonQuoted(_ s: String) -> String {
  quotedLiteral(s, controlBelow: 0x20) { value in
    let hex = String(value, radix: 16)
    return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
  }
}

/// `s` between double quotes, with quotes, backslashes, `\n`, `\r` and `\t`
/// escaped, every other scalar below `controlBelow` (and DEL when
/// `escapesDelete`) written by `control`, everything else as is: the one
/// escaping loop of the JSON and the Swift string literals.
package func quotedLiteral(
  _ s: String, controlBelow: UInt32, escapesDelete: Bool = false, control: (UInt32) -> String
) -> String {
  var out = "\""
  for scalar in s.unicodeScalars {
    switch scalar {
    case "\"": out += "\\\""
    case "\\": out += "\\\\"
    case "\n": out += "\\n"
    case "\r": out += "\\r"
    case "\t": out += "\\t"
    default:
      if scalar.value < controlBelow || (escapesDelete && scalar.value == 0x7F) {
        out += control(scalar.value)
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
  }
  return out + "\""
}
