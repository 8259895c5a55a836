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
    let safeName = String(generator.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
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
  /// - Throws: `.unwritableFile` when the folder or the file cannot be written.
  func append(_ lines: [String]) throws(CommandError) {
    guard !lines.isEmpty else { return }
    let url = URL(fileURLWithPath: path)
    var text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    func pair(_ line: Substring) -> [[[Row]]]? {
      (try? Case(jsonLine: String(line))).map { [$0.old, $0.new] }
    }
    var known = Set(text.split(separator: "\n").compactMap(pair))
    let added = lines.filter { line in pair(Substring(line)).map { known.insert($0).inserted } ?? true }
    guard !added.isEmpty else { return }
    if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
    text += added.joined(separator: "\n") + "\n"
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    } catch {
      throw .unwritableFile(path, reason: error.localizedDescription)
    }
    try writeAtomically(text, to: path)
  }
}
