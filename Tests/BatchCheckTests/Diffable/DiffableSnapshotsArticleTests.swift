import Foundation
import Testing

@testable import BatchCheck

// The code of DiffableSnapshots.md, as the article shows it: each region
// between the markers is one of its Swift blocks, word for word (the test
// below reads this file and the article and compares them).

// article: begin
struct FeedPost {
  var id: String
  var revision: Int
}

struct FeedPage {
  var number: Int
  var posts: [FeedPost]
}

/// The feed's snapshot: a section per page loaded, its posts in order,
/// and the posts edited since `previous` reconfigured.
func feedSnapshot<Snapshot: SnapshotEditing>(pages: [FeedPage], previous: [FeedPage]) -> Snapshot
where Snapshot.SectionIdentifierType == Int, Snapshot.ItemIdentifierType == String {
  var snapshot = Snapshot()
  snapshot.appendSections(pages.map(\.number))
  for page in pages {
    snapshot.appendItems(page.posts.map(\.id), toSection: page.number)
  }
  let edited = editedPosts(pages, since: previous)
  if !edited.isEmpty { snapshot.reconfigureItems(edited) }
  return snapshot
}

/// The posts whose revision changed since `previous`, each once.
func editedPosts(_ pages: [FeedPage], since previous: [FeedPage]) -> [String] {
  var revisions: [String: Int] = [:]
  for post in previous.flatMap(\.posts) where revisions[post.id] == nil {
    revisions[post.id] = post.revision
  }
  var edited: [String] = []
  for post in pages.flatMap(\.posts)
  where revisions[post.id, default: post.revision] != post.revision && !edited.contains(post.id) {
    edited.append(post.id)
  }
  return edited
}
// article: end

// article: begin
func feedPages(_ model: SnapshotCheckModel) -> [FeedPage] {
  model.sections.map { section in
    FeedPage(
      number: section.id,
      posts: section.rows.map { FeedPost(id: $0.id, revision: $0.content) })
  }
}

func checkFeedSnapshot() -> SnapshotCheckReport {
  checkSnapshotBuilder(named: "feedSnapshot") {
    (old: SnapshotCheckModel, new: SnapshotCheckModel) -> SimulatedSnapshot<Int, String> in
    feedSnapshot(pages: feedPages(new), previous: feedPages(old))
  }
}
// article: end

// article: begin
func shownPages(_ pages: [FeedPage]) -> [FeedPage] {
  var numbers = Set<Int>()
  var posts = Set<String>()
  return pages.filter { numbers.insert($0.number).inserted }.map { page in
    FeedPage(number: page.number, posts: page.posts.filter { posts.insert($0.id).inserted })
  }
}

func checkFixedFeedSnapshot() -> SnapshotCheckReport {
  checkSnapshotBuilder(named: "feedSnapshot") {
    (old: SnapshotCheckModel, new: SnapshotCheckModel) -> SimulatedSnapshot<Int, String> in
    feedSnapshot(pages: shownPages(feedPages(new)), previous: feedPages(old))
  }
}
// article: end

@Suite("The article on diffable snapshot code")
struct DiffableSnapshotsArticleTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func text(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  static let article = "Sources/BatchCheck/BatchCheck.docc/DiffableSnapshots.md"

  @Test("the article's Swift blocks are the code this test runs, word for word")
  func codeBlocks() throws {
    let source = try Self.text("Tests/BatchCheckTests/Diffable/DiffableSnapshotsArticleTests.swift")
    let regions = source.components(separatedBy: "// article: begin\n").dropFirst().map {
      $0.components(separatedBy: "// article: end\n")[0]
    }
    #expect(regions.count == 3)
    let article = try Self.text(Self.article)
    for region in regions {
      #expect(article.contains("```swift\n" + region + "```\n"), "missing block:\n\(region)")
    }
  }

  @Test("the paged feed: S1 for a page loaded twice, C1 with S3 for pages that overlap")
  func findings() throws {
    let report = checkFeedSnapshot()
    #expect(report.failures.map(\.kind.description) == ["exception S1", "wrongRows C1"])
    let s1 = report.failures[0]
    #expect(s1.new.description == "[[0,[]],[0,[]]]")
    #expect(s1.rows == 0)
    let c1 = report.failures[1]
    #expect(c1.old.description == "[]")
    #expect(c1.new.description == #"[[0,["a"]],[1,["a"]]]"#)
    #expect(c1.rows == 2)
    #expect(c1.verdict.logs.map(\.rule) == [.s3])
    #expect(report.failures.allSatisfy { $0.isProvenMinimal })
    // The article shows the report's block of each kind as the check prints it.
    let article = try Self.text(Self.article)
    for failure in report.failures {
      let block = failure.textLines().joined(separator: "\n")
      #expect(article.contains(block + "\n"), "missing:\n\(block)")
    }
    #expect(
      article.contains(
        "\(report.casesRun - report.failedCases) passed, \(report.failedCases) failed"))
  }

  @Test("the fix passes, and the article says so")
  func fix() throws {
    let report = checkFixedFeedSnapshot()
    #expect(report.passed, "\(report)")
    let article = try Self.text(Self.article)
    #expect(article.contains("\(report.casesRun) passed, 0 failed"))
  }
}
