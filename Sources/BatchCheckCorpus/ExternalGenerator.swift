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
public final class ExternalGenerator: SectionedDeltaGenerator, PipelinedDeltaGenerator, @unchecked Sendable {
  /// The generator's name in reports; `exec` unless told otherwise.
  public let name: String
  /// The shell command, run as `/bin/sh -c command`.
  public let command: String
  /// Seconds each case may take, from sending the case to reading the
  /// answer; a fresh process's first case includes its start-up.
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
  /// How much of the end of stderr is kept, in bytes.
  static let stderrLimit = 2048

  private let lock = NSLock()
  /// The running process; nil before the first case and after an error.
  /// Guarded by `lock`.
  private var child: ChildProcess?
  /// How many answers the current process has given. Guarded by `lock`.
  private var answers = 0
  /// The most stdout bytes any process had buffered at once. Guarded by `lock`.
  private var largestBuffered = 0

  /// Creates a generator that runs `command` for the first case, and again
  /// after a case that failed.
  ///
  /// - Parameters:
  ///   - command: a shell command: `python3 mydiff.py`, `./mydiff --json`.
  ///   - timeout: seconds each case may take, 5 by default, the start-up of
  ///     a fresh process included; clamped to [0.001, 10⁶].
  ///   - name: the generator's name in reports.
  ///   - pipelineDepth: how many cases the engine keeps in flight at most,
  ///     `defaultPipelineDepth` (64) by default; clamped to [1, `maxPipelineDepth`].
  public convenience init(
    command: String, timeout: Double = 5, name: String = "exec",
    pipelineDepth: Int = ExternalGenerator.defaultPipelineDepth
  ) {
    self.init(
      command: command, timeout: timeout, name: name, maxAnswerBytes: 16 << 20, terminationGrace: 0.5,
      pipelineDepth: pipelineDepth)
  }

