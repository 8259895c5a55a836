import BatchCheck

extension CheckReport {
  /// The whole report as one text: nil when the run passed, else a first
  /// line (the smallest failure, and how many kinds there are) and the
  /// report. The helpers record one issue per kind instead; this is for a
  /// log or a custom assertion.
  ///
  ///     report.failureText  // "BatchCheck: diff fails (exception R2) ...\n\ncheck diff, run seed ..."
  public var failureText: String? {
    guard let first = failures.first else { return nil }
    let kinds = failures.filter { $0.coverage == nil }.count
    let more = kinds > 1 ? " (and \(kinds - 1) more kind\(kinds == 2 ? "" : "s") of failure)" : ""
    return "BatchCheck: \(generator) fails (\(first.kind)): \(first.message)\(more)\n\n"
      + renderText()
  }
}
