import Testing

@testable import BatchCheck

/// The plain reference for what an update issues (`EditSize.issued`): sets
/// of paths and dictionaries of section places, and each reload's landing
/// walked from its section's first row.
struct IssuedModel: Equatable {
  var deletes = 0
  var inserts = 0
  var moves = 0
  var reloads = 0
  var unchangedReloads = 0
  var reloadsChangingIdentity = 0
  var sectionDeletes = 0
  var sectionInserts = 0
  var sectionMoves = 0
  var sectionReloads = 0
  /// Per section index: deletes, inserts, moves, reloads, unchanged reloads.
  var sections: [[Int]]

  init(old: [[Row]], new: [[Row]], update: BatchUpdate) {
    sections = Array(repeating: [0, 0, 0, 0, 0], count: max(old.count, new.count))
    let deleted = Set(update.deleteSections.filter { old.indices.contains($0) })
    let inserted = Set(update.insertSections.filter { new.indices.contains($0) })
    var movedTo: [Int: Int] = [:]
    for move in update.moveSections where new.indices.contains(move.to) {
      sectionMoves += 1
      if old.indices.contains(move.from), !deleted.contains(move.from), movedTo[move.from] == nil {
        movedTo[move.from] = move.to
      }
    }
    // Sections that stay fill, in order, the new indexes no insert or move takes.
    let taken = inserted.union(movedTo.values)
    let staying = old.indices.filter { !deleted.contains($0) && movedTo[$0] == nil }
    var target = Dictionary(
      uniqueKeysWithValues: zip(staying, new.indices.filter { !taken.contains($0) }))
    target.merge(movedTo) { $1 }
    let reloaded = Set(update.reloadSections).filter { !deleted.contains($0) && target[$0] != nil }
    let goneOld = deleted.union(reloaded)
    let freshNew = inserted.union(reloaded.compactMap { target[$0] })
    for section in deleted { wholeSection(old: old[section].count, at: section) }
    for section in inserted { wholeSection(new: new[section].count, at: section) }
    for section in reloaded {
      wholeSection(old: old[section].count, at: section)
      if let to = target[section] { wholeSection(new: new[to].count, at: to) }
    }
    sectionDeletes = deleted.count
    sectionInserts = inserted.count
    sectionReloads = reloaded.count
    for path in Set(update.deleteRows)
    where Self.has(old, path) && !goneOld.contains(path.section) {
      count(delete: path.section)
    }
    for path in Set(update.insertRows)
    where Self.has(new, path) && !freshNew.contains(path.section) {
      count(insert: path.section)
    }
    for move in update.moveRows where Self.has(old, move.from) && Self.has(new, move.to) {
      moves += 1
      sections[move.to.section][2] += 1
    }
    let reloads = Set(update.reloadRows + update.reconfigureRows).filter {
      Self.has(old, $0) && !goneOld.contains($0.section)
    }
    for path in reloads {
      self.reloads += 1
      sections[path.section][3] += 1
      guard let to = target[path.section],
        let place = Self.landing(of: path, in: to, update: update),
        Self.has(new, place)
      else { continue }
      let before = old[path.section][path.row]
      let after = new[place.section][place.row]
      if before.id != after.id {
        reloadsChangingIdentity += 1
        count(delete: path.section)
        count(insert: place.section)
      } else if before.content == after.content {
        unchangedReloads += 1
        sections[path.section][4] += 1
      }
    }
  }

  /// Whether `path` is a row of `data`.
  static func has(_ data: [[Row]], _ path: RowPath) -> Bool {
    data.indices.contains(path.section) && data[path.section].indices.contains(path.row)
  }

  /// Where old row `path` lands in new section `to`: its section's old rows
  /// up to it that neither a delete nor a move takes away each take the
  /// next new row that no insert or move fills. Nil when it leaves itself.
  static func landing(of path: RowPath, in to: Int, update: BatchUpdate) -> RowPath? {
    let leaving = Set(update.deleteRows + update.moveRows.map(\.from))
    let fixed = Set(update.insertRows + update.moveRows.map(\.to))
    guard !leaving.contains(path) else { return nil }
    var row = -1
    for oldRow in 0...path.row where !leaving.contains(RowPath(path.section, oldRow)) {
      row += 1
      while fixed.contains(RowPath(to, row)) { row += 1 }
    }
    return RowPath(to, row)
  }

  private mutating func wholeSection(old rows: Int, at section: Int) {
    deletes += rows
    sections[section][0] += rows
  }

  private mutating func wholeSection(new rows: Int, at section: Int) {
    inserts += rows
    sections[section][1] += rows
  }

