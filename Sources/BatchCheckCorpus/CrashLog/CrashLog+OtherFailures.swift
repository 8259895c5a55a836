import BatchCheck

// Lines that name a Swift trap or another exception: not batch-update exceptions.
extension CrashLog {
  /// Lines naming a Swift trap or an exception other than NSInternalInconsistencyException.
  static func otherFailures(in text: CrashLogText) -> [String] {
    let traps = ["Fatal error:", "Precondition failed", "Assertion failed"].map(
      CrashLogText.squeezed)
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
