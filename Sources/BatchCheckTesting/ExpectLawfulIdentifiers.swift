import BatchCheck
import Testing

/// Checks that an identifier type keeps the `Hashable` laws UIKit's
/// diffable data source relies on, and records one Swift Testing issue per
/// broken law with UIKit's own text (S12, S13).
///
///     @Test func postIDsAreLawful() {
///       expectLawfulIdentifiers([Post(id: 1, likes: 0), Post(id: 1, likes: 5), Post(id: 2, likes: 0)])
///     }
///
/// A snapshot holding ids that break them crashes at apply ("Diffable data
/// source detected item identifiers that are equal but have different hash
/// values", apps built against the iOS 15 SDK and later). Feed values that
/// are equal in the ways `==` allows but differ elsewhere.
///
/// - Parameters:
///   - values: values of the id type.
///   - section: whether they are section ids.
///   - sourceLocation: where the issues are recorded; the caller's line by default.
/// - Returns: the breaches, at most one per law.
@discardableResult
public func expectLawfulIdentifiers<ID: Hashable>(
  _ values: [ID], section: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
) -> [IdentifierLawBreach] {
  let breaches = identifierLawBreaches(in: values, section: section)
  Recorder.recordInSwiftTesting(
    IdentifierLawRecord.record(breaches, type: ID.self, values: values),
    summary: HelperSummary.line(ID.self, values: values.count, breaches: breaches.count),
    sourceLocation: sourceLocation)
  return breaches
}

/// `expectLawfulIdentifiers(_:)` on `count` values made from seeded rows:
/// the same row id with other contents, the same content with other ids.
///
///     @Test func postIDsAreLawful() {
///       expectLawfulIdentifiers { row in Post(id: row.id, likes: row.content) }
///     }
@discardableResult
public func expectLawfulIdentifiers<ID: Hashable>(
  count: Int = 200, seed: UInt64 = CheckOptions.defaultSeed, section: Bool = false,
  sourceLocation: SourceLocation = #_sourceLocation, _ make: (Row) -> ID
) -> [IdentifierLawBreach] {
  var values: [ID] = []
  let breaches = identifierLawBreaches(count: count, seed: seed, section: section) { row in
    let value = make(row)
    values.append(value)
    return value
  }
  Recorder.recordInSwiftTesting(
    IdentifierLawRecord.record(breaches, type: ID.self, values: values),
    summary: HelperSummary.line(ID.self, values: values.count, breaches: breaches.count),
    sourceLocation: sourceLocation)
  return breaches
}

/// The issues of a law check: one per breach, naming the type, the values
/// and UIKit's text.
enum IdentifierLawRecord {
  static func record<ID>(
    _ breaches: [IdentifierLawBreach], type: ID.Type, values: [ID]
  ) -> FailureRecord? {
    guard !breaches.isEmpty else { return nil }
    let issues = breaches.map { breach in
      var text =
        "BatchCheck: \(String(reflecting: type)) breaks a Hashable law UIKit's diffable data source relies on (\(breach.rule))."
      if let other = breach.otherIndex {
        text +=
          "\n  values \(other) and \(breach.index): \(String(reflecting: values[other])) == \(String(reflecting: values[breach.index])), but their hash values differ"
      } else {
        text += "\n  value \(breach.index): \(String(reflecting: values[breach.index]))"
      }
      return text + "\n  UIKit at apply: \(breach.message)"
    }
    return FailureRecord(issues: issues, attachments: [])
  }
}