  private mutating func count(delete section: Int) { wholeSection(old: 1, at: section) }

  private mutating func count(insert section: Int) { wholeSection(new: 1, at: section) }

  /// The same figures of an `EditSize`.
  static func of(_ size: EditSize) -> IssuedModel {
    var model = IssuedModel(old: [], new: [], update: BatchUpdate())
    model.deletes = size.deletes
    model.inserts = size.inserts
    model.moves = size.moves
    model.reloads = size.reloads
    model.unchangedReloads = size.unchangedReloads
    model.reloadsChangingIdentity = size.reloadsChangingIdentity
    model.sectionDeletes = size.sectionDeletes
    model.sectionInserts = size.sectionInserts
    model.sectionMoves = size.sectionMoves
    model.sectionReloads = size.sectionReloads
    model.sections = size.sections.map {
      [$0.deletes, $0.inserts, $0.moves, $0.reloads, $0.unchangedReloads]
    }
    return model
  }
}

@Suite("Edit size: what an update issues, against a plain model")
struct EditSizeIssuedTests {
  /// Random sections of rows: a few ids, some rows with a second content.
  static func data(_ random: inout SplitMix64) -> [[Row]] {
    (0..<Int(random.next() % 4)).map { _ in
      (0..<Int(random.next() % 6)).map { _ in
        let id = Int(random.next() % 5)
        return Row(id: .int(id), content: .int(random.next() % 4 == 0 ? -1 : id))
      }
    }
  }

  /// Indexes mostly in range, some repeated, some out of range or negative.
  static func index(_ random: inout SplitMix64) -> Int {
    switch random.next() % 10 {
    case 0: return -1
    case 1: return 7
    default: return Int(random.next() % 4)
    }
  }

  static func paths(_ random: inout SplitMix64, upTo count: UInt64) -> [RowPath] {
    (0..<Int(random.next() % (count + 1))).map { _ in
      RowPath(Int(random.next() % 3), index(&random) + (random.next() % 8 == 0 ? 3 : 0))
    }
  }

  /// A random update: row operations in most, section operations in some.
  static func update(_ random: inout SplitMix64) -> BatchUpdate {
    let sectionOperations = random.next() % 3 == 0
    func sections() -> [Int] {
      sectionOperations ? (0..<Int(random.next() % 3)).map { _ in index(&random) } : []
    }
    return BatchUpdate(
      deleteSections: sections(), insertSections: sections(), reloadSections: sections(),
      moveSections: sections().map { SectionMove(from: $0, to: index(&random)) },
      deleteRows: paths(&random, upTo: 4), insertRows: paths(&random, upTo: 4),
      reloadRows: paths(&random, upTo: 4),
      moveRows: paths(&random, upTo: 3).map {
        RowMove(from: $0, to: paths(&random, upTo: 1).first ?? $0)
      },
      reconfigureRows: paths(&random, upTo: 2))
  }

  @Test(
    "deletes, inserts, moves, reloads and their landings, per section, equal the plain model's on random updates"
  )
  func fastEqualsModel() {
    var random = SplitMix64(seed: 0x155_0ED)
    var landed = 0
    for trial in 0..<20_000 {
      let old = Self.data(&random)
      let new = Self.data(&random)
      let update = Self.update(&random)
      let expected = IssuedModel(old: old, new: new, update: update)
      let size = EditSize(old: old, new: new, update: update)
      #expect(IssuedModel.of(size) == expected, "trial \(trial): \(old) -> \(new) by \(update)")
      if IssuedModel.of(size) != expected { return }
      landed += expected.reloadsChangingIdentity + expected.unchangedReloads
    }
    // The random updates reach the landing walk often.
    #expect(landed > 1_000)
  }

  @Test("a duplicate path counts once; a reload and a reconfigure of one row are one reload")
  func duplicates() {
    let rows = [[Row(1), Row(2), Row(3)]]
    let size = EditSize(
      old: rows, new: [[Row(1), Row(3), Row(4)]],
      update: BatchUpdate(
        deleteRows: [RowPath(0, 1), RowPath(0, 1)], insertRows: [RowPath(0, 2), RowPath(0, 2)],
        reloadRows: [RowPath(0, 0), RowPath(0, 2)], reconfigureRows: [RowPath(0, 2)]))
    #expect(size.deletes == 1 && size.inserts == 1 && size.reloads == 2)
    // Row 0 lands on new row 0, row 2 (row 1 deleted) on new row 1: both unchanged.
    #expect(size.unchangedReloads == 2 && size.reloadsChangingIdentity == 0)
  }
}
