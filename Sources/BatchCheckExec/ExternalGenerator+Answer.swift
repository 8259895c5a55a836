import BatchCheck
import BatchCheckCorpus

extension ExternalGenerator {
  // MARK: Cases (called with the lock held)

  /// The line sent for a case: `{"old":[[...]],"new":[[...]]}` and a line break.
  /// Written byte by byte (`CaseJSONBytes`), the same bytes as
  /// `Case(old:new:).jsonLine` and a line break.
  static func request(_ old: [[Row]], _ new: [[Row]]) -> [UInt8] {
    CaseJSONBytes.requestLine(old: old, new: new)
  }

  /// Sends one case and reads its answer.
  func exchange(_ request: [UInt8], contract: Contract) throws(GeneratorError)
    -> ContractChanges
  {
    let process = try readyProcess()
    process.enqueue(request)
    return try answer(
      from: process, requestEnd: process.queuedBytes, requestBytes: request.count,
      contract: contract)
  }

  /// The running process, or a fresh one; checks first that the running one
  /// has not written more than its answers.
  func readyProcess() throws(GeneratorError) -> ChildProcess {
    if Interruption.requested {
      // Asked to stop: no generator starts again, none is talked to.
      discard()
      throw GeneratorError(kind: .unavailable, message: "the run was interrupted")
    }
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

  /// Reads the answer to the case whose request, `requestBytes` long, ends
  /// at byte `requestEnd` of what was queued for the process, within
  /// `caseLimit(requestBytes:)` of when the process starts on it (`CaseClock`).
  func answer(from process: ChildProcess, requestEnd: Int, requestBytes: Int, contract: Contract)
    throws(GeneratorError) -> ContractChanges
  {
    try answer(
      from: process, requestEnd: requestEnd, requestBytes: requestBytes,
      shape: Self.answerShape(contract)
    ) { line throws(LineError) in
      // The plain spelling of an update is read fast; anything else, and
      // every error, by the general parser.
      if contract == .batch, let update = ExternalGeneratorWire.update(line) {
        return .batch(update)
      }
      return try CaseDecoder.decodeChanges(lineBytes: line, contract: contract)
    }
  }

  /// Reads one answer line and decodes it with `decode`; `shape` names what
  /// the answer must be (`an update`, `an array of snapshot calls`) in the
  /// message of a malformed one.
  func answer<Answer>(
    from process: ChildProcess, requestEnd: Int, requestBytes: Int, shape: String,
    decode: ([UInt8]) throws(LineError) -> Answer
  ) throws(GeneratorError) -> Answer {
    let limit = caseLimit(requestBytes: requestBytes)
    var clock = CaseClock(limit: limit, requestEnd: requestEnd, startAllowance: timeout)
    let outcome = process.nextLine(clock: &clock, maxLineBytes: maxAnswerBytes)
    largestBuffered = max(largestBuffered, process.largestStdoutBuffer)
    switch outcome {
    case .line(let line):
      answerTimes.add(clock.elapsed / Double(max(requestBytes, 1)))
      do throws(LineError) {
        let decoded = try decode(line)
        answers += 1
        return decoded
      } catch {
        discard()
        let column = CaseDataError(file: "-", line: 1, lineBytes: line, error: error).column
        throw failure(
          .malformedOutput,
          "the answer is not \(shape): column \(column): \(error.message): "
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
      let learned =
        limit < timeout
        ? " (\(Self.learnedFactor)x its median answer time for a case this long, at least"
          + " \(Self.seconds(Self.learnedFloor)): the limit after its first hang; \(Self.seconds(timeout)) before)"
        : ""
      hung = true
      throw failure(
        .timedOut,
        "no answer within \(Self.seconds(limit))\(learned) of reading the case\(Self.partial(process)); killed it",
        process)
    case .endOfOutput:
      let exited = process.waitForExit(until: Deadline(after: max(limit - clock.elapsed, 0.2)))
      let status = process.killAndReap()
      child = nil
      guard exited else {
        throw failure(
          .unavailable, "closed its stdout without answering\(Self.partial(process)); killed it",
          process)
      }
      // Told from what the process wrote and how it ended, never from when
      // its end was noticed (before or after this case was sent, which
      // cases kept in flight make a matter of timing): the same process
      // output gets the same message.
      let ended =
        status == .exited(0) && answers > 0 && process.stdoutBuffered == 0
        ? "exited with \(status.description) after answering the previous case, without answering"
          + " this one; a generator answers case after case until its stdin ends"
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
  func discard() {
    child?.killAndReap()
    child = nil
  }

  /// An error whose message ends with the process's last stderr output.
  private func failure(_ kind: GeneratorError.Kind, _ message: String, _ process: ChildProcess)
    -> GeneratorError
  {
    guard let stderr = process.stderrTail.text else {
      return GeneratorError(kind: kind, message: message)
    }
    return GeneratorError(kind: kind, message: message + "; its stderr ends:\n" + stderr)
  }

  // MARK: Text

  /// The error for changes decoded in a shape other than the one asked for
  /// (never expected: `changes(from:to:as:)` decodes the shape it is given).
  static func wrongShape(_ changes: ContractChanges) -> GeneratorError {
    GeneratorError(
      kind: .malformedOutput, message: "answered \(changes.contract), not the shape asked for")
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
    count >= 1 << 20 && count % (1 << 20) == 0
      ? "\(count >> 20) MiB" : "\(count) byte\(count == 1 ? "" : "s")"
  }

  /// `0.5 s`, `5 s`.
  private static func seconds(_ value: Double) -> String {
    value == value.rounded() && value < 1e15 ? "\(Int(value)) s" : "\(value) s"
  }
}
