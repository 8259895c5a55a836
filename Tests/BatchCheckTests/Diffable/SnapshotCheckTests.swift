import Foundation
import Testing

@testable import BatchCheck

/// Snapshot code planted with one bug each, as an app writes it (generic
/// over `SnapshotEditing`), for the engine to find and shrink.
enum PlantedSnapshotCode {
  /// Each section and item once, changed items reconfigured: valid.
  static func right<Snapshot: SnapshotEditing>(
    old: SnapshotCheckModel, new: SnapshotCheckModel
  ) -> Snapshot where Snapshot.SectionIdentifierType == Int, Snapshot.ItemIdentifierType == String {
    var snapshot = Snapshot()
    let shown = new.firstOccurrences
    snapshot.appendSections(shown.sections.map(\.id))
    for section in shown.sections {
      snapshot.appendItems(section.rows.map(\.id), toSection: section.id)
    }
    var before: [String: Int] = [:]
    for row in old.rows where before[row.id] == nil { before[row.id] = row.content }
    let changed = shown.rows.filter { row in
      before[row.id].map { content in content != row.content } ?? false
    }
    if !changed.isEmpty { snapshot.reconfigureItems(changed.map(\.id)) }
    return snapshot
  }

  /// Every section and row as it comes, nothing reconfigured: S1 (a
  /// repeated section id), C1 with S3 (a row on two pages), C2.
  static func naive<Snapshot: SnapshotEditing>(_ new: SnapshotCheckModel) -> Snapshot
  where Snapshot.SectionIdentifierType == Int, Snapshot.ItemIdentifierType == String {
    var snapshot = Snapshot()
    snapshot.appendSections(new.sections.map(\.id))
    for section in new.sections {
      snapshot.appendItems(section.rows.map(\.id), toSection: section.id)
    }
    return snapshot
  }

  /// Deletes what new lacks, then appends every row of new again to its
  /// section: S3 is logged for each kept row (and rows end up right only
  /// when they were in order).
  static func reappending<Snapshot: SnapshotEditing>(
    _ snapshot: inout Snapshot, new: SnapshotCheckModel
  ) where Snapshot.SectionIdentifierType == Int, Snapshot.ItemIdentifierType == String {
    let shown = deleteGone(&snapshot, new: new)
    for section in shown.sections where snapshot.indexOfSection(section.id) == nil {
      snapshot.appendSections([section.id])
    }
    for section in shown.sections {
      snapshot.appendItems(section.rows.map(\.id), toSection: section.id)
    }
  }

  /// Deletes the items and sections new lacks; returns new as shown.
  static func deleteGone<Snapshot: SnapshotEditing>(
    _ snapshot: inout Snapshot, new: SnapshotCheckModel
  ) -> SnapshotCheckModel
  where Snapshot.SectionIdentifierType == Int, Snapshot.ItemIdentifierType == String {
    let shown = new.firstOccurrences
    let kept = Set(shown.rows.map(\.id))
    snapshot.deleteItems(snapshot.itemIdentifiers.filter { !kept.contains($0) })
    let sections = Set(shown.sections.map(\.id))
    snapshot.deleteSections(snapshot.sectionIdentifiers.filter { !sections.contains($0) })
    return shown
  }

  /// `reappending`, but orders each section by moving every row after the
  /// one before it in new, the first after the section's current first
  /// row, which is the row itself when it is already first: S8.
  static func selfMoving<Snapshot: SnapshotEditing>(
    _ snapshot: inout Snapshot, new: SnapshotCheckModel
  ) where Snapshot.SectionIdentifierType == Int, Snapshot.ItemIdentifierType == String {
    let shown = deleteGone(&snapshot, new: new)
    for section in shown.sections where snapshot.indexOfSection(section.id) == nil {
      snapshot.appendSections([section.id])
    }
    for section in shown.sections {
      let missing = section.rows.map(\.id).filter { snapshot.indexOfItem($0) == nil }
      if !missing.isEmpty { snapshot.appendItems(missing, toSection: section.id) }
    }
    for section in shown.sections {
      var previous = snapshot.itemIdentifiers(inSection: section.id).first
      for row in section.rows {
        if let previous { snapshot.moveItem(row.id, afterItem: previous) }
        previous = row.id
      }
    }
  }
}

