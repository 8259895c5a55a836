import BatchCheck
import Testing

@testable import ReferenceDiffs

/// The property engine on generators of the staged and steps contracts, and
/// on contract mix-ups.
@Suite("Engine: contracts")
struct EngineContractTests {
  static let seed: UInt64 = 0x5EED_0005

  @Test(
    "heckel-staged and edit-script pass the engine under their own contract",
    arguments: ["heckel-staged", "edit-script"])
  func passUnderOwnContract(name: String) async throws {
    let generator = try #require(ReferenceGenerators.anyContract(named: name))
    let report = await check(
      generator, options: CheckOptions(seed: Self.seed, count: 2_000, exhaustiveTotal: 6),
      workers: 2)
    #expect(report.passed, "\(report.renderText())")
    #expect(report.randomCases == 2_000)
    #expect(report.contract == generator.contract && report.ownContract == generator.contract)
    #expect(
      report.renderText().hasPrefix("check \(name) (\(generator.contract), iOS 18), run seed "))
  }

  @Test(
    "fed to the wrong contract, each fails; the report says the contract it is valid under",
    arguments: [
      ("heckel-staged", Contract.batch), ("heckel-staged", .steps), ("edit-script", .batch),
    ])
  func failUnderWrongContract(name: String, wrong: Contract) throws {
    let generator = try #require(ReferenceGenerators.anyContract(named: name))
    let report = check(
      generator, under: wrong,
      options: CheckOptions(seed: Self.seed, count: 2_000, exhaustiveTotal: 5))
    let failure = try #require(report.failures.first, "\(name) as \(wrong) passed")
    #expect(failure.verdict?.isValid == false)
    #expect(failure.changes?.contract == generator.contract)
    #expect(report.mode == "\(generator.contract) judged as \(wrong), iOS 18")
    // The changes of the minimal case are valid under the generator's own contract.
    #expect(failure.validUnder != nil)
    #expect(failure.advice?.hasPrefix("valid as \(failure.validUnder!), not as \(wrong): ") == true)
    let text = report.renderText()
    #expect(text.contains("  advice:  " + (failure.advice ?? "-")))
    #expect(
      text.contains("under: .\(wrong.rawValue)")
        == report.failures.contains { $0.replayCommand != nil })
    // (The generators are sectioned: the case may have several sections.)
    let changes = try #require(try generator.changes(from: failure.old, to: failure.new))
    #expect(generator.judge(changes, sections: failure.old, failure.new).isValid)
  }

  @Test("steps read as staged batches are one stage per step: edit-script passes that way too")
  func stepsAsStaged() throws {
    let generator = try #require(ReferenceGenerators.anyContract(named: "edit-script"))
    let report = check(
      generator, under: .staged, options: CheckOptions(seed: Self.seed, count: 1_000))
    #expect(report.passed, "\(report.renderText())")
    #expect(report.mode == "sequential steps judged as staged batches, iOS 18")
  }

  @Test("a contract run's report is the same for one worker and two, and replay finds its case")
  func workersAndReplay() async throws {
    let generator = try #require(ReferenceGenerators.anyContract(named: "edit-script"))
    let options = CheckOptions(seed: Self.seed, count: 3_000, exhaustiveTotal: 0)
    let one = check(generator, under: .batch, options: options)
    let two = await check(generator, under: .batch, options: options, workers: 2)
    #expect(one == two)
    let failure = try #require(one.failures.first)
    let caseSeed = try #require(failure.caseSeed)
    let replayed = replay(generator, caseSeed: caseSeed, under: .batch, options: options)
    #expect(replayed.failures.first?.old == failure.old)
    #expect(replayed.failures.first?.new == failure.new)
    #expect(replayed.failures.first?.message == failure.message)
  }

  @Test("a steps failure shows its steps, the rows after each, and JSON keys for the contract")
  func stepsFailureRendering() throws {
    // Deletes every row at its old index, as a batch would: wrong as steps
    // once two rows go.
    let generator = ContractGenerator(name: "old-index-deletes") { old, new -> [Step] in
      old.indices.map { .delete(at: RowPath(0, $0)) }
        + new.indices.map { .insert(at: RowPath(0, $0), row: new[$0]) }
    }
    let report = check(generator, options: CheckOptions(seed: Self.seed, count: 500))
    let failure = try #require(report.failures.first)
    #expect(failure.changes?.contract == .steps)
    #expect(failure.validUnder == .batch)
    let text = report.renderText()
    #expect(text.contains("  steps:   [{\"delete\":"))
    #expect(text.contains("    rows: "))
    #expect(text.contains("    step 1: delete (0, "))
    let json = report.renderJSON()
    #expect(
      json.hasPrefix(#"{"generator":"old-index-deletes","contract":"steps","identityOnly":false,"#))
    #expect(json.contains(#""steps":[{"delete":"#))
    #expect(
      json.contains(
        #""validUnder":"batch","advice":"valid as one batch, not as sequential steps: "#))
    #expect(failure.corpusLine?.contains(#""contract":"steps""#) == true)
  }

  @Test("identity-only generators keep their mode through ContractGenerator, and say so")
  func identityOnlyMode() throws {
    let lcs = try #require(ReferenceGenerators.anyContract(named: "lcs"))
    let report = check(lcs, options: CheckOptions(seed: Self.seed, count: 1_000))
    #expect(report.passed, "\(report.renderText())")
    #expect(report.identityOnly)
    #expect(
      report.renderText().hasPrefix("check lcs (one batch, identity only, iOS 18), run seed "))
    var withContent = lcs
    withContent.identityOnly = false
    let failing = check(withContent, options: CheckOptions(seed: Self.seed, count: 1_000))
    #expect(failing.failures.first?.rule == .c2)
  }
}
