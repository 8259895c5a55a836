/// An identifier as a case file writes it: a string, an integer, or a user
/// type whose `==` compares one value and whose hash is another
/// (`{"eq": "a", "hash": 1}`), the way a hand-written `Hashable` can break
/// its contract (S12).
///
///     SnapshotIdentifier.custom(eq: "a", hash: 1) == .custom(eq: "a", hash: 2)  // true
///
/// The last is deliberately unlawful: two values equal under `==` may hash
/// differently. Everything else about it is lawful.
public enum SnapshotIdentifier: Hashable, Sendable, CustomStringConvertible,
  ExpressibleByStringLiteral, ExpressibleByIntegerLiteral
{
  /// A string id.
  case string(String)
  /// An integer id.
  case integer(Int)
  /// A user type: equal when `eq` is, hashed by `hash` alone.
  case custom(eq: RowValue, hash: Int)

  public init(stringLiteral value: String) { self = .string(value) }
  public init(integerLiteral value: Int) { self = .integer(value) }

  /// An id of a row value: `.string` or `.integer`.
  public init(_ value: RowValue) {
    switch value {
    case .int(let number): self = .integer(number)
    case .string(let text): self = .string(text)
    }
  }

  public static func == (lhs: SnapshotIdentifier, rhs: SnapshotIdentifier) -> Bool {
    switch (lhs, rhs) {
    case (.string(let a), .string(let b)): return a == b
    case (.integer(let a), .integer(let b)): return a == b
    case (.custom(let a, _), .custom(let b, _)): return a == b
    default: return false
    }
  }

  public func hash(into hasher: inout Hasher) {
    switch self {
    case .string(let text):
      hasher.combine(0)
      hasher.combine(text)
    case .integer(let number):
      hasher.combine(1)
      hasher.combine(number)
    case .custom(_, let hash):
      hasher.combine(2)
      hasher.combine(hash)
    }
  }

  /// The case-file form: `"a"`, `3` or `{"eq":"a","hash":1}`.
  public var description: String {
    switch self {
    case .string(let text): return jsonQuoted(text)
    case .integer(let number): return String(number)
    case .custom(let eq, let hash): return "{\"eq\":\(eq),\"hash\":\(hash)}"
    }
  }

  /// How UIKit's messages write it: the value `==` compares (UIKit prints
  /// the object's description).
  var messageValue: RowValue {
    switch self {
    case .string(let text): return .string(text)
    case .integer(let number): return .int(number)
    case .custom(let eq, _): return eq
    }
  }
}
