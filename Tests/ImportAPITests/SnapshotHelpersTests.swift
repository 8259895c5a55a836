import BatchCheckTesting
import Testing

/// A feed builder generic over `SnapshotEditing`, as an app writes it:
/// every page, then each page's rows. With `unique`, each page and each
/// row goes in once, at its first occurrence: the fix of overlapping pages.
private func feed<Snapshot: SnapshotEditing>(_ model: SnapshotCheckModel, unique: Bool) -> Snapshot
where Snapshot.SectionIdentifierType == Int, Snapshot.ItemIdentifierType == String {
  let pages = unique ? model.firstOccurrences.sections : model.sections
  var snapshot = Snapshot()
  var seen = Set<Int>()
  snapshot.appendSections(pages.map(\.id).filter { seen.insert($0).inserted })
  for page in pages {
    snapshot.appendItems(page.rows.map(\.id), toSection: page.id)
  }
  return snapshot
}

/// An id whose `==` compares fewer fields than its hash.
private struct Leaky: Hashable {
  var id: String
  var likes: Int
  static func == (lhs: Leaky, rhs: Leaky) -> Bool { lhs.id == rhs.id }
  func hash(into hasher: inout Hasher) {
    hasher.combine(id)
    hasher.combine(likes)
  }
}

@Suite("Test helpers: diffable snapshots and identifier laws")
struct SnapshotHelpersTests {
  static var options: SnapshotCheckOptions {
    var options = SnapshotCheckOptions()
    options.count = 200
    return options
  }

  @Test("overlapping pages: one issue per kind at the caller, with the three attachments")
  func overlappingPages() throws {
    var report: SnapshotCheckReport?
    let recorded = capturingRecords {
      report = expectValidSnapshots(
        checkSnapshotBuilder(named: "paged feed", options: Self.options) {
          (model: SnapshotCheckModel) -> SimulatedSnapshot<Int, String> in
          feed(model, unique: false)
        })
    }
    let failures = try #require(report?.failures)
    #expect(failures.map(\.kind.description).contains("wrongRows C1"))
    #expect(recorded.issues.count == failures.count)
    for (issue, failure) in zip(recorded.issues, failures) {
      // The title: the kind, the smallest models' size, whether proven minimal.
      let minimal = failure.isProvenMinimal ? "proven minimal" : "not proven minimal"
      let title =
        "BatchCheck: paged feed fails: \(failure.kind) at \(failure.rows) row\(failure.rows == 1 ? "" : "s"), \(minimal)"
      #expect(issue.hasPrefix(title), "\(issue)")
      #expect(issue.contains("  replay:   \(failure.replayLine)"))
    }
    #expect(
      recorded.attachments.map(\.name)
        == [
          "paged_feed.batchcheck.html", "paged_feed.batchcheck.json",
          "paged_feed.regressions.jsonl",
        ])
    let html = try #require(recorded.attachments.first?.contents)
    #expect(html.contains("<li class=\"logged-call\">") && html.contains("table class=\"states\""))
    let lines = recorded.attachments.last?.contents.split(separator: "\n") ?? []
    #expect(lines.count == failures.count)
    #expect(lines.allSatisfy { $0.contains(#""contract":"snapshot""#) })
  }

  @Test("the fix passes and records nothing, through the closure form too")
  func uniquePages() {
    // Applied with reloadData: a builder that reconfigures nothing shows no stale cell then.
    var options = Self.options
    options.apply = .reloadData
    let recorded = capturingRecords {
      let report = expectValidSnapshots(
        options: options, sectionID: { $0 }, itemID: { $0.id }
      ) { (model: SnapshotCheckModel) -> SimulatedSnapshot<Int, String> in
        feed(model, unique: true)
      }
      #expect(report.passed)
    }
    #expect(recorded.issues.isEmpty && recorded.attachments.isEmpty)
  }

  @Test("a Hashable that breaks its law: one issue, UIKit's text, the two values")
  func leakyIdentifiers() {
    let recorded = capturingRecords {
      let breaches = expectLawfulIdentifiers {
        // Likes from the content's text, the same in every process (a
        // `hashValue` is seeded per process, and could make them agree).
        Leaky(
          id: "\($0.id)",
          likes: "\($0.content)".unicodeScalars.reduce(7) { $0 &* 31 &+ Int($1.value) })
      }
      #expect(breaches.map(\.rule) == [.s12])
    }
    #expect(recorded.issues.count == 1)
    #expect(
      recorded.issues.first?.contains(
        "UIKit at apply: Diffable data source detected item identifiers that are equal but have different hash values."
      ) == true)
    #expect(capturingRecords { expectLawfulIdentifiers(["a", "b", "a"]) }.issues.isEmpty)
  }
}
