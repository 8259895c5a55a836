import BatchCheck

/// One text a crash log may hold, as the reader matches it: a UIKit
/// batch-update text (`UIKitTextTemplate`) or a diffable data source's text
/// (`DiffableTextForm`), cut into its fixed phrases (squeezed and
/// lower-cased, as `CrashLogText` holds the log) and the open places between
/// them.
///
///     CrashTextTemplate.all.first { $0.ruleID == "S10" }?.holes  // [.identifier(0)]
struct CrashTextTemplate {
  /// Where the text comes from.
  enum Source {
    case uikit(UIKitTextTemplate)
    case diffable(DiffableTextForm)
  }

  /// One open place.
  enum Hole: Equatable {
    /// A decimal number: argument `index`.
    case number(Int)
    /// An index path, `{length = 2, path = S - R}`: arguments `index` (the
    /// section) and `index + 1` (the row).
    case path(Int)
    /// One identifier, as UIKit's `%@` prints it: identifier `index`.
    case identifier(Int)
    /// A list of identifiers (`{(a, b)}`, `(a, b)` or `a,b`): identifier list `index`.
    case identifiers(Int)
    /// An object's address, `0x600003d2c0a0`: nothing to read.
    case pointer
  }

  var source: Source
  /// The fixed phrases, squeezed: one more than `holes`.
  var pieces: [[UInt8]]
  var holes: [Hole]

  /// `R2`, `S10`...
  var ruleID: String {
    switch source {
    case .uikit(let template): return template.rule.rawValue
    case .diffable(let form): return form.rule.rawValue
    }
  }

  /// The number of bytes of all the fixed phrases.
  var literalCount: Int { pieces.reduce(0) { $0 + $1.count } }

  /// Every template: the UIKit texts, then the diffable ones.
  static let all: [CrashTextTemplate] =
    UIKitTextTemplate.all.map { template in
      CrashTextTemplate(
        source: .uikit(template), pieces: template.pieces.map(CrashLogText.squeezed),
        holes: template.holes.map {
          switch $0 {
          case .number(let index): return .number(index)
          case .path(let index): return .path(index)
          }
        })
    } + DiffableTextForm.all.map { form in cut(form) }

  /// The markers a diffable text is made with: ids no real text holds.
  static let idMarkers = ["zqidzeroqz", "zqidoneqz"]
  static let listMarker = "zqlistzeroqz"
  static let pointerMarker = "0x0"
  static let countMarker = 7_770_000

  /// Cuts a diffable form's text at its markers.
  private static func cut(_ form: DiffableTextForm) -> CrashTextTemplate {
    var text = form.markedText
    // A list of the marker (or of the marker and a second id) stands for the whole list.
    for ids in [[listMarker], [listMarker, idMarkers[1]]] {
      for rendered in [SnapshotText.set(ids), SnapshotText.list(ids), ids.joined(separator: ",")] {
        text = text.replacingEvery(rendered, with: listMarker)
      }
    }
    var marks: [(String, Hole)] = [
      (listMarker, .identifiers(0)), (pointerMarker, .pointer), (String(countMarker), .number(0)),
    ]
    marks += idMarkers.enumerated().map { ($0.element, .identifier($0.offset)) }
    var pieces: [String] = []
    var holes: [Hole] = []
    var rest = Substring(text)
    var piece = ""
    outer: while !rest.isEmpty {
      for (mark, hole) in marks where rest.hasPrefix(mark) {
        pieces.append(piece)
        piece = ""
        holes.append(hole)
        rest = rest.dropFirst(mark.count)
        continue outer
      }
      piece.append(rest.removeFirst())
    }
    pieces.append(piece)
    return CrashTextTemplate(
      source: .diffable(form), pieces: pieces.map(CrashLogText.squeezed), holes: holes)
  }
}

/// The diffable data source's texts a crash log may hold (the S and SS
/// rules), each with what it names: items or sections, and the call that
/// raises it.
struct DiffableTextForm: Hashable {
  /// Which text of the rule.
  enum Variant: Hashable {
    case one, several, older
    case source, destination
    case reload, reconfigure
    case before, after
    case notEqual, hashChanged
    case child
  }

  var rule: SnapshotRule
  /// Whether the text names sections (true), items (false), or cannot say (nil).
  var sections: Bool?
  var variant: Variant

