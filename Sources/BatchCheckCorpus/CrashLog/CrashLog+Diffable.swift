import BatchCheck

// A diffable data source's text (the S and SS rules) diagnosed: its rule,
// the ids it names, the likely causes, and a snapshot case that reproduces it.
extension CrashLog {
  static func diagnose(
    _ match: CrashTextMatch, _ form: DiffableTextForm, in text: CrashLogText
  ) -> CrashDiagnosis {
    let rule = form.rule
    // A text cut before the words that tell items from sections says neither.
    let sections =
      match.alternatives.contains {
        if case .diffable(let other) = $0.source { return other.sections != form.sections }
        return false
      } ? nil : form.sections
    var ids = match.identifiers.keys.sorted().compactMap { match.identifiers[$0] }
    ids += match.identifierLists[0] ?? []
    let what = sections == true ? "section" : sections == false ? "item" : "item or section"
    var missing: [String] = []
    if match.partial { missing.append("the start of the text is cut off") }
    if sections == nil, form.variant != .older {
      missing.append("the text is cut before it says items or sections: rebuilt with items")
    }
    if match.cutEnd {
      missing.append(
        "the end of the text is cut off"
          + (ids.isEmpty ? "" : ": the ids after the last one read are unknown"))
    }
    if match.missingPeriod { missing.append("no final period (as Xcode's debugger quotes it)") }
    let explanation = RuleExplanation.named(rule.rawValue)
    // The text is the same for both views; the log around it may name one.
    let nearby = viewNearby(match.start, in: text, diffable: true)
    var diagnosis = CrashDiagnosis(
      line: text.line(ofStripped: match.start), text: text.quote(match.start, match.end),
      partial: match.partial, ruleID: rule.rawValue, title: explanation?.title ?? "",
      semantics: nearby ?? .tableView,
      viewEvidence: nearby == nil
        ? "nothing: a diffable data source's text is the same for both views"
        : "the diffable data source the log around the text names",
      iosRange: form.variant == .older ? "earlier releases" : "iOS 13 and later",
      iosRangeReason: form.variant == .older
        ? "An older wording of this rule, from releases before iOS 15." : rangeReason(rule),
      numbers: ids.isEmpty
        ? "the text names no \(what) identifier"
        : "\(what) identifier\(ids.count == 1 ? "" : "s") named: " + ids.joined(separator: ", "),
      causes: DiffableCauses.causes(rule, sections: sections ?? false, ids: ids), testCase: nil,
      caseNote: nil, verdict: nil, reproduced: false, reloadDataFallback: false)
    diagnosis.identifiers = ids
    diagnosis.viewUnknown = nearby == nil
    if let line = DiffableCaseLine.line(
      form, sections: sections ?? false, ids: match.identifiers, list: match.identifierLists[0])
    {
      diagnosis.judgeSnapshotCase(line, name: "diagnosed-\(rule.rawValue)-line-\(diagnosis.line)")
      diagnosis.caseNote =
        "The smallest snapshot case that makes UIKit raise this rule"
        + (ids.isEmpty
          ? "; the text names no id, so the ids are BatchCheck's."
          : ", with the ids the text names.")
    } else {
      diagnosis.caseNote = DiffableCaseLine.none(rule)
      if match.cutEnd || match.partial { missing.append("no case: \(diagnosis.caseNote ?? "")") }
    }
    diagnosis.missing = missing
    return diagnosis
  }

  private static func rangeReason(_ rule: SnapshotRule) -> String {
    switch rule {
    case .s3: return "Logged, not raised: UIKit moves the existing item into place."
    case .s12, .s13:
      return
        "Raised at apply for apps built against the iOS 15 SDK or later; older SDKs only logged it."
    case .s11:
      return
        "itemIdentifiers(inSection:) raises since iOS 14; numberOfItems(inSection:) always did."
    case .ss1, .ss2, .ss3, .ss4, .ss5: return "Section snapshots exist from iOS 14 on."
    default: return "The diffable data source's checks, as iOS 13 and later make them."
    }
  }
}

extension CrashDiagnosis {
  /// Judges a snapshot case line and keeps it, with its expectation when
  /// it reproduces the text's rule.
  mutating func judgeSnapshotCase(_ body: String, name: String) {
    let line = "{\"name\":" + JSONText.quoted(name) + "," + body + "}"
    guard let judged = Self.diffableRule(line) else { return }
    reproduced = judged.rule == ruleID
    snapshotCase =
      reproduced
      ? "{\"name\":" + JSONText.quoted(name) + "," + body + ",\"expect\":{\"verdict\":"
        + JSONText.quoted(judged.verdict) + ",\"rule\":" + JSONText.quoted(ruleID) + "}}"
      : line
    snapshotVerdict = judged.verdict + (judged.rule.map { " " + $0 } ?? "")
  }

