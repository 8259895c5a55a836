/// The state one simulation carries from UIKit's checks to the row check.
struct AcceptedUpdate {
  /// Row deletes that survived the checks (explicit and reload-made), old space.
  var deletedRows: [RowPath] = []
  /// Row inserts that survived the checks (explicit and reload-made), new space.
  var insertedRows: [RowPath] = []
  /// Row moves that survived the checks, in UIKit's order: ascending by
  /// source.
  var rowMoves: [MoveItem] = []
  /// The same moves ascending by destination.
  var rowMovesByDestination: [MoveItem] = []
  /// Sections deleted (explicit and reload-made), old space.
  var deletedSections: Set<Int> = []
  /// Sections inserted (explicit and reload-made), new space.
  var insertedSections: Set<Int> = []
  /// Section moves, old space to new space.
  var sectionMoves: [SectionMove] = []
}

extension SimulatedTableView {
  /// The whole simulation; see `performBatchUpdates`. Follows UIKit's check order (<doc:UIKitRules>) step by
  /// step; the first failing check decides the verdict.
  func simulate<NewData: TableDataSource>(
    _ update: BatchUpdate, dataSource: NewData, counter: inout OperationCounter,
    trace: TraceLog? = nil
  ) -> Verdict {
    let messages = UIKitMessages(options.semantics, uikit: options.uikit)
    if !update.reconfigureRows.isEmpty, !options.rules.hasReconfigure {
      let message = messages.reconfigureUnavailable(options.uikit)
      trace?.append("✗ \(message)")
      return Verdict(kind: .exception, message: message)
    }
    if let trace {
      for path in update.reconfigureRows {
        trace.append(
          "reconfigure \(BatchState.describe(path)): no update item, nothing checked or counted (D12)"
        )
      }
    }
    // Pass 0: negative paths are raised when the call is made (R22).
    if let exception = checkNegativePaths(update, counter: &counter) {
      trace?.append("✗ R22: \(exception.message)")
      return .exception(exception)
    }
    // BatchCheck's duplicates policy comes right after R22.
    if options.duplicates == .reject,
      let (message, place) = firstDuplicate(update, counter: &counter)
    {
      trace?.append("✗ R20 (duplicates policy reject): \(message)")
      var verdict = Verdict(kind: .duplicate, rule: .r20, message: message)
      verdict.place = place
      return verdict
    }
    let counts = Counts(old: oldData, new: dataSource)
    var state = BatchState(update: update, counts: counts, messages: messages, options: options)
    state.trace = trace
    let accepted: AcceptedUpdate
    switch state.check(counter: &counter) {
    case .failure(let exception):
      return .exception(exception)
    case .success(.fallback(let message, let place)):
      var verdict = Verdict(kind: .fallback, rule: .r17, message: message)
      verdict.place = place
      return verdict
    case .success(.accepted(let result)):
      accepted = result
    }
    if let exception = checkAfterValidation(accepted, counts: counts, messages: messages) {
      trace?.append("✗ R28: \(exception.message)")
      return .exception(exception)
    }
    return checkRows(
      accepted, update: update, counts: counts, dataSource: dataSource, counter: &counter,
      trace: trace)
  }

  /// R28, the failure after validation the update predicts (rdar://48941906,
  /// iOS 12.2, collection views): a section moved onto its own index
  /// together with an item moved out of that section. Every batch check
  /// passed; UIKit's global item numbering then comes out one short, and it
  /// asks for the item one past the last. Modelled only where the profile
  /// says (`globalIndexFailsAfterSelfSectionMove`) and only for that shape.
  ///
  /// - Complexity: O(*m* + *k*), where *m* is the number of section moves and
  ///   *k* the number of row moves.
  func checkAfterValidation(_ accepted: AcceptedUpdate, counts: Counts, messages: UIKitMessages)
    -> UIKitException?
  {
    guard options.rules.globalIndexFailsAfterSelfSectionMove else { return nil }
    let selfMoved = Set(accepted.sectionMoves.filter { $0.from == $0.to }.map(\.from))
    guard !selfMoved.isEmpty,
      accepted.rowMoves.contains(where: {
        selfMoved.contains($0.from.section) && $0.to.section != $0.from.section
      })
    else { return nil }
    var total = 0
    for section in 0..<counts.newSections {
      let (sum, overflow) = total.addingReportingOverflow(counts.newRows(section))
      total = overflow ? Int.max : sum
    }
    return UIKitException(
      rule: .r28, message: messages.globalIndexBeyondItems(index: total, count: total))
  }

