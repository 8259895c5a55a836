import BatchCheck

/// What a generator's changes for one corpus case are expected to get: a
/// failing verdict (kind and rule), a generator error (its kind), or a
/// breach of a waste limit the run sets (`--max-move-ratio`,
/// `--no-unneeded-deletes`). A case with no expected outcome is expected to
/// be valid.
///
///     ExpectedOutcome(verdict: .wrongRows, rule: .c1).description  // "wrongRows C1"
package struct ExpectedOutcome: Hashable, Sendable, CustomStringConvertible {
  /// The verdict kind; nil for a generator error and a waste breach.
  package var verdict: VerdictKind?
  /// The verdict's rule, when it has one.
  package var rule: Rule?
  /// The generator error's kind, for a generator that could not answer.
  package var error: GeneratorError.Kind?
  /// The waste limit valid changes breach.
  package var waste: WasteBreach.Limit?

  /// An expected failing verdict.
  package init(verdict: VerdictKind, rule: Rule?) {
    self.verdict = verdict
    self.rule = rule
  }

  /// An expected generator error.
  package init(error: GeneratorError.Kind) {
    self.error = error
  }

  /// An expected breach of a waste limit.
  package init(waste: WasteBreach.Limit) {
    self.waste = waste
  }

  /// The outcome a case got, as an expectation; nil when it is valid and
  /// breaches no waste limit (or skipped).
  package init?(_ outcome: CaseOutcome) {
    if let error = outcome.error {
      self.init(error: error.kind)
    } else if let waste = outcome.waste {
      self.init(waste: waste.limit)
    } else if let verdict = outcome.verdict, !verdict.isValid {
      self.init(verdict: verdict.kind, rule: verdict.rule)
    } else {
      return nil
    }
  }

  /// `wrongRows C1`, `exception R2`, `generatorError crashed`, `waste (move ratio)`.
  package var description: String {
    if let error { return "generatorError \(error.rawValue)" }
    if let waste { return "waste (\(waste.variant))" }
    return [verdict?.rawValue, rule?.rawValue].compactMap { $0 }.joined(separator: " ")
  }
}

