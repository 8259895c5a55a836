/// How UIKit's diffable messages write identifiers, lists and update
/// objects (the model's one renderer).
///
///     SnapshotText.identifier("a")            // a
///     SnapshotText.identifier("two words")    // "two words"
///     SnapshotText.set(["a", "b"])            // {(\n    a,\n    b\n)}
///     SnapshotText.list(["a"])                // (\n    a\n)
package enum SnapshotText {
  /// An id as UIKit's `%@` prints it. An `Int` is written in decimal. A
  /// `String` made only of ASCII letters, digits and `_ $ + / : . -` is
  /// written as is; any other string is quoted the way a property list
  /// quotes it, non-ASCII scalars as `\Uxxxx` (inferred beyond letters and
  /// digits). Other values are written as `String(reflecting:)` writes them
  /// (inferred: Swift values bridge to a box whose description is that).
  package static func identifier(_ value: some Hashable) -> String {
    switch value {
    case let id as SnapshotIdentifier: return rowValue(id.messageValue)
    case let value as RowValue: return rowValue(value)
    case let text as String: return string(text)
    case let text as Substring: return string(String(text))
    case let number as Int: return String(number)
    default: return String(reflecting: value)
    }
  }

  private static func rowValue(_ value: RowValue) -> String {
    switch value {
    case .int(let number): return String(number)
    case .string(let text): return string(text)
    }
  }

  /// The characters a property list writes without quotes.
  private static func isBare(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "a"..."z", "A"..."Z", "0"..."9", "_", "$", "+", "/", ":", ".", "-": return true
    default: return false
    }
  }

  /// A string, bare or quoted.
  package static func string(_ text: String) -> String {
    if !text.isEmpty, text.unicodeScalars.allSatisfy(isBare) { return text }
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      default:
        if scalar.value >= 0x20 && scalar.value < 0x7F {
          out.unicodeScalars.append(scalar)
        } else {
          let hex = String(scalar.value, radix: 16)
          out += "\\U" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
      }
    }
    return out + "\""
  }

  /// A set, as an `NSOrderedSet` or `NSSet` prints it: `{(\n    a,\n    b\n)}`.
  package static func set(_ texts: [String]) -> String {
    "{" + list(texts) + "}"
  }

  /// A list, as an `NSArray` prints it: `(\n    a,\n    b\n)`.
  package static func list(_ texts: [String]) -> String {
    "(\n" + texts.map { "    " + $0 }.joined(separator: ",\n") + "\n)"
  }

  /// An update object as its `-description` prints it, the pointer written `0x0`:
  /// `<_UIDiffableDataSourceUpdate 0x0 - action: MOV; destinationIdentifier:a; destIsSection: 0; identifiers: [a]>`.
  package static func update(
    action: String, destination: String?, isSection: Bool, identifiers: [String]
  ) -> String {
    "<_UIDiffableDataSourceUpdate 0x0 - action: \(action); destinationIdentifier:\(destination ?? "(null)"); destIsSection: \(isSection ? 1 : 0); identifiers: [\(identifiers.joined(separator: ","))]>"
  }
}
