import BatchCheck
import Foundation
import Testing

@testable import ReferenceDiffs

/// Plain rows from the letters of `letters`: `rows("ab")` is `[Row("a"), Row("b")]`.
func rows(_ letters: String) -> [Row] {
  letters.map { Row(.string(String($0))) }
}

/// A row with a separate content: `row("a", 1)` is `{"id":"a","content":1}`.
func row(_ id: String, _ content: Int) -> Row {
  Row(id: .string(id), content: .int(content))
}

/// Row paths in section 0: `paths(0, 3)` is `[RowPath(0, 0), RowPath(0, 3)]`.
func paths(_ rows: Int...) -> [RowPath] {
  rows.map { RowPath(0, $0) }
}

/// A row move in section 0, old-space `from`, new-space `to`.
func move(_ from: Int, _ to: Int) -> RowMove {
  RowMove(from: RowPath(0, from), to: RowPath(0, to))
}

/// What the simulator says of `generator`'s update for one section `old` → `new`,
/// under the default options (UITableView, duplicates rejected).
func verdict(_ generator: some DeltaGenerator, _ old: [Row], _ new: [Row]) -> Verdict {
  SimulatedTableView([old]).performBatchUpdates(
    updateOf(generator, old, new), dataSource: [new])
}

/// `generator`'s update for `old` → `new`. The reference generators never
/// throw, so a throw is recorded as a test issue (and the empty update used).
func updateOf(_ generator: some DeltaGenerator, _ old: [Row], _ new: [Row]) -> BatchUpdate {
  do {
    return try generator.update(from: old, to: new)
  } catch {
    Issue.record("\(generator.name) threw \(error)")
    return BatchUpdate()
  }
}

/// A short form of a pair for failure messages: `[a, b] -> [b]`.
func describe(_ old: [Row], _ new: [Row]) -> String {
  "\(old) -> \(new)"
}

/// Bounded-exhaustive inputs: every array up to a length over an alphabet.
enum Exhaustive {
  /// Every array of length `0...maxLength` over `alphabet`, shorter first,
  /// each length in lexicographic order of `alphabet`'s order.
  ///
  ///     arrays(maxLength: 2, alphabet: rows("ab")).count  // 1 + 2 + 4 = 7
  static func arrays(maxLength: Int, alphabet: [Row]) -> [[Row]] {
    var all: [[Row]] = [[]]
    var previous: [[Row]] = [[]]
    for _ in 0..<maxLength {
      var next: [[Row]] = []
      next.reserveCapacity(previous.count * alphabet.count)
      for prefix in previous {
        for letter in alphabet {
          next.append(prefix + [letter])
        }
      }
      all += next
      previous = next
    }
    return all
  }

  /// The pairs `(old, new)` of `arrays` for which `isBad` holds, at most
  /// `limit` of them, checked on every core. Order is unspecified; use
  /// `smallest` for a minimal counterexample.
  static func failures(
    in arrays: [[Row]], limit: Int = 5,
    _ isBad: @escaping @Sendable ([Row], [Row]) -> Bool
  ) async -> [(old: [Row], new: [Row])] {
    let chunks = 16
    let chunkSize = (arrays.count + chunks - 1) / chunks
    return await withTaskGroup(of: [(old: [Row], new: [Row])].self) { group in
      for start in stride(from: 0, to: arrays.count, by: chunkSize) {
        let olds = Array(arrays[start..<min(start + chunkSize, arrays.count)])
        group.addTask {
          var found: [(old: [Row], new: [Row])] = []
          for old in olds {
            for new in arrays where isBad(old, new) {
              found.append((old, new))
              if found.count >= limit { return found }
            }
          }
          return found
        }
      }
      var all: [(old: [Row], new: [Row])] = []
      for await found in group {
        all += found
      }
      return Array(all.prefix(limit))
    }
  }

  /// The first pair `(old, new)` for which `isBad` holds, in order of total
  /// length, then old length, then lexicographic: a smallest counterexample.
  static func smallest(
    maxTotal: Int, alphabet: [Row], _ isBad: ([Row], [Row]) -> Bool
  ) -> (old: [Row], new: [Row])? {
    let byLength = Dictionary(
      grouping: arrays(maxLength: maxTotal, alphabet: alphabet), by: \.count)
    for total in 0...maxTotal {
      for oldLength in 0...total {
        for old in byLength[oldLength] ?? [] {
          for new in byLength[total - oldLength] ?? [] where isBad(old, new) {
            return (old, new)
          }
        }
      }
    }
    return nil
  }
}