/// The recorded outcomes of one generator on corpus files: an expectations
/// file, JSON Lines, one line per case expected to fail; every case not
/// listed is expected to be valid. `batchcheck corpus check --expect FILE`
/// compares against it, and `--write-expectations FILE` writes it.
///
///     {"file":"one-section.jsonl","name":"exhaustive-50","verdict":"wrongRows","rule":"C1"}
///     {"file":"one-section.jsonl","name":"random-3-0x...","verdict":"generatorError","error":"crashed"}
///     {"file":"one-section.jsonl","name":"random-9-0x...","verdict":"waste","limit":"maxMoveRatio"}
///
/// A `waste` line (`WasteBreach.Limit`) is written by a run with that limit
/// and agrees only with a run that sets it again.
///
/// A case is named by its file's name (the last path component, so the
/// file can be checked from any folder; when two files of a run share it,
/// as many of the last components as tell them apart: `a/x.jsonl` and
/// `b/x.jsonl`) and its `name` (`#LINE`, the line number, for a case
/// without one; names are unique in a file).
package struct CorpusExpectations: Hashable, Sendable {
  /// A case: its file's name and its own name.
  package struct Key: Hashable, Sendable, Comparable {
    /// The last path component of the case file.
    package var file: String
    /// The case's name, or `#LINE`.
    package var name: String

    /// The key of a case of `path` named `name` (nil: `#line`).
    package init(path: String, name: String?, line: Int) {
      self.init(
        file: path.split(separator: "/").last.map(String.init) ?? path, name: name, line: line)
    }

    /// The key of a case of the file named `file` (as `fileNames` names it).
    package init(file: String, name: String?, line: Int) {
      self.file = file
      self.name = name ?? "#\(line)"
    }

    /// The name of each of `paths` in keys: its last path component, or
    /// as many of its last components as tell it apart from the others
    /// (`a/x.jsonl` and `b/x.jsonl`); the same file given twice has one name.
    package static func fileNames(for paths: [String]) -> [String: String] {
      let parts = Dictionary(
        paths.map { path in
          (path, path.split(separator: "/").filter { $0 != "." }.map(String.init))
        }, uniquingKeysWith: { first, _ in first })
      var names: [String: String] = [:]
      for (path, components) in parts {
        var count = 1
        while count < components.count {
          let suffix = components.suffix(count)
          let shared = parts.contains { other, otherComponents in
            other != path && otherComponents != components
              && otherComponents.suffix(count) == suffix
          }
          if !shared { break }
          count += 1
        }
        names[path] = components.suffix(count).joined(separator: "/")
      }
      return names
    }

    package static func < (a: Key, b: Key) -> Bool {
      (a.file, a.name) < (b.file, b.name)
    }
  }

  /// The expected failures, in file order.
  package private(set) var entries: [(key: Key, outcome: ExpectedOutcome)] = []
  private var index: [Key: ExpectedOutcome] = [:]

  /// No expected failure.
  package init() {}

  package static func == (a: Self, b: Self) -> Bool { a.index == b.index }
  package func hash(into hasher: inout Hasher) { hasher.combine(index) }

  /// The expected outcome of a case; nil when it is expected to be valid.
  package subscript(key: Key) -> ExpectedOutcome? { index[key] }

  /// Records that `key` is expected to fail with `outcome`; a later record
  /// of the same key replaces the earlier one.
  package mutating func record(_ key: Key, _ outcome: ExpectedOutcome) {
    if index.updateValue(outcome, forKey: key) != nil {
      entries.removeAll { $0.key == key }
    }
    entries.append((key, outcome))
  }

  /// The file's text: one line per expected failure, in the order recorded.
  package var text: String {
    entries.map { entry in
      var fields = [
        "\"file\":" + JSONText.quoted(entry.key.file),
        "\"name\":" + JSONText.quoted(entry.key.name),
      ]
      if let error = entry.outcome.error {
        fields.append("\"verdict\":\"generatorError\",\"error\":" + JSONText.quoted(error.rawValue))
      } else if let waste = entry.outcome.waste {
        fields.append("\"verdict\":\"waste\",\"limit\":" + JSONText.quoted(waste.rawValue))
      } else if let verdict = entry.outcome.verdict {
        fields.append("\"verdict\":" + JSONText.quoted(verdict.rawValue))
        if let rule = entry.outcome.rule {
          fields.append("\"rule\":" + JSONText.quoted(rule.rawValue))
        }
      }
      return "{" + fields.joined(separator: ",") + "}\n"
    }.joined()
  }

  /// Reads an expectations file's contents.
  ///
  /// - Parameters:
  ///   - bytes: the whole file.
  ///   - file: the name errors carry.
  /// - Throws: `CaseDataError` at the first malformed line (its line and
  ///   column): an expectations file is read whole or not at all.
  /// - Complexity: O(*n*), where *n* is the number of bytes.
  package init(_ bytes: [UInt8], file: String) throws(CaseDataError) {
    var read = Self()
    try bytes.withUnsafeBufferPointer { (buffer) throws(CaseDataError) in
      try CaseFile.forEachLine(in: buffer) { (number, line) throws(CaseDataError) in
        do throws(LineError) {
          try CaseFile.checkUTF8(line)
          let (key, outcome) = try Self.entry(try JSONParser.parse(line))
          read.record(key, outcome)
        } catch {
          throw CaseDataError(file: file, line: number, lineBytes: line, error: error)
        }
      }
    }
    self = read
  }

  private static func entry(_ root: JSONNode) throws(LineError) -> (Key, ExpectedOutcome) {
    let members = try CaseDecoder.sharedUnique(
      try CaseDecoder.sharedObject(root, "an expectation"),
      allowed: ["file", "name", "verdict", "rule", "error", "limit"], in: "an expectation")
    func value(_ key: String) -> JSONNode? { members.first { $0.key == key }?.value }
    func text(_ key: String) throws(LineError) -> String {
      guard let node = value(key) else {
        throw LineError(offset: root.offset, message: "an expectation has no \"\(key)\"")
      }
      return try CaseDecoder.sharedString(node, for: "\"\(key)\"")
    }
    let key = Key(file: try text("file"), name: try text("name"), line: 0)
    guard let verdictNode = value("verdict") else {
      throw LineError(offset: root.offset, message: "an expectation has no \"verdict\"")
    }
    if case .string("generatorError") = verdictNode.value {
      guard let error = value("error") else {
        throw LineError(
          offset: root.offset, message: "a generatorError expectation has no \"error\"")
      }
      if value("rule") != nil {
        throw LineError(
          offset: root.offset, message: "a generatorError expectation has no \"rule\"")
      }
      return (
        key,
        ExpectedOutcome(
          error: try CaseDecoder.sharedEnumeration(
            error, for: "\"error\"", GeneratorError.Kind.self))
      )
    }
    if case .string("waste") = verdictNode.value {
      guard let limit = value("limit") else {
        throw LineError(offset: root.offset, message: "a waste expectation has no \"limit\"")
      }
      if let extra = value("rule") ?? value("error") {
        throw LineError(
          offset: extra.offset, message: "a waste expectation has no \"rule\" or \"error\"")
      }
      return (
        key,
        ExpectedOutcome(
          waste: try CaseDecoder.sharedEnumeration(limit, for: "\"limit\"", WasteBreach.Limit.self))
      )
    }
    if let error = value("error") {
      throw LineError(
        offset: error.offset, message: "\"error\" goes with the verdict generatorError")
    }
    if let limit = value("limit") {
      throw LineError(offset: limit.offset, message: "\"limit\" goes with the verdict waste")
    }
    let verdict = try CaseDecoder.sharedEnumeration(
      verdictNode, for: "\"verdict\"", VerdictKind.self)
    if verdict == .valid {
      throw LineError(
        offset: verdictNode.offset,
        message: "an expectations file lists failures only; leave a valid case out")
    }
    let rule = try value("rule").map { (node) throws(LineError) in
      try CaseDecoder.sharedEnumeration(node, for: "\"rule\"", Rule.self)
    }
    return (key, ExpectedOutcome(verdict: verdict, rule: rule))
  }
}
