import BatchCheck
import Testing

@testable import ReferenceDiffs

/// A Changeset-like diff: an edit distance over ids (Wagner–Fischer), whose
/// substitutions are reloads in place. A position whose row changes, in id
/// or in content, is reloaded where it stands; the rest are deletes and
/// inserts. Valid under UIKit, and the shape that once made edit size count
/// a replaced row as an unchanged reload.
struct InPlaceReloadDiff: DeltaGenerator {
  var name: String { "in-place-reload" }

  func update(from old: [Row], to new: [Row]) throws(GeneratorError) -> BatchUpdate {
    // distance[i][j]: the edits from old[i...] to new[j...].
    var distance = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
    for i in (0...old.count).reversed() {
      for j in (0...new.count).reversed() {
        if i == old.count || j == new.count {
          distance[i][j] = (old.count - i) + (new.count - j)
        } else {
          let substitute = distance[i + 1][j + 1] + (old[i].id == new[j].id ? 0 : 1)
          distance[i][j] = min(substitute, distance[i + 1][j] + 1, distance[i][j + 1] + 1)
        }
      }
    }
    var update = BatchUpdate()
    var (i, j) = (0, 0)
    while i < old.count || j < new.count {
      if i < old.count, j < new.count,
        distance[i][j] == distance[i + 1][j + 1] + (old[i].id == new[j].id ? 0 : 1)
      {
        if old[i] != new[j] { update.reloadRows.append(RowPath(0, i)) }
        (i, j) = (i + 1, j + 1)
      } else if i < old.count, j == new.count || distance[i][j] == distance[i + 1][j] + 1 {
        update.deleteRows.append(RowPath(0, i))
        i += 1
      } else {
        update.insertRows.append(RowPath(0, j))
        j += 1
      }
    }
    return update
  }
}

/// For every valid change of every built-in generator (and the in-place
/// reload diff above): deletes ≥ minimumDeletes, inserts ≥ minimumInserts,
/// the two excesses equal (per section too, with one section a side), and
/// each excess is the case's own.
@Suite("Edit size: every valid change deletes and inserts at least the least, by equal excesses")
struct EditSizeInvariantTests {
  static let generators =
    ReferenceGenerators.allContracts + [ContractGenerator(InPlaceReloadDiff())]

  /// What breaks the invariant for `generator`'s changes from `old` to
  /// `new`, or nil; `valid` counts the valid changes measured.
  static func broken(
    _ generator: ContractGenerator, _ old: [[Row]], _ new: [[Row]], valid: inout Int
  ) -> String? {
    let changes: ContractChanges
    do throws(GeneratorError) {
      guard let answered = try generator.changes(from: old, to: new) else { return nil }
      changes = answered
    } catch {
      return nil
    }
    guard generator.judge(changes, sections: old, new).isValid else { return nil }
    valid += 1
    let size = EditSize(old: old, new: new, changes: changes)
    let again = size.deletes - size.minimumDeletes
    var problems: [String] = []
    if again < 0 {
      problems.append("deletes \(size.deletes) < minimumDeletes \(size.minimumDeletes)")
    }
    if size.inserts < size.minimumInserts {
      problems.append("inserts \(size.inserts) < minimumInserts \(size.minimumInserts)")
    }
    if again != size.inserts - size.minimumInserts { problems.append("unequal excesses") }
    if size.deletedAndInsertedAgain != max(0, again)
      || size.extraMoves != max(0, size.moves - size.fairMinimumMoves)
    {
      problems.append("excesses not the case's own")
    }
    if size.unchangedReloads + size.reloadsChangingIdentity > size.reloads {
      problems.append("more unchanged and identity reloads than reloads")
    }
    if old.count == 1, new.count == 1, let section = size.sections.first,
      section.deletes - section.minimumDeletes != section.inserts - section.minimumInserts
        || section.deletes < section.minimumDeletes
    {
      problems.append("section 0 differs")
    }
    guard !problems.isEmpty else { return nil }
    return "\(generator.name): \(old) -> \(new): \(changes): \(problems.joined(separator: "; "))"
  }

  @Test("over the exhaustive pairs up to 7 rows, content changes up to 5", arguments: generators)
  func exhaustive(_ generator: ContractGenerator) {
    var valid = 0
    var failures: [String] = []
    for pair in ExhaustivePairs(maxTotal: 7, contentTotal: 5) {
      if let failure = Self.broken(generator, [pair.old], [pair.new], valid: &valid) {
        failures.append(failure)
        if failures.count == 3 { break }
      }
    }
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    #expect(valid > 500, "\(generator.name): \(valid) valid changes")
  }

  @Test("over random cases: repeated ids, content changes, several sections", arguments: generators)
  func random(_ generator: ContractGenerator) {
    var random = SplitMix64(seed: 0xED17)
    var valid = 0
    var failures: [String] = []
    func side(_ sections: Int) -> [[Row]] {
      (0..<sections).map { _ in
        (0..<Int(random.next() % 10)).map { _ in
          let id = Int(random.next() % 6)
          return Row(id: .int(id), content: .int(random.next() % 4 == 0 ? id + 100 : id))
        }
      }
    }
    for _ in 0..<400 {
      let sections = generator.isSectioned ? Int(random.next() % 3) + 1 : 1
      if let failure = Self.broken(generator, side(sections), side(sections), valid: &valid) {
        failures.append(failure)
        if failures.count == 3 { break }
      }
    }
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    #expect(valid > 40, "\(generator.name): \(valid) valid changes")
  }

  @Test("the in-place reload diff: [1 2 3] -> [3 2 1] reloads rows 0 and 2, two rows replaced")
  func inPlaceReload() throws {
    let old = [Row(1), Row(2), Row(3)]
    let new = [Row(3), Row(2), Row(1)]
    let update = try InPlaceReloadDiff().update(from: old, to: new)
    #expect(update.reloadRows == [RowPath(0, 0), RowPath(0, 2)] && update.deleteRows.isEmpty)
    #expect(verdict(InPlaceReloadDiff(), old, new).isValid)
    let size = EditSize(old: [old], new: [new], update: update)
    #expect(size.deletes == 2 && size.inserts == 2 && size.unchangedReloads == 0)
  }
}
