/// Anything that maps (old rows, new rows) of one section to a batch update.
///
/// This is the seam every generator under test plugs into: the reference
/// generators, a diff library's own diff, or an external process.
///
///     struct ReloadEverything: DeltaGenerator {
///       var name: String { "reload-everything" }
///       func update(from old: [Row], to new: [Row]) -> BatchUpdate {
///         BatchUpdate(reloadSections: [0])
///       }
///     }
///
/// The update's paths use section 0: old-space for deletes, reloads and move
/// sources, new-space for inserts and move destinations. A generator that
/// cannot answer (an external process that crashed, hung or wrote garbage)
/// throws a `GeneratorError`; an in-process diff never needs to.
public protocol DeltaGenerator: Sendable {
  /// The generator's name, as the command line spells it (`heckel`, `lcs`).
  var name: String { get }
  /// The batch update that turns `old` into `new`, both in section 0.
  ///
  /// - Throws: `GeneratorError` when the generator could not answer.
  func update(from old: [Row], to new: [Row]) throws(GeneratorError) -> BatchUpdate
}

/// A generator that also diffs tables of several sections.
///
/// The property engine generates cases with several sections (section
/// inserts, deletes, moves, rows moving across sections, empty sections) only
/// for generators that conform to this protocol.
public protocol SectionedDeltaGenerator: DeltaGenerator {
  /// The batch update that turns the sections `old` into the sections `new`.
  ///
  /// - Throws: `GeneratorError` when the generator could not answer.
  func update(from old: [[Row]], to new: [[Row]]) throws(GeneratorError) -> BatchUpdate
}

/// A generator that keeps several cases in flight, in order: an external
/// process gets the next cases through its pipe before the earlier answers
/// are judged, instead of waiting for each answer. The verdicts and the
/// report are the same as one case at a time. Cases come as sections; a
/// generator that is not a `SectionedDeltaGenerator` is given cases of one
/// section a side only.
public protocol PipelinedDeltaGenerator: DeltaGenerator {
  /// How many cases may be in flight at once; 1 waits for each answer.
  var pipelineDepth: Int { get }

  /// Asks `next` for cases until it returns nil, keeping up to
  /// `pipelineDepth` of them in flight, and hands `answer` each case's
  /// update, or the error that kept the generator from answering it, in
  /// the order of the cases. Returns once every case asked for is answered.
  func updates(
    from next: () -> (old: [[Row]], new: [[Row]])?,
    answer: (Result<BatchUpdate, GeneratorError>) -> Void)

  /// `updates(from:answer:)` that stops early: once `answer` returns false,
  /// `next` is asked for no more cases, the cases still in flight are
  /// dropped without an answer, and it returns. A generator that can drop
  /// them saves their work: an external process that crashed or hung is
  /// not started again to answer cases nobody will judge.
  func updates(
    from next: () -> (old: [[Row]], new: [[Row]])?,
    answerWhile answer: (Result<BatchUpdate, GeneratorError>) -> Bool)
}

extension PipelinedDeltaGenerator {
  /// Answers the cases in flight as `updates(from:answer:)` does, and hands
  /// none of them to `answer` once it has returned false.
  public func updates(
    from next: () -> (old: [[Row]], new: [[Row]])?,
    answerWhile answer: (Result<BatchUpdate, GeneratorError>) -> Bool
  ) {
    var goingOn = true
    updates(
      from: { goingOn ? next() : nil },
      answer: { result in if goingOn { goingOn = answer(result) } })
  }

  /// The updates for `cases`, in order, kept in flight.
  public func updates(for cases: [(old: [[Row]], new: [[Row]])])
    -> [Result<BatchUpdate, GeneratorError>]
  {
    var remaining = cases[...]
    var answers: [Result<BatchUpdate, GeneratorError>] = []
    answers.reserveCapacity(cases.count)
    updates(from: { remaining.popFirst() }, answer: { answers.append($0) })
    return answers
  }
}

/// Why a generator gave no update for a case.
public struct GeneratorError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// The process ended with a signal or a non-zero status while answering.
    case crashed
    /// No answer within the per-case time limit.
    case timedOut
    /// An answer that is not one JSON line holding an update.
    case malformedOutput
    /// The process could not be started, or ended before answering.
    case unavailable
  }

  /// What went wrong.
  public let kind: Kind
  /// A sentence a person can act on, with what the generator printed if useful.
  public let message: String

  /// An error of `kind`, explained by `message`.
  public init(kind: Kind, message: String) {
    self.kind = kind
    self.message = message
  }

  /// `timedOut: no answer within 2 s`.
  public var description: String { "\(kind.rawValue): \(message)" }
}

/// A generator made from a closure, for diffs that are plain functions.
///
///     let mine = ClosureGenerator(name: "mine") { old, new in myDiff(old, new) }
public struct ClosureGenerator: DeltaGenerator {
  public let name: String
  private let body: @Sendable ([Row], [Row]) -> BatchUpdate

  /// A generator named `name` whose update for old and new rows is `body(old, new)`.
  public init(name: String, _ body: @escaping @Sendable ([Row], [Row]) -> BatchUpdate) {
    self.name = name
    self.body = body
  }

  public func update(from old: [Row], to new: [Row]) -> BatchUpdate {
    body(old, new)
  }
}