  /// The verdict kind and rule of a snapshot or section snapshot case line.
  static func diffableRule(_ line: String) -> (verdict: String, rule: String?)? {
    if let testCase = try? SnapshotCase(jsonLine: line) {
      let verdict = testCase.verdict
      return (verdict.kind.rawValue, verdict.rule?.rawValue)
    }
    if let testCase = try? SectionSnapshotCase(jsonLine: line) {
      let verdict = testCase.verdict
      return (verdict.kind.rawValue, verdict.rule?.rawValue)
    }
    return nil
  }
}

/// The snapshot case lines that reproduce the diffable texts: the smallest
/// script that raises the rule, with the ids the text names where it names
/// them.
enum DiffableCaseLine {
  /// The case line's body (without its name), nil when a case cannot hold
  /// what the text describes.
  static func line(
    _ form: DiffableTextForm, sections: Bool, ids: [Int: String], list: [String]?
  ) -> String? {
    let id = ids[0].map(plain)
    let listed = (list ?? []).map(plain)
    switch form.rule {
    case .ss1, .ss2, .ss3, .ss4, .ss5: return treeLine(form, id: id, listed: listed)
    case .s1, .s2, .s3, .s4, .s5, .s6, .s11:
      return additionLine(form, sections: sections, id: id, listed: listed)
    default: return editLine(form, sections: sections, id: id, listed: listed)
    }
  }

  private static let snapshot = "\"contract\":\"snapshot\","
  private static let tree = "\"contract\":\"sectionSnapshot\","

  private static func q(_ text: String) -> String { JSONText.quoted(text) }

  private static func array(_ texts: [String]) -> String {
    "[" + texts.map(q).joined(separator: ",") + "]"
  }

  /// `name`, or `name` with x's added until no id of `taken` is it.
  private static func other(_ name: String, than taken: [String]) -> String {
    var candidate = name
    while taken.contains(candidate) { candidate += "x" }
    return candidate
  }

  /// The cases of the rules that add or query ids (S1 to S6, S11).
  private static func additionLine(
    _ form: DiffableTextForm, sections: Bool, id: String?, listed: [String]
  ) -> String? {
    switch form.rule {
    case .s1:
      let duplicates = listed.isEmpty ? ["a"] : listed
      return sections
        ? snapshot + "\"start\":\"empty\",\"old\":[],\"calls\":[{\"op\":\"appendSections\",\"ids\":"
          + array(duplicates + duplicates) + "}]"
        : snapshot
          + "\"start\":\"empty\",\"old\":[],\"calls\":[{\"op\":\"appendSections\",\"ids\":[\"S\"]},"
          + "{\"op\":\"appendItems\",\"ids\":" + array(duplicates + duplicates) + "}]"
    case .s2:
      let existing = id.map { [$0] } ?? (listed.isEmpty ? ["S"] : listed)
      return snapshot + "\"old\":[" + existing.map { "[" + q($0) + ",[]]" }.joined(separator: ",")
        + "],\"calls\":[{\"op\":\"appendSections\",\"ids\":" + array(existing) + "}]"
    case .s3:
      let existing = id.map { [$0] } ?? listed
      guard !existing.isEmpty else { return nil }
      return snapshot + "\"apply\":\"none\",\"old\":[[\"S\"," + array(existing)
        + "]],\"calls\":[{\"op\":\"appendItems\",\"ids\":" + array(existing) + "}]"
    case .s4:
      return snapshot
        + "\"start\":\"empty\",\"old\":[],\"calls\":[{\"op\":\"appendItems\",\"ids\":[\"a\"]}]"
    case .s5:
      return snapshot
        + "\"old\":[[\"S\",[\"a\"]]],\"calls\":[{\"op\":\"appendItems\",\"ids\":[\"b\"],\"section\":\"T\"}]"
    case .s6:
      return snapshot
        + "\"old\":[[\"S\",[]]],\"calls\":[{\"op\":\"insertSections\",\"ids\":[\"T\"],\"before\":\"Z\"}]"
    case .s11:
      return snapshot
        + "\"apply\":\"none\",\"old\":[[\"S\",[\"a\"]]],\"calls\":[{\"op\":\"numberOfItems\",\"section\":\"T\"}]"
    default: return nil
    }
  }

