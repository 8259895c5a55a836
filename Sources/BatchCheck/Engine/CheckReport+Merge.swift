/// Why the reports of a sharded run cannot be merged.
package struct MergeError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong, as one sentence.
  package var message: String

  package var description: String { message }
}

extension CheckReport {
  /// The report of a whole run, from the reports of its shards
  /// (`CheckOptions.shard`): what `batchcheck merge` prints.
  ///
  ///     let shards = (1...4).map { number in
  ///       var options = CheckOptions(count: 20_000, stopAtFirstFailure: false)
  ///       options.shard = Shard(number: number, count: 4)
  ///       return check(MyDiff(), options: options)
  ///     }
  ///     try CheckReport.merging(shards) == check(MyDiff(), options: CheckOptions(count: 20_000, stopAtFirstFailure: false))
  ///     // true
  ///
  /// Case counts and statistics are summed. The failures of each phase are
  /// merged by kind (verdict and rule, or generator error kind): the one of
  /// lowest case index stays, with the occurrences of all shards, so a run
  /// with `stopAtFirstFailure` false, or with no failure, merges to exactly
  /// the unsharded report. (With `stopAtFirstFailure`, each shard stopped at
  /// its own first failure, so the counts are the shards' and not what one
  /// machine would have run; the first failure is still the lowest-index
  /// one of those found.) The coverage floors, which a shard skips, are
  /// applied to the summed statistics.
  ///
  /// - Parameter shards: one report per shard `1/N` ... `N/N`, in any order.
  /// - Throws: `MergeError` when a report is not a shard, the shards are
  ///   of different runs (generator, contract, mode, seed, sizes, waste
  ///   limits), a shard
  ///   is missing or repeated, or a sum of counts does not fit in an `Int`.
  /// - Complexity: O(*f* log *f* + *s*), where *f* is the number of
  ///   failures and *s* the number of shards.
  package static func merging(_ shards: [CheckReport]) throws(MergeError) -> CheckReport {
    var merge = ShardMerge()
    for report in shards { try merge.add(report) }
    return try merge.result()
  }

  /// The first field that differs between two shards' runs, or nil.
  fileprivate func differingRun(from other: CheckReport) -> String? {
    if generator != other.generator { return "generator" }
    if contract != other.contract || ownContract != other.ownContract { return "contract" }
    if identityOnly != other.identityOnly { return "identityOnly" }
    if uikit != other.uikit { return "uikit" }
    if seed != other.seed { return "seed" }
    if maxSize != other.maxSize { return "maxSize" }
    if exhaustiveTotal != other.exhaustiveTotal { return "exhaustiveTotal" }
    if exhaustiveContentTotal != other.exhaustiveContentTotal { return "exhaustiveContentTotal" }
    if smallAlphabetTotal != other.smallAlphabetTotal || smallAlphabet != other.smallAlphabet {
      return "smallAlphabetTotal"
    }
    if sectioned != other.sectioned { return "sectioned" }
    if maxMoveRatio != other.maxMoveRatio { return "maxMoveRatio" }
    if rejectsUnneededDeletes != other.rejectsUnneededDeletes { return "rejectsUnneededDeletes" }
    if replayedCaseSeed != nil || other.replayedCaseSeed != nil { return "replayed case" }
    return nil
  }
}

