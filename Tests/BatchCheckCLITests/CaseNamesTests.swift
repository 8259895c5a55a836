import BatchCheck
import Testing

@testable import BatchCheckCLI

@Suite("A file's case names: kept compactly, each with its first line")
struct CaseNamesTests {
  @Test("the same answers as a [String: Int], over many names with repeats")
  func sameAsADictionary() {
    var random = SplitMix64(seed: 0x5A5E)
    let pieces = ["", "a", "b", "é", "random-", "0x", "🙂", "\u{0}", "case name", "1"]
    var names = CaseNames()
    var reference: [String: Int] = [:]
    var repeats = 0
    for line in 1...60_000 {
      let parts = Int(random.next() % 5)
      let name =
        (0..<parts).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
        .joined() + (random.next() % 3 == 0 ? String(random.next() % 40_000) : "")
      let first = names.insert(name, line: line)
      #expect(first == reference[name], "\(name)")
      if first == nil {
        reference[name] = line
      } else {
        repeats += 1
      }
    }
    #expect(names.count == reference.count)
    #expect(repeats > 10_000 && reference.count > 10_000)
  }

  @Test("names of one hash and of different lengths, or that prefix each other, stay apart")
  func prefixesAndLengths() {
    var names = CaseNames()
    let all = ["ab", "a", "abc", "", "b", "ba", "abcd"]
    for (line, name) in all.enumerated() { #expect(names.insert(name, line: line) == nil) }
    for (line, name) in all.enumerated() { #expect(names.insert(name, line: 99) == line) }
    #expect(names.count == all.count)
  }
}

extension CaseNamesTests {
  @Test("the table holds at most 37 bytes a name, however long the names")
  func memoryPerName() {
    var names = CaseNames()
    let long = String(repeating: "a long case name, ", count: 8)
    for line in 1...100_000 {
      #expect(names.insert("\(long)\(line)", line: line) == nil)
      if line % 9_973 == 0 { #expect(names.bytesHeld <= 37 * line + 512, "\(line) names") }
    }
    #expect(names.count == 100_000)
    #expect(names.insert("\(long)77", line: 100_001) == 77)
  }

  @Test("a line past what 32 bits hold is told as the last one they do; line 0 is a line")
  func extremeLines() {
    var names = CaseNames()
    #expect(names.insert("zero", line: 0) == nil)
    #expect(names.insert("huge", line: Int.max) == nil)
    #expect(names.insert("negative", line: -5) == nil)
    #expect(names.insert("zero", line: 1) == 0)
    #expect(names.insert("huge", line: 1) == Int(UInt32.max) - 1)
    #expect(names.insert("negative", line: 1) == 0)
    #expect(names.count == 3)
  }
}
