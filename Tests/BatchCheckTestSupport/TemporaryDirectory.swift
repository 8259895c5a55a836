import Foundation

/// A fresh temporary directory for the files a test writes (case files,
/// planted generator scripts, reports), removed by `remove()` or when the
/// last reference to it goes.
///
///     let files = try TemporaryDirectory()
///     let corpus = try files.write("cases.jsonl", [#"{"old":["a"],"new":["a"]}"#])
///     let script = try files.file("generator.py", "print('{}')")
package final class TemporaryDirectory: Sendable {
  /// The directory, created by `init`.
  package let directory: URL

  /// Creates a directory named `prefix` and a fresh UUID in the system's
  /// temporary directory.
  package init(prefix: String = "batchcheck-test") throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  deinit {
    remove()
  }

  /// The path of `name` in the directory; nothing is written.
  package func path(_ name: String) -> String {
    directory.appendingPathComponent(name).path
  }

  /// Writes `text` to `name` as it is; returns its path.
  package func file(_ name: String, _ text: String) throws -> String {
    let path = path(name)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// Writes `lines` (each followed by a line break) to `name`; returns its path.
  package func write(_ name: String, _ lines: [String]) throws -> String {
    let url = directory.appendingPathComponent(name)
    try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: url)
    return url.path
  }

  /// Removes the directory and everything in it.
  package func remove() {
    try? FileManager.default.removeItem(at: directory)
  }
}
