import BatchCheck
import BatchCheckExec
import Foundation

extension BenchCommand {
  /// The generators that misbehave on purpose, as `bench` times them.
  static let mischiefs = ["crash-on-triples", "die-every:4", "hang-on:2,3"]

  /// A default `batchcheck check --exec` of `batchcheck answer` misbehaving
  /// each way `--misbehave` knows: the time to the report, the kinds it
  /// lists with their sizes, and what did not run (with --cases below
  /// 10000, a quick run, as for the failing generators).
  func misbehavingBench() async -> String {
    var text =
      "misbehaving --exec generators, \(generatorName) through batchcheck answer --misbehave, "
      + "\(checkRunScope):\n"
    guard let executable = Self.batchcheckExecutable else {
      return text + "  skipped: bench was not started from the batchcheck executable\n"
    }
    let cores = ProcessInfo.processInfo.activeProcessorCount
    for mischief in Self.mischiefs {
      var shared = GeneratorOptions()
      shared.simulation.uikit = profiles.first ?? .ios18
      shared.command =
        shellWord(executable) + " answer --generator " + shellWord(generatorName) + " --misbehave "
        + mischief
      guard let (generator, external) = shared.makeGenerator() else { continue }
      let options = scopedCheckRun(shared.checkOptions(for: generator))
      let start = ContinuousClock.now
      let report = await check(
        generator, under: shared.judgedContract(for: generator), options: options, workers: cores)
      let seconds = Self.seconds(ContinuousClock.now - start)
      external?.close()
      let kinds = report.failures.filter { $0.coverage == nil }
      let listed = kinds.map { failure in
        let kind =
          failure.error.map { "\($0.kind)" } ?? failure.rule.map { "\($0)" } ?? "wrong rows"
        return "\(kind) at \(counted(failure.rowCount, "row"))"
          + (failure.isProvenMinimal ? " (proven minimal)" : "")
      }
      let notRun = report.incomplete.compactMap(\.notRun).reduce(0, +)
      text +=
        "  \(mischief): \(Self.format(seconds)) s to the report; \(counted(kinds.count, "kind")): "
        + listed.joined(separator: ", ")
        + "; \(counted(report.casesRun, "case")) run, \(notRun) not run"
        + (report.isPartial ? " (partial)" : "") + "\n"
    }
    return text
  }
}
