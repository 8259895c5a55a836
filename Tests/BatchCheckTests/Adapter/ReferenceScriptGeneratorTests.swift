import BatchCheck
import Testing

/// The random scripts: legal, replayable, and covering every cause, verdict and step kind.
@Suite("Reference adapter random scripts")
struct ReferenceScriptGeneratorTests {
  static let seeds: [UInt64] = Array(0..<3000)

  /// The §7.5 data errors a script breaks (the reference's types cannot hold the others:
  /// unknown keys, two head keys, `drain: false`, a malformed `at`).
  static func dataErrors(_ script: ReferenceAdapterScript) -> [String] {
    var errors: [String] = []
    let options = script.options
    if script.start.laidOut && !script.start.loaded { errors.append("laidOut without loaded") }
    if options.source == .diffable && options.uikit == .ios12 { errors.append("diffable ios12") }
    func check(_ steps: [ReferenceStep], insideBatch: Bool) {
      for step in steps {
        switch step {
        case .performBatchUpdates(let nested): check(nested, insideBatch: true)
        case .beginUpdates, .endUpdates, .numberOfRows:
          if !options.isTable { errors.append("\(step) on a collection view") }
        case .numberOfItems: if options.isTable { errors.append("numberOfItems on a table view") }
        case .drain: if insideBatch { errors.append("drain inside performBatchUpdates") }
        case .mutation(let kind, let update):
          if kind == .reconfigureRows && options.uikit == .ios12 {
            errors.append("reconfigureRows under ios12")
          }
          if kind.isMove && update.operationCount != 1 { errors.append("a move call of \(update)") }
          if update.operationCount != update.count(of: kind) {
            errors.append("\(kind) holds others")
          }
        default: break
        }
      }
    }
    check(script.steps, insideBatch: false)
    return errors
  }

  @Test("3000 random scripts are legal per §7.5's data-error list")
  func legal() {
    for seed in Self.seeds {
      let script = ReferenceScriptGenerator.script(seed: seed)
      let errors = Self.dataErrors(script)
      #expect(errors.isEmpty, "seed \(seed): \(errors) in \(script.jsonLine())")
      if !errors.isEmpty { return }
    }
  }

  @Test("every cause A1–A13 is some script's cause, and every verdict some script's verdict")
  func coverage() {
    var causes: [String: Int] = [:]
    var verdicts: [String: Int] = [:]
    var outcomeVerdicts: Set<String> = []
    for seed in Self.seeds {
      let result = ReferenceAdapter.run(ReferenceScriptGenerator.script(seed: seed))
      if let cause = result.cause { causes[cause, default: 0] += 1 }
      verdicts[result.verdict, default: 0] += 1
      outcomeVerdicts.formUnion(result.outcomes.map(\.verdict))
    }
    let allCauses = (1...13).map { "A\($0)" }
    #expect(
      allCauses.allSatisfy { causes[$0, default: 0] >= 1 },
      "causes: \(causes.sorted { $0.key < $1.key })")
    let allVerdicts = [
      "valid", "exception", "duplicate", "fallback", "wrongRows", "staleContent", "skipped",
    ]
    #expect(allVerdicts.allSatisfy { verdicts[$0, default: 0] >= 1 }, "verdicts: \(verdicts)")
    #expect(outcomeVerdicts == Set(allVerdicts))
  }

  @Test("the scripts hold every step kind, nested and unbalanced blocks, every option")
  func shapes() {
    var seen: Set<String> = []
    for seed in Self.seeds.prefix(1000) {
      let script = ReferenceScriptGenerator.script(seed: seed)
      let options = script.options
      seen.formUnion([
        options.semantics.rawValue, options.uikit.rawValue, "sdk " + options.sdk.rawValue,
        options.source.rawValue, options.duplicates.rawValue,
        script.start.loaded ? "loaded" : "never loaded",
        script.start.inWindow ? "in window" : "out of window",
      ])
      for (path, step) in script.flattened() {
        seen.insert(Self.kind(step))
        if path.count >= 3 { seen.insert("nested performBatchUpdates") }
        if case .dataSource = step {
          seen.insert(path.count > 1 ? "model in a block" : "model outside")
        }
      }
      let ends = script.steps.filter { $0 == .endUpdates }.count
      let begins = script.steps.filter { $0 == .beginUpdates }.count
      if begins != ends { seen.insert("unbalanced") }
    }
    let named: Set<String> = [
      "tableView", "collectionView", "ios18", "ios12", "sdk modern", "sdk old", "plain", "diffable",
      "reject", "asUIKit", "loaded", "never loaded", "in window", "out of window", "dataSource",
      "performBatchUpdates", "beginUpdates", "endUpdates", "reloadData", "layoutIfNeeded",
      "numberOfSections", "numberOfRows", "numberOfItems", "drain", "geometryChange", "inWindow",
      "nested performBatchUpdates", "model in a block", "model outside", "unbalanced",
    ]
    let expected = named.union(ReferenceMutation.allCases.map(\.rawValue))
    #expect(expected.subtracting(seen).isEmpty, "missing: \(expected.subtracting(seen))")
  }

  static func kind(_ step: ReferenceStep) -> String {
    switch step {
    case .dataSource: "dataSource"
    case .performBatchUpdates: "performBatchUpdates"
    case .beginUpdates: "beginUpdates"
    case .endUpdates: "endUpdates"
    case .mutation(let kind, _): kind.rawValue
    case .reloadData: "reloadData"
    case .layoutIfNeeded: "layoutIfNeeded"
    case .numberOfSections: "numberOfSections"
    case .numberOfRows: "numberOfRows"
    case .numberOfItems: "numberOfItems"
    case .drain: "drain"
    case .geometryChange: "geometryChange"
    case .inWindow: "inWindow"
    }
  }

  @Test("referenceAdapterLines: replayable, and each line reads back to a script with its result")
  func lines() throws {
    let lines = referenceAdapterLines(count: 200, seed: 99)
    let again = referenceAdapterLines(count: 200, seed: 99)
    #expect(lines.map(\.line) == again.map(\.line))
    #expect(lines.count == 200)
    #expect(referenceAdapterLines(count: 5, seed: 100).map(\.line) != lines.prefix(5).map(\.line))
    for (line, result) in lines {
      let (script, expect) = try ReferenceScriptReader.read(line)
      #expect(ReferenceAdapter.run(script) == result, "\(line)")
      let given = try #require(expect)
      #expect(ReferenceAdapterTests.disagreements(result, given).isEmpty, "\(line)")
    }
  }
}

extension BatchUpdate {
  /// How many operations the key `kind` names holds.
  func count(of kind: ReferenceMutation) -> Int {
    switch kind {
    case .insertRows: insertRows.count
    case .deleteRows: deleteRows.count
    case .reloadRows: reloadRows.count
    case .reconfigureRows: reconfigureRows.count
    case .moveRows: moveRows.count
    case .insertSections: insertSections.count
    case .deleteSections: deleteSections.count
    case .reloadSections: reloadSections.count
    case .moveSections: moveSections.count
    }
  }
}