  /// Applies `update` like `performBatchUpdates` and also returns a trace: the
  /// reload decomposition, each delete, insert and move as UIKit checks it,
  /// the counts, and for a wrong or stale row a −/+ diff of the rows the data
  /// source has (`-`) against the rows the cells show (`+`).
  ///
  ///     SimulatedTableView([[Row("a")]]).trace(BatchUpdate(deleteRows: [RowPath(0, 3)]), dataSource: [[Row("a")]]).lines
  ///     // ["✗ R3: attempt to delete row 3 from section 0 which only contains 1 rows before the update"]
  ///
  /// Meant for the small cases a report shows: every section's row count is
  /// one line. Bounded (`TraceLog`): a trace of more than 80 lines keeps its
  /// first 40 and its last 40, with `… N more steps` between.
  /// - Returns: the verdict and the trace's lines.
  public func trace<NewData: TableDataSource>(
    _ update: BatchUpdate, dataSource: NewData
  ) -> (verdict: Verdict, lines: [String]) {
    let log = TraceLog()
    let verdict = trace(update, dataSource: dataSource, into: log)
    return (verdict, log.lines)
  }

  /// `trace(_:dataSource:)`, its lines appended to `log`.
  func trace<NewData: TableDataSource>(
    _ update: BatchUpdate, dataSource: NewData, into log: TraceLog
  ) -> Verdict {
    var counter = OperationCounter()
    let verdict = simulate(update, dataSource: dataSource, counter: &counter, trace: log)
    if verdict.isValid { log.append("✓ valid: every cell shows the data source's row") }
    return verdict
  }
}

/// What the simulation reads of the two data sources' counts.
///
/// Each section's count is asked of the data source once, as UIKit asks
/// once: the steps read a count several times (the checks, the tallies of
/// R2b and R2, the row check), and the data source's answer, for a section
/// array that is not in the cache, costs a cache miss each time. The
/// answers are kept for tables of a moderate number of sections (`Memo`).
struct Counts {
  /// Sections before the update (UIKit's cache); a negative count reads as 0.
  let oldSections: Int
  /// Sections the data source returns after the update; a negative count reads as 0.
  let newSections: Int
  private let oldRowCount: (Int) -> Int
  private let newRowCount: (Int) -> Int
  private let memo: Memo?

  /// The counts asked so far, by section; `Int.min` where not asked yet.
  /// Plain buffers: no copy-on-write or exclusivity check per read.
  private final class Memo {
    let old: UnsafeMutableBufferPointer<Int>
    let new: UnsafeMutableBufferPointer<Int>

    init(oldSections: Int, newSections: Int) {
      old = .allocate(capacity: oldSections)
      old.initialize(repeating: Int.min)
      new = .allocate(capacity: newSections)
      new.initialize(repeating: Int.min)
    }

    deinit {
      old.deallocate()
      new.deallocate()
    }
  }

  /// The section counts (old and new together) the memo serves. Fewer
  /// sections ask each count a handful of times at most; with more, its 8
  /// bytes a section raise the peak memory (a million sections: 16 MB) and
  /// measured no faster.
  static let memoSections = 64...(1 << 16)

  init<Old: TableDataSource, New: TableDataSource>(old: Old, new: New) {
    oldSections = max(0, old.numberOfSections)
    newSections = max(0, new.numberOfSections)
    oldRowCount = { old.numberOfRows(inSection: $0) }
    newRowCount = { new.numberOfRows(inSection: $0) }
    memo =
      Self.memoSections.contains(oldSections + newSections)
      ? Memo(oldSections: oldSections, newSections: newSections) : nil
  }

  /// Rows in old section `section` (`0 <= section < oldSections`); a negative count reads as 0.
  func oldRows(_ section: Int) -> Int { max(0, oldRowsAsReturned(section)) }

  /// Rows in old section `section`, as returned.
  private func oldRowsAsReturned(_ section: Int) -> Int {
    guard let memo, section >= 0, section < oldSections else { return oldRowCount(section) }
    if memo.old[section] == Int.min { memo.old[section] = oldRowCount(section) }
    return memo.old[section]
  }

  /// Rows the data source returns for new section `section`, as returned (may be negative).
  func newRowsAsReturned(_ section: Int) -> Int {
    guard let memo, section >= 0, section < newSections else { return newRowCount(section) }
    if memo.new[section] == Int.min { memo.new[section] = newRowCount(section) }
    return memo.new[section]
  }

  /// Rows in new section `section`; a negative count reads as 0.
  func newRows(_ section: Int) -> Int { max(0, newRowsAsReturned(section)) }
}

/// Whether `index` lies outside `0..<count`, comparing as UIKit's unsigned
/// index paths do: a negative index is out of range.
@inline(__always)
func isOutside(_ index: Int, _ count: Int) -> Bool {
  UInt(bitPattern: index) >= UInt(max(0, count))
}
