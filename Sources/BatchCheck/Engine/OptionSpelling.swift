/// A `CheckOptions` property a report names: the option that sets a limit
/// a failure breached, or that raises one a run reached. Its raw value is
/// the property's name.
package enum CheckOptionName: String, Hashable, Sendable, CaseIterable {
  /// `CheckOptions.maxCrashes`.
  case maxCrashes
  /// `CheckOptions.maxMoveRatio`.
  case maxMoveRatio
  /// `CheckOptions.rejectsUnneededDeletes`.
  case rejectsUnneededDeletes
}

/// How a report names an option (`CheckOptionName`): by default as the
/// Swift property (`CheckOptions.maxMoveRatio = 2`); a front end with
/// words of its own for it (the command line's options) gives them instead.
/// The core spells no front end's words: each front end owns its own.
///
///     OptionSpelling.swift.setting(.maxMoveRatio, to: "2")  // CheckOptions.maxMoveRatio = 2
///     OptionSpelling.swift.names(.maxCrashes)               // CheckOptions.maxCrashes
package struct OptionSpelling: Sendable {
  /// The front end's own words for `option`, set to `value` when one is
  /// given; nil when it has none, and the Swift property names it.
  package var frontEnd: @Sendable (_ option: CheckOptionName, _ value: String?) -> String?

  /// A spelling with `frontEnd`'s words.
  package init(frontEnd: @escaping @Sendable (CheckOptionName, String?) -> String?) {
    self.frontEnd = frontEnd
  }

  /// The Swift properties' names alone: the core's own spelling.
  package static let swift = OptionSpelling { _, _ in nil }

  /// `option` set to `value`, as the front end sets it, else as Swift
  /// does: `CheckOptions.maxMoveRatio = 2`.
  package func setting(_ option: CheckOptionName, to value: String) -> String {
    frontEnd(option, value) ?? "CheckOptions.\(option.rawValue) = \(value)"
  }

  /// The option's names: the front end's, if any, then the Swift
  /// property's: `CheckOptions.maxCrashes`.
  package func names(_ option: CheckOptionName) -> String {
    ([frontEnd(option, nil)].compactMap { $0 } + ["CheckOptions.\(option.rawValue)"])
      .joined(separator: ", ")
  }
}