  /// The text with marker ids and counts in place.
  var markedText: String {
    let id = CrashTextTemplate.idMarkers[0]
    let other = CrashTextTemplate.idMarkers[1]
    let list = CrashTextTemplate.listMarker
    let section = sections == true
    switch rule {
    case .s1:
      return variant == .older
        ? "Fatal: supplied \(sections == true ? "section " : "")identifiers are not unique."
        : SnapshotMessages.notUnique(section: section, duplicates: [list])
    case .s2:
      switch variant {
      case .older:
        return
          "Section identifier count does not match data source count. This is most likely due to a hashing issue with the identifiers."
      case .several:
        return SnapshotMessages.sectionsExist([list, other]).replacingEvery(
          "append 2 ", with: "append \(CrashTextTemplate.countMarker) ")
      default: return SnapshotMessages.sectionsExist([id])
      }
    case .s3:
      return variant == .several
        ? SnapshotMessages.itemsExist([list, other]).replacingEvery(
          "append 2 ", with: "append \(CrashTextTemplate.countMarker) ")
        : SnapshotMessages.itemsExist([id])
    case .s4: return SnapshotMessages.noSections
    case .s5: return SnapshotMessages.missingItemDestination
    case .s6: return SnapshotMessages.missingSectionDestination
    case .s7: return SnapshotMessages.moveEndMissing(section: section, source: variant == .source)
    case .s8: return SnapshotMessages.moveOntoItself(section: section, id: id)
    case .s9:
      return SnapshotMessages.anchorInList(section: section, anchor: id, identifiers: [list])
    case .s10:
      return SnapshotMessages.unknownRefresh(
        verb: variant == .reload ? "reload" : "reconfigure", section: section, id: id)
    case .s11: return SnapshotMessages.sectionNotFound
    case .s12: return SnapshotMessages.equalButDifferentHashes(section: section, id, other)
    case .s13:
      return variant == .notEqual
        ? SnapshotMessages.notEqualToItself(section: section, id)
        : SnapshotMessages.hashChanged(section: section, id)
    case .ss1: return SectionSnapshotMessages.notUnique([list])
    case .ss2: return SectionSnapshotMessages.missingAnchor(before: variant == .before, id)
    case .ss3: return SectionSnapshotMessages.missingParent(id)
    case .ss4: return SectionSnapshotMessages.indexNotFound(id)
    case .ss5:
      return variant == .child
        ? SectionSnapshotMessages.missingChild(id) : SectionSnapshotMessages.missingItem(id)
    default: return ""
    }
  }

  /// Every form the reader knows.
  static let all: [DiffableTextForm] = {
    // Forms printed for items and for sections alike.
    let both: [(SnapshotRule, Variant)] = [
      (.s1, .one), (.s7, .source), (.s7, .destination), (.s8, .one), (.s9, .one),
      (.s10, .reload), (.s10, .reconfigure), (.s12, .one), (.s13, .notEqual),
      (.s13, .hashChanged),
    ]
    let single: [(SnapshotRule, Bool?, Variant)] = [
      (.s1, nil, .older), (.s1, true, .older), (.s2, true, .one), (.s2, true, .several),
      (.s2, true, .older), (.s3, false, .one), (.s3, false, .several), (.s4, false, .one),
      (.s5, false, .one), (.s6, true, .one), (.s11, true, .one), (.ss1, false, .one),
      (.ss2, false, .before), (.ss2, false, .after), (.ss3, false, .one), (.ss4, false, .one),
      (.ss5, false, .one), (.ss5, false, .child),
    ]
    return [false, true].flatMap { sections in
      both.map { DiffableTextForm(rule: $0.0, sections: sections, variant: $0.1) }
    } + single.map { DiffableTextForm(rule: $0.0, sections: $0.1, variant: $0.2) }
  }()
}

extension String {
  /// The string with every occurrence of `target` replaced.
  func replacingEvery(_ target: String, with replacement: String) -> String {
    guard !target.isEmpty else { return self }
    var result = ""
    var rest = Substring(self)
    while let range = rest.firstRange(of: target) {
      result += rest[..<range.lowerBound] + replacement
      rest = rest[range.upperBound...]
    }
    return result + rest
  }
}
