import BatchCheck
import Foundation
import ReferenceDiffs
import Testing

@testable import BatchCheckCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `batchcheck answer`'s loop against answering line by line: the same
/// bytes out for the same bytes in, whatever the lines hold and however
/// they end.
@Suite("Answer loop")
struct AnswerLoopTests {
  /// What the loop writes for `input`, read from a file.
  static func loopOutput(_ input: [UInt8], generator: ContractGenerator) throws -> [UInt8] {
    let path =
      NSTemporaryDirectory() + "answer-loop-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).jsonl"
    try Data(input).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let fd = open(path, O_RDONLY)
    try #require(fd >= 0)
    defer { _ = close(fd) }
    var output: [UInt8] = []
    AnswerLoop(generator: generator).run(input: fd) { output += $0 }
    return output
  }

  /// What answering line by line writes: `readLine`'s lines (a line break is
  /// `\n` or `\r\n`; a last line may lack it), each answered and ended.
  static func lineByLine(_ input: [UInt8], generator: ContractGenerator) -> [UInt8] {
    var lines = input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(
      Array.init)
    if input.last == UInt8(ascii: "\n") || input.isEmpty { lines.removeLast() }
    var output: [UInt8] = []
    for (index, var line) in lines.enumerated() {
      let ended = index < lines.count - 1 || input.last == UInt8(ascii: "\n")
      if ended, line.last == UInt8(ascii: "\r") { line.removeLast() }
      output += Array(
        AnswerCommand.answer(String(decoding: line, as: UTF8.self), generator: generator).utf8)
      output.append(UInt8(ascii: "\n"))
    }
    return output
  }

  struct Random {
    var state: UInt64
    mutating func below(_ bound: Int) -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(max(bound, 1)))
    }
  }

  static let strings = ["a", "b", "c", "", "\"", "\\", "\n", "\u{1}", "é", "😀", "a b"]

  static func sections(_ random: inout Random, count: Int) -> [[Row]] {
    (0..<count).map { _ in
      (0..<random.below(8)).map { _ in
        let value: RowValue =
          random.below(2) == 0
          ? .int(random.below(4) - 1)
          : .string(strings[random.below(random.below(4) == 0 ? strings.count : 3)])
        return random.below(5) == 0 ? Row(id: value, content: .int(random.below(3))) : Row(value)
      }
    }
  }

  @Test("random and hostile lines get the answers line by line would give, in any contract")
  func sameAnswers() throws {
    var random = Random(state: 0x3F0)
    let hostile = [
      "{nope", "", "   ", "{}", #"{"old":[],"new":[]}"#, #"{"old":["a","b"],"new":["b"]}"#,
      #"{"old":[["a"]],"new":[["\u0062"]]}"#, #"{"old":[[99999999999999999999]],"new":[[]]}"#,
      #"{"old":[["\ud800"]],"new":[[]]}"#, #"{ "old" : [ [ "a" ] ] , "new" : [ [ ] ] }"#,
      #"{"old":[[1.5]],"new":[[]]}"#, #"{"name":"x","old":[["a"]],"new":[["a","b"]]}"#,
    ]
    for name in ["heckel", "edit-script", "lcs"] {
      guard let generator = ReferenceGenerators.anyContract(named: name) else { continue }
      var input: [UInt8] = []
      for index in 0..<600 {
        var line: [UInt8]
        if index % 10 == 0 {
          line = Array(hostile[random.below(hostile.count)].utf8)
        } else {
          let sectioned = random.below(6) == 0
          line = CaseJSONBytes.requestLine(
            old: Self.sections(&random, count: sectioned ? random.below(3) : 1),
            new: Self.sections(&random, count: sectioned ? random.below(3) : 1))
          line.removeLast()
        }
        if random.below(30) == 0 { line += [0xFF, 0xC3] }
        input += line
        input += random.below(8) == 0 ? Array("\r\n".utf8) : [UInt8(ascii: "\n")]
      }
      let expected = Self.lineByLine(input, generator: generator)
      #expect(try Self.loopOutput(input, generator: generator) == expected, "\(name)")
      // Without the last line break, and with a lone \r at the very end.
      var unended = input
      unended.removeLast()
      #expect(
        try Self.loopOutput(unended, generator: generator)
          == Self.lineByLine(unended, generator: generator))
      unended += Array(#"{"old":[["a"]],"new":[[]]}"#.utf8) + [UInt8(ascii: "\r")]
      #expect(
        try Self.loopOutput(unended, generator: generator)
          == Self.lineByLine(unended, generator: generator))
    }
    let heckel = try #require(ReferenceGenerators.anyContract(named: "heckel"))
    #expect(try Self.loopOutput([], generator: heckel).isEmpty)
    #expect(
      try Self.loopOutput([UInt8(ascii: "\n")], generator: heckel)
        == Self.lineByLine([UInt8(ascii: "\n")], generator: heckel))
  }

  @Test("a long input is answered in full across many reads")
  func longInput() throws {
    let heckel = try #require(ReferenceGenerators.anyContract(named: "heckel"))
    var random = Random(state: 0x3F1)
    var input: [UInt8] = []
    while input.count < 3 * AnswerLoop.readSize {
      input += CaseJSONBytes.requestLine(
        old: Self.sections(&random, count: 1), new: Self.sections(&random, count: 1))
    }
    let output = try Self.loopOutput(input, generator: heckel)
    #expect(output == Self.lineByLine(input, generator: heckel))
  }
}
