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

/// `batchcheck answer --misbehave`: what it reads, which cases it fails,
/// and that a failing process first writes the answers before the case.
@Suite("Answer mischief")
struct AnswerMischiefTests {
  /// Rows of these ids.
  func r(_ ids: String...) -> [Row] { ids.map { Row(.string($0)) } }

  @Test("the three spellings read; anything else is refused")
  func parsing() {
    #expect(AnswerMischief(parsing: "crash-on-triples") == .crashOnTriples)
    #expect(AnswerMischief(parsing: "die-every:4") == .dieEvery(4))
    #expect(AnswerMischief(parsing: "hang-on:2,3") == .hang(oldRows: 2, newRows: 3))
    for refused in [
      "", "crash", "die-every:0", "die-every:-1", "die-every:x", "hang-on:2", "hang-on:2,",
      "hang-on:-1,3",
      "hang-on:1,2,3", "die-every", "crash-on-triples:1",
    ] {
      #expect(AnswerMischief(parsing: refused) == nil, "\(refused)")
    }
  }

  @Test("each strikes on its own cases only")
  func strikes() {
    let triple = [r("a", "b"), r("a", "a")]
    #expect(AnswerMischief.crashOnTriples.strike(number: 1, old: [], new: triple) == .exit(3))
    #expect(
      AnswerMischief.crashOnTriples.strike(number: 1, old: triple, new: [r("a", "a", "b")]) == nil)
    #expect(AnswerMischief.dieEvery(3).strike(number: 3, old: [], new: []) == .exit(1))
    #expect(AnswerMischief.dieEvery(3).strike(number: 6, old: [], new: []) == .exit(1))
    #expect(AnswerMischief.dieEvery(3).strike(number: 4, old: [], new: []) == nil)
    let hang = AnswerMischief.hang(oldRows: 2, newRows: 3)
    #expect(hang.strike(number: 1, old: [r("a"), r("b")], new: [r("a", "b", "c")]) == .hang)
    #expect(hang.strike(number: 1, old: [r("a", "b")], new: [r("a", "b")]) == nil)
    #expect(hang.strike(number: 1, old: [r("a", "b", "c")], new: [r("a", "b")]) == nil)
  }

  #if os(Linux) || os(macOS)
    @Test("die-every:2 writes the first answer, then exits with status 1 instead of the second")
    func diesAfterAnswering() async {
      let result = await #expect(
        processExitsWith: .exitCode(1), observing: [\.standardOutputContent]
      ) {
        let lines = "{\"old\":[[\"a\"]],\"new\":[[]]}\n{\"old\":[[]],\"new\":[[\"b\"]]}\n"
        let path = NSTemporaryDirectory() + "mischief-\(getpid()).jsonl"
        try? Data(lines.utf8).write(to: URL(fileURLWithPath: path))
        let fd = open(path, O_RDONLY)
        guard let heckel = ReferenceGenerators.anyContract(named: "heckel") else { return }
        AnswerLoop(generator: heckel, mischief: .dieEvery(2)).run(input: fd) { bytes in
          _ = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
        }
      }
      let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
      #expect(output == "{\"deleteRows\":[[0,0]]}\n")
    }
  #endif
}
