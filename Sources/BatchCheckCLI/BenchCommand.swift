import BatchCheck
import BatchCheckCorpus
import BatchCheckExec
import Foundation
import ReferenceDiffs

/// `batchcheck bench`: times the simulator on a large valid update and prints
/// what it measured. Timings live here, never in tests.
///
///     batchcheck bench --rows 1000000 --operations 100000
///     // simulator: 1000000 rows, 100002 operations (valid)
///     //   iOS 18, fast path, best of 5: 0.050 s per update, ...
///     //   iOS 18, full simulation, best of 5: 0.065 s per update, ...
///     //   iOS 12, fast path, ...
struct BenchCommand: OptionCommand {
  static let name = "bench"
  static let abstract = "Time the simulator on a large valid update."
  static let usage = """
    OVERVIEW: Time the simulator on a large valid update (a release build
    measures what users get: swift run -c release batchcheck bench).

    Then time an invalid update of the same size (every check runs), and six
    shapes of reloads next to deleted or inserted sections at --rows rows
    (their rows are sized, not matched: some end in a row-check verdict).
    Then the worst cases for the full simulation (a reversal of --rows / 2
    rows, --operations moves, reloads near section operations, heckel's
    update): the fast path, the full simulation of the same valid update and
    its invalid twin (one insert dropped), each also as a multiple of the
    fast path's time.

    Then time the property engine: random cases (generation, the generator,
    the simulation and the row check) on one core and on all of them, and
    through the --exec route; and, for the failing reference generators
    (lcs-2013, map-moves, ds), the time to the full list of their kinds of
    failure, each shrunk and proven minimal, with the calls that took (with
    --cases below 10000, a quick run: that many random cases and every pair
    up to 4 rows instead of check's defaults). And the same for batchcheck
    answer misbehaving on purpose (--misbehave crash-on-triples, die-every:4,
    hang-on:2,3) through --exec: the time to its report, the kinds listed
    and what did not run.

    Each is timed under both UIKit profiles, iOS 18 and iOS 12, unless
    --uikit names one.

    Last, a table of the edit size of every built-in generator over --cases
    random cases of up to --max-size rows: the row moves its valid updates
    issue against the fewest needed, their ratio, the rows deleted and
    inserted again and the unchanged rows reloaded.

    USAGE: batchcheck bench [--rows <n>] [--operations <k>] [--repeat <r>]
                            [--generator <name>] [--cases <n>] [--max-size <m>]
                            [--uikit <profile>]
           batchcheck bench --write-case <file> [--rows <n>] [--operations <k>]

    OPTIONS:
    \(optionsHelp)

    """

  var rows = 1_000_000
  var operations = 100_000
  var repeats = 5
  var generatorName = "heckel"
  var cases = 300_000
  var maxSize = 50
  var profiles = UIKitProfile.allCases
  var caseFile: String?

  static var options: [CommandOption<Self>] {
    let range = 0...100_000_000
    return [
      .number("--rows", \.rows, in: range, help: "Old rows in the one section", default: "1000000"),
      .number(
        "--operations", \.operations, in: range, valueName: "<k>",
        help: "About how many operations the update holds", default: "100000"),
      .number(
        "--repeat", in: range, valueName: "<r>", help: "How many timed runs; the best is reported", default: "5"
      ) { $0.repeats = max(1, $1) },
      .generator(\.generatorName, help: "The generator the engine runs", default: "heckel"),
      .number("--cases", \.cases, in: range, help: "Random cases per engine run", default: "300000"),
      .number(
        "--max-size", \.maxSize, in: 0...100_000, valueName: "<m>", help: "The largest random case, in rows",
        default: "50"),
      .choice(
        "--uikit", "<profile>", help: "Time one profile only: ios18 or ios12", default: "both"
      ) { (root, profile: UIKitProfile) in root.profiles = [profile] },
      .path(
        "--write-case", \.caseFile,
        help: "Time nothing: write the valid update of --rows rows and about --operations operations as one"
          + " case line (the case format), for 'batchcheck validate <file>'."),
    ]
  }