/// A plain model of how UIKit applies one single-section batch of row
/// operations (index spaces and the reload decomposition): the rows the
/// cells show afterwards, or nil when UIKit would reject the batch. It is a
/// cross-check of the simulator on the generators' outputs, not a second
/// simulator: it does not say *which* rule fails, and duplicates are rejected.
enum TableModel {
  static func shownRows(after update: BatchUpdate, old: [Row], new: [Row]) -> [Row]? {
    let all =
      update.deleteRows + update.insertRows + update.reloadRows
      + update.moveRows.flatMap { [$0.from, $0.to] }
    guard update.deleteSections.isEmpty, update.insertSections.isEmpty,
      update.reloadSections.isEmpty, update.moveSections.isEmpty,
      all.allSatisfy({ $0.section == 0 && $0.row >= 0 })
    else { return nil }
    let deletes = update.deleteRows.map(\.row)
    let inserts = update.insertRows.map(\.row)
    let reloads = Array(Set(update.reloadRows.map(\.row)))
    let moves = Array(Set(update.moveRows))
    guard Set(deletes).count == deletes.count, Set(inserts).count == inserts.count,
      Set(moves.map(\.from)).count == moves.count, Set(moves.map(\.to)).count == moves.count
    else { return nil }
    // The reload decomposition: a reload's insert counts explicit deletes and inserts, never moves.
    var reloadTargets: [Int: Int] = [:]
    for reload in reloads {
      guard !deletes.contains(reload) else { return nil }  // R10
      var target = reload
      for delete in deletes.sorted(by: >) where delete <= target { target -= 1 }
      for insert in inserts.sorted() where insert <= target { target += 1 }
      reloadTargets[reload] = target
    }
    let removed = Set(deletes + reloads)
    let placed = inserts + Array(reloadTargets.values)
    guard Set(placed).count == placed.count else { return nil }
    for m in moves {  // R11, R12
      guard !removed.contains(m.from.row), !placed.contains(m.to.row) else { return nil }
    }
    guard removed.allSatisfy({ $0 < old.count }), moves.allSatisfy({ $0.from.row < old.count })
    else { return nil }  // R3, R13
    guard placed.allSatisfy({ $0 < new.count }), moves.allSatisfy({ $0.to.row < new.count })
    else { return nil }  // R6, R14
    guard old.count - removed.count + placed.count == new.count else { return nil }  // R2
    var shown = [Row?](repeating: nil, count: new.count)
    for index in placed { shown[index] = new[index] }  // inserted cells ask the data source
    for m in moves { shown[m.to.row] = old[m.from.row] }
    let movedAway = Set(moves.map(\.from.row))
    var stayers = old.indices.filter { !removed.contains($0) && !movedAway.contains($0) }
      .map { old[$0] }[...]
    for index in shown.indices where shown[index] == nil {
      shown[index] = stayers.popFirst()
    }
    return shown.compactMap { $0 }
  }

  /// Whether the model says the update is accepted and shows exactly `new`.
  static func isCorrect(_ update: BatchUpdate, old: [Row], new: [Row]) -> Bool {
    shownRows(after: update, old: old, new: new) == new
  }
}

/// Expects `generator` valid on every pair of arrays of 0...6 rows over
/// a, b, c (1093 arrays a side, 1,194,649 pairs), in debug and release alike.
func expectValidOnEveryPairUpToSixRows(
  _ generator: some DeltaGenerator, sourceLocation: SourceLocation = #_sourceLocation
) async {
  // 1,194,649 pairs at the full scale (CI, in release); 132,496 (up to 5
  // rows) in a plain swift test.
  let full = ProcessInfo.processInfo.environment["BATCHCHECK_TEST_SCALE"] == "full"
  let arrays = Exhaustive.arrays(maxLength: full ? 6 : 5, alphabet: rows("abc"))
  let failures = await Exhaustive.failures(in: arrays) { old, new in
    !verdict(generator, old, new).isValid
  }
  #expect(
    failures.isEmpty, "\(failures.map { describe($0.old, $0.new) })", sourceLocation: sourceLocation
  )
}
