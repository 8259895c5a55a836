import BatchCheck
import Testing

@testable import ReferenceDiffs

/// The property engine on the reference generators. These live here, not in
/// BatchCheckTests, because that target does not depend on ReferenceDiffs.
@Suite("Engine: the reference generators")
struct EngineReferenceTests {
  static let seed: UInt64 = 0x5EED_0004

  @Test(
    "check finds each failing reference generator, with its verdict and rule",
    arguments: [
      ("lcs-2013", VerdictKind.wrongRows, Rule.c1),
      ("map-moves", .exception, .r2),
      ("ds", .exception, .r2),
    ])
  func findsFailingGenerators(name: String, kind: VerdictKind, rule: Rule) throws {
    let generator = try #require(ReferenceGenerators.named(name))
    // The exhaustive phase finds a smallest counterexample of the kind; the
    // run goes on and lists every kind, smallest first.
    let report = check(
      generator, options: CheckOptions(seed: Self.seed, count: 1_000, exhaustiveTotal: 6))
    let failure = try #require(
      report.failures.first { $0.verdict?.kind == kind && $0.rule == rule })
    #expect(failure.phase == .exhaustive)
    #expect(failure.isProvenMinimal)
    #expect(report.randomCases == 1_000)
    #expect(report.failures.map(\.rowCount) == report.failures.map(\.rowCount).sorted())
    #expect(
      report.renderText().hasSuffix("\n\(report.passedCases) passed, \(report.failedCases) failed"))
    // Stopping at the first failure: one failure, no random case.
    var first = CheckOptions(seed: Self.seed, count: 1_000, exhaustiveTotal: 6)
    first.stopAtFirstFailure = true
    let stopped = check(generator, options: first)
    #expect(stopped.randomCases == 0 && stopped.failures.count == 1)
    #expect(stopped.renderText().hasSuffix("\n\(stopped.casesRun - 1) passed, 1 failed"))
    // Without the exhaustive phase, the random phase finds it.
    let random = check(
      generator, options: CheckOptions(seed: Self.seed, count: 1_000, exhaustiveTotal: 0))
    let found = try #require(random.failures.first)
    #expect(found.phase == .random && found.caseSeed != nil)
    #expect(found.verdict?.kind != .valid)
  }

  @Test("heckel passes a seeded run of 3,000 cases and every pair up to 6 rows, with the floors")
  func heckelPasses() async {
    let report = await check(
      HeckelGenerator(), options: CheckOptions(seed: Self.seed, count: 3_000, exhaustiveTotal: 6),
      workers: 2)
    #expect(report.passed, "\(report.renderText())")
    #expect(report.randomCases == 3_000)
    #expect(report.statistics.withContentChanges > 0)
  }

  @Test(
    "lcs and collection-difference pass a seeded run of 3,000 identity-only cases",
    arguments: ["lcs", "collection-difference"])
  func identityOnlyGeneratorsPass(name: String) async throws {
    let generator = try #require(ReferenceGenerators.named(name))
    let options = CheckOptions(
      seed: Self.seed, count: 3_000, exhaustiveTotal: 6, identityOnly: true)
    let report = await check(generator, options: options, workers: 2)
    #expect(report.passed, "\(report.renderText())")
    #expect(report.randomCases == 3_000)
    // With content changes they owe reloads they never make (C2).
    let withContent = check(
      generator, options: CheckOptions(seed: Self.seed, count: 3_000, exhaustiveTotal: 0))
    #expect(withContent.failures.first?.rule == .c2)
  }
}
