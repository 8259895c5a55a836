import BatchCheckTestSupport
import Foundation
import Testing

@testable import BatchCheckCLI

/// `check --save-regressions`: the file keeps its own line breaks.
@Suite("regression files")
struct RegressionFileTests {
  static let known = #"{"old":[["a"]],"new":[["a","a"]]}"#
  static let other = #"{"old":[["b"]],"new":[]}"#
  static let new = #"{"old":[["c","d"]],"new":[["d","c"]]}"#

  /// `text` as the file, then `append(lines)`: the file after.
  private func appending(_ lines: [String], to text: String) throws -> String {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let file = RegressionFile(folder: files.directory.path, generator: "g")
    try Data(text.utf8).write(to: URL(fileURLWithPath: file.path))
    try file.append(lines)
    return String(decoding: try Data(contentsOf: URL(fileURLWithPath: file.path)), as: UTF8.self)
  }

  @Test("a known case is known whether its line ends in LF or CRLF; new lines end like the file's")
  func lineBreaks() throws {
    let k = Self.known
    let o = Self.other
    let n = Self.new
    let cases: [(before: String, after: String)] = [
      // Known already: the file stays as it is.
      ("\(k)\r\n", "\(k)\r\n"),
      ("\(o)\r\n\(k)\r\n", "\(o)\r\n\(k)\r\n"),
      ("\(o)\r\n\(k)", "\(o)\r\n\(k)"),
      ("\(k)\n", "\(k)\n"),
      ("\u{FEFF}\(k)\r\n", "\u{FEFF}\(k)\r\n"),
      // New: appended in the file's style, after a line break the file lacked.
      ("\(o)\r\n\(k)\r\n", "\(o)\r\n\(k)\r\n\(n)\r\n"),
      ("\(o)\r\n\(k)", "\(o)\r\n\(k)\r\n\(n)\r\n"),
      ("\(o)\n\(k)\n", "\(o)\n\(k)\n\(n)\n"),
      ("\(o)\n\(k)", "\(o)\n\(k)\n\(n)\n"),
      ("", "\(k)\n\(n)\n"),
    ]
    for (before, after) in cases {
      let lines = after.count > before.count ? [k, n] : [k]
      #expect(try appending(lines, to: before) == after, "\(before.debugDescription)")
    }
  }

  @Test(
    "check --save-regressions on a CRLF file replays it and neither adds a blank line nor a known case"
  )
  func crlfFileEndToEnd() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let folder = files.directory.path
    let file = folder + "/ds.jsonl"
    let first = await runCommand([
      "check", "--generator", "ds", "--first-failure", "--save-regressions", folder,
    ])
    #expect(first.status == 1)
    let saved = try String(contentsOfFile: file, encoding: .utf8)
    let line = try #require(saved.split(separator: "\n").first)
    let crlf = "\(Self.other)\r\n\(line)\r\n"
    try Data(crlf.utf8).write(to: URL(fileURLWithPath: file))
    let second = await runCommand([
      "check", "--generator", "ds", "--first-failure", "--save-regressions", folder,
    ])
    #expect(second.standardOutput.contains("FAIL exception R2: corpus phase, pair 1"))
    #expect(
      String(decoding: try Data(contentsOf: URL(fileURLWithPath: file)), as: UTF8.self) == crlf)
    try Data("\(Self.other)\r\n".utf8).write(to: URL(fileURLWithPath: file))
    _ = await runCommand([
      "check", "--generator", "ds", "--first-failure", "--save-regressions", folder,
    ])
    #expect(
      String(decoding: try Data(contentsOf: URL(fileURLWithPath: file)), as: UTF8.self)
        == "\(Self.other)\r\n\(line)\r\n")
  }
}