  func run(output: inout some OutputSink) async throws(CommandError) -> ExitCode {
    if let caseFile {
      try checkOutput(caseFile, inputs: [])
      let large = LargeCase(rows: rows, operations: operations)
      // Rows whose content is the initial 0 are written as plain integers
      // (content = id, on both sides alike): the line stays small.
      func plain(_ row: Row) -> Row { row.content == 0 ? Row(row.id) : row }
      let line = Case(
        name: "large-\(rows)-rows-\(large.update.operationCount)-operations", old: [large.old.map(plain)],
        new: [large.new.map(plain)], update: large.update, expect: Expectation(verdict: .valid)
      ).jsonLine
      try writeAtomically(line + "\n", to: caseFile)
      output.writeOutput(
        "wrote a case of \(counted(rows, "row")) and \(counted(large.update.operationCount, "operation")) to \(caseFile)\n")
      return .success
    }
    // Each part's data is freed before the next, and each reports its own
    // peak memory: the peak is reset before it starts.
    Self.resetPeakMemory()
    let (validText, verdict) = validBench()
    output.writeOutput(validText + "  peak memory: \(Self.peakMemory())\n")
    Self.resetPeakMemory()
    output.writeOutput(invalidBench() + "  peak memory while judging: \(Self.peakMemory())\n")
    Self.resetPeakMemory()
    output.writeOutput(familyBench() + "  peak memory: \(Self.peakMemory())\n")
    Self.resetPeakMemory()
    output.writeOutput(worstCaseBench() + "  peak memory: \(Self.peakMemory())\n")
    let engineText = await engineBench()
    output.writeOutput(engineText)
    output.writeOutput(await editSizeBench())
    return verdict.isValid ? .success : .failure
  }

  /// The valid update of `rows` rows and about `operations` operations,
  /// through the fast path and the full simulation.
  func validBench() -> (String, Verdict) {
    let clock = ContinuousClock()
    let buildStart = clock.now
    let large = LargeCase(rows: rows, operations: operations)
    let buildTime = clock.now - buildStart
    var verdict = Verdict.valid
    var text = ""
    var timings: [(String, () -> Verdict)] = []
    for uikit in profiles {
      let table = SimulatedTableView([large.old], options: SimulationOptions(uikit: uikit))
      timings += [
        ("\(uikit), fast path", { table.performBatchUpdates(large.update, dataSource: [large.new]) }),
        ("\(uikit), full simulation", { table.simulateFully(large.update, dataSource: [large.new]) }),
      ]
    }
    for (label, run) in timings {
      let seconds: Double
      (seconds, verdict) = best(run)
      if text.isEmpty {
        text = "simulator: \(rows) rows, \(large.update.operationCount) operations (\(verdict.kind.rawValue))\n"
      }
      text += "  \(label), best of \(repeats): \(Self.format(seconds)) s per update"
      text += ", \(Self.format(Double(rows) / max(seconds, 1e-9) / 1e6)) million rows/s\n"
    }
    text += "  building the case: \(Self.format(Self.seconds(buildTime))) s\n"
    return (text, verdict)
  }

  /// The full simulation of an invalid update: heckel's update for `rows`
  /// rows and about `operations` changes (a third deletes, a third inserts,
  /// a third moves, at random places), with one insert dropped, so the fast
  /// path gives up and every check runs.
  func invalidBench() -> String {
    let (old, new) = invalidCase()
    var update = HeckelGenerator().update(from: old, to: new)
    if !update.insertRows.isEmpty { update.insertRows.removeLast() }
    let changes = 3 * min(operations / 3, rows / 3)
    var text = "simulator, an invalid update: heckel's for \(rows) rows and \(changes) changes"
    text += " (\(update.moveRows.count) moves), one insert dropped\n"
    text += "  making the case and its update: \(Self.peakMemory()) at most\n"
    // The simulation's own peak, with the case's data resident.
    Self.resetPeakMemory()
    for uikit in profiles {
      let table = SimulatedTableView([old], options: SimulationOptions(uikit: uikit))
      let (seconds, verdict) = best { table.performBatchUpdates(update, dataSource: [new]) }
      text += "  \(uikit), best of \(repeats): \(Self.format(seconds)) s per update (\(Self.describe(verdict)))\n"
    }
    return text
  }

