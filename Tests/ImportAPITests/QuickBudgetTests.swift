// The quick budget, as a diff library's test target runs it: does it find
// the known bugs, and how many cases does it make?
import BatchCheckTesting
import Foundation
import ReferenceDiffs
import Testing

@Suite("The quick budget finds the known bugs, in a bounded number of cases")
struct QuickBudgetTests {
  /// The quick budget's options without the small-alphabet family.
  static var quickWithoutFamily: CheckOptions {
    var options = CheckBudget.quick.options()
    options.smallAlphabetTotal = 0
    return options
  }

  @Test("the port reproduces Differ's own failing test of issue 32: a move from past the end")
  func portReproducesIssue() {
    // Differ's testBadPatch1: 20 rows, all distinct.
    let old: [Row] = [
      63, 5, 112, 48, 100_006, 121, 33, 65, 100_003, 57, 100_007, 117, 108, 1, 118, 100_688, 18, 54,
      116, 110,
    ].map { Row(.int($0)) }
    let new: [Row] = [
      65, 118, 110, 117, 100_006, 112, 1, 54, 116, 100_688, 48, 57, 108, 63, 121, 33, 18, 5,
      100_003,
      100_007,
    ].map { Row(.int($0)) }
    let report = check(
      ContractGenerator(DifferPatchSteps()), options: .onePair(old: [old], new: [new]))
    #expect(report.failures.map(\.kind.rule) == [.r13], "\(report.renderText())")
  }

  @Test(
    "the quick budget finds Differ #32 (R13 at 8 rows) in its small-alphabet family; without it, not"
  )
  func findsDifferIssue32() throws {
    let report = check(ContractGenerator(DifferPatchSteps()), options: CheckBudget.quick.options())
    let failure = try #require(report.failures.first { $0.rule == .r13 }, "\(report.renderText())")
    #expect(failure.phase == .exhaustive && failure.rowCount == 8)
    #expect(failure.variant == .step(operation: "move"))
    // Past the pairs of 6 rows: found by the family, not by the random phase's luck.
    #expect((failure.index ?? 0) >= ExhaustivePairs(maxTotal: 6, contentTotal: 4).count)
    // The family cannot prove that no other pair of 7 rows fails so.
    #expect(!failure.isProvenMinimal)
    #expect(failure.minimality?.rows == 6)
    let without = check(ContractGenerator(DifferPatchSteps()), options: Self.quickWithoutFamily)
    #expect(!without.failures.contains { $0.rule == .r13 }, "\(without.renderText())")
  }

  @Test("a helper call with no options finds Differ #32 whatever the budget")
  func helperFindsDifferIssue32() {
    var report: CheckReport?
    let records = capturingRecords {
      report = expectValidBatchUpdates(ContractGenerator(DifferPatchSteps()))
    }
    #expect(report?.failures.contains { $0.rule == .r13 && $0.rowCount == 8 } == true)
    #expect(records.issues.contains { $0.contains("R13") })
  }

  /// The rules the expectation corpus records for `generator`: every way
  /// its known bugs fail on the corpus.
  static func knownRules(of generator: String) throws -> Set<String> {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let text = try String(
      contentsOf: root.appendingPathComponent("Corpus/expectations/\(generator).jsonl"),
      encoding: .utf8)
    var rules = Set<String>()
    for line in text.split(separator: "\n") {
      guard let range = line.range(of: #""rule":""#) else { continue }
      rules.insert(String(line[range.upperBound...].prefix { $0 != "\"" }))
    }
    return rules
  }

  @Test(
    "the quick budget finds every known bug of the seed generators, every rule the corpus records",
    arguments: ["lcs-2013", "map-moves", "ds"])
  func findsSeedGeneratorBugs(name: String) throws {
    let generator = try #require(ReferenceGenerators.named(name))
    let known = try Self.knownRules(of: name)
    #expect(!known.isEmpty)
    var options = CheckBudget.quick.options()
    options.identityOnly = ContractGenerator(generator).identityOnly
    let report = check(generator, options: options)
    let found = Set(report.failures.compactMap { $0.rule?.rawValue })
    #expect(known.isSubset(of: found), "known \(known.sorted()), found \(found.sorted())")
  }

  @Test(
    "a correct generator passes the whole quick budget, whose size is counted: 14,825 exhaustive pairs of at most 8 rows, 1,000 random"
  )
  func correctGeneratorPassesInCountedCases() {
    let options = CheckBudget.quick.options()
    let pairs = ExhaustivePairs(
      maxTotal: options.exhaustiveTotal, contentTotal: options.exhaustiveContentTotal,
      smallAlphabetTotal: options.smallAlphabetTotal, smallAlphabet: options.smallAlphabet)
    var (count, largest) = (0, 0)
    for pair in pairs {
      count += 1
      largest = max(largest, pair.old.count + pair.new.count)
    }
    #expect(largest == 8 && count == pairs.count)
    // The family adds 12,766 pairs of 7 and 8 rows to the 2,059 of at most 6.
    let whole = ExhaustivePairs(maxTotal: 6, contentTotal: 4).count
    #expect(whole == 2_059 && count - whole == 12_766, "\(whole), \(count - whole)")
    // Under a third of the full budget's pairs.
    #expect(count * 3 < ExhaustivePairs(maxTotal: 8, contentTotal: 5).count)
    // A run makes exactly these, and a correct generator passes them all.
    let report = check(HeckelGenerator(), options: options)
    #expect(report.passed, "\(report.renderText())")
    #expect(report.smallAlphabetTotal == 8 && report.smallAlphabet == 3)
    #expect(report.exhaustiveCases == count && report.randomCases == 1_000 && report.maxSize == 100)
  }

  @Test(
    "the family's cases are judged but left out of the edit size, unless a waste limit measures them"
  )
  func familyLeftOutOfEditSize() {
    let options = CheckBudget.quick.options()
    let with = check(HeckelGenerator(), options: options)
    let without = check(HeckelGenerator(), options: Self.quickWithoutFamily)
    #expect(with.exhaustiveCases - without.exhaustiveCases == 12_766)
    #expect(with.editCases == without.editCases && with.edits == without.edits)
    // With a waste limit every valid case is measured, the family's too.
    var limited = options
    limited.maxMoveRatio = CheckOptions.largestMoveRatio
    var limitedWithout = Self.quickWithoutFamily
    limitedWithout.maxMoveRatio = CheckOptions.largestMoveRatio
    let measured = check(HeckelGenerator(), options: limited)
    let fewer = check(HeckelGenerator(), options: limitedWithout)
    #expect(
      measured.editCases == fewer.editCases + 12_766, "\(measured.editCases), \(fewer.editCases)")
  }
}
