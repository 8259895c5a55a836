import BatchCheck
import Testing

@testable import ReferenceDiffs

@Suite("Reference snapshot generators")
struct ReferenceSnapshotGeneratorsTests {
  /// The main job's options, with fewer random models.
  static let options = SnapshotCheckOptions(count: 300)

  static func report(_ name: String, _ options: SnapshotCheckOptions = options) throws
    -> SnapshotCheckReport
  {
    try #require(ReferenceSnapshotGenerators.checks.first { $0.name == name }).run(options)
  }

  @Test("the registry: names, shapes and expected kinds, each check's report named after it")
  func registry() throws {
    let checks = ReferenceSnapshotGenerators.checks
    #expect(
      checks.map(\.name) == [
        "rightBuilder", "pagingBuilder", "staleBuilder", "rightEditor", "anchorEditor",
      ])
    #expect(checks.map(\.shape) == [.builder, .builder, .builder, .editor, .editor])
    for check in checks {
      let report = check.run(SnapshotCheckOptions(count: 50, exhaustiveTotal: 2))
      #expect(report.name == check.name)
      #expect(report.shape == check.shape)
    }
  }

  @Test("the right builder and the right editor pass, with contents and with ids holding content")
  func rightOnes() throws {
    var withContent = Self.options
    withContent.contentInIdentity = true
    for name in ["rightBuilder", "rightEditor"] {
      let report = try Self.report(name)
      #expect(report.passed, "\(report)")
      #expect(report.casesRun == report.exhaustiveCases + 300)
      let churn = try Self.report(name, withContent)
      #expect(churn.passed, "\(churn)")
      #expect(churn.warningCases > 0)
    }
  }

  @Test("pagingBuilder: S1 for a page that repeats a row, C1 with S3 for pages that overlap")
  func pagingBuilder() throws {
    let report = try Self.report("pagingBuilder")
    #expect(report.failures.map(\.kind) == ReferenceSnapshotGenerators.checks[1].expected)
    let s1 = report.failures[0]
    #expect(s1.new.description == #"[[0,["a","a"]]]"#)
    #expect(s1.old.description == "[]")
    #expect(s1.verdict.call == 1)
    let c1 = report.failures[1]
    #expect(c1.new.description == #"[[0,["a"]],[1,["a"]]]"#)
    #expect(c1.rows == 2)
    #expect(c1.verdict.logs.map(\.rule) == [.s3])
    #expect(c1.verdict.final.map { SnapshotCaseJSON.final($0) } == #"[[0,[]],[1,["a"]]]"#)
    #expect(report.failures.allSatisfy { $0.isProvenMinimal && $0.replayAgrees })
  }

  @Test("staleBuilder: C2 at one kept row whose content changed; none when ids hold content")
  func staleBuilder() throws {
    let report = try Self.report("staleBuilder")
    #expect(report.failures.map(\.kind) == ReferenceSnapshotGenerators.checks[2].expected)
    let c2 = try #require(report.failures.first)
    #expect(c2.old.description == #"[[0,["a"]]]"#)
    #expect(c2.new.description == #"[[0,[{"id":"a","content":1}]]]"#)
    #expect(c2.isProvenMinimal)
    #expect(c2.script.verdict.kind == .staleContent)
    var withContent = Self.options
    withContent.contentInIdentity = true
    let churn = try Self.report("staleBuilder", withContent)
    #expect(churn.passed)
  }

  @Test("anchorEditor: S5 when the next row is new too, C1 when it sits in another section")
  func anchorEditor() throws {
    let report = try Self.report("anchorEditor")
    #expect(report.failures.map(\.kind) == ReferenceSnapshotGenerators.checks[4].expected)
    let s5 = report.failures[0]
    #expect(s5.old.description == "[]")
    #expect(s5.new.description == #"[[0,["a","b"]]]"#)
    let raised = try #require(s5.verdict.call)
    #expect(
      SnapshotCaseJSON.call(s5.calls[raised]) == #"{"op":"insertItems","ids":["a"],"before":"b"}"#)
    let c1 = report.failures[1]
    #expect(c1.rows == 3)
    #expect(c1.old.description == #"[[0,["a"]]]"#)
    #expect(c1.new.description == #"[[0,[]],[1,["b","a"]]]"#)
    #expect(report.failures.allSatisfy { $0.isProvenMinimal && $0.replayAgrees })
  }

  @Test("from random models alone the failing ones shrink to the same minimum")
  func randomOnly() throws {
    let options = SnapshotCheckOptions(count: 500, exhaustiveTotal: 0)
    let full = try Self.report("pagingBuilder")
    let random = try Self.report("pagingBuilder", options)
    #expect(random.failures.map(\.kind) == full.failures.map(\.kind))
    #expect(random.failures.map(\.new) == full.failures.map(\.new))
    #expect(random.failures.allSatisfy { $0.phase == .random && $0.isProvenMinimal })
  }

  @Test(
    "the editors' pieces as UIKit's calls: a section moved to the top, a row into an empty section")
  func editorCalls() {
    var snapshot = SimulatedSnapshot<Int, String>(sections: [(0, ["a"]), (1, ["b"])])
    let old = SnapshotCheckModel(sections: [
      .init(id: 0, rows: [.init(key: "a")]), .init(id: 1, rows: [.init(key: "b")]),
    ])
    let new = SnapshotCheckModel(sections: [
      .init(id: 1, rows: []), .init(id: 0, rows: [.init(key: "a"), .init(key: "b")]),
    ])
    ReferenceSnapshotGenerators.rightEditor(&snapshot, old: old, new: new)
    #expect(snapshot.exception == nil)
    #expect(snapshot.contents.map(\.section) == [1, 0])
    #expect(snapshot.contents.map(\.items) == [[], ["a", "b"]])
    #expect(snapshot.calls.contains(.moveSection(1, .before(0))))
  }
}
