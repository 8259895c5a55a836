import BatchCheck
import BatchCheckCorpus
import BatchCheckExec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The loop of `batchcheck answer`: reads case lines from a descriptor in
/// large blocks, answers every whole line it holds, and hands the answers
/// on together before it waits for more input. An answer is never held
/// back while the loop waits, so the other side sees each line as soon as
/// a loop that flushed line by line would have let it; it just sees them in
/// fewer writes.
///
/// A request in the plain spelling `--exec` writes is read straight into
/// rows (`ExternalGeneratorWire.request`), and an update is written straight
/// into bytes (`CaseJSONBytes`); any other line goes through
/// `AnswerCommand.answer`, the general parser and its error answers, as
/// `readLine` would have handed it over (a final line without a line break
/// included, `\r\n` taken as a line break, bytes that are not UTF-8
/// repaired).
struct AnswerLoop {
  let generator: ContractGenerator
  /// How it fails on purpose, if at all (`--misbehave`).
  var mischief: AnswerMischief? = nil
  /// The most answer bytes gathered before they are handed on regardless.
  static let outputLimit = 1 << 16
  /// How many bytes one read asks for.
  static let readSize = 1 << 16

  /// Answers the lines read from `input` until it ends, handing `emit` the
  /// answer bytes, whole lines, before each wait for input and at the end.
  func run(input: Int32, emit: ([UInt8]) -> Void) {
    var buffer: [UInt8] = []
    var start = 0
    var output: [UInt8] = []
    output.reserveCapacity(Self.outputLimit)
    var atEnd = false
    var chunk = [UInt8](repeating: 0, count: Self.readSize)
    var cases = 0
    // Answers the line, or fails on purpose: after the answers before it.
    func handle(_ line: UnsafeBufferPointer<UInt8>) {
      cases += 1
      if let mischief, let strike = Self.strike(mischief, line, number: cases) {
        if !output.isEmpty { emit(output) }
        mischief.carryOut(strike)
      }
      answer(line, into: &output)
    }
    while true {
      // Every whole line held.
      while let newline = ExternalGeneratorWire.firstNewline(in: buffer, from: start) {
        var end = newline
        if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        buffer.withUnsafeBufferPointer { handle(UnsafeBufferPointer(rebasing: $0[start..<end])) }
        start = newline + 1
        if output.count >= Self.outputLimit {
          emit(output)
          output.removeAll(keepingCapacity: true)
        }
      }
      if atEnd {
        if start < buffer.count {
          buffer.withUnsafeBufferPointer { handle(UnsafeBufferPointer(rebasing: $0[start...])) }
        }
        if !output.isEmpty { emit(output) }
        return
      }
      if !output.isEmpty {
        emit(output)
        output.removeAll(keepingCapacity: true)
      }
      buffer.removeSubrange(..<start)
      start = 0
      var count: Int
      repeat {
        count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
      } while count < 0 && errno == EINTR
      if count > 0 { buffer += chunk[..<count] } else { atEnd = true }
    }
  }

  /// What `mischief` does instead of answering the `number`th line; nil
  /// for a line that is not a case.
  static func strike(_ mischief: AnswerMischief, _ line: UnsafeBufferPointer<UInt8>, number: Int)
    -> AnswerMischief.Strike?
  {
    if let request = ExternalGeneratorWire.request(line) {
      return mischief.strike(number: number, old: request.old, new: request.new)
    }
    guard let testCase = try? Case(jsonLine: String(decoding: line, as: UTF8.self)) else {
      return nil
    }
    return mischief.strike(number: number, old: testCase.old, new: testCase.new)
  }

  /// Appends the answer to one line, without its line break, and a line break.
  func answer(_ line: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
    guard let request = ExternalGeneratorWire.request(line) else {
      let text = AnswerCommand.answer(String(decoding: line, as: UTF8.self), generator: generator)
      output.append(contentsOf: text.utf8)
      output.append(UInt8(ascii: "\n"))
      return
    }
    guard request.old.count == 1, request.new.count == 1 else {
      CaseJSONBytes.appendUpdate(
        BatchUpdate(
          deleteSections: Array(request.old.indices), insertSections: Array(request.new.indices)),
        to: &output)
      output.append(UInt8(ascii: "\n"))
      return
    }
    do throws(GeneratorError) {
      switch try generator.changes(from: request.old[0], to: request.new[0]) {
      case .batch(let update): CaseJSONBytes.appendUpdate(update, to: &output)
      case .staged(let stages): output.append(contentsOf: CaseJSON.stages(stages).utf8)
      case .steps(let steps): output.append(contentsOf: CaseJSON.steps(steps).utf8)
      }
    } catch {
      output.append(contentsOf: ("{\"error\":" + jsonQuoted(error.description) + "}").utf8)
    }
    output.append(UInt8(ascii: "\n"))
  }
}
