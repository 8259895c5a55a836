/// What the reference adapter reports for one script: every outcome and every
/// data-source read, in order, and the case-level fields of ADAPTER.md §7.5.

/// One outcome (§7.5): the step that made it, a v2 verdict name or `skipped`, the
/// rule, the cause (`A1`…`A13`), the basis at its making and the message.
struct ReferenceAdapterOutcome: Hashable, Sendable {
  var step: [Int]
  var verdict: String
  var rule: String?
  var cause: String?
  var basis: String
  var message: String?
}

/// One data-source read: the step being run, who read (`reloadData`, `layout`,
/// `batchStart`, `batchEnd`, `count`, `geometry`) and the rows per section read.
struct ReferenceAdapterRead: Hashable, Sendable {
  var step: [Int]
  var by: String
  var counts: [Int]
}

/// The reference's result for one script case.
struct ReferenceAdapterResult: Hashable, Sendable {
  var outcomes: [ReferenceAdapterOutcome]
  var reads: [ReferenceAdapterRead]
  /// The basis at the end of the run.
  var finalBasis: String

  /// The first outcome whose verdict is not `valid`, which the case-level fields copy.
  var firstFailure: ReferenceAdapterOutcome? { outcomes.first { $0.verdict != "valid" } }
  /// The case's verdict: the first non-valid outcome's, else `valid`.
  var verdict: String { firstFailure?.verdict ?? "valid" }
  /// The case's rule, or nil.
  var rule: String? { firstFailure?.rule }
  /// The case's cause, or nil.
  var cause: String? { firstFailure?.cause }
  /// The case's step path, or nil when the case is valid.
  var step: [Int]? { firstFailure?.step }
  /// The case's basis: the first non-valid outcome's, else the basis at the end of the run.
  var basis: String { firstFailure?.basis ?? finalBasis }
  /// The case's message, or nil.
  var message: String? { firstFailure?.message }
}
