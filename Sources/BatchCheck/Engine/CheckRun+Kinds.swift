/// The first case of one kind of failure in one phase, as a phase found it,
/// before shrinking.
struct FoundFailure {
  var phase: CheckPhase
  /// The case's index in its phase; nil for a replayed case.
  var index: Int?
  /// The random case's seed; nil in the corpus and exhaustive phases.
  var caseSeed: UInt64?
  var old: [[Row]]
  var new: [[Row]]
  var kind: FailureKind
  /// The failure's message when the case first ran.
  var message: String
  /// The waste breach when the case first ran; nil for other failures.
  var waste: WasteBreach?
  /// How many cases of the phase failed this way.
  var occurrences: Int
  /// The rows on screen the case was also judged with.
  var window: VisibleRows?
}

/// What the exhaustive phase tells about every small pair: which kinds of
/// failure it met, and whether it ran every pair. Valid only for a whole
/// run (or the merge of a sharded one), whose pairs ran in order.
struct ExhaustiveKnowledge {
  /// The phase's total size; 0 when it was skipped.
  var total: Int
  /// The total size up to which contents varied.
  var contentTotal: Int
  /// Whether every pair ran.
  var finished: Bool
  /// The kinds of failure met in the phase (each at its first, smallest,
  /// pair) among its pairs of at most `total` rows: a kind first met in
  /// the small-alphabet family proves nothing of the other pairs of its size.
  var kinds: Set<FailureKind>

  /// How many of `pairs` come before the small-alphabet family: the pairs
  /// of at most `maxTotal` rows, every one of them.
  static func wholePairs(_ pairs: ExhaustivePairs) -> Int {
    pairs.smallAlphabetTotal == 0
      ? pairs.count
      : ExhaustivePairs(maxTotal: pairs.maxTotal, contentTotal: pairs.contentTotal).count
  }

  /// How far the phase searched below a failure of `rows` rows and kind
  /// `kind`; nil when it says nothing (it did not reach such pairs).
  func search(
    below rows: Int, of kind: FailureKind?, identityOnly: Bool
  ) -> MinimalitySearch? {
    guard total > 0, let kind else { return nil }
    let searched: Int
    if kinds.contains(kind) {
      // Every pair before the kind's first ran and did not fail so.
      searched = rows - 1
    } else if finished {
      searched = min(total, rows - 1)
    } else {
      return nil
    }
    return MinimalitySearch(
      rows: searched, contentRows: min(searched, contentTotal), identityOnly: identityOnly, calls: 0
    )
  }
}

extension CheckRun {
  /// Shrinks each found failure, searches below it when the exhaustive phase
  /// did not already try every smaller pair, and lists the failures: one per
  /// kind, smallest first (`CheckReport.listingKinds`); in a shard's report,
  /// each phase's first failure of each kind, for the merge to list.
  mutating func finishFailures() {
    let knowledge = options.shard == nil ? exhaustiveKnowledge : nil
    // A shard leaves the search to the merge, which knows the whole
    // exhaustive phase, unless no exhaustive phase will tell.
    let shardSearches = options.exhaustiveTotal == 0 || options.stopAtFirstFailure
    var failures: [CheckFailure] = []
    for item in found {
      // A crash the run learned was shrunk then: not again (each call of a
      // hang costs its time limit twice).
      let learned = item.window == nil ? predictor.learned(item.kind) : nil
      var failure = makeFailure(
        phase: item.phase, index: item.index, caseSeed: item.caseSeed,
        old: learned?.old ?? item.old,
        new: learned?.new ?? item.new, kind: item.kind, firstMessage: item.message,
        firstWaste: item.waste, occurrences: item.occurrences, window: item.window,
        shrink: learned == nil)
      if let learned {
        failure.originalSize = GeneratedCase(old: item.old, new: item.new).rowCount
        failure.shrinkCalls = learned.shrinkCalls
        failure.shrinkImprovements = learned.shrinkImprovements
      }
      let known = knowledge?.search(
        below: failure.rowCount, of: item.kind, identityOnly: options.identityOnly)
      if known == nil, knowledge != nil || shardSearches, !interrupted {
        searchBelow(&failure, kind: item.kind)
      }
      failures.append(failure)
    }
    found = []
    if let knowledge {
      report.failures += CheckReport.listingKinds(
        failures, knowledge: knowledge, identityOnly: options.identityOnly)
    } else {
      report.failures += failures
    }
  }

  /// What this run's exhaustive phase tells.
  var exhaustiveKnowledge: ExhaustiveKnowledge {
    ExhaustiveKnowledge(
      total: report.exhaustiveTotal, contentTotal: report.exhaustiveContentTotal,
      finished: exhaustiveFinished,
      kinds: Set(
        found.lazy.filter { $0.phase == .exhaustive }
          .filter { $0.old.joined().count + $0.new.joined().count <= report.exhaustiveTotal }
          .map(\.kind)))
  }

