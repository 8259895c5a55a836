/// One of UIKit's batch-update exception texts with its numbers left open:
/// what a crash-log reader matches a pasted text against.
///
///     let r3 = UIKitTextTemplate.all.first { $0.form == .deleteRowBeyondCount && $0.semantics == .tableView }
///     r3?.pieces  // ["attempt to delete row ", " from section ", " which only contains ", " rows before the update"]
///     r3?.holes   // [.number(0), .number(1), .number(2)]: row, section, count
///
/// The templates are made by calling `UIKitMessages` with marker numbers and
/// cutting its text where the markers are, so they cannot drift from the
/// texts the simulator prints. They are the texts without the iOS 18 ending
/// (` Table view: <...>`), which a reader looks for after a match.
package struct UIKitTextTemplate: Hashable, Sendable {
  /// One open place in a text.
  package enum Hole: Hashable, Sendable {
    /// A decimal number: the form's argument at this index.
    case number(Int)
    /// An index path, `{length = 2, path = S - R}`: the form's arguments at
    /// this index (the section) and the next (the row).
    case path(Int)
  }

  /// The text's rule.
  package var rule: Rule
  /// Which of the rule's texts, and what its arguments mean.
  package var form: UIKitTextForm
  /// The view whose wording this is; nil when both views print the same text.
  package var semantics: ViewSemantics?
  /// The literal parts, in order: one more than `holes`.
  package var pieces: [String]
  /// The open places between the pieces.
  package var holes: [Hole]

  /// Every template: each form once per view whose wording differs.
  package static let all: [UIKitTextTemplate] = {
    var templates: [UIKitTextTemplate] = []
    for form in UIKitTextForm.allCases {
      let table = make(form, .tableView)
      let collection = make(form, .collectionView)
      if table.pieces == collection.pieces {
        var shared = table
        shared.semantics = nil
        templates.append(shared)
      } else {
        templates += [table, collection]
      }
    }
    return templates
  }()

  /// The marker standing for argument `index`: a number no real text holds.
  private static func marker(_ index: Int) -> Int { 7_770_000 + index }

  private static func make(_ form: UIKitTextForm, _ semantics: ViewSemantics) -> UIKitTextTemplate {
    let text = form.text(UIKitMessages(semantics, uikit: .ios12), arguments: (0..<8).map(marker))
    return cut(text, rule: form.rule, form: form, semantics: semantics)
  }

  /// Cuts `text` at its markers: a marked index path is one path hole, a
  /// marked number a number hole.
  private static func cut(
    _ text: String, rule: Rule, form: UIKitTextForm, semantics: ViewSemantics
  ) -> UIKitTextTemplate {
    var pieces: [String] = []
    var holes: [Hole] = []
    var piece = ""
    var rest = Substring(text)
    let pathStart = "{length = 2, path = "
    while !rest.isEmpty {
      if rest.hasPrefix(pathStart), let close = rest.firstIndex(of: "}") {
        let inside = rest[rest.index(rest.startIndex, offsetBy: pathStart.count)..<close]
        let numbers = inside.split(separator: " - ").compactMap { Int($0) }
        if numbers.count == 2, let index = markerIndex(numbers[0]) {
          pieces.append(piece)
          piece = ""
          holes.append(.path(index))
          rest = rest[rest.index(after: close)...]
          continue
        }
      }
      if let first = rest.first, first.isASCII, first.isNumber {
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        if let value = Int(digits), let index = markerIndex(value) {
          pieces.append(piece)
          piece = ""
          holes.append(.number(index))
        } else {
          piece += digits
        }
        rest = rest.dropFirst(digits.count)
        continue
      }
      piece.append(rest.removeFirst())
    }
    pieces.append(piece)
    return UIKitTextTemplate(
      rule: rule, form: form, semantics: semantics, pieces: pieces, holes: holes)
  }

  private static func markerIndex(_ value: Int) -> Int? {
    let index = value - marker(0)
    return (0..<8).contains(index) ? index : nil
  }
}

