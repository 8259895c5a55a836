import BatchCheck
import BatchCheckCorpus
import Foundation
import Testing

@Suite("Generated corpora")
struct GeneratedCorpusTests {
  @Test("exhaustive pairs first, then random cases, named after where they come from")
  func namesAndOrder() {
    let corpus = GeneratedCorpus(seed: 42, count: 2, maxSize: 12, exhaustiveTotal: 1)
    #expect(
      corpus.map { $0.name ?? "" } == [
        "exhaustive-0", "exhaustive-1", "exhaustive-2",
        "random-0-0xbdd732262feb6e95", "random-1-0x28efe333b266f103",
      ])
    // The same bytes on every machine: pinned, so a change of generation shows here.
    #expect(
      corpus.text == """
        {"name":"exhaustive-0","old":[[]],"new":[[]]}
        {"name":"exhaustive-1","old":[[]],"new":[["a"]]}
        {"name":"exhaustive-2","old":[["a"]],"new":[[]]}
        {"name":"random-0-0xbdd732262feb6e95","old":[[0,0,{"id":2,"content":-1},2,0,0]],"new":[[0,0,0,0,{"id":2,"content":-1},2]]}
        {"name":"random-1-0x28efe333b266f103","old":[[875113,29405,684873,433085,645912]],"new":[[684873,378444]]}

        """)
    #expect(SplitMix64.caseSeed(run: 42, index: 1) == 0x28ef_e333_b266_f103)
    #expect(
      GeneratedCorpus(seed: 42, maxSize: 12).randomCase(7).name == "random-7-0xccf635ee9e9e2fa4")
  }

  @Test("random case i is GeneratedCase.make from case seed i; pair i is ExhaustivePairs' pair i")
  func sameAsTheEngine() {
    for sections in [false, true] {
      let corpus = GeneratedCorpus(seed: 7, count: 400, maxSize: 40, sections: sections)
      let cases = Array(corpus)
      let pairs = Array(ExhaustivePairs(maxTotal: 5))
      #expect(cases.count == pairs.count + 400)
      for (index, pair) in pairs.enumerated() {
        #expect(cases[index].old == [pair.old] && cases[index].new == [pair.new])
      }
      for index in 0..<400 {
        let seed = SplitMix64.caseSeed(run: 7, index: index)
        let generated = GeneratedCase.make(seed: seed, maxSize: 40, sections: sections)
        let testCase = cases[pairs.count + index]
        #expect(testCase.old == generated.old && testCase.new == generated.new, "case \(index)")
        #expect(testCase == corpus.randomCase(index))
        #expect(testCase.update == nil && testCase.expect == nil)
      }
    }
  }

  @Test("the random cases are the ones a check's random phase hands the generator, in order")
  func sameAsACheck() {
    for sections in [false, true] {
      let recorder = Recorder(sections: sections)
      let options = CheckOptions(seed: 0x5eed, count: 300, maxSize: 20, exhaustiveTotal: 0)
      let report =
        sections ? check(recorder, options: options) : check(recorder.single, options: options)
      #expect(report.passed)
      let corpus = GeneratedCorpus(
        seed: 0x5eed, count: 300, maxSize: 20, sections: sections, exhaustiveTotal: 0)
      let seen = recorder.cases
      #expect(seen.count == 300)
      #expect(seen.elementsEqual(corpus.map { [$0.old, $0.new] }), "sections: \(sections)")
    }
  }

  @Test("the same arguments give the same bytes; another seed, size or shape other bytes")
  func determinism() {
    let corpus = GeneratedCorpus(seed: 1, count: 500, maxSize: 12)
    #expect(corpus.text == GeneratedCorpus(seed: 1, count: 500, maxSize: 12).text)
    #expect(corpus.text == CaseFile.text(of: Array(corpus)))
    for other in [
      GeneratedCorpus(seed: 2, count: 500, maxSize: 12),
      GeneratedCorpus(seed: 1, count: 500, maxSize: 13),
      GeneratedCorpus(seed: 1, count: 500, maxSize: 12, sections: true),
    ] {
      #expect(other.text != corpus.text)
    }
  }

  @Test("the text reads back as the cases: name, old and new only")
  func readsBack() throws {
    let corpus = GeneratedCorpus(seed: 3, count: 300, maxSize: 30, sections: true)
    let lines = CaseFile.read(Array(corpus.text.utf8), file: "generated.jsonl")
    #expect(lines.count == corpus.caseCount)
    #expect(try lines.map { try $0.result.get() } == Array(corpus))
  }

  @Test("sections: several sections in some random cases; without: one section a side")
  func sections() {
    let sectioned = GeneratedCorpus(seed: 9, count: 300, sections: true, exhaustiveTotal: 0)
    let several = sectioned.filter { $0.old.count > 1 || $0.new.count > 1 }.count
    #expect(several > 100)
    let single = GeneratedCorpus(seed: 9, count: 300)
    #expect(single.allSatisfy { $0.old.count == 1 && $0.new.count == 1 })
  }

  @Test("counts: exhaustiveCount is the number of exhaustive pairs, caseCount of cases")
  func counts() {
    for total in 0...8 {
      let corpus = GeneratedCorpus(count: 3, exhaustiveTotal: total)
      let pairs =
        total == 0 ? 0 : ExhaustivePairs(maxTotal: total).reduce(0) { count, _ in count + 1 }
      #expect(corpus.exhaustiveCount == pairs, "total \(total)")
      if total <= 6 { #expect(corpus.reduce(0) { count, _ in count + 1 } == pairs + 3) }
    }
    #expect(GeneratedCorpus().exhaustiveCount == 416)
    #expect(GeneratedCorpus(exhaustiveTotal: 8).exhaustiveCount == 46_113)
    #expect(GeneratedCorpus(count: 1_000_000).caseCount == 1_000_416)
  }

  @Test("out-of-range numbers are clamped as CheckOptions clamps them")
  func clamping() {
    let corpus = GeneratedCorpus(count: -5, maxSize: 200_000, exhaustiveTotal: 11)
    #expect(corpus.count == 0)
    #expect(corpus.maxSize == 100_000)
    #expect(corpus.exhaustiveTotal == 10)
    #expect(GeneratedCorpus(maxSize: -1, exhaustiveTotal: -1).maxSize == 0)
    #expect(GeneratedCorpus(exhaustiveTotal: -1).exhaustiveCount == 0)
    #expect(Array(GeneratedCorpus(count: 0, exhaustiveTotal: 0)).isEmpty)
  }
}

