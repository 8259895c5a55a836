import BatchCheckTesting
import Testing

/// The README's feed builder, as it shows it.
private func feedSnapshot<Snapshot: SnapshotEditing>(_ model: SnapshotCheckModel) -> Snapshot
where Snapshot.SectionIdentifierType == Int, Snapshot.ItemIdentifierType == String {
  var snapshot = Snapshot()
  snapshot.appendSections(model.sections.map(\.id))
  for page in model.sections { snapshot.appendItems(page.rows.map(\.id), toSection: page.id) }
  return snapshot
}

@Suite("README: diffable snapshot code")
struct ReadmeSnapshotTests {
  @Test("the README's builder fails as the README says: S1 and C1 with S3, each its own issue")
  func readmeClaims() {
    var report: SnapshotCheckReport?
    let recorded = capturingRecords {
      report = expectValidSnapshots(
        checkSnapshotBuilder { (model: SnapshotCheckModel) -> SimulatedSnapshot<Int, String> in
          feedSnapshot(model)
        })
    }
    let failures = report?.failures ?? []
    let kinds = failures.map(\.kind.description)
    #expect(kinds.contains("exception S1") && kinds.contains("wrongRows C1"), "\(kinds)")
    #expect(
      failures.first { $0.kind.description == "exception S1" }?.verdict.message?.hasPrefix(
        "Fatal: supplied section identifiers are not unique") == true)
    #expect(
      failures.first { $0.kind.description == "wrongRows C1" }?.verdict.logs.map(\.rule) == [.s3])
    #expect(recorded.issues.count == failures.count)
  }
}