/// The forms of UIKit's batch-update texts, each with the meaning of its
/// arguments (old-space or new-space as the rule's operation is).
package enum UIKitTextForm: String, Hashable, Sendable, CaseIterable {
  /// R1: after, before, inserted, deleted (section counts).
  case sectionCount
  /// R2: section (new space), after, before, inserted, deleted, moved in, moved out.
  case rowCount
  /// R2 as early releases printed it, before the moved-in/out clause:
  /// section, after, before, inserted, deleted.
  case rowCountBeforeMoves
  /// R2 for a negative count: section (old space).
  case negativeRowCount
  /// R3: row, section (old space), the section's old count.
  case deleteRowBeyondCount
  /// R4: row, section (old space), the old section count.
  case deleteRowBeyondSections
  /// R5: section (old space), the old section count.
  case deleteSectionBeyondSections
  /// R6: row, section (new space), the section's new count.
  case insertRowBeyondCount
  /// R7: row, section (new space), the new section count.
  case insertRowBeyondSections
  /// R8: section (new space), the new section count.
  case insertSectionBeyondSections
  /// R10: the path (old space; a section's row is NSNotFound).
  case deleteAndReload
  /// R11: section (old space).
  case deleteAndMoveSection
  /// R11: the path (old space).
  case deleteAndMoveRow
  /// R12: section (new space).
  case insertAndMoveSection
  /// R12: the path (new space).
  case insertAndMoveRow
  /// R13: the source path (old space), the old section count.
  case moveFromMissingSection
  /// R13: the source path (old space), the source section's old count.
  case moveFromMissingRow
  /// R14: the source path (old), the destination path (new), the new section count.
  case moveToMissingSection
  /// R14: the source path (old), the destination path (new), the destination section's new count.
  case moveToMissingRow
  /// R15: the source section (old), the old section count.
  case moveSectionFromMissing
  /// R15: the source section (old), the destination (new), the new section count.
  case moveSectionToMissing
  /// R16: the source section, the two destinations.
  case moveSectionToBoth
  /// R16: the two source sections, the destination.
  case moveBothSections
  /// R16: the source path, the two destination paths.
  case moveRowToBoth
  /// R16: the two source paths, the destination path.
  case moveBothRows
  /// R17 as iOS 7 raised it: the deleted section (old space).
  case moveFromDeletedSection
  /// R17 as iOS 7 raised it: the inserted section (new space).
  case moveIntoInsertedSection
  /// R22: the path, negative numbers printed unsigned.
  case invalidIndexPath
  /// R23: no arguments.
  case indexPathLength

  /// The rule the form belongs to.
  package var rule: Rule {
    switch self {
    case .sectionCount: return .r1
    case .rowCount, .rowCountBeforeMoves, .negativeRowCount: return .r2
    case .deleteRowBeyondCount: return .r3
    case .deleteRowBeyondSections: return .r4
    case .deleteSectionBeyondSections: return .r5
    case .insertRowBeyondCount: return .r6
    case .insertRowBeyondSections: return .r7
    case .insertSectionBeyondSections: return .r8
    case .deleteAndReload: return .r10
    case .deleteAndMoveSection, .deleteAndMoveRow: return .r11
    case .insertAndMoveSection, .insertAndMoveRow: return .r12
    case .moveFromMissingSection, .moveFromMissingRow: return .r13
    case .moveToMissingSection, .moveToMissingRow: return .r14
    case .moveSectionFromMissing, .moveSectionToMissing: return .r15
    case .moveSectionToBoth, .moveBothSections, .moveRowToBoth, .moveBothRows: return .r16
    case .moveFromDeletedSection, .moveIntoInsertedSection: return .r17
    case .invalidIndexPath: return .r22
    case .indexPathLength: return .r23
    }
  }

  /// The text with `arguments` in place (at least 8 of them), as `messages` prints it.
  package func text(_ messages: UIKitMessages, arguments a: [Int]) -> String {
    func path(_ index: Int) -> RowPath { RowPath(a[index], a[index + 1]) }
    switch self {
    case .sectionCount:
      return messages.invalidSectionCount(after: a[0], before: a[1], inserted: a[2], deleted: a[3])
    case .rowCount:
      return messages.invalidRowCount(
        section: a[0], after: a[1], before: a[2], inserted: a[3], deleted: a[4], movedIn: a[5],
        movedOut: a[6])
    case .rowCountBeforeMoves:
      let full = messages.invalidRowCount(
        section: a[0], after: a[1], before: a[2], inserted: a[3], deleted: a[4], movedIn: 0,
        movedOut: 0)
      let clause = " and plus or minus the number of"
      guard let cut = full.firstRange(of: clause) else { return full }
      return String(full[..<cut.lowerBound]) + "."
    case .negativeRowCount: return messages.negativeRowCount(section: a[0])
    case .deleteRowBeyondCount:
      return messages.deleteRowBeyondCount(row: a[0], section: a[1], count: a[2])
    case .deleteRowBeyondSections:
      return messages.deleteRowBeyondSections(row: a[0], section: a[1], sections: a[2])
    case .deleteSectionBeyondSections:
      return messages.deleteSectionBeyondSections(section: a[0], sections: a[1])
    case .insertRowBeyondCount:
      return messages.insertRowBeyondCount(row: a[0], section: a[1], count: a[2])
    case .insertRowBeyondSections:
      return messages.insertRowBeyondSections(row: a[0], section: a[1], sections: a[2])
    case .insertSectionBeyondSections:
      return messages.insertSectionBeyondSections(section: a[0], sections: a[1])
    case .deleteAndReload: return messages.deleteAndReload(section: a[0], row: a[1])
    case .deleteAndMoveSection: return messages.deleteAndMoveSection(a[0])
    case .deleteAndMoveRow: return messages.deleteAndMoveRow(section: a[0], row: a[1])
    case .insertAndMoveSection: return messages.insertAndMoveSection(a[0])
    case .insertAndMoveRow: return messages.insertAndMoveRow(section: a[0], row: a[1])
    case .moveFromMissingSection: return messages.moveFromMissingSection(path(0), sections: a[2])
    case .moveFromMissingRow: return messages.moveFromMissingRow(path(0), count: a[2])
    case .moveToMissingSection:
      return messages.moveToMissingSection(path(0), path(2), sections: a[4])
    case .moveToMissingRow: return messages.moveToMissingRow(path(0), path(2), count: a[4])
    case .moveSectionFromMissing: return messages.moveSectionFromMissing(a[0], sections: a[1])
    case .moveSectionToMissing: return messages.moveSectionToMissing(a[0], a[1], sections: a[2])
    case .moveSectionToBoth: return messages.moveSectionToBoth(a[0], a[1], a[2])
    case .moveBothSections: return messages.moveBothSections(a[0], a[1], to: a[2])
    case .moveRowToBoth: return messages.moveRowToBoth(path(0), path(2), path(4))
    case .moveBothRows: return messages.moveBothRows(path(0), path(2), to: path(4))
    case .moveFromDeletedSection: return messages.cannotMoveFromDeletedSection(a[0])
    case .moveIntoInsertedSection: return messages.cannotMoveIntoInsertedSection(a[0])
    case .invalidIndexPath: return UIKitMessages.invalidIndexPath(section: a[0], row: a[1])
    case .indexPathLength: return UIKitMessages.invalidIndexPathLength
    }
  }
}
