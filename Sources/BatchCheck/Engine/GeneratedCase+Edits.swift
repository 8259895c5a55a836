/// One edit run of the mixture (see `GeneratedCase`).
enum EditOperation {
  case insert, delete, move, replace, content
  case insertSection, deleteSection, moveSection

  /// One section: insert 25, delete 25, move 20, replace 15, content 15 (of 100).
  static func single(_ draw: Int) -> EditOperation {
    draw < 25 ? .insert : draw < 50 ? .delete : draw < 70 ? .move : draw < 85 ? .replace : .content
  }

  /// Several sections: insert 20, delete 20, move 15, replace 10, content 10,
  /// section insert 8, section delete 8, section move 9 (of 100).
  static func multi(_ draw: Int) -> EditOperation {
    switch draw {
    case ..<20: .insert
    case ..<40: .delete
    case ..<55: .move
    case ..<65: .replace
    case ..<75: .content
    case ..<83: .insertSection
    case ..<91: .deleteSection
    default: .moveSection
    }
  }
}

extension CaseBuilder {
  /// Applies one run of 1 to 3 adjacent edits of one kind to `sections`.
  ///
  /// A row edit on an empty section, or on a table with no section, becomes
  /// an insert (or a section insert); a section move with fewer than two
  /// sections becomes a section insert. The choices stay deterministic.
  mutating func applyRun(_ sections: inout [[Row]], multi: Bool) {
    var kind =
      multi ? EditOperation.multi(random.below(100)) : EditOperation.single(random.below(100))
    if sections.isEmpty, kind != .insertSection { kind = .insertSection }
    if kind == .moveSection, sections.count < 2 { kind = .insertSection }
    switch kind {
    case .insertSection:
      let rows = (0..<random.below(4)).map { _ in freshRow() }
      sections.insert(rows, at: random.upTo(sections.count))
      return
    case .deleteSection:
      sections.remove(at: random.below(sections.count))
      return
    case .moveSection:
      let moved = sections.remove(at: random.below(sections.count))
      sections.insert(moved, at: random.upTo(sections.count))
      return
    default:
      break
    }
    let s = random.below(sections.count)
    let length = 1 + random.below(3)
    if sections[s].isEmpty || kind == .insert {
      let at = random.upTo(sections[s].count)
      for _ in 0..<length { sections[s].insert(freshRow(), at: at) }
      return
    }
    let start = random.below(sections[s].count)
    let end = min(sections[s].count, start + length)
    switch kind {
    case .delete:
      sections[s].removeSubrange(start..<end)
    case .move:
      let block = Array(sections[s][start..<end])
      sections[s].removeSubrange(start..<end)
      let t = multi ? random.below(sections.count) : s
      sections[t].insert(contentsOf: block, at: random.upTo(sections[t].count))
    case .replace:
      for index in start..<end { sections[s][index] = freshRow() }
    default:  // .content: same id, other content
      guard !identityOnly else { return }
      for index in start..<end {
        let row = sections[s][index]
        sections[s][index].content = row.content == row.id ? .int(-1) : row.id
      }
    }
  }
}