  /// The full initializer, with the bounds tests shrink.
  init(
    command: String, timeout: Double, name: String, maxAnswerBytes: Int, terminationGrace: Double,
    pipelineDepth: Int = ExternalGenerator.defaultPipelineDepth
  ) {
    self.pipelineDepth = min(max(pipelineDepth, 1), Self.maxPipelineDepth)
    self.command = command
    self.timeout = timeout.isNaN ? 5 : min(max(timeout, 0.001), 1e6)
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

  /// Keeps up to `pipelineDepth` cases in flight: asks `next` for cases
  /// and sends them while the process answers the earlier ones, and hands
  /// `answer` each answer in order, as the process gives it, so that the
  /// caller judges one case while the process works on the next. The
  /// process answers them one line each, in order, as it would one at a
  /// time. A case the process fails (it crashes, times out, answers
  /// something else) gets its error, and the cases in flight after it go to
  /// a fresh process.
  ///
  ///     generator.updates(for: [([[Row("a")]], [[]]), ([[]], [[Row("b")]])])
  ///     // [.success(deleteRows [0,0]), .success(insertRows [0,0])], one round trip
  ///
  /// - Complexity: O(*n* + *m*) besides the process's own work, where *n* is
  ///   the number of rows of the cases and *m* the length of the answers.
  public func updates(
    from next: () -> (old: [[Row]], new: [[Row]])?,
    answer: (Result<BatchUpdate, GeneratorError>) -> Void
  ) {
    lock.lock()
    defer { lock.unlock() }
    // The requests in flight, oldest first, and where each ends in what the
    // current process was sent.
    var requests: [[UInt8]] = []
    var ends: [Int] = []
    var oldest = 0
    var exhausted = false
    while true {
      if oldest == requests.count {
        guard !exhausted, let first = next() else { return }
        requests = [Self.request(first.old, first.new)]
        oldest = 0
      }
      let process: ChildProcess
      do throws(GeneratorError) {
        process = try readyProcess()
      } catch {
        oldest += 1
        answer(.failure(error))
        continue
      }
      // A fresh process gets the requests still in flight again.
      ends = Array(repeating: 0, count: oldest)
      for request in requests[oldest...] {
        process.enqueue(request)
        ends.append(process.queuedBytes)
      }
      // Requests queued since the last write: they go out together, once
      // half the pipeline's worth has gathered (or when an answer must be
      // waited for), so that one write serves several cases and the
      // process works on them while this one judges the answers it has.
      var unsent = 0
      let batch = max(1, pipelineDepth / 2)
      while oldest < requests.count {
        while requests.count - oldest < pipelineDepth, !exhausted {
          guard let more = next() else {
            exhausted = true
            break
          }
          let request = Self.request(more.old, more.new)
          process.enqueue(request)
          requests.append(request)
          ends.append(process.queuedBytes)
          unsent += 1
        }
        if unsent >= batch || exhausted {
          process.writeQueued()
          unsent = 0
        }
        let result: Result<BatchUpdate, GeneratorError>
        do throws(GeneratorError) {
          let changes = try self.answer(from: process, requestEnd: ends[oldest], contract: .batch)
          guard case .batch(let update) = changes else { throw Self.wrongShape(changes) }
          result = .success(update)
        } catch {
          result = .failure(error)
        }
        oldest += 1
        answer(result)
        if case .failure = result { break }
        if oldest >= 4096 {
          // Forget the answered requests: memory stays that of the cases in flight.
          requests.removeSubrange(..<oldest)
          ends.removeSubrange(..<oldest)
          oldest = 0
        }
      }
    }
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
  public func contractGenerator(_ contract: Contract, identityOnly: Bool = false, sections: Bool = true)
    -> ContractGenerator
  {
    switch contract {
    case .batch where !sections:
      return ContractGenerator(OneSectionExternalGenerator(generator: self), identityOnly: identityOnly)
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

  // MARK: Cases (called with the lock held)

  /// The line sent for a case: `{"old":[[...]],"new":[[...]]}` and a line break.
  /// Written byte by byte (`CaseJSONBytes`), the same bytes as
  /// `Case(old:new:).jsonLine` and a line break.
  private static func request(_ old: [[Row]], _ new: [[Row]]) -> [UInt8] {
    CaseJSONBytes.requestLine(old: old, new: new)
  }

  /// Sends one case and reads its answer.
  private func exchange(_ request: [UInt8], contract: Contract) throws(GeneratorError)
    -> ContractChanges
  {
    let process = try readyProcess()
    process.enqueue(request)
    return try answer(from: process, requestEnd: process.queuedBytes, contract: contract)
  }

  /// The running process, or a fresh one; checks first that the running one
  /// has not written more than its answers.
  private func readyProcess() throws(GeneratorError) -> ChildProcess {
    let process: ChildProcess
    if let child {
      process = child
    } else {
      process = try ChildProcess.spawn(command: command, stderrLimit: Self.stderrLimit)
      child = process
      answers = 0
    }
    process.drainAvailable()
    if process.stdoutBuffered > 0 {
      let leftover = process.stdoutBuffer
      discard()
      throw failure(
        .malformedOutput,
        "wrote more than one line for the previous case; answer each case with exactly one line "
          + "(\(Self.excerpt(leftover))); restarted it",
        process)
    }
    return process
  }

  /// Reads the answer to the case whose request ends at byte `requestEnd`
  /// of what was queued for the process, within `timeout`.
  private func answer(from process: ChildProcess, requestEnd: Int, contract: Contract)
    throws(GeneratorError) -> ContractChanges
  {
    let deadline = Deadline(after: timeout)
    let endedAfterAnswering = answers > 0 && process.stdoutAtEnd && process.stdoutBuffered == 0
    let outcome = process.nextLine(requestEnd: requestEnd, deadline: deadline, maxLineBytes: maxAnswerBytes)
    largestBuffered = max(largestBuffered, process.largestStdoutBuffer)
    switch outcome {
    case .line(let line):
      do throws(LineError) {
        // The plain spelling of an update is read fast; anything else, and
        // every error, by the general parser.
        let changes: ContractChanges
        if contract == .batch, let update = ExternalGeneratorWire.update(line) {
          changes = .batch(update)
        } else {
          changes = try CaseDecoder.decodeChanges(lineBytes: line, contract: contract)
        }
        answers += 1
        return changes
      } catch {
        discard()
        let column = CaseDataError(file: "-", line: 1, lineBytes: line, error: error).column
        throw failure(
          .malformedOutput,
          "the answer is not \(Self.answerShape(contract)): column \(column): \(error.message): "
            + Self.excerpt(line, around: error.offset),
          process)
      }
    case .answeredEarly:
      discard()
      throw failure(.malformedOutput, "answered before reading the whole case", process)
    case .flooded:
      discard()
      throw failure(
        .malformedOutput,
        "floods stdout: more than \(Self.bytes(maxAnswerBytes)) without a line break "
          + "(\(Self.excerpt(process.stdoutBuffer)))",
        process)
    case .timedOut:
      discard()
      throw failure(
        .timedOut, "no answer within \(Self.seconds(timeout))\(Self.partial(process)); killed it", process)
    case .endOfOutput:
      let exited = process.waitForExit(until: Deadline.max(deadline, Deadline(after: 0.2)))
      let status = process.killAndReap()
      child = nil
      guard exited else {
        throw failure(
          .unavailable, "closed its stdout without answering\(Self.partial(process)); killed it", process)
      }
      let ended =
        endedAfterAnswering
        ? "exited with \(status.description) after answering the previous case, before this one was sent; "
          + "a generator answers case after case until its stdin ends"
        : "exited with \(status.description) before answering\(Self.partial(process))"
      switch status {
      case .exited(0):
        throw failure(.unavailable, ended, process)
      case .exited(126) where answers == 0, .exited(127) where answers == 0:
        throw failure(.unavailable, "the shell could not run the command: " + ended, process)
      default:
        throw failure(.crashed, ended, process)
      }
    }
  }

  /// Kills the running process; the next case starts a new one.
  private func discard() {
    child?.killAndReap()
    child = nil
  }

  /// An error whose message ends with the process's last stderr output.
  private func failure(_ kind: GeneratorError.Kind, _ message: String, _ process: ChildProcess) -> GeneratorError {
    guard let stderr = process.stderrTail.text else { return GeneratorError(kind: kind, message: message) }
    return GeneratorError(kind: kind, message: message + "; its stderr ends:\n" + stderr)
  }

  // MARK: Text

  /// The error for changes decoded in a shape other than the one asked for
  /// (never expected: `changes(from:to:as:)` decodes the shape it is given).
  static func wrongShape(_ changes: ContractChanges) -> GeneratorError {
    GeneratorError(kind: .malformedOutput, message: "answered \(changes.contract), not the shape asked for")
  }

  /// `an update`, `an array of stages`, `an array of steps`.
  private static func answerShape(_ contract: Contract) -> String {
    switch contract {
    case .batch: return "an update"
    case .staged: return "an array of stages"
    case .steps: return "an array of steps"
    }
  }

  /// `, after 12 bytes without a line break ({"delete...)`, or nothing.
  private static func partial(_ process: ChildProcess) -> String {
    let buffered = process.stdoutBuffer
    guard !buffered.isEmpty else { return "" }
    return ", after \(bytes(buffered.count)) without a line break (\(excerpt(buffered)))"
  }

  /// At most about 80 characters of `line` around the byte `offset`, control
  /// characters escaped as JSON escapes them (`\n`, `\u0001`), `...` where
  /// it is cut.
  static func excerpt(_ line: [UInt8], around offset: Int = 0) -> String {
    let radius = 40
    var start = max(0, min(offset, line.count) - radius)
    var end = min(line.count, start + 2 * radius)
    while start > 0, start < line.count, line[start] & 0xC0 == 0x80 { start -= 1 }
    while end < line.count, line[end] & 0xC0 == 0x80 { end += 1 }
    var text = ""
    for scalar in String(decoding: line[start..<end], as: UTF8.self).unicodeScalars {
      if scalar.value < 0x20 || scalar.value == 0x7F {
        switch scalar {
        case "\n": text += "\\n"
        case "\r": text += "\\r"
        case "\t": text += "\\t"
        default:
          let hex = String(scalar.value, radix: 16)
          text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
      } else {
        text.unicodeScalars.append(scalar)
      }
    }
    return (start > 0 ? "..." : "") + text + (end < line.count ? "..." : "")
  }

  /// `16 MiB`, `12 bytes`.
  private static func bytes(_ count: Int) -> String {
    count >= 1 << 20 && count % (1 << 20) == 0 ? "\(count >> 20) MiB" : "\(count) byte\(count == 1 ? "" : "s")"
  }

  /// `0.5 s`, `5 s`.
  private static func seconds(_ value: Double) -> String {
    value == value.rounded() && value < 1e15 ? "\(Int(value)) s" : "\(value) s"
  }
}

/// An external generator that is given cases of one section a side only
/// (`--sections off`), its cases still kept in flight.
struct OneSectionExternalGenerator: PipelinedDeltaGenerator {
  let generator: ExternalGenerator

  var name: String { generator.name }
  var pipelineDepth: Int { generator.pipelineDepth }

  func update(from old: [Row], to new: [Row]) throws(GeneratorError) -> BatchUpdate {
    try generator.update(from: old, to: new)
  }

  func updates(
    from next: () -> (old: [[Row]], new: [[Row]])?,
    answer: (Result<BatchUpdate, GeneratorError>) -> Void
  ) {
    generator.updates(from: next, answer: answer)
  }
}

/// An external generator seen as a staged or a steps generator: each case's
/// answer is read in that shape.
struct ExternalAnswers: StagedDeltaGenerator, StepsDeltaGenerator {
  let generator: ExternalGenerator

  var name: String { generator.name }

  func stages(from old: [Row], to new: [Row]) throws(GeneratorError) -> [Stage] {
    try stages(from: [old], to: [new])
  }

  func steps(from old: [Row], to new: [Row]) throws(GeneratorError) -> [Step] {
    try steps(from: [old], to: [new])
  }

  /// The process's stages for sections `old` → `new`.
  func stages(from old: [[Row]], to new: [[Row]]) throws(GeneratorError) -> [Stage] {
    let changes = try generator.changes(from: old, to: new, as: .staged)
    guard case .staged(let stages) = changes else { throw ExternalGenerator.wrongShape(changes) }
    return stages
  }

  /// The process's steps for sections `old` → `new`.
  func steps(from old: [[Row]], to new: [[Row]]) throws(GeneratorError) -> [Step] {
    let changes = try generator.changes(from: old, to: new, as: .steps)
    guard case .steps(let steps) = changes else { throw ExternalGenerator.wrongShape(changes) }
    return steps
  }
}

/// `ExternalAnswers` for a process that also diffs several sections: the
/// sectioned twins, so that the engine sends it cases of several sections
/// (section steps and stages with section operations come back).
struct SectionedExternalAnswers: SectionedStagedDeltaGenerator, SectionedStepsDeltaGenerator {
  let answers: ExternalAnswers

  var name: String { answers.name }

  func stages(from old: [Row], to new: [Row]) throws(GeneratorError) -> [Stage] {
    try answers.stages(from: old, to: new)
  }

  func steps(from old: [Row], to new: [Row]) throws(GeneratorError) -> [Step] {
    try answers.steps(from: old, to: new)
  }

  func stages(from old: [[Row]], to new: [[Row]]) throws(GeneratorError) -> [Stage] {
    try answers.stages(from: old, to: new)
  }

  func steps(from old: [[Row]], to new: [[Row]]) throws(GeneratorError) -> [Step] {
    try answers.steps(from: old, to: new)
  }
}