/// An app's own item id type.
struct PostID: Hashable {
  let raw: String
}

/// Counts the runs of planted code (a class: the closures share it).
final class RunCounter {
  var runs = 0
}

@Suite("Snapshot checks: finding, shrinking, replaying")
struct SnapshotCheckTests {
  static let quick = SnapshotCheckOptions(count: 300)

  static func naiveReport(_ options: SnapshotCheckOptions = quick) -> SnapshotCheckReport {
    checkSnapshotBuilder(named: "naive", options: options) {
      (model: SnapshotCheckModel) -> SimulatedSnapshot<Int, String> in
      PlantedSnapshotCode.naive(model)
    }
  }

  @Test("a naive builder: S1, C2 and C1 with S3, each at its smallest models, proven minimal")
  func naiveBuilder() throws {
    let report = Self.naiveReport()
    #expect(!report.passed)
    // Smallest first: C2's models hold one section id, C1's two.
    #expect(
      report.failures.map(\.kind.description) == [
        "exception S1", "staleContent C2", "wrongRows C1",
      ])
    let s1 = report.failures[0]
    #expect(s1.old.description == "[]")
    #expect(s1.new.description == "[[0,[]],[0,[]]]")
    #expect(s1.rows == 0)
    #expect(s1.verdict.call == 0)
    let c1 = report.failures[2]
    #expect(c1.old.description == "[]")
    #expect(c1.new.description == #"[[0,["a"]],[1,["a"]]]"#)
    #expect(c1.verdict.logs.map(\.rule) == [.s3])
    #expect(c1.verdict.logs.map(\.call) == [2])
    let c2 = report.failures[1]
    #expect(c2.old.description == #"[[0,["a"]]]"#)
    #expect(c2.new.description == #"[[0,[{"id":"a","content":1}]]]"#)
    #expect(report.failures.allSatisfy { $0.isProvenMinimal })
    #expect(report.failures.allSatisfy { $0.replayAgrees })
    #expect(report.casesRun == report.exhaustiveCases + 300)
  }

  @Test("right code passes: a builder given old and new, and the same under reloadData")
  func rightCode() {
    let report = checkSnapshotBuilder(options: Self.quick) {
      (old: SnapshotCheckModel, new: SnapshotCheckModel) -> SimulatedSnapshot<Int, String> in
      PlantedSnapshotCode.right(old: old, new: new)
    }
    #expect(report.passed, "\(report)")
    #expect(report.failedCases == 0)
    #expect(report.warningCases == 0)
    var reload = Self.quick
    reload.apply = .reloadData
    // Under reloadData no cell is stale: the naive builder keeps S1 and C1 only.
    #expect(
      Self.naiveReport(reload).failures.map(\.kind.description) == [
        "exception S1", "wrongRows C1",
      ])
  }

  @Test("shrinking re-runs the code: from random models alone, down to the same minimum")
  func shrinksByRunningTheCode() throws {
    let counter = RunCounter()
    let options = SnapshotCheckOptions(count: 300, exhaustiveTotal: 0)
    let report = checkSnapshotBuilder(options: options) {
      (model: SnapshotCheckModel) -> SimulatedSnapshot<Int, String> in
      counter.runs += 1
      return PlantedSnapshotCode.naive(model)
    }
    #expect(report.exhaustiveCases == 0)
    #expect(counter.runs == report.codeRuns)
    let shrinkRuns = report.failures.map(\.shrinkCalls).reduce(0, +)
    #expect(shrinkRuns > 0)
    #expect(counter.runs == 300 + shrinkRuns)
    let c1 = try #require(report.failures.first { $0.kind.rule == .c1 })
    #expect(c1.phase == .random)
    #expect(c1.caseSeed != nil)
    #expect(c1.originalRows > c1.rows)
    #expect(c1.new.description == #"[[0,["a"]],[1,["a"]]]"#)
    #expect(c1.isProvenMinimal)
  }

  @Test("proven minimal: no model one step smaller fails the same way")
  func provenMinimal() throws {
    let report = Self.naiveReport()
    let trial = SnapshotTrial<Int, String>(
      shape: .builder, apply: .animated, keyed: false, sectionID: { $0 }, itemID: { $0.id },
      code: { _, new, _ in PlantedSnapshotCode.naive(new) })
    for failure in report.failures {
      let pair = SnapshotModelPair(old: failure.old, new: failure.new)
      #expect(trial.run(pair).kind == failure.kind)
      for smaller in Self.oneStepSmaller(pair) {
        #expect(trial.run(smaller).kind != failure.kind, "\(failure.kind): \(smaller)")
      }
    }
  }

  /// Every pair one row or one section smaller than `pair`.
  static func oneStepSmaller(_ pair: SnapshotModelPair) -> [SnapshotModelPair] {
    var smaller: [SnapshotModelPair] = []
    for side in [\SnapshotModelPair.old, \.new] {
      for section in pair[keyPath: side].sections.indices {
        var without = pair
        without[keyPath: side].sections.remove(at: section)
        smaller.append(without)
        for row in pair[keyPath: side].sections[section].rows.indices {
          var less = pair
          less[keyPath: side].sections[section].rows.remove(at: row)
          smaller.append(less)
        }
      }
    }
    return smaller
  }

  @Test("the replay line carries the calls: replayed without the code, the same verdict")
  func replay() throws {
    let report = Self.naiveReport()
    for failure in report.failures {
      let script = SnapshotScript(
        start: .empty, apply: .animated, old: failure.script.old, calls: failure.calls,
        new: failure.intended)
      let verdict = script.verdict
      #expect(verdict.kind == failure.verdict.kind)
      #expect(verdict.rule == failure.verdict.rule)
      #expect(verdict.call == failure.verdict.call)
      #expect(verdict.message == failure.verdict.message)
      #expect(failure.replayLine.contains(#""calls":"# + SnapshotCaseJSON.calls(failure.calls)))
      #expect(failure.replayLine.contains(#""start":"empty""#))
      let rule = try #require(failure.kind.rule)
      #expect(
        failure.replayLine.contains(
          #""expect":{"verdict":"\#(failure.kind.verdict)","rule":"\#(rule)""#))
    }
    let c1 = report.failures[2]
    #expect(
      c1.replayLine
        == #"{"name":"naive-wrongRows-C1","contract":"snapshot","start":"empty","old":[],"calls":[{"op":"appendSections","ids":[0,1]},{"op":"appendItems","ids":["a"],"section":0},{"op":"appendItems","ids":["a"],"section":1}],"new":[[0,["a"]],[1,[]]],"expect":{"verdict":"wrongRows","rule":"C1"}}"#
    )
  }

  @Test("an editor starts from old: a logged S3 on its own, and S8 from a move onto itself")
  func editors() throws {
    let reappending = checkSnapshotEditor(options: Self.quick) {
      (snapshot: inout SimulatedSnapshot<Int, String>, _, new) in
      PlantedSnapshotCode.reappending(&snapshot, new: new)
    }
    let logged = try #require(reappending.failures.first { $0.kind.verdict == .logged })
    #expect(logged.kind.rule == .s3)
    #expect(logged.old.description == #"[[0,["a"]]]"#)
    #expect(logged.new.description == #"[[0,["a"]]]"#)
    #expect(logged.verdict.final.map { SnapshotCaseJSON.final($0) } == #"[[0,["a"]]]"#)
    #expect(logged.script.start == .old)
    #expect(logged.isProvenMinimal)
    let selfMoving = checkSnapshotEditor(options: Self.quick) {
      (snapshot: inout SimulatedSnapshot<Int, String>, _, new) in
      PlantedSnapshotCode.selfMoving(&snapshot, new: new)
    }
    let s8 = try #require(selfMoving.failures.first { $0.kind.rule == .s8 })
    #expect(s8.rows == 1)
    #expect(s8.old.description == "[]")
    #expect(s8.new.description == #"[[0,["a"]]]"#)
    let raised = try #require(s8.verdict.call)
    #expect(SnapshotCaseJSON.call(s8.calls[raised]) == #"{"op":"moveItem","id":"a","after":"a"}"#)
  }

  @Test("ids with content: Q1 warnings, never a failure")
  func contentInIdentity() {
    var options = Self.quick
    options.contentInIdentity = true
    let report = checkSnapshotBuilder(options: options) {
      (old: SnapshotCheckModel, new: SnapshotCheckModel) -> SimulatedSnapshot<Int, String> in
      PlantedSnapshotCode.right(old: old, new: new)
    }
    #expect(report.passed)
    #expect(report.warningCases > 0)
    #expect(report.firstWarning?.hasPrefix("Q1: the row with key") == true)
    #expect(report.renderText().contains("with a warning; the first: Q1"))
    // A content change is a new id: the naive builder has no stale cell.
    let naive = Self.naiveReport(options)
    #expect(!naive.failures.contains { $0.kind.rule == .c2 })
    #expect(naive.failures.first?.new.description == "[[0,[]],[0,[]]]")
  }

  @Test("the same seed gives the same report; another seed other random models")
  func determinism() {
    let options = SnapshotCheckOptions(count: 200, exhaustiveTotal: 0)
    let first = Self.naiveReport(options).renderText()
    #expect(Self.naiveReport(options).renderText() == first)
    var other = options
    other.seed = 42
    let second = Self.naiveReport(other)
    #expect(second.renderText() != first)
    #expect(second.failures.map(\.kind) == Self.naiveReport(options).failures.map(\.kind))
    #expect(
      SnapshotModelPair.random(seed: 9, options: options) == .random(seed: 9, options: options))
  }

  @Test("code with ids of its own: mapping closures, UIKit's text for its ids, a faithful replay")
  func ownIDs() throws {
    func pages(_ model: SnapshotCheckModel) -> SimulatedSnapshot<String, PostID> {
      var snapshot = SimulatedSnapshot<String, PostID>()
      snapshot.appendSections(model.sections.map { "page-\($0.id)" })
      for section in model.sections {
        snapshot.appendItems(
          section.rows.map { PostID(raw: $0.id) }, toSection: "page-\(section.id)")
      }
      return snapshot
    }
    let report = checkSnapshotBuilder(
      options: Self.quick, sectionID: { "page-\($0)" }, itemID: { PostID(raw: $0.id) },
      build: { pages($0) })
    let c1 = try #require(report.failures.first { $0.kind.rule == .c1 })
    #expect(c1.new.description == #"[[0,["a"]],[1,["a"]]]"#)
    let post = SnapshotIdentifier(describing: PostID(raw: "a"))
    #expect(c1.calls.last == .appendItems([post], toSection: "page-1"))
    #expect(c1.replayAgrees)
    #expect(c1.script.verdict.kind == .wrongRows)
    #expect(
      c1.verdict.logs.first?.message.hasSuffix(
        "Item identifier that already exists: \(String(reflecting: PostID(raw: "a")))") == true)
  }

  @Test("a shrink out of budget is not proven minimal, and the report says so")
  func budget() throws {
    var options = Self.quick
    options.shrinkBudget = 0
    let report = Self.naiveReport(options)
    #expect(!report.failures.isEmpty)
    #expect(report.failures.allSatisfy { !$0.isProvenMinimal && $0.shrinkCalls == 0 })
    #expect(report.renderText().contains("  minimal:  not proven: the shrink budget ran out"))
  }

  @Test("the text and the JSON of a report")
  func rendering() throws {
    let report = Self.naiveReport()
    let text = report.renderText()
    #expect(
      text.hasPrefix(
        "check snapshot builder naive (start empty, apply animated), run seed 0x00ba7c4ec4ec0001\n")
    )
    #expect(text.contains("3 kinds of failure, smallest first:"))
    #expect(text.contains("    >   0 {\"op\":\"appendSections\",\"ids\":[0,0]}  (raised S1)"))
    #expect(
      text.contains("        2 {\"op\":\"appendItems\",\"ids\":[\"a\"],\"section\":1}  (S3 logged)")
    )
    #expect(text.contains("  final:    [[0,[]],[1,[\"a\"]]]\n  intended: [[0,[\"a\"]],[1,[]]]"))
    #expect(
      text.hasSuffix(
        "\(report.casesRun - report.failedCases) passed, \(report.failedCases) failed\n"))
    let json = report.renderJSON()
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(object["passed"] as? Bool == false)
    #expect(object["seed"] as? String == "0x00ba7c4ec4ec0001")
    let failures = try #require(object["failures"] as? [[String: Any]])
    #expect(failures.map { $0["rule"] as? String } == ["S1", "C2", "C1"])
    #expect(failures[2]["logs"] as? [Int] == [2])
    #expect((failures[2]["replay"] as? [String: Any])?["contract"] as? String == "snapshot")
    #expect(failures[0]["final"] is NSNull)
  }
}
