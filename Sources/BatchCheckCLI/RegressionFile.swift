import BatchCheck
import BatchCheckCorpus
import Foundation

/// A generator's regression corpus: `<folder>/<generator>.jsonl`, replayed
/// first by `check --save-regressions <folder>`, and appended to with each
/// new smallest counterexample.
struct RegressionFile {
  /// The file's path.
  let path: String

  init(folder: String, generator: String) {
    let safeName = String(
      generator.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
    path = (folder as NSString).appendingPathComponent(safeName + ".jsonl")
  }

  /// The file's cases as (old, new) pairs; none when the file does not exist yet.
  ///
  /// - Throws: `.unreadableFile` or `.malformedLine` (exit 65).
  func pairs() throws(CommandError) -> [(old: [[Row]], new: [[Row]])] {
    guard FileManager.default.fileExists(atPath: path) else { return [] }
    let lines: [CaseLine]
    do throws(CaseFileError) {
      lines = try CaseFile.read(atPath: path)
    } catch {
      throw .unreadableFile(error)
    }
    var pairs: [(old: [[Row]], new: [[Row]])] = []
    for line in lines {
      switch line.result {
      case .success(let testCase): pairs.append((testCase.old, testCase.new))
      case .failure(let error): throw .malformedLine(error)
      }
    }
    return pairs
  }

  /// Appends the lines whose (old, new) pair is not in the file yet,
  /// atomically: the file is rewritten through a temporary file and a
  /// rename, so an interrupted write leaves the earlier lines intact.
  ///
  /// The file keeps its own line breaks: a line already there is known
  /// whether it ends in LF or CRLF, and the new lines end like the file's
  /// first line (CRLF when it ends in CRLF, else LF). A last line without a
  /// line break gets one, in that style, before the new lines.
  ///
  /// - Returns: how many lines were added (the others were known).
  /// - Throws: `.unwritableFile` when the folder or the file cannot be written.
  @discardableResult
  func append(_ lines: [String]) throws(CommandError) -> Int {
    guard !lines.isEmpty else { return 0 }
    let url = URL(fileURLWithPath: path)
    var text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    func pair(_ line: String) -> [[[Row]]]? {
      (try? Case(jsonLine: line)).map { [$0.old, $0.new] }
    }
    let existing = Self.lines(of: text)
    var known = Set(existing.lines.compactMap(pair))
    let added = lines.filter { line in pair(line).map { known.insert($0).inserted } ?? true }
    guard !added.isEmpty else { return 0 }
    let lineBreak = existing.lineBreak
    if !text.isEmpty, text.unicodeScalars.last != "\n" { text += lineBreak }
    text += added.joined(separator: lineBreak) + lineBreak
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    } catch {
      throw .unwritableFile(path, reason: error.localizedDescription)
    }
    try writeAtomically(text, to: path)
    return added.count
  }

  /// The lines of a file's text, split at LF with a CR before it dropped
  /// (and a byte order mark at the start), and the file's line break: CRLF
  /// when its first line ends so, else LF.
  ///
  ///     RegressionFile.lines(of: "a\r\nb")   // (["a", "b"], "\r\n")
  static func lines(of text: String) -> (lines: [String], lineBreak: String) {
    // By scalars: as Characters, "\r\n" is one and never equals "\n".
    var scalars = Substring(text).unicodeScalars
    if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
    let lines = scalars.split(separator: "\n").map { line in
      String(Substring(line.last == "\r" ? line.dropLast() : line))
    }
    var lineBreak = "\n"
    if let end = scalars.firstIndex(of: "\n"), end > scalars.startIndex,
      scalars[scalars.index(before: end)] == "\r"
    {
      lineBreak = "\r\n"
    }
    return (lines, lineBreak)
  }
}
