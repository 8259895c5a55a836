import BatchCheck
import BatchCheckCorpus
import Foundation
import Testing

/// `Corpus/adapter.jsonl`: the scripts of the spec's scenarios, and for
/// every cause A1 ... A13 a script that gets it and a fixed twin that does
/// not.
@Suite("Corpus/adapter.jsonl")
struct AdapterCorpusTests {
  /// The file's cases, read; a line that does not read fails the test.
  static func cases() throws -> [AdapterCase] {
    let path = CorpusReplayTests.corpusFolder.appendingPathComponent("adapter.jsonl").path
    return try CaseFile.read(atPath: path).compactMap { line in
      switch line.value {
      case .success(.adapter(let testCase)): return testCase
      case .success: Issue.record("\(line.file):\(line.line) is not an adapter case")
      case .failure(let error): Issue.record("\(error)")
      }
      return nil
    }
  }

  @Test(
    "for every cause a line named An-... that expects it and a fixed twin An-fixed-... that expects another or none"
  )
  func causeCoverage() throws {
    let cases = try Self.cases()
    #expect(cases.count > 60)
    for cause in AdapterCause.allCases {
      let named = cases.filter { $0.name?.hasPrefix("\(cause)-") == true }
      let fixed = named.filter { $0.name?.hasPrefix("\(cause)-fixed-") == true }
      let showing = named.filter { !fixed.contains($0) }
      #expect(!showing.isEmpty, "no line named \(cause)-...")
      #expect(!fixed.isEmpty, "no line named \(cause)-fixed-...")
      for testCase in showing {
        #expect(testCase.expect?.cause == cause, "\(testCase.name ?? "?") does not expect \(cause)")
      }
      for testCase in fixed {
        #expect(testCase.expect?.cause != cause, "\(testCase.name ?? "?") expects \(cause)")
        #expect(testCase.script().run().cause != cause, "\(testCase.name ?? "?") gets \(cause)")
      }
    }
    let expected = Set(cases.compactMap { $0.expect?.cause })
    #expect(expected == Set(AdapterCause.allCases))
  }

  @Test("every line has a name and an expect with its basis, agrees, and the names are unique")
  func everyLinePinsItsOutcome() throws {
    let cases = try Self.cases()
    let names = cases.compactMap(\.name)
    #expect(names.count == cases.count && Set(names).count == names.count)
    for testCase in cases {
      let name = testCase.name ?? "?"
      let expect = try #require(testCase.expect, "\(name) has no expect")
      #expect(testCase.agrees, "\(name): \(testCase.script().run().outcomes)")
      if name.hasPrefix("A") { #expect(expect.basis != nil, "\(name) pins no basis") }
      if expect.verdict != .valid && name.hasPrefix("A") {
        #expect(expect.step != nil, "\(name) pins no step")
      }
    }
  }

  @Test("every scenario H1 ... H24 of the spec is a line, and both views and profiles are covered")
  func scenariosAndViews() throws {
    let cases = try Self.cases()
    let scenarios = Set(cases.compactMap { $0.name?.split(separator: "-").first.map(String.init) })
    for number in [1, 2, 3, 4, 7, 9, 10, 11, 12, 13, 15, 17, 20, 22, 23, 24] {
      #expect(scenarios.contains("H\(number)"), "no scenario H\(number)")
    }
    for cause in AdapterCause.allCases {
      let showing = cases.filter { $0.expect?.cause == cause }
      let views = Set(showing.map(\.options.semantics))
      let profiles = Set(showing.map(\.options.uikit))
      // A2, A8 and A9 are collection views' alone; A7 and A13 table views'.
      if ![.a2, .a8, .a9].contains(cause) {
        #expect(views.contains(.tableView), "\(cause): no table view")
      }
      if ![.a7, .a13].contains(cause) {
        #expect(views.contains(.collectionView), "\(cause): no collection view")
      }
      // A5 and A10 read the same under both; A10 is iOS 13 and later.
      if ![.a5, .a10].contains(cause) {
        #expect(profiles == [.ios12, .ios18], "\(cause): profiles \(profiles)")
      }
    }
  }
}