  /// The rows of `invalidBench`: `rows` old rows and about `operations`
  /// changes, a third deletes, a third inserts, a third moves.
  func invalidCase() -> (old: [Row], new: [Row]) {
    var random = SplitMix64(seed: 0x1BAD_0001)
    let old = (0..<rows).map { Row(id: .int($0), content: 0) }
    let third = min(operations / 3, rows / 3)
    // Pick deletes and moves among the old rows, then lay out the survivors
    // and the incoming rows (inserts and moved rows) in a random interleaving.
    var fate = [UInt8](repeating: 0, count: rows)  // 0 keep, 1 delete, 2 move
    var picked = 0
    while picked < 2 * third, rows > 0 {
      let index = Int(random.next() % UInt64(rows))
      guard fate[index] == 0 else { continue }
      fate[index] = picked < third ? 1 : 2
      picked += 1
    }
    var incoming = (0..<third).map { Row(id: .int(rows + $0), content: 0) }
    incoming += (0..<rows).filter { fate[$0] == 2 }.map { old[$0] }
    incoming.shuffle(using: &random)
    let survivors = (0..<rows).filter { fate[$0] == 0 }
    let total = survivors.count + incoming.count
    var slots = [Bool](repeating: false, count: total)
    for index in 0..<incoming.count { slots[index] = true }
    slots.shuffle(using: &random)
    var new: [Row] = []
    new.reserveCapacity(total)
    var nextSurvivor = 0
    var nextIncoming = 0
    for isIncoming in slots {
      if isIncoming {
        new.append(incoming[nextIncoming])
        nextIncoming += 1
      } else {
        new.append(old[survivors[nextSurvivor]])
        nextSurvivor += 1
      }
    }
    return (old, new)
  }

  /// The update shapes whose reloads once cost a walk over every deleted or
  /// inserted section, at `rows` rows, under each profile.
  func familyBench() -> String {
    var text = "simulator, reload families at \(rows) rows (best of \(repeats)):\n"
    for family in ReloadFamily.allCases {
      let made = family.make(rows: rows)
      for uikit in profiles {
        let options = SimulationOptions(duplicates: made.duplicates, uikit: uikit)
        let table = SimulatedTableView(made.old, options: options)
        let (seconds, verdict) = best { table.performBatchUpdates(made.update, dataSource: made.new) }
        text += "  \(family.rawValue), \(uikit): \(Self.format(seconds)) s (\(Self.describe(verdict)))\n"
      }
    }
    return text
  }

  /// The shapes that make the full simulation work hardest next to the fast
  /// path (`WorstCase`, then heckel's update of `invalidBench`): for each,
  /// the fast path on the valid update, the full simulation of the same
  /// update, and its invalid twin (one insert dropped), each with its time
  /// over the fast path's. Where the update has section operations, the fast
  /// path times the same changes in one section.
  func worstCaseBench() -> String {
    var text = "simulator, worst cases (best of \(repeats); each time also as a multiple of the fast path's):\n"
    for family in WorstCase.allCases {
      let made = family.make(rows: rows, operations: operations)
      let rowCount = made.old.reduce(0) { $0 + $1.count }
      var label = "\(family.rawValue): \(counted(rowCount, "row"))"
      if made.old.count > 1 { label += " in \(counted(made.old.count, "section"))" }
      label += ", \(counted(made.update.operationCount, "operation"))"
      label += " (\(counted(made.update.moveRows.count, "move")))"
      if made.flat.old.count != made.old.count {
        label += "; fast path: the same changes in one section"
        label += ", \(counted(made.flat.update.operationCount, "operation"))"
      }
      text += worstCase(
        label, old: made.old, new: made.new, update: made.update, invalid: made.invalid, flat: made.flat)
    }
    let (old, new) = invalidCase()
    let update = HeckelGenerator().update(from: old, to: new)
    var invalid = update
    if !invalid.insertRows.isEmpty { invalid.insertRows.removeLast() }
    let label =
      "heckel's update for \(counted(rows, "row")) and \(3 * min(operations / 3, rows / 3)) changes:"
      + " \(counted(update.operationCount, "operation")) (\(counted(update.moveRows.count, "move")))"
    return text
      + worstCase(label, old: [old], new: [new], update: update, invalid: invalid, flat: ([old], [new], update))
  }

