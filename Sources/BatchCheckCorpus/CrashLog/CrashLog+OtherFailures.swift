import BatchCheck

// Lines that name a Swift trap, another exception or an Auto Layout
// warning: not batch-update exceptions.
extension CrashLog {
  /// What a line of `otherFailures` is, in words: "a Swift runtime trap",
  /// "an Auto Layout warning, not a crash", "another exception".
  package static func kind(ofOther line: String) -> String {
    let folded = line.lowercased()
    if folded.contains("unable to simultaneously satisfy constraints") {
      return "an Auto Layout warning about conflicting constraints, not a crash"
    }
    if folded.contains("diffabledatasource apis") {
      return
        "a direct mutation of a view whose data source is diffable, not a batch-update rule: call apply on the data source"
    }
    if folded.contains("received layout attributes")
      || folded.contains("request for number of items")
    {
      return
        "a collection view layout that answered for a data source it no longer matches (invalidate the layout when the data changes), not a batch-update rule"
    }
    if folded.contains("exc_bad_access") {
      return "a memory access crash (EXC_BAD_ACCESS)"
    }
    if folded.contains("fatal error") || folded.contains("failed") {
      return "a Swift runtime trap"
    }
    return "another exception"
  }

  /// Lines naming a Swift trap, an exception other than
  /// NSInternalInconsistencyException, or an Auto Layout warning.
  static func otherFailures(in text: CrashLogText) -> [String] {
    let traps = [
      "Fatal error:", "Precondition failed", "Assertion failed",
      "Unable to simultaneously satisfy constraints",
      "EXC_BAD_ACCESS",
      "received layout attributes for a cell with an index path that does not exist",
      "request for number of items in section",
      "UITableView must be updated via the UITableViewDiffableDataSource APIs",
      "UICollectionView must be updated via the UICollectionViewDiffableDataSource APIs",
    ].map(CrashLogText.squeezed)
    let uncaught = CrashLogText.squeezed("uncaught exception '")
    let internalInconsistency = CrashLogText.squeezed("NSInternalInconsistencyException")
    let found = text.occurrences(of: traps + [uncaught])
    var starts: [Int] = []
    for trap in traps { starts += found[trap] ?? [] }
    for position in found[uncaught] ?? []
    where !text.has(internalInconsistency, at: position + uncaught.count) {
      starts.append(position)
    }
    var lines: [String] = []
    var seenLines: Set<Int> = []
    for start in starts.sorted() where seenLines.insert(text.line(ofStripped: start)).inserted {
      let from = text.origin[start]
      let end = text.original[from...].firstIndex(of: UInt8(ascii: "\n")) ?? text.original.count
      let line = String(decoding: text.original[from..<end], as: UTF8.self)
      lines.append(line.trimmingTrailingSpace)
    }
    return lines
  }
}

extension String {
  fileprivate var trimmingTrailingSpace: String {
    String(reversed().drop { $0 == " " || $0 == "\r" || $0 == "\t" }.reversed())
  }
}