/// A generator that writes down every case it is asked about and answers a
/// valid update (everything deleted, everything inserted), so that a check
/// neither fails nor shrinks. `@unchecked Sendable`: `seen` is only touched
/// while holding `lock`.
private final class Recorder: SectionedDeltaGenerator, @unchecked Sendable {
  let name = "recorder"
  let sections: Bool
  private let lock = NSLock()
  private var seen: [[[Row]]] = []

  init(sections: Bool) {
    self.sections = sections
  }

  /// The cases seen, as [old, new], in the order they came.
  var cases: [[[[Row]]]] {
    lock.lock()
    defer { lock.unlock() }
    return seen.chunked()
  }

  /// The same recorder as a generator of one section.
  var single: ClosureGenerator {
    ClosureGenerator(name: name) { old, new in self.update(from: [old], to: [new]) }
  }

  func update(from old: [Row], to new: [Row]) -> BatchUpdate {
    update(from: [old], to: [new])
  }

  func update(from old: [[Row]], to new: [[Row]]) -> BatchUpdate {
    lock.lock()
    seen.append(contentsOf: [old, new])
    lock.unlock()
    return BatchUpdate(deleteSections: Array(old.indices), insertSections: Array(new.indices))
  }
}

extension Array {
  /// The elements in consecutive pairs, as two-element arrays.
  fileprivate func chunked() -> [[Element]] {
    stride(from: 0, to: count - 1, by: 2).map { [self[$0], self[$0 + 1]] }
  }
}