  /// Tries every pair of one section a side smaller than `failure`'s, in
  /// `ExhaustivePairs` order, up to the exhaustive bound (that of the run,
  /// or the default when the run skipped the phase) and within
  /// `proofBudget` calls. The first that fails the same way replaces the
  /// failure's pair (it is a smallest one); `minimality` says how far the
  /// search went.
  ///
  /// - Complexity: at most `proofBudget` runs of a case of at most the bound's rows.
  ///
  /// - Parameter caseName: the name of the failure's corpus line, if not the default.
  func searchBelow(
    _ failure: inout CheckFailure, kind: FailureKind, caseName: String? = nil
  ) {
    let rows = failure.rowCount
    let bound =
      options.exhaustiveTotal > 0 ? options.exhaustiveTotal : CheckOptions.defaultExhaustiveTotal
    let limit = min(bound, rows - 1)
    let contentTotal =
      options.identityOnly
      ? 0
      : options.exhaustiveTotal > 0
        ? options.exhaustiveContentTotal : CheckOptions.defaultExhaustiveContentTotal
    var calls = 0
    var searched = limit
    var iterator = ExhaustivePairs(maxTotal: max(0, limit), contentTotal: contentTotal)
      .makeIterator()
    // The search asks no more of a crashing generator than a phase does
    // (`CheckOptions.maxCrashes`): each error costs it a restart.
    var errors = 0
    let maxErrors = options.maxCrashes ?? Int.max
    while limit >= 0, let pair = iterator.next() {
      let total = pair.old.count + pair.new.count
      guard calls < options.proofBudget, errors < maxErrors, options.shouldStop?() != true else {
        searched = total - 1
        break
      }
      // A pair that contains a smallest crash would crash, not fail so.
      if predictor.pattern(containedIn: [pair.old], [pair.new]) != nil { continue }
      calls += 1
      track(nil, [pair.old], [pair.new])
      var result = runner.run([pair.old], [pair.new])
      let found = result?.kind
      if case .generatorError? = found, found != kind { errors += 1 }
      guard found == kind else { continue }
      if case .generatorError(.timedOut) = kind {
        // Confirmed on purpose: a timeout must happen twice in a row.
        result = judgedAgain([pair.old], [pair.new], as: kind)
        guard result != nil else { continue }
      }
      var smaller = makeFailure(
        phase: failure.phase, index: failure.index, caseSeed: failure.caseSeed, old: [pair.old],
        new: [pair.new], kind: kind, firstMessage: failure.message,
        firstWaste: failure.waste,
        occurrences: failure.occurrences, caseName: caseName, shrink: false, judged: result)
      smaller.originalSize = failure.originalSize
      smaller.shrinkCalls = failure.shrinkCalls
      smaller.shrinkImprovements = failure.shrinkImprovements + 1
      failure = smaller
      searched = total - 1
      break
    }
    failure.minimality = MinimalitySearch(
      rows: searched, contentRows: min(searched, contentTotal), identityOnly: options.identityOnly,
      calls: calls)
  }
}

extension CheckReport {
  /// One failure per kind (verdict, rule and variant, or generator error
  /// kind), smallest first: of the failures of a kind (the first of each
  /// phase), the one with the fewest rows stays, the earliest phase and
  /// index breaking ties, with the occurrences of them all; what the
  /// exhaustive phase tells sets its `minimality` when known.
  ///
  /// - Complexity: O(*f* log *f*) for *f* failures.
  static func listingKinds(
    _ failures: [CheckFailure], knowledge: ExhaustiveKnowledge, identityOnly: Bool
  ) -> [CheckFailure] {
    let phases = CheckPhase.allCases
    func key(_ failure: CheckFailure) -> (Int, Int, Int, String) {
      (
        failure.rowCount, phases.firstIndex(of: failure.phase) ?? 0, failure.index ?? -1,
        failure.message
      )
    }
    var kinds: [FailureKind: CheckFailure] = [:]
    var order: [FailureKind] = []
    for failure in failures where failure.coverage == nil {
      let kind = failure.kind
      guard var kept = kinds[kind] else {
        kinds[kind] = failure
        order.append(kind)
        continue
      }
      let occurrences = kept.occurrences &+ failure.occurrences
      if key(failure) < key(kept) { kept = failure }
      kept.occurrences = occurrences
      kinds[kind] = kept
    }
    var listed = order.compactMap { kinds[$0] }
    for index in listed.indices {
      let failure = listed[index]
      if let known = knowledge.search(
        below: failure.rowCount, of: failure.kind, identityOnly: identityOnly)
      {
        listed[index].minimality = known
      }
    }
    listed.sort { key($0) < key($1) }
    return listed + failures.filter { $0.coverage != nil }
  }
}
