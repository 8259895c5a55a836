import BatchCheckCommandLine
import Testing

@testable import BatchCheck

@Suite("Engine: a failure's replay, as data and in each front end's form")
struct ReplayRecipeTests {
  /// A random-phase failure of `forgets-last-insert` (R2 from 12 new rows),
  /// with options that the replay must name.
  static func randomFailure(onCommandLine: Bool) throws -> CheckFailure {
    var options = CheckOptions.quick(count: 200, exhaustiveTotal: 0)
    options.maxSize = 40
    options.simulation = SimulationOptions(uikit: .ios12)
    let report = check(EngineSubjects.forgetsLastInsertFrom12, options: options)
    return try #require(
      (onCommandLine ? report.replayingOnCommandLine(external: nil) : report).failures.first)
  }

  @Test("a failure's recipe holds the generator, the case and the options that matter")
  func recipeFields() throws {
    let failure = try Self.randomFailure(onCommandLine: false)
    let recipe = try #require(failure.replay)
    #expect(recipe.generator == "forgets-last-insert")
    #expect(recipe.external == nil)
    #expect(recipe.caseSeed == failure.caseSeed && recipe.caseSeed != nil)
    #expect(recipe.old == failure.old && recipe.new == failure.new)
    #expect(recipe.judgedAs == nil)
    #expect(recipe.maxSize == 40 && !recipe.identityOnly)
    #expect(
      recipe.simulation.uikit == .ios12 && recipe.simulation.visibleRows == failure.visibleRows)
    #expect(recipe.maxMoveRatio == nil && !recipe.rejectsUnneededDeletes)
  }

  @Test("in Swift, the replay is the one-pair call, and the pair fails so again")
  func swiftForm() throws {
    let failure = try Self.randomFailure(onCommandLine: false)
    let recipe = try #require(failure.replay)
    #expect(failure.replayCommand == recipe.swiftCall)
    #expect(
      recipe.swiftCall
        == "check(generator, options: \(recipe.onePairOptions))"
        + "  // generator: the forgets-last-insert generator checked")
    #expect(
      recipe.onePairOptions
        == ".onePair(old: \(SwiftLiteral.sections(failure.old)), new: \(SwiftLiteral.sections(failure.new)),"
        + " simulation: SimulationOptions(uikit: .ios12))")
    let again = check(
      EngineSubjects.forgetsLastInsertFrom12,
      options: .onePair(old: recipe.old, new: recipe.new, simulation: recipe.simulation))
    #expect(again.failures.first?.rule == failure.rule)
  }

  @Test(
    "on the command line, the replay is the batchcheck command, and its case seed fails so again")
  func commandLineForm() throws {
    let failure = try Self.randomFailure(onCommandLine: true)
    let recipe = try #require(failure.replay)
    let seed = try #require(recipe.caseSeed)
    #expect(failure.replayCommand == recipe.commandLine)
    #expect(
      recipe.commandLine
        == "batchcheck replay --generator forgets-last-insert --case-seed \(hexSeed(seed))"
        + " --max-size 40 --uikit ios12")
    var options = CheckOptions.quick()
    options.maxSize = 40
    options.simulation = SimulationOptions(uikit: .ios12)
    let again = replay(EngineSubjects.forgetsLastInsertFrom12, caseSeed: seed, options: options)
    #expect(again.failures.first?.rule == failure.rule)
    #expect(again.failures.first?.old == failure.old && again.failures.first?.new == failure.new)
  }

  @Test("an exhaustive case has no command (its corpus line replays it), but a Swift call")
  func exhaustiveForm() throws {
    let options = CheckOptions.quick(count: 0, exhaustiveTotal: 4)
    let report = check(EngineSubjects.firstOnly, options: options)
    let failure = try #require(report.replayingOnCommandLine(external: nil).failures.first)
    let recipe = try #require(failure.replay)
    #expect(recipe.caseSeed == nil && recipe.commandLine == nil)
    #expect(failure.replayCommand == nil && failure.replayText() == CheckFailure.corpusReplay)
    #expect(
      recipe.swiftCall.hasPrefix(
        #"check(generator, options: .onePair(old: [[]], new: [[Row("a"), Row("a")]]))"#))
  }

  @Test(
    "an external generator is named by its command and the options of --exec that are not the defaults"
  )
  func externalForm() throws {
    var recipe = try #require(try Self.randomFailure(onCommandLine: true).replay)
    let seed = hexSeed(try #require(recipe.caseSeed))
    recipe.external = ReplayRecipe.ExternalCommand(
      command: "./my diff", contract: .staged, timeout: 0.5, name: "mine", sections: false)
    #expect(
      recipe.commandLine
        == "batchcheck replay --exec './my diff' --contract staged --timeout 0.5 --name mine --sections off"
        + " --case-seed \(seed) --max-size 40 --uikit ios12")
    recipe.external = ReplayRecipe.ExternalCommand(
      command: "./diff", contract: nil, timeout: nil, name: nil, sections: true)
    #expect(recipe.commandLine?.hasPrefix("batchcheck replay --exec ./diff --case-seed ") == true)
  }

  @Test("replay text set on a failure replaces its recipe; failures are equal when both are")
  func textReplacesRecipe() throws {
    let failure = try Self.randomFailure(onCommandLine: false)
    var read = failure
    read.replayCommand = failure.replayCommand
    #expect(read.replay == nil && read.replayCommand == failure.replayCommand)
    // The same text with no recipe is another replay: a report's JSON keeps both.
    #expect(read != failure)
    read.replayCommand = "run it again"
    #expect(read.replayCommand == "run it again" && read != failure)
    read.replay = failure.replay
    #expect(read.replayCommand == failure.replayCommand)
    #expect(read == failure)
  }
}