  /// One worst case under each profile: the fast path on `flat`, the full
  /// simulation of `update`, and `invalid` as `performBatchUpdates` judges it.
  private func worstCase(
    _ label: String, old: [[Row]], new: [[Row]], update: BatchUpdate, invalid: BatchUpdate,
    flat: (old: [[Row]], new: [[Row]], update: BatchUpdate)
  ) -> String {
    var text = "  \(label)\n"
    for uikit in profiles {
      let options = SimulationOptions(uikit: uikit)
      let flatTable = SimulatedTableView(flat.old, options: options)
      let table = SimulatedTableView(old, options: options)
      let (fast, fastVerdict) = best { flatTable.fastPathOnly(flat.update, dataSource: flat.new) }
      let (full, fullVerdict) = best { table.simulateFully(update, dataSource: new) }
      let (twin, twinVerdict) = best { table.performBatchUpdates(invalid, dataSource: new) }
      func ratio(_ seconds: Double) -> String { Self.format(seconds / max(fast, 1e-9)) + "x" }
      text += "    \(uikit): fast path \(Self.format(fast)) s (\(fastVerdict.map(Self.describe) ?? "declined"))"
      text += "; full simulation \(Self.format(full)) s (\(ratio(full)), \(Self.describe(fullVerdict)))"
      text += "; invalid twin \(Self.format(twin)) s (\(ratio(twin)), \(Self.describe(twinVerdict)))\n"
    }
    return text
  }

  /// The best of `repeats` timed runs of `run`, in seconds, and what the
  /// last run gave.
  private func best<Result>(_ run: () -> Result) -> (seconds: Double, result: Result) {
    let clock = ContinuousClock()
    func timed() -> (Duration, Result) {
      let start = clock.now
      let result = run()
      return (clock.now - start, result)
    }
    var (best, result) = timed()
    for _ in 1..<max(repeats, 1) {
      let (elapsed, next) = timed()
      result = next
      best = min(best, elapsed)
    }
    return (Self.seconds(best), result)
  }

  /// A verdict's kind and rule: "valid", "exception R2".
  static func describe(_ verdict: Verdict) -> String {
    [verdict.kind.rawValue, verdict.rule?.rawValue].compactMap { $0 }.joined(separator: " ")
  }

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

  /// The failing reference generators run as `batchcheck check` runs them
  /// (every case, on every core): the time to the full list of their kinds
  /// of failure, each shrunk and searched below, and the calls that took.
  func failingBench() async -> String {
    var text =
      "failing generators, every kind of failure, "
      + (cases < CheckOptions.defaultCount
        ? "\(cases) random cases, every pair up to 4 rows:\n" : "default options:\n")
    let cores = ProcessInfo.processInfo.activeProcessorCount
    for name in ["lcs-2013", "map-moves", "ds"] {
      guard let generator = ReferenceGenerators.anyContract(named: name) else { continue }
      var shared = GeneratorOptions()
      shared.simulation.uikit = profiles.first ?? .ios18
      var options = shared.checkOptions(for: generator)
      if cases < CheckOptions.defaultCount {
        // A quick bench: as many random cases, and the small pairs only.
        options.count = cases
        options.exhaustiveTotal = 4
      }
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
    var text = "engine, --exec route: \(generatorName) through batchcheck answer, \(cases) random cases\n"
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
  private func engineBench(
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
      text += "  \(label), \(counted(workers, "worker")), best of \(repeats): \(Int(perSecond)) cases/s"
      if workers > 1, single > 0 { text += " (\(Self.format(perSecond / single))x one worker)" }
      text += "\n"
    }
    return text
  }

  static func seconds(_ duration: Duration) -> Double {
    let (whole, attoseconds) = duration.components
    return Double(whole) + Double(attoseconds) / 1e18
  }

  static func format(_ value: Double) -> String {
    String(format: "%.3f", value)
  }

  /// Starts the peak resident memory over from the current one (Linux:
  /// `/proc/self/clear_refs`); elsewhere the peak stays the process's.
  static func resetPeakMemory() {
    guard let file = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return }
    try? file.write(contentsOf: Data("5".utf8))
    try? file.close()
  }

  /// The process's peak resident memory, from `/proc/self/status` (Linux);
  /// "unknown" elsewhere.
  static func peakMemory() -> String {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return "unknown" }
    let kilobytes = line.split(separator: " ").compactMap { Int($0) }.first ?? 0
    return "\(kilobytes / 1024) MiB"
  }
}
