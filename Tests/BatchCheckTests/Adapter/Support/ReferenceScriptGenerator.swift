import BatchCheck

/// `count` random script case lines from `seed`, each with the reference adapter's result;
/// each line carries the reference's case-level fields as its `expect`, so the same line
/// can be fed to the production decoder and `validate` directly. The same seed gives the
/// same lines on every machine.
///
///     let lines = referenceAdapterLines(count: 2, seed: 7)
///     lines[0].line    // {"name":"ref-7-0","contract":"adapter",...,"expect":{...}}
///     lines[0].result  // the reference's outcomes, reads and case-level fields
func referenceAdapterLines(count: Int, seed: UInt64) -> [(
  line: String, result: ReferenceAdapterResult
)] {
  var seeds = SplitMix64(seed: seed)
  return (0..<max(0, count)).map { index in
    var script = ReferenceScriptGenerator.script(seed: seeds.next())
    script.name = "ref-\(seed)-\(index)"
    let result = ReferenceAdapter.run(script)
    return (script.jsonLine(expect: result), result)
  }
}

/// A seeded generator of random, legal recorded scripts (ADAPTER.md §7.5's data-error list
/// never met), biased so that every cause A1–A13 and every verdict comes up in a few
/// thousand scripts: batches right and wrong for the model's change, the model changed
/// before, inside or never, reloads, readers, layout passes, window changes, nested and
/// unbalanced blocks, staged batches and standalone calls.
struct ReferenceScriptGenerator {
  var random: SplitMix64
  var options = ReferenceAdapterOptions()
  /// What the data source returns now: the last `dataSource` step written.
  var model: [[Row]] = []
  var fresh = 0

  init(seed: UInt64) {
    random = SplitMix64(seed: seed)
  }

  /// The script of `seed`.
  static func script(seed: UInt64) -> ReferenceAdapterScript {
    var generator = ReferenceScriptGenerator(seed: seed)
    return generator.makeScript()
  }

  var isTable: Bool { options.isTable }

  // MARK: Random choices

  mutating func chance(_ probability: Double) -> Bool {
    Double(random.next() % 10_000) < probability * 10_000
  }

  mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(random.next() % UInt64(range.count))
  }

  mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

  // MARK: The script

  mutating func makeScript() -> ReferenceAdapterScript {
    options.semantics = chance(0.5) ? .tableView : .collectionView
    options.uikit = chance(0.65) ? .ios18 : .ios12
    options.sdk = chance(0.2) ? .old : .modern
    options.source = options.uikit == .ios18 && chance(0.12) ? .diffable : .plain
    options.duplicates = chance(0.2) ? .asUIKit : .reject
    var start = ReferenceAdapterStart()
    start.loaded = chance(0.8)
    start.inWindow = chance(0.8)
    start.laidOut = start.loaded && chance(0.75)
    start.rows = randomRows()
    model = start.rows
    var steps: [ReferenceStep] = []
    for _ in 0..<int(1...4) { steps += episode() }
    return ReferenceAdapterScript(options: options, start: start, steps: steps)
  }

  mutating func episode() -> [ReferenceStep] {
    switch int(0...12) {
    case 0, 1: batchEpisode()
    case 2: isTable ? beginEndEpisode() : batchEpisode()
    case 3: standaloneEpisode()
    case 4: reloadEpisode()
    case 5: readerEpisode()
    case 6: emptyBatchEpisode()
    case 7: stagedEpisode()
    case 8, 9: miscSteps()
    case 10: notAdvancedEpisode()
    default: nestedEpisode()
    }
  }

  // MARK: Rows

  mutating func randomRow() -> Row {
    let id: RowValue = chance(0.15) ? .int(int(1...3)) : .string(pick(["a", "b", "c", "d", "e"]))
    return chance(0.15) ? Row(id: id, content: .string(Self.text(id) + "'")) : Row(id)
  }

  /// A row with an identity no other row has, or now and then an existing one.
  mutating func freshRow() -> Row {
    if chance(0.1) { return randomRow() }
    fresh += 1
    return Row(.string("n\(fresh)"))
  }

  mutating func randomRows() -> [[Row]] {
    let sections = pick([0, 1, 1, 1, 2, 2, 3])
    return (0..<sections).map { _ in (0..<int(0...4)).map { _ in randomRow() } }
  }

  /// The value's text, unquoted.
  static func text(_ value: RowValue) -> String {
    switch value {
    case .string(let text): text
    case .int(let number): String(number)
    }
  }

  /// The row with its content changed and its identity kept.
  func changed(_ row: Row) -> Row {
    row.content == row.id ? Row(id: row.id, content: .string(Self.text(row.id) + "*")) : Row(row.id)
  }
}
