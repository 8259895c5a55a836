import BatchCheck
import Testing

@testable import BatchCheckCorpus

@Suite("Mutated lines")
struct CaseFuzzTests {
  @Test("3000 seeded byte mutations of valid lines never trap, and every error is placed inside its line")
  func mutations() {
    var random = SplitMix64(seed: 0xF022)
    let alphabet = Array(#"{}[],:"\-0123456789.eE+ atrufnlx"#.utf8) + [0x00, 0x0A, 0x80, 0xC3, 0xE2, 0xFF]
    for index in 0..<3000 {
      var bytes = Array(RandomCase.make(using: &random).jsonLine.utf8)
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let at = Int.random(in: 0...bytes.count, using: &random)
        let byte = alphabet.randomElement(using: &random) ?? 0
        switch Int.random(in: 0..<3, using: &random) {
        case 0: bytes.insert(byte, at: at)
        case 1 where at < bytes.count: bytes.remove(at: at)
        default: if at < bytes.count { bytes[at] = byte } else { bytes.append(byte) }
        }
      }
      for record in CaseFile.read(bytes, file: "fuzz") {
        guard case .failure(let error) = record.result else { continue }
        let lineLength = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
          .dropFirst(record.line - 1).first.map { String(decoding: $0, as: UTF8.self).count } ?? 0
        #expect((1...lineLength + 1).contains(error.column), "seed 0xF022, mutation \(index): \(error)")
        #expect(!error.message.isEmpty)
      }
    }
  }
}