/// `CheckReport.merging(_:)` one report at a time: each report is checked
/// against the ones before as it is added, so a repeated shard or another
/// run is refused at once, and only what the merged report needs is kept
/// (the sums, the first failure of each kind, the shard numbers seen), so
/// memory grows with the shards and kinds of failure, not with the reports.
///
///     var merge = ShardMerge()
///     for file in files { try merge.add(try CheckReport(json: read(file), file: file)) }
///     let whole = try merge.result()
package struct ShardMerge: Sendable {
  /// The first report, its counts and failures cleared: the run every
  /// other report must be of, and what the sums go into.
  private var merged: CheckReport?
  /// The shard count of the run.
  private var count = 0
  /// The shard numbers added so far.
  private var seen = Set<Int>()
  /// Reports added so far.
  private var position = 0
  /// The kept failure of each kind.
  private var firsts: [MergeKey: CheckFailure] = [:]

  /// A merge of no reports yet.
  package init() {}

  /// Adds the report of one shard.
  ///
  /// - Throws: `MergeError` when the report is not a shard, is of another
  ///   run than the first, repeats a shard, or makes a sum of counts
  ///   overflow `Int`; the merge is then unchanged.
  package mutating func add(_ report: CheckReport) throws(MergeError) {
    let position = position + 1
    guard let shard = report.shard else {
      throw MergeError(message: "report \(position) is not of a shard (it has no \"shard\")")
    }
    guard var merged else {
      try start(with: report, shard: shard)
      return
    }
    guard shard.count == count else {
      throw MergeError(
        message: "report \(position) is shard \(shard), report 1 is of \(count) shards")
    }
    guard !seen.contains(shard.number) else {
      throw MergeError(message: "shard \(shard) is given twice (report \(position))")
    }
    if let field = report.differingRun(from: merged) {
      throw MergeError(
        message: "report \(position) (shard \(shard)) is of another run: its \(field) differs")
    }
    let sums = ShardSums(position: position, shard: shard)
    try sums.add(report, to: &merged)
    var firsts = firsts
    for failure in report.failures where failure.coverage == nil {
      let key = MergeKey(phase: failure.phase, kind: failure.kind)
      guard var kept = firsts[key] else {
        firsts[key] = failure
        continue
      }
      let occurrences = try sums.sum(kept.occurrences, failure.occurrences, "\"occurrences\"")
      if (failure.index ?? Int.max) < (kept.index ?? Int.max) { kept = failure }
      kept.occurrences = occurrences
      firsts[key] = kept
    }
    self.firsts = firsts
    self.merged = merged
    seen.insert(shard.number)
    self.position = position
  }

  /// Starts the merge with its first report: the run's facts with every
  /// count at zero, then the report added to them. On an error the merge
  /// is left empty.
  private mutating func start(with report: CheckReport, shard: Shard) throws(MergeError) {
    var first = report
    first.shard = nil
    first.corpusCases = 0
    first.exhaustiveCases = 0
    first.randomCases = 0
    first.skippedCases = 0
    first.failedCases = 0
    first.statistics = CaseStatistics()
    first.edits = nil
    first.editCases = 0
    first.failures = []
    first.incomplete = []
    merged = first
    count = shard.count
    do throws(MergeError) {
      try add(report)
    } catch {
      self = ShardMerge()
      throw error
    }
  }

  /// The report of the whole run: the sums, the failures in phase order
  /// then by index, and the coverage floors applied to the summed statistics.
  ///
  /// - Throws: `MergeError` when no report was added or a shard is missing.
  package func result() throws(MergeError) -> CheckReport {
    guard var merged else { throw MergeError(message: "no report to merge") }
    if seen.count < count {
      let missing = (1...count).lazy.filter { !seen.contains($0) }
      let shown = missing.prefix(10).map { "\($0)/\(count)" }
      let more = count - seen.count - shown.count
      throw MergeError(
        message: "shard\(count - seen.count == 1 ? "" : "s") " + shown.joined(separator: ", ")
          + (more > 0 ? " and \(more) more" : "") + " missing")
    }
    // The whole exhaustive phase is known once every shard ran its share:
    // then it tells how far below each failure no pair fails so.
    let exhaustive = ExhaustivePairs(
      maxTotal: merged.exhaustiveTotal, contentTotal: merged.exhaustiveContentTotal,
      smallAlphabetTotal: merged.smallAlphabetTotal, smallAlphabet: merged.smallAlphabet)
    let finished = merged.exhaustiveTotal > 0 && merged.exhaustiveCases == exhaustive.count
    let failures = firsts.values.sorted { $0.phaseOrder < $1.phaseOrder }
    // A kind first met in the small-alphabet family says nothing of the
    // other pairs of its size.
    let whole = ExhaustiveKnowledge.wholePairs(exhaustive)
    merged.failures = CheckReport.listingKinds(
      failures,
      knowledge: ExhaustiveKnowledge(
        total: merged.exhaustiveTotal, contentTotal: merged.exhaustiveContentTotal,
        finished: finished,
        kinds: finished
          ? Set(
            failures.filter { $0.phase == CheckPhase.exhaustive && ($0.index ?? 0) < whole }
              .map(\.kind))
          : []),
      identityOnly: merged.identityOnly)
    merged.appendCoverageFailures()
    return merged
  }
}

extension CheckFailure {
  /// The failure's place in a run: its phase, then its index.
  fileprivate var phaseOrder: (Int, Int) {
    (CheckPhase.allCases.firstIndex(of: phase) ?? 0, index ?? -1)
  }
}

/// Failures of the same phase and kind merge into one.
private struct MergeKey: Hashable {
  var phase: CheckPhase
  var kind: FailureKind
}

/// The sums of one shard's counts into the merge, each checked for
/// overflow and named in the error by its JSON key.
private struct ShardSums {
  /// The report's position among those merged, from 1.
  let position: Int
  /// The report's shard.
  let shard: Shard

  /// `total + more`, or an error naming `key` when it overflows `Int`.
  func sum(_ total: Int, _ more: Int, _ key: String) throws(MergeError) -> Int {
    let (value, overflow) = total.addingReportingOverflow(more)
    guard !overflow else { throw tooLarge(key) }
    return value
  }

  /// The error for a count under `key` whose total overflows `Int`.
  func tooLarge(_ key: String) -> MergeError {
    MergeError(
      message: "report \(position) (shard \(shard)): its \(key) count makes the total "
        + "larger than \(Int.max)")
  }

  /// Adds the report's case counts, phases ended early, edit size and
  /// statistics to `merged`.
  func add(_ report: CheckReport, to merged: inout CheckReport) throws(MergeError) {
    merged.corpusCases = try sum(merged.corpusCases, report.corpusCases, "\"cases\".\"corpus\"")
    merged.exhaustiveCases = try sum(
      merged.exhaustiveCases, report.exhaustiveCases, "\"cases\".\"exhaustive\"")
    merged.randomCases = try sum(merged.randomCases, report.randomCases, "\"cases\".\"random\"")
    merged.skippedCases = try sum(
      merged.skippedCases, report.skippedCases, "\"cases\".\"skipped\"")
    merged.failedCases = try sum(merged.failedCases, report.failedCases, "\"cases\".\"failed\"")
    // A shard that ended a phase early leaves the merge partial too.
    merged.incomplete += report.incomplete
    let run = try sum(
      try sum(merged.corpusCases, merged.exhaustiveCases, "\"cases\""), merged.randomCases,
      "\"cases\"")
    guard merged.failedCases <= run else {
      throw MergeError(
        message: "report \(position) (shard \(shard)): \(merged.failedCases) failed cases "
          + "but \(run) cases run so far")
    }
    if let edits = report.edits {
      merged.edits = (merged.edits ?? EditSize()) + edits
      merged.editCases = try sum(merged.editCases, report.editCases, "\"edits\".\"cases\"")
    }
    let statistics = merged.statistics.addingReportingOverflow(report.statistics)
    if let key = statistics.overflow { throw tooLarge("\"statistics\".\"\(key)\"") }
    merged.statistics = statistics.partialValue
  }
}
