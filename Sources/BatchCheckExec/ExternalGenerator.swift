import BatchCheck
import Foundation

/// A delta generator that is an external process, written in any language.
///
///     let generator = ExternalGenerator(command: "python3 mydiff.py", timeout: 2)
///     let update = try generator.update(from: [[Row("a"), Row("b")]], to: [[Row("b")]])
///     // whatever mydiff.py answered, e.g. BatchUpdate(deleteRows: [RowPath(0, 0)])
///
/// The process reads one JSON line per case, `{"old":[[...]],"new":[[...]]}`,
/// and answers one line, the update in the case format's shape. A case the
/// process fails (it crashes, times out, answers something that is not an
/// update) throws a `GeneratorError`, the process group is killed and the
/// next case starts a fresh process. The protocol, the errors and an example
/// in Python are in the `--exec` protocol article
/// (Sources/BatchCheck/BatchCheck.docc/ExecProtocol.md).
///
/// The processes never outlive the run: `close()` and deinitialization close
/// stdin, send SIGTERM to the group after 0.1 s, SIGKILL after the grace
/// period, and reap the shell; at a normal exit of the program every group
/// still running is killed. (A process that leaves the group with `setsid`
/// is beyond reach.)
///
/// One process answers one case at a time, in order: calls from several
/// threads take turns. The engine keeps up to `pipelineDepth` cases in
/// flight (`updates(for:)`): it sends them before it reads their answers.
/// From the first case on, this program ignores SIGPIPE, so that
/// writing to a process that died is an error and not the end of the
/// program; the generator processes get SIGPIPE at its default.
///
/// `@unchecked Sendable`: the process and its counters are only touched
/// while holding `lock`.
public final class ExternalGenerator: SectionedDeltaGenerator, PipelinedDeltaGenerator,
  @unchecked Sendable
{
  /// The generator's name in reports; `exec` unless told otherwise.
  public let name: String
  /// The shell command, run as `/bin/sh -c command`.
  public let command: String
  /// Seconds each case may take, from when the process has read it (and
  /// answered the case before it) to its answer; a fresh process's start-up
  /// is not counted, up to this long again. After a first timeout, the
  /// limit is learned from the answers (`caseLimit`).
  public let timeout: Double
  /// The longest answer line read, in bytes; a longer one is a flood.
  let maxAnswerBytes: Int
  /// Seconds between SIGTERM and SIGKILL when the generator is closed.
  let terminationGrace: Double
  /// How many cases the engine keeps in flight through the pipe at most
  /// (`updates(for:)`); 1 waits for each answer before sending the next case.
  public let pipelineDepth: Int
  /// The most cases in flight that `pipelineDepth` may ask for.
  public static let maxPipelineDepth = 1024
  /// The cases kept in flight when none is given: enough that neither
  /// process waits for the other's wake-up on most cases (measured on 2
  /// cores: 16 in flight took a third more time than 64).
  public static let defaultPipelineDepth = 64
  /// Seconds each case may take unless told otherwise (`timeout`): the
  /// default of `init(command:timeout:name:pipelineDepth:)` and of the
  /// command line's `--timeout`.
  public static let defaultTimeout: Double = 5
  /// How much of the end of stderr is kept, in bytes.
  static let stderrLimit = 2048

  let lock = NSLock()
  /// The running process; nil before the first case and after an error.
  /// Guarded by `lock`.
  var child: ChildProcess?
  /// How many answers the current process has given. Guarded by `lock`.
  var answers = 0
  /// The most stdout bytes any process had buffered at once. Guarded by `lock`.
  var largestBuffered = 0
  /// The seconds the latest answers took per byte of their cases, from
  /// when the process had read them (the last `AnswerTimes.capacity`), and
  /// their median. Guarded by `lock`.
  var answerTimes = AnswerTimes()
  /// Whether a case has timed out; the limit is then learned. Guarded by `lock`.
  var hung = false
  /// Whether a case in flight has failed; `updates(from:answer:)` then
  /// keeps `depthAfterFailure` cases in flight at most. Guarded by `lock`.
  var failedBefore = false
  /// The cases kept in flight after a failure.
  static let depthAfterFailure = 2

  /// After a first hang, a case may take this many times the median answer
  /// time for a case of its length...
  static let learnedFactor = 50
  /// ...and at least this many seconds (and at most `timeout`).
  static let learnedFloor = 0.5

  /// The seconds a case of `requestBytes` may take now: `timeout` until a
  /// case has timed out; after that, `learnedFactor` times the median of
  /// the latest answers' times per byte of their case, times this case's
  /// bytes, at least `learnedFloor` and at most `timeout` (a median, so
  /// that one answer slowed by a busy machine does not set the limit). A generator that hangs on a class
  /// of small input then pays half a second for each such case, not the
  /// whole timeout, while its large cases keep the time they need; a case
  /// that only waited for a busy machine is run again before a shrunk
  /// failure keeps it. Guarded by `lock`.
  func caseLimit(requestBytes: Int) -> Double {
    guard hung else { return timeout }
    let learned = Double(Self.learnedFactor) * answerTimes.median * Double(max(requestBytes, 1))
    return min(timeout, max(Self.learnedFloor, learned))
  }

  /// Creates a generator that runs `command` for the first case, and again
  /// after a case that failed.
  ///
  /// - Parameters:
  ///   - command: a shell command: `python3 mydiff.py`, `./mydiff --json`.
  ///   - timeout: seconds each case may take, `defaultTimeout` (5) by
  ///     default, the start-up of a fresh process included; clamped to
  ///     [0.001, 10⁶] (not a number: the default).
  ///   - name: the generator's name in reports.
  ///   - pipelineDepth: how many cases the engine keeps in flight at most,
  ///     `defaultPipelineDepth` (64) by default; clamped to [1, `maxPipelineDepth`].
  public convenience init(
    command: String, timeout: Double = ExternalGenerator.defaultTimeout, name: String = "exec",
    pipelineDepth: Int = ExternalGenerator.defaultPipelineDepth
  ) {
    self.init(
      command: command, timeout: timeout, name: name, maxAnswerBytes: 16 << 20,
      terminationGrace: 0.5,
      pipelineDepth: pipelineDepth)
  }

  /// The full initializer, with the bounds tests shrink.
  init(
    command: String, timeout: Double, name: String, maxAnswerBytes: Int, terminationGrace: Double,
    pipelineDepth: Int = ExternalGenerator.defaultPipelineDepth
  ) {
    self.pipelineDepth = min(max(pipelineDepth, 1), Self.maxPipelineDepth)
    self.command = command
    self.timeout = timeout.isNaN ? Self.defaultTimeout : min(max(timeout, 0.001), 1e6)
    self.name = name
    self.maxAnswerBytes = max(maxAnswerBytes, 1)
    self.terminationGrace = terminationGrace
  }

  deinit {
    child?.terminate(grace: terminationGrace)
  }

  /// Ends the running process, if any: closes its stdin, then SIGTERM to its
  /// process group, then SIGKILL after a short grace; returns once it is
  /// reaped. A later case starts a new process.
  public func close() {
    lock.lock()
    defer { lock.unlock() }
    child?.terminate(grace: terminationGrace)
    child = nil
  }

  /// The update for one section: the case is sent as `[old]` and `[new]`.
  ///
  /// - Throws: `GeneratorError`, as `update(from:to:)` for sections.
  public func update(from old: [Row], to new: [Row]) throws(GeneratorError) -> BatchUpdate {
    try update(from: [old], to: [new])
  }

  /// Sends one case to the process and reads its answer.
  ///
  /// - Parameters:
  ///   - old: the sections before the update.
  ///   - new: the sections after the update.
  /// - Returns: the update the process answered, unjudged.
  /// - Throws: `GeneratorError` when the process could not start, crashed,
  ///   timed out or answered something that is not an update; the next case
  ///   then starts a fresh process.
  /// - Complexity: O(*n* + *m*) besides the process's own work, where *n*
  ///   is the number of rows and *m* the length of the answer.
  public func update(from old: [[Row]], to new: [[Row]]) throws(GeneratorError) -> BatchUpdate {
    let changes = try changes(from: old, to: new, as: .batch)
    guard case .batch(let update) = changes else { throw Self.wrongShape(changes) }
    return update
  }

  /// Sends one case to the process and reads its answer in the shape of
  /// `contract`: an update object (`batch`), an array of stages (`staged`,
  /// each `{"update":...,"data":...}`), or an array of steps (`steps`, each
  /// `{"insert":[s,r],"row":R}` and the like): the values of a case's
  /// `update`, `stages` and `steps` keys (Corpus/README.md). The answer is
  /// one line, as for an update.
  ///
  ///     try generator.changes(from: [[Row("a")]], to: [[]], as: .steps)
  ///     // .steps([.delete(at: RowPath(0, 0))]) when the process answered [{"delete":[0,0]}]
  ///
  /// - Throws: `GeneratorError`, as `update(from:to:)`; an answer of
  ///   another shape is `malformedOutput`.
  /// - Complexity: O(*n* + *m*) besides the process's own work.
  public func changes(from old: [[Row]], to new: [[Row]], as contract: Contract)
    throws(GeneratorError) -> ContractChanges
  {
    let request = Self.request(old, new)
    lock.lock()
    defer { lock.unlock() }
    return try exchange(request, contract: contract)
  }

  /// This generator as one of the given contract: its process answers each
  /// case in that contract's shape (`changes(from:to:as:)`), one section a
  /// side.
  ///
  ///     let steps = ExternalGenerator(command: "./mydiff --steps").contractGenerator(.steps)
  ///     check(steps, options: CheckOptions(count: 1_000))
  ///
  /// - Parameters:
  ///   - contract: the contract the process speaks.
  ///   - identityOnly: judge identities only.
  ///   - sections: whether cases of several sections are sent, whatever
  ///     the contract; false gives one section a side.
  public func contractGenerator(
    _ contract: Contract, identityOnly: Bool = false, sections: Bool = true
  )
    -> ContractGenerator
  {
    switch contract {
    case .batch where !sections:
      return ContractGenerator(
        OneSectionExternalGenerator(generator: self), identityOnly: identityOnly)
    case .batch: return ContractGenerator(self, identityOnly: identityOnly)
    case .staged:
      let staged: any StagedDeltaGenerator =
        sections
        ? SectionedExternalAnswers(answers: ExternalAnswers(generator: self))
        : ExternalAnswers(generator: self)
      return ContractGenerator(staged, identityOnly: identityOnly)
    case .steps:
      let steps: any StepsDeltaGenerator =
        sections
        ? SectionedExternalAnswers(answers: ExternalAnswers(generator: self))
        : ExternalAnswers(generator: self)
      return ContractGenerator(steps, identityOnly: identityOnly)
    }
  }

  /// The running process's id, for tests; nil when none runs.
  var processID: Int32? {
    lock.lock()
    defer { lock.unlock() }
    return child?.pid
  }

  /// The most stdout bytes any of its processes had buffered at once: the
  /// witness that a flood is read in bounded memory.
  var largestStdoutBuffer: Int {
    lock.lock()
    defer { lock.unlock() }
    return largestBuffered
  }
}
