import BatchCheck
import BatchCheckCorpus
import BatchCheckExec
import Foundation
import ReferenceDiffs

// The engine's parts of `batchcheck bench`: random cases per second, the
// failing reference generators, and the `--exec` route.
extension BenchCommand {
  /// Random cases per second through the whole engine, on one core and on all.
  func engineBench() async -> String {
    guard let generator = ReferenceGenerators.anyContract(named: generatorName) else { return "" }
    let cores = ProcessInfo.processInfo.activeProcessorCount
    var text = "engine: \(generatorName), \(cases) random cases up to \(maxSize) rows\n"
    for uikit in profiles {
      let options = engineOptions(for: generator, uikit: uikit)
      text += await engineBench(generator, options: options, label: "\(uikit)", cores: cores)
    }
    return text + execBench(generator) + (await failingBench()) + (await misbehavingBench())
  }

  /// What the runs of `check` that `bench` times cover, as its headings say:
  /// `check`'s defaults, or with --cases below 10000 a quick run.
  var checkRunScope: String {
    cases < CheckOptions.defaultCount
      ? "\(cases) random cases, every pair up to 4 rows" : "default options"
  }

  /// `options` narrowed to a quick run when --cases is below `check`'s
  /// default: as many random cases, and the small pairs only.
  func scopedCheckRun(_ options: CheckOptions) -> CheckOptions {
    guard cases < CheckOptions.defaultCount else { return options }
    var options = options
    options.count = cases
    options.exhaustiveTotal = 4
    return options
  }

  /// The failing reference generators run as `batchcheck check` runs them
  /// (every case, on every core): the time to the full list of their kinds
  /// of failure, each shrunk and searched below, and the calls that took.
  func failingBench() async -> String {
    var text = "failing generators, every kind of failure, \(checkRunScope):\n"
    let cores = ProcessInfo.processInfo.activeProcessorCount
    for name in ["lcs-2013", "map-moves", "ds"] {
      guard let generator = ReferenceGenerators.anyContract(named: name) else { continue }
      var shared = GeneratorOptions()
      shared.simulation.uikit = profiles.first ?? .ios18
      let options = scopedCheckRun(shared.checkOptions(for: generator))
      let start = ContinuousClock.now
      let report = await check(generator, options: options, workers: cores)
      let seconds = Self.seconds(ContinuousClock.now - start)
      let kinds = report.failures.filter { $0.coverage == nil }
      let calls = kinds.map { $0.shrinkCalls + ($0.minimality?.calls ?? 0) }
      let proven = kinds.filter(\.isProvenMinimal).count
      text +=
        "  \(name): \(counted(kinds.count, "kind")) of failure (\(proven) proven minimal) in"
        + " \(counted(report.casesRun, "case")), \(Self.format(seconds)) s to the full list;"
        + " shrink and search: \(counted(calls.reduce(0, +), "call")), median"
        + " \(calls.sorted().dropFirst(calls.count / 2).first ?? 0) per kind\n"
    }
    return text
  }

  /// The same generator through the `--exec` route: `batchcheck answer` as
  /// the external process, with cases kept in flight and one at a time, on
  /// a tenth of the cases; beside it the in-process route on the same cases.
  func execBench(_ generator: ContractGenerator) -> String {
    let cases = max(1, self.cases / 10)
    var text =
      "engine, --exec route: \(generatorName) through batchcheck answer, \(cases) random cases\n"
    guard let executable = Self.batchcheckExecutable else {
      return text + "  skipped: bench was not started from the batchcheck executable\n"
    }
    var shared = GeneratorOptions()
    shared.maxSize = maxSize
    shared.simulation.uikit = profiles.first ?? .ios18
    var options = shared.checkOptions(for: generator)
    options.count = cases
    options.exhaustiveTotal = 0
    func rate(_ report: () -> CheckReport) -> Double {
      let (seconds, last) = best(report)
      return Double(last.casesRun) / max(seconds, 1e-9)
    }
    let inProcess = rate { check(generator, options: options) }
    text += "  in process, 1 worker: \(Int(inProcess)) cases/s\n"
    let command = shellWord(executable) + " answer --generator " + shellWord(generatorName)
    for depth in [ExternalGenerator.defaultPipelineDepth, 1] {
      let external = ExternalGenerator(command: command, pipelineDepth: depth)
      let perSecond = rate { check(external, options: options) }
      external.close()
      text += "  --exec, --pipeline \(depth): \(Int(perSecond)) cases/s"
      text += " (\(Self.format(inProcess / max(perSecond, 1e-9)))x the in-process time)\n"
    }
    return text
  }

  /// This process's executable when it is `batchcheck` (not a test runner).
  static var batchcheckExecutable: String? {
    #if os(Linux)
      guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
      else { return nil }
    #else
      guard let path = CommandLine.arguments.first else { return nil }
    #endif
    return (path as NSString).lastPathComponent == "batchcheck" ? path : nil
  }

  /// One profile's line per worker count.
  func engineBench(
    _ generator: ContractGenerator, options: CheckOptions, label: String, cores: Int
  ) async -> String {
    var text = ""
    var single = 0.0
    for workers in cores > 1 ? [1, cores] : [1] {
      var best: Duration?
      var ran = 0
      for _ in 0..<repeats {
        let start = ContinuousClock.now
        let report = await check(generator, options: options, workers: workers)
        let elapsed = ContinuousClock.now - start
        ran = report.casesRun
        if best.map({ elapsed < $0 }) ?? true { best = elapsed }
      }
      let perSecond = Double(ran) / max(best.map(Self.seconds) ?? 0, 1e-9)
      if workers == 1 { single = perSecond }
      text +=
        "  \(label), \(counted(workers, "worker")), best of \(repeats): \(Int(perSecond)) cases/s"
      if workers > 1, single > 0 { text += " (\(Self.format(perSecond / single))x one worker)" }
      text += "\n"
    }
    return text
  }
}
