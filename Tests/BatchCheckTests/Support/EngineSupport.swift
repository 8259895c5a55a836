import Synchronization

@testable import BatchCheck

/// Test subjects for the property engine, with no reference generator
/// (this target does not depend on ReferenceDiffs).
enum EngineSubjects {
  /// Deletes every old row and inserts every new one: always valid.
  static let replaceAll = ClosureGenerator(name: "replace-all") { old, new in
    BatchUpdate(
      deleteRows: old.indices.map { RowPath(0, $0) }, insertRows: new.indices.map { RowPath(0, $0) }
    )
  }

  /// `replaceAll`, but forgets the last insert when new has 12 rows or
  /// more: valid on every small pair, so only the random phase finds it (R2).
  static let forgetsLastInsertFrom12 = forgetsLastInsert(from: 12)

  /// `replaceAll`, but forgets the last insert when new has `rows` rows or more.
  static func forgetsLastInsert(from rows: Int) -> ClosureGenerator {
    ClosureGenerator(name: "forgets-last-insert") { old, new in
      let inserts = new.count >= rows ? new.count - 1 : new.count
      return BatchUpdate(
        deleteRows: old.indices.map { RowPath(0, $0) },
        insertRows: (0..<inserts).map { RowPath(0, $0) })
    }
  }

  /// Inserts only the first new row and deletes every old one: R2 as soon
  /// as new has two rows; the first failing exhaustive pair is `[] -> [a a]`.
  static let firstOnly = ClosureGenerator(name: "first-only") { old, new in
    BatchUpdate(
      deleteRows: old.indices.map { RowPath(0, $0) }, insertRows: new.isEmpty ? [] : [RowPath(0, 0)]
    )
  }
}

/// Deletes every old section and inserts every new one: always valid, on
/// any number of sections.
struct ReplaceAllSections: SectionedDeltaGenerator {
  var name: String { "replace-all-sections" }

  func update(from old: [Row], to new: [Row]) -> BatchUpdate {
    BatchUpdate(reloadSections: [0])
  }

  func update(from old: [[Row]], to new: [[Row]]) -> BatchUpdate {
    BatchUpdate(deleteSections: Array(old.indices), insertSections: Array(new.indices))
  }
}

/// A generator that cannot answer when old has exactly 3 rows.
struct ThrowsOnThree: DeltaGenerator {
  var name: String { "throws-on-three" }

  func update(from old: [Row], to new: [Row]) throws(GeneratorError) -> BatchUpdate {
    if old.count == 3 { throw GeneratorError(kind: .timedOut, message: "no answer within 2 s") }
    return EngineSubjects.replaceAll.update(from: old, to: new)
  }
}

extension CheckOptions {
  /// Small, quick options for tests: no exhaustive phase unless asked.
  static func quick(
    seed: UInt64 = 7, count: Int = 1_000, exhaustiveTotal: Int = 0, shrinkBudget: Int = 0,
    stopAtFirstFailure: Bool = true
  ) -> CheckOptions {
    CheckOptions(
      seed: seed, count: count, maxSize: 60, exhaustiveTotal: exhaustiveTotal,
      shrinkBudget: shrinkBudget, stopAtFirstFailure: stopAtFirstFailure)
  }
}

/// A generator that answers differently from run to run: its `failingCall`th
/// call (counted from 1) throws `error`, or answers `badUpdate`; every other
/// call replaces everything. A failure of it is not reproduced when the case
/// runs again.
final class FailsOnce: DeltaGenerator {
  let name = "fails-once"
  let failingCall: Int
  let error: GeneratorError?
  let badUpdate: BatchUpdate
  private let calls = Mutex(0)

  init(failingCall: Int, error: GeneratorError? = nil, badUpdate: BatchUpdate = BatchUpdate()) {
    self.failingCall = failingCall
    self.error = error
    self.badUpdate = badUpdate
  }

  func update(from old: [Row], to new: [Row]) throws(GeneratorError) -> BatchUpdate {
    let call = calls.withLock { count in
      count += 1
      return count
    }
    guard call == failingCall else { return EngineSubjects.replaceAll.update(from: old, to: new) }
    if let error { throw error }
    return badUpdate
  }
}