  /// The cases of the rules that move, insert after, reload or compare ids (S7 to S10, S12).
  private static func editLine(
    _ form: DiffableTextForm, sections: Bool, id: String?, listed: [String]
  ) -> String? {
    switch form.rule {
    case .s7:
      let source = form.variant == .source
      if sections {
        return snapshot + "\"old\":[[\"S\",[]]],\"calls\":[{\"op\":\"moveSection\",\"id\":"
          + (source ? "\"Z\",\"before\":\"S\"" : "\"S\",\"before\":\"Z\"") + "}]"
      }
      return snapshot + "\"old\":[[\"S\",[\"a\"]]],\"calls\":[{\"op\":\"moveItem\",\"id\":"
        + (source ? "\"z\",\"before\":\"a\"" : "\"a\",\"before\":\"z\"") + "}]"
    case .s8:
      let moved = id ?? "a"
      return sections
        ? snapshot + "\"old\":[[" + q(moved) + ",[]]],\"calls\":[{\"op\":\"moveSection\",\"id\":"
          + q(moved) + ",\"after\":" + q(moved) + "}]"
        : snapshot + "\"old\":[[\"S\",[" + q(moved) + "]]],\"calls\":[{\"op\":\"moveItem\",\"id\":"
          + q(moved) + ",\"after\":" + q(moved) + "}]"
    case .s9:
      let anchor = id ?? "x"
      let inserted = listed.contains(anchor) ? listed : [anchor]
      let holder = other("S", than: inserted)
      return snapshot + "\"old\":[[" + q(holder) + ",[]]],\"calls\":[{\"op\":"
        + (sections ? "\"insertSections\"" : "\"insertItems\"") + ",\"ids\":" + array(inserted)
        + ",\"after\":" + q(anchor) + "}]"
    case .s10:
      guard let missing = id else { return nil }
      let holder = other("S", than: [missing])
      let op =
        sections ? "reloadSections" : form.variant == .reload ? "reloadItems" : "reconfigureItems"
      return snapshot + "\"old\":[[" + q(holder) + ",[]]],\"calls\":[{\"op\":\"" + op
        + "\",\"ids\":[" + q(missing) + "]}]"
    case .s12:
      guard let equal = id else { return nil }
      let pair = "[{\"eq\":" + q(equal) + ",\"hash\":1},{\"eq\":" + q(equal) + ",\"hash\":2}]"
      if sections {
        let section = { (hash: Int) in "{\"eq\":" + q(equal) + ",\"hash\":\(hash)}" }
        return snapshot
          + "\"start\":\"empty\",\"old\":[],\"calls\":[{\"op\":\"appendSections\",\"ids\":"
          + pair + "}],\"new\":[[" + section(1) + ",[]],[" + section(2) + ",[]]]"
      }
      return snapshot
        + "\"start\":\"empty\",\"old\":[],\"calls\":[{\"op\":\"appendSections\",\"ids\":[\"S\"]},"
        + "{\"op\":\"appendItems\",\"ids\":" + pair + "}],\"new\":[[\"S\"," + pair + "]]"
    default: return nil
    }
  }

  /// The cases of the section snapshot rules (SS1 to SS5).
  private static func treeLine(_ form: DiffableTextForm, id: String?, listed: [String]) -> String? {
    switch form.rule {
    case .ss1:
      let duplicates = listed.isEmpty ? ["c"] : listed
      return tree + "\"calls\":[{\"op\":\"append\",\"ids\":" + array(duplicates)
        + "},{\"op\":\"append\",\"ids\":" + array(duplicates) + "}]"
    case .ss2:
      guard let anchor = id else { return nil }
      return tree + "\"calls\":[{\"op\":\"insert\",\"ids\":[" + q(other("c", than: [anchor])) + "],"
        + (form.variant == .before ? "\"before\":" : "\"after\":") + q(anchor) + "}]"
    case .ss3:
      guard let parent = id else { return nil }
      return tree + "\"calls\":[{\"op\":\"append\",\"ids\":[" + q(other("c", than: [parent]))
        + "],\"parent\":" + q(parent) + "}]"
    case .ss4:
      guard let unknown = id else { return nil }
      return tree + "\"calls\":[{\"op\":\"delete\",\"ids\":[" + q(unknown) + "]}]"
    case .ss5:
      guard let unknown = id else { return nil }
      return tree + "\"calls\":[{\"op\":\"" + (form.variant == .child ? "parent" : "level")
        + "\",\"id\":" + q(unknown) + "}]"
    default: return nil
    }
  }

  /// Why a text of `rule` has no case.
  static func none(_ rule: SnapshotRule) -> String {
    switch rule {
    case .s13:
      return
        "a case's identifiers obey Hashable's laws by construction: an id not equal to itself, or whose hash changes, cannot be written as one"
    default: return "the quote cut off the identifier the case needs"
    }
  }

  /// An id as a case writes it: a property-list quoted string unquoted.
  static func plain(_ id: String) -> String {
    guard id.count >= 2, id.first == "\"", id.last == "\"" else { return id }
    var result = ""
    var escaped = false
    for character in id.dropFirst().dropLast() {
      if escaped {
        result.append(character == "n" ? "\n" : character == "t" ? "\t" : character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else {
        result.append(character)
      }
    }
    return result
  }
}
