import BatchCheck

// The diffable snapshot's part of `batchcheck bench`: building a large
// snapshot, next to building the plainest index of the same ids.
extension BenchCommand {
  /// Builds a snapshot of `--rows` `Int` items in about √rows sections
  /// (1,000 sections of 1,000 items at the default 1,000,000) as a data
  /// source's builder does, `appendSections` then one
  /// `appendItems(_:toSection:)` per section, every check of UIKit's run;
  /// and, side by side, an `[Int]` of the same ids with an `[Int: Int]`
  /// index (id to position), appended section by section. Prints both
  /// best times and their ratio.
  ///
  ///     // snapshot: 1000000 items in 1000 sections, appendSections then appendItems per section (best of 5)
  ///     //   SimulatedSnapshot: 0.080 s; [Int] + [Int: Int] index: 0.050 s; ratio 1.600x
  func snapshotBench() -> String {
    let sectionCount = max(1, Int(Double(rows).squareRoot()))
    let chunks = (0..<sectionCount).map { section in
      Array(section * rows / sectionCount..<(section + 1) * rows / sectionCount)
    }
    let (snapshotSeconds, snapshot) = best { () -> SimulatedSnapshot<Int, Int> in
      var snapshot = SimulatedSnapshot<Int, Int>()
      snapshot.appendSections(Array(0..<sectionCount))
      for (section, ids) in chunks.enumerated() { snapshot.appendItems(ids, toSection: section) }
      return snapshot
    }
    let (plainSeconds, plain) = best { () -> (ids: [Int], index: [Int: Int]) in
      var ids: [Int] = []
      var index: [Int: Int] = [:]
      for chunk in chunks {
        for id in chunk {
          index[id] = ids.count
          ids.append(id)
        }
      }
      return (ids, index)
    }
    let state =
      snapshot.exception == nil && snapshot.numberOfItems == plain.index.count
      ? ""
      : " (the snapshot does not hold them all: \(snapshot.exception?.message ?? "wrong count"))"
    return
      "snapshot: \(rows) items in \(sectionCount) sections, appendSections then appendItems per"
      + " section (best of \(repeats))\(state)\n"
      + "  SimulatedSnapshot: \(Self.format(snapshotSeconds)) s; [Int] + [Int: Int] index:"
      + " \(Self.format(plainSeconds)) s; ratio \(Self.format(snapshotSeconds / max(plainSeconds, 1e-9)))x\n"
  }
}
