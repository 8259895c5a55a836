/// Why the reports of a sharded run cannot be merged.
public struct MergeError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong, as one sentence.
  public var message: String

  public var description: String { message }
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
  ///   of different runs (generator, contract, mode, seed, sizes), or a
  ///   shard is missing or repeated.
  /// - Complexity: O(*f* log *f* + *s*), where *f* is the number of
  ///   failures and *s* the number of shards.
  public static func merging(_ shards: [CheckReport]) throws(MergeError) -> CheckReport {
    guard let first = shards.first else { throw MergeError(message: "no report to merge") }
    guard let count = first.shard?.count else {
      throw MergeError(message: "report 1 is not of a shard (it has no \"shard\")")
    }
    var seen = Set<Int>()
    for (position, report) in zip(1..., shards) {
      guard let shard = report.shard else {
        throw MergeError(message: "report \(position) is not of a shard (it has no \"shard\")")
      }
      guard shard.count == count else {
        throw MergeError(
          message: "report \(position) is shard \(shard), report 1 is of \(count) shards")
      }
      guard seen.insert(shard.number).inserted else {
        throw MergeError(message: "shard \(shard) is given twice (report \(position))")
      }
      if let field = report.differingRun(from: first) {
        throw MergeError(
          message: "report \(position) (shard \(shard)) is of another run: its \(field) differs")
      }
    }
    let missing = (1...count).filter { !seen.contains($0) }
    guard missing.isEmpty else {
      throw MergeError(
        message: "shard\(missing.count == 1 ? "" : "s") "
          + missing.map { "\($0)/\(count)" }.joined(separator: ", ") + " missing")
    }

    var merged = first
    merged.shard = nil
    merged.corpusCases = 0
    merged.exhaustiveCases = 0
    merged.randomCases = 0
    merged.skippedCases = 0
    merged.failedCases = 0
    merged.statistics = CaseStatistics()
    merged.failures = []
    var firsts: [MergeKey: CheckFailure] = [:]
    for report in shards {
      merged.corpusCases &+= report.corpusCases
      merged.exhaustiveCases &+= report.exhaustiveCases
      merged.randomCases &+= report.randomCases
      merged.skippedCases &+= report.skippedCases
      merged.failedCases &+= report.failedCases
      merged.statistics.add(report.statistics)
      for failure in report.failures where failure.coverage == nil {
        let key = MergeKey(phase: failure.phase, signature: failure.signature)
        guard var kept = firsts[key] else {
          firsts[key] = failure
          continue
        }
        let occurrences = kept.occurrences &+ failure.occurrences
        if (failure.index ?? Int.max) < (kept.index ?? Int.max) { kept = failure }
        kept.occurrences = occurrences
        firsts[key] = kept
      }
    }
    let phases = CheckPhase.allCases
    merged.failures = firsts.values.sorted {
      let left = phases.firstIndex(of: $0.phase) ?? 0
      let right = phases.firstIndex(of: $1.phase) ?? 0
      return left != right ? left < right : ($0.index ?? Int.max) < ($1.index ?? Int.max)
    }
    merged.appendCoverageFailures()
    return merged
  }

  /// The first field that differs between two shards' runs, or nil.
  private func differingRun(from other: CheckReport) -> String? {
    if generator != other.generator { return "generator" }
    if contract != other.contract || ownContract != other.ownContract { return "contract" }
    if identityOnly != other.identityOnly { return "identityOnly" }
    if uikit != other.uikit { return "uikit" }
    if seed != other.seed { return "seed" }
    if maxSize != other.maxSize { return "maxSize" }
    if exhaustiveTotal != other.exhaustiveTotal { return "exhaustiveTotal" }
    if sectioned != other.sectioned { return "sectioned" }
    if replayedCaseSeed != nil || other.replayedCaseSeed != nil { return "replayed case" }
    return nil
  }
}

/// Failures of the same phase and kind merge into one.
private struct MergeKey: Hashable {
  var phase: CheckPhase
  var signature: FailureSignature?
}
